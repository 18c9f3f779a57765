package io.shardrouter.migrate;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The coordinator's units of work on the stores: set a phase's fences, run one page of a pass, run
 * one step of verification. Each returns the state to save after it; running a unit again from the
 * state saved before it changes nothing twice.
 *
 * <p><b>Stability:</b> internal.
 */
final class CoordinatorUnits {
  private CoordinatorUnits() {}

  /**
   * The store of {@code group}: the coordinator refuses to start without a store for every group of
   * both tables.
   */
  private static MigrationStore storeOf(Map<String, MigrationStore> stores, String group) {
    return Objects.requireNonNull(stores.get(group), "no store for group " + group);
  }

  /**
   * Fences every moving source partition on the group that stops taking its writes in {@code
   * phase}: the source in DUAL_WRITE, CUT_OVER and DONE, the target in ROLLBACK_WINDOW and
   * ROLLED_BACK.
   */
  public static void fence(
      MigrationPlan plan, Map<String, MigrationStore> stores, Phase phase, long version) {
    boolean onTarget = phase == Phase.ROLLBACK_WINDOW || phase == Phase.ROLLED_BACK;
    Set<String> done = new LinkedHashSet<>();
    for (MigrationPlan.Movement m : plan.movements()) {
      String group = onTarget ? m.targetGroup() : m.sourceGroup();
      if (done.add(group + "/" + m.sourcePartition())) {
        storeOf(stores, group)
            .setFence(new Fence(m.sourcePartition(), plan.from().version(), version, phase));
      }
    }
  }

  /**
   * The counter of rows the verification's repairs copied in the current phase (the differences
   * repaired, for {@code migrate status}); it never decides a step.
   */
  public static final String REPAIRED = "repaired#";

  /**
   * One page of one part of a pass: {@code copy} and {@code catch-up} copy source to target, {@code
   * reverse} target to source, {@code cleanup} deletes the part on the side that lost it (the
   * source in DONE, archived first; the target in ROLLED_BACK).
   *
   * @return the state after the page; with the step {@code pass} done after the last part
   */
  public static MigrationState pass(
      MigrationPlan plan,
      Map<String, MigrationStore> stores,
      MigrationState state,
      String pass,
      int batchSize,
      @Nullable ArchiveSink archive) {
    List<MigrationPlan.Movement> ms = plan.movements();
    String counter = pass + "#";
    int i = state.counter(counter);
    if (i >= ms.size()) {
      return state.withStep(pass).withoutSteps(counter).withoutCursors();
    }
    MigrationPlan.Movement m = ms.get(i);
    Part part = m.part();
    byte[] cursor = state.cursors().get(part.id());
    MigrationStore source = storeOf(stores, m.sourceGroup());
    MigrationStore target = storeOf(stores, m.targetGroup());
    MigrationStore.ScanPage page;
    switch (pass) {
      case "copy":
      case "catch-up":
        page = Passes.copyPage(part, source, target, cursor, batchSize);
        break;
      case "reverse":
        page = Passes.copyPage(part, target, source, cursor, batchSize);
        break;
      case "cleanup":
        page =
            state.phase() == Phase.DONE
                ? Passes.deletePage(part, source, cursor, batchSize, archive)
                : Passes.deletePage(part, target, cursor, batchSize, null);
        break;
      default:
        throw new IllegalStateException("unknown pass '" + pass + "' in phase " + state.phase());
    }
    if (page.done()) {
      return state.withCounter(counter, i + 1).withCursor(part.id(), null);
    }
    return state.withCursor(part.id(), page.cursor());
  }

  /**
   * The renumbering fence of a strategy change, set after {@link Phase#DONE}'s cleanup on every
   * group of the new table: a record on partition 0 with {@code baseVersion} and {@code minVersion}
   * at least {@code doneVersion}, which by the fence rule refuses every client write and read
   * routed with a version below {@code doneVersion}, whatever partition it names (those versions
   * number partitions the old way). So no late writer stamps a row with the old numbering once the
   * restamp has passed it. An existing record of partition 0 is merged, never weakened: the new
   * record's versions are the larger of both, and a record with larger versions refuses at least
   * what the smaller one did. A later migration's fence on partition 0 has a base version of at
   * least {@code doneVersion}, so it keeps refusing every version below it.
   */
  public static void renumberingFence(
      MigrationPlan plan, Map<String, MigrationStore> stores, long doneVersion) {
    for (ReplicaGroup g : plan.to().groups()) {
      MigrationStore store = storeOf(stores, g.id());
      Fence existing = store.fence(0);
      Fence f = renumbering(existing, doneVersion);
      if (!f.equals(existing)) {
        store.setFence(f);
      }
    }
  }

