package io.shardrouter.migrate;

import io.shardrouter.core.KeyText;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a migration from one routing table to another does: every movement, and the routing versions
 * that carry it out, one per phase. Where a migration starts: {@link #between} makes the plan, a
 * {@link MigrationCoordinator} carries it out.
 *
 * <pre>{@code
 * MigrationPlan plan = MigrationPlan.between(current, next); // 4 -> 5 groups, or hash_mod 16 -> 32
 * MigrationCoordinator c = MigrationCoordinator.builder(plan)
 *     .stores(storesByGroupId).stateStore(MigrationStateStore.inDirectory(dir)).routers(router).build();
 * c.cutOver();  // copy, dual write, verify, canary, cut-over; c.finish() or c.rollback() later
 * }</pre>
 *
 * <p>The phases {@link Phase#COPY} to {@link Phase#DONE} take the versions {@code from.version() +
 * 1} to {@code from.version() + 7}. A rollback takes the next free version(s) after the phase it
 * starts from (two when it starts at {@link Phase#CUT_OVER}: a rollback window first).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class MigrationPlan {
  /** The phases the plan publishes, in order. */
  public static final List<Phase> FORWARD =
      List.of(
          Phase.COPY,
          Phase.DUAL_WRITE,
          Phase.VERIFY,
          Phase.CANARY,
          Phase.CUT_OVER,
          Phase.ROLLBACK_WINDOW,
          Phase.DONE);

  /** Keys sampled to estimate the shares of a strategy change. */
  public static final int SAMPLE_KEYS = 65_536;

  private final RoutingTable from;
  private final RoutingTable to;
  private final boolean strategyChange;
  private final List<Movement> movements;
  private final int sampledKeys;
  private final int canaryPercent;
  private final boolean compareReads;
  private final String fingerprint;
  private final java.util.concurrent.ConcurrentHashMap<Long, MigrationRoutes> routes =
      new java.util.concurrent.ConcurrentHashMap<>();

  MigrationPlan(
      RoutingTable from,
      RoutingTable to,
      boolean strategyChange,
      List<Movement> movements,
      int sampledKeys,
      int canaryPercent,
      boolean compareReads) {
    this.from = from;
    this.to = to;
    this.strategyChange = strategyChange;
    this.movements = List.copyOf(movements);
    this.sampledKeys = sampledKeys;
    this.canaryPercent = canaryPercent;
    this.compareReads = compareReads;
    Row id =
        Row.of(
            (from.fingerprint() + "|" + to.fingerprint())
                .getBytes(java.nio.charset.StandardCharsets.UTF_8),
            new byte[] {(byte) canaryPercent, (byte) (compareReads ? 1 : 0)},
            0,
            1,
            0);
    this.fingerprint = String.format(Locale.ROOT, "%016x", id.digest());
  }

  /**
   * The plan from {@code from} to {@code to}.
   *
   * <p>When both tables use the same strategy, whole partitions move: one movement per partition
   * whose group changes, with its exact share. When the strategy changed (hash_mod 16 to 32, jump P
   * to P+1, a ring gaining a group, a range split or merge, a key isolated by lookup), keys change
   * partition: each source partition gets one movement per other group of {@code to}, filtered to
   * the keys that land there, with shares estimated from {@value #SAMPLE_KEYS} random keys of the
   * key type (those both tables route; a range table routes only its ranges, so its shares may rest
   * on few keys: {@link #sampledKeys()} says how many). When the new strategy names exactly the
   * keys it routes differently (a lookup that gains entries over the same fallback), only the
   * partitions whose group changes and the source partitions of those keys get movements: isolating
   * one hot key moves that key's rows, and the migration scans one partition for it, not all of
   * them.
   *
   * @param from the table in service
   * @param to the table wanted (its version is not used; the plan numbers the versions)
   * @return the plan, with canary reads of 10% compared with the source
   * @throws RoutingException when the tables route different entities or key types, or nothing
   *     moves
   */
  public static MigrationPlan between(RoutingTable from, RoutingTable to) {
    return Planner.plan(from, to);
  }

  /** The table the migration starts from. */
  public RoutingTable from() {
    return from;
  }

  /** The table it ends with (its version is replaced by {@link #versionOf}({@link Phase#DONE})). */
  public RoutingTable to() {
    return to;
  }

  /** True when keys change partition (the strategy changed), so parts are filtered by key. */
  public boolean strategyChange() {
    return strategyChange;
  }

  /** Every movement, by source partition then target group. */
  public List<Movement> movements() {
    return movements;
  }

  /** Keys sampled to estimate shares of a strategy change (0 for placement moves: exact). */
  public int sampledKeys() {
    return sampledKeys;
  }

  /** Share of moving keys that {@link Phase#CANARY} reads from the target, in percent. */
  public int canaryPercent() {
    return canaryPercent;
  }

  /** True when canary reads also read the source and compare. */
  public boolean compareReads() {
    return compareReads;
  }

  /**
   * This plan with other canary settings.
   *
   * @param percent share of moving keys read from the target in {@link Phase#CANARY}, in [0, 100]
   * @param compare also read the source and count mismatches
   * @throws IllegalArgumentException when {@code percent} is outside [0, 100]
   */
  public MigrationPlan withCanary(int percent, boolean compare) {
    if (percent < 0 || percent > 100) {
      throw new IllegalArgumentException("canary percent must be in [0, 100], got " + percent);
    }
    return new MigrationPlan(from, to, strategyChange, movements, sampledKeys, percent, compare);
  }

  /** Identifies the plan (both tables and the canary settings), for state files. */
  public String fingerprint() {
    return fingerprint;
  }

  /** The routing version a forward phase is published as ({@link Phase#PLANNED}: the source's). */
  public long versionOf(Phase phase) {
    if (phase == Phase.PLANNED) {
      return from.version();
    }
    int i = FORWARD.indexOf(phase);
    if (i < 0) {
      throw new IllegalArgumentException(
          "phase " + phase + " has no fixed version: a rollback takes the next free one");
    }
    return from.version() + 1 + i;
  }

  /**
   * The routes of a phase published as {@code version} (built once, then shared).
   *
   * @throws IllegalArgumentException when the version is older than the source table's
   */
  public MigrationRoutes routes(Phase phase, long version) {
    if (version < from.version()) {
      throw new IllegalArgumentException(
          "version " + version + " is older than the plan's source version " + from.version());
    }
    long key = (version - from.version()) * Phase.values().length + phase.ordinal();
    return routes.computeIfAbsent(key, k -> new MigrationRoutes(this, phase, version));
  }

  /** The routes of a forward phase at its planned version. */
  public MigrationRoutes routes(Phase phase) {
    return routes(phase, versionOf(phase));
  }

  /** Share of the key space that moves, summed over movements. */
  public double movedShare() {
    double s = 0;
    for (Movement m : movements) {
      s += m.share();
    }
    return s;
  }

  /** Share each group gains, by group id. */
  public Map<String, Double> gainedShare() {
    Map<String, Double> g = new LinkedHashMap<>();
    for (Movement m : movements) {
      g.merge(m.targetGroup(), m.share(), Double::sum);
    }
    return Collections.unmodifiableMap(g);
  }

  /**
   * A person's view: the movements, then the phases and their versions. Names and group ids are
   * escaped as error messages quote them (docs/format.md §1.8), so each line is one line.
   */
  public String toText() {
    StringBuilder sb = new StringBuilder();
    sb.append("migration of '")
        .append(KeyText.printable(from.entity()))
        .append("': version ")
        .append(from.version());
    sb.append(strategyChange ? ", strategy " : ", placement ");
    sb.append(from.strategy().type()).append('/').append(from.partitionCount());
    sb.append(" -> ").append(to.strategy().type()).append('/').append(to.partitionCount());
    sb.append(", groups ").append(from.groups().size()).append(" -> ").append(to.groups().size());
    sb.append('\n');
    List<Movement> shown = new ArrayList<>();
    int empty = 0;
    for (Movement m : movements) {
      if (strategyChange && m.share() == 0) {
        empty++;
      } else {
        shown.add(m);
      }
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "%d movements, %.2f%% of keys move",
            movements.size(),
            movedShare() * 100));
    if (strategyChange) {
      sb.append(" (estimated from ")
          .append(sampledKeys)
          .append(" sampled keys; ")
          .append(empty)
          .append(" movements saw no sampled key and are still copied and verified)");
    }
    sb.append('\n');
    for (Movement m : shown) {
      sb.append(
          String.format(
              Locale.ROOT,
              "  %-16s partition %5d  %s -> %s  %.3f%%%n",
              KeyText.printable(m.part().id()),
              m.sourcePartition(),
              KeyText.printable(m.sourceGroup()),
              KeyText.printable(m.targetGroup()),
              m.share() * 100));
    }
    sb.append("versions:\n");
    for (Phase p : FORWARD) {
      sb.append(String.format(Locale.ROOT, "  %-16s v%d%n", p, versionOf(p)));
    }
    sb.append("rollback: from any phase before DONE, as the next free version");
    return sb.toString();
  }

  @Override
  public String toString() {
    return "MigrationPlan{"
        + from.entity()
        + " v"
        + from.version()
        + ", "
        + movements.size()
        + " movements, "
        + fingerprint
        + "}";
  }

  /**
   * One movement of a plan: the keys of {@link #part()} go from {@code sourceGroup} to {@code
   * targetGroup}.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param part what moves: a source partition, filtered to the keys bound for the target group
   *     when the strategy changes
   * @param sourceGroup the group that holds the keys now
   * @param targetGroup the group that holds them after the migration
   * @param share the part's share of the key space: exact for placement moves, estimated from a
   *     sample of keys for strategy changes
   */
  public record Movement(Part part, String sourceGroup, String targetGroup, double share) {
    /** Checks the fields. */
    public Movement {
      Objects.requireNonNull(part, "part");
      Objects.requireNonNull(sourceGroup, "sourceGroup");
      Objects.requireNonNull(targetGroup, "targetGroup");
      if (sourceGroup.equals(targetGroup)) {
        throw new IllegalArgumentException(
            "movement of part '"
                + part.id()
                + "' has the same source and target group "
                + sourceGroup);
      }
    }

    /** The source partition, under the source table. */
    public int sourcePartition() {
      return part.sourcePartition();
    }
  }
}
