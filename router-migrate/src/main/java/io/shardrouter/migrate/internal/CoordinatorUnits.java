package io.shardrouter.migrate.internal;

import io.shardrouter.migrate.ArchiveSink;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Part;
import io.shardrouter.migrate.PartReport;
import io.shardrouter.migrate.Phase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The coordinator's units of work on the stores: set a phase's fences, run one page of a pass, run
 * one step of verification. Each returns the state to save after it; running a unit again from the
 * state saved before it changes nothing twice.
 *
 * <p><b>Stability:</b> internal.
 */
public final class CoordinatorUnits {
  private CoordinatorUnits() {}

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
        stores
            .get(group)
            .setFence(new Fence(m.sourcePartition(), plan.from().version(), version, phase));
      }
    }
  }

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
      ArchiveSink archive) {
    List<MigrationPlan.Movement> ms = plan.movements();
    String counter = pass + "#";
    int i = state.counter(counter);
    if (i >= ms.size()) {
      return state.withStep(pass).withoutSteps(counter).withoutCursors();
    }
    MigrationPlan.Movement m = ms.get(i);
    Part part = m.part();
    byte[] cursor = state.cursors().get(part.id());
    MigrationStore source = stores.get(m.sourceGroup());
    MigrationStore target = stores.get(m.targetGroup());
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
              m.part(), stores.get(m.sourceGroup()), stores.get(m.targetGroup()), batchSize);
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
      if (!reportOf(state, m.part().id()).clean()) {
        Passes.repair(
            m.part(), stores.get(m.sourceGroup()), stores.get(m.targetGroup()), batchSize);
      }
      return state.withCounter("repair#", r + 1);
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