  /** The renumbering record of partition 0 over {@code existing} (null when there is none). */
  static Fence renumbering(@Nullable Fence existing, long doneVersion) {
    if (existing == null) {
      return new Fence(0, doneVersion, doneVersion, Phase.DONE);
    }
    long base = Math.max(existing.baseVersion(), doneVersion);
    long min = Math.max(existing.minVersion(), doneVersion);
    return new Fence(
        0, base, min, existing.minVersion() > doneVersion ? existing.phase() : Phase.DONE);
  }

  /**
   * One page of the restamp pass of a strategy change, after the renumbering fence: on each group
   * of the new table in turn, the rows routed with a version below {@link Phase#DONE}'s get their
   * partition under the new table ({@link MigrationStore#restamp}). The cursor of the group in
   * progress is saved under {@code step + ":" + groupId}.
   *
   * @return the state after the page; with {@code step} done after the last group
   */
  public static MigrationState restamp(
      MigrationPlan plan,
      Map<String, MigrationStore> stores,
      MigrationState state,
      String step,
      int batchSize) {
    List<ReplicaGroup> groups = plan.to().groups();
    String counter = step + "#";
    int i = state.counter(counter);
    if (i >= groups.size()) {
      return state.withStep(step).withoutSteps(counter).withoutCursors();
    }
    String group = groups.get(i).id();
    String at = step + ":" + group;
    RoutingTable to = plan.to();
    MigrationStore.ScanPage page =
        storeOf(stores, group)
            .restamp(
                k -> to.routeCanonical(k).partition(),
                plan.versionOf(Phase.DONE),
                state.cursors().get(at),
                batchSize);
    if (page.done()) {
      return state.withCounter(counter, i + 1).withCursor(at, null);
    }
    return state.withCursor(at, page.cursor());
  }

  /**
   * One step of verification: verify the next part; or, when every part is verified and all are
   * clean, mark {@code verifiedStep} done; or repair the next unclean part; or close the round and
   * start the next.
   *
   * @throws IllegalStateException when {@code maxRounds} rounds of repair left a part unclean
   */
  public static MigrationState verify(
      MigrationPlan plan,
      Map<String, MigrationStore> stores,
      MigrationState state,
      int batchSize,
      int maxRounds,
      String verifiedStep) {
    List<MigrationPlan.Movement> ms = plan.movements();
    int v = state.counter("verify#");
    if (v < ms.size()) {
      MigrationPlan.Movement m = ms.get(v);
      PartReport r =
          Passes.verify(
              m.part(),
              storeOf(stores, m.sourceGroup()),
              storeOf(stores, m.targetGroup()),
              batchSize);
      Map<String, PartReport> reports = new LinkedHashMap<>();
      if (v > 0) {
        for (PartReport old : state.reports()) {
          reports.put(old.part(), old);
        }
      }
      reports.put(r.part(), r);
      return state.withReports(new ArrayList<>(reports.values())).withCounter("verify#", v + 1);
    }
    if (state.verifiedClean()) {
      return state.withStep(verifiedStep).withoutSteps("verify#").withoutSteps("repair#");
    }
    int round = state.counter("round#");
    if (round >= maxRounds) {
      List<PartReport> unclean = new ArrayList<>();
      for (PartReport r : state.reports()) {
        if (!r.clean()) {
          unclean.add(r);
        }
      }
      throw new IllegalStateException(
          "cut-over refused: verification of migration '"
              + state.migrationId()
              + "' is still not clean after "
              + round
              + " repair rounds. Unclean parts: "
              + unclean
              + ". Inspect the sample keys, then resume (the count restarts) or roll back");
    }
    int r = state.counter("repair#");
    if (r < ms.size()) {
      MigrationPlan.Movement m = ms.get(r);
      MigrationState next = state.withCounter("repair#", r + 1);
      if (!reportOf(state, m.part().id()).clean()) {
        long copied =
            Passes.repair(
                m.part(),
                storeOf(stores, m.sourceGroup()),
                storeOf(stores, m.targetGroup()),
                batchSize);
        long total = Math.min(Integer.MAX_VALUE, state.counter(REPAIRED) + copied);
        next = next.withCounter(REPAIRED, (int) total);
      }
      return next;
    }
    return state.withoutSteps("verify#").withoutSteps("repair#").withCounter("round#", round + 1);
  }

  private static PartReport reportOf(MigrationState state, String part) {
    for (PartReport r : state.reports()) {
      if (r.part().equals(part)) {
        return r;
      }
    }
    throw new IllegalStateException("no verification report for part '" + part + "'");
  }
}
