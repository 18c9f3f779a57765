package io.shardrouter.migrate;

import io.shardrouter.core.KeyMove;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.internal.KeySamples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where a migration starts: {@link #plan} compares two routing tables of one entity and lists what
 * moves and the versions that move it; a {@link MigrationCoordinator} carries the plan out.
 *
 * <pre>{@code
 * MigrationPlan plan = Migration.plan(current, next);        // 4 -> 5 groups, or hash_mod 16 -> 32
 * MigrationCoordinator c = MigrationCoordinator.builder(plan)
 *     .stores(storesByGroupId).stateStore(new FileStateStore(dir)).routers(router).build();
 * c.runToCutOver();  // copy, dual write, verify, canary, cut-over; c.finish() or c.rollback() later
 * }</pre>
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class Migration {
  /** Keys sampled to estimate the shares of a strategy change. */
  public static final int SAMPLE_KEYS = 65_536;

  private static final long SAMPLE_SEED = 0x5EEDL;

  private Migration() {}

  /**
   * The plan from {@code from} to {@code to}.
   *
   * <p>When both tables use the same strategy, whole partitions move: one movement per partition
   * whose group changes, with its exact share. When the strategy changed (hash_mod 16 to 32, jump P
   * to P+1, a ring gaining a group, a range split or merge, a key isolated by lookup), keys change
   * partition: each source partition gets one movement per other group of {@code to}, filtered to
   * the keys that land there, with shares estimated from {@value #SAMPLE_KEYS} random keys of the
   * key type (those both tables route; a range table routes only its ranges, so its shares may rest
   * on few keys: {@link MigrationPlan#sampledKeys()} says how many). When the new strategy names
   * exactly the keys it routes differently (a lookup that gains entries over the same fallback),
   * only the partitions whose group changes and the source partitions of those keys get movements:
   * isolating one hot key moves that key's rows, and the migration scans one partition for it, not
   * all of them.
   *
   * @param from the table in service
   * @param to the table wanted (its version is not used; the plan numbers the versions)
   * @return the plan, with canary reads of 10% compared with the source
   * @throws RoutingException when the tables route different entities or key types, or nothing
   *     moves
   */
  public static MigrationPlan plan(RoutingTable from, RoutingTable to) {
    if (!from.entity().equals(to.entity())) {
      throw new RoutingException(
          "cannot plan a migration between entities '"
              + from.entity()
              + "' and '"
              + to.entity()
              + "'; a migration changes the placement of one entity");
    }
    if (!from.keyType().equals(to.keyType())) {
      throw new RoutingException(
          "cannot plan a migration of '"
              + from.entity()
              + "' that changes the key type from "
              + from.keyType()
              + " to "
              + to.keyType()
              + "; keys would change meaning: route the new key type as a new entity");
    }
    boolean sameStrategy = from.strategy().equals(to.strategy());
    List<Movement> moves = new ArrayList<>();
    int sampled = 0;
    if (sameStrategy) {
      for (int p = 0; p < from.partitionCount(); p++) {
        String s = from.groupOf(p).id();
        String t = to.groupOf(p).id();
        if (!s.equals(t)) {
          Part part = Part.of(partId(p, t), from.strategy(), p, null);
          moves.add(new Movement(part, s, t, from.strategy().shareOf(p)));
        }
      }
    } else {
      List<ReplicaGroup> targets = to.groups();
      long[][] counts = new long[from.partitionCount()][targets.size()];
      SplittableRandom rnd = new SplittableRandom(SAMPLE_SEED);
      for (int i = 0; i < SAMPLE_KEYS; i++) {
        byte[] k = KeySamples.next(from.keyType(), rnd);
        try {
          int p = from.routeCanonical(k).partition();
          counts[p][targets.indexOf(to.routeCanonical(k).group())]++;
          sampled++;
        } catch (RoutingException e) {
          // a key outside the tables' ranges: it belongs to no partition of either, skip it
        }
      }
      boolean[][] pairs = candidates(from, to, targets);
      for (int p = 0; p < from.partitionCount(); p++) {
        String s = from.groupOf(p).id();
        for (int g = 0; g < targets.size(); g++) {
          ReplicaGroup target = targets.get(g);
          if (!pairs[p][g] || target.id().equals(s)) {
            continue;
          }
          Part part =
              Part.of(partId(p, target.id()), from.strategy(), p, new GroupFilter(to, target));
          double share = sampled == 0 ? 0 : (double) counts[p][g] / sampled;
          moves.add(new Movement(part, s, target.id(), share));
        }
      }
    }
    if (moves.isEmpty()) {
      throw new RoutingException(
          "nothing moves from version "
              + from.version()
              + " to version "
              + to.version()
              + " of '"
              + from.entity()
              + "': every partition keeps its group; publish the new table directly");
    }
    return new MigrationPlan(from, to, !sameStrategy, moves, sampled, 10, true);
  }

  /**
   * The (source partition, target group) pairs that may hold moving keys. When the target strategy
   * says exactly which keys it routes differently ({@code PartitionStrategy.keyMovesFrom}: a lookup
   * that gains entries over the same fallback), only the partitions whose group changes and the
   * source partitions of those keys; otherwise every pair.
   */
  private static boolean[][] candidates(
      RoutingTable from, RoutingTable to, List<ReplicaGroup> targets) {
    boolean[][] pairs = new boolean[from.partitionCount()][targets.size()];
    List<KeyMove> keyMoves = to.strategy().keyMovesFrom(from.strategy());
    if (keyMoves == null) {
      for (boolean[] row : pairs) {
        Arrays.fill(row, true);
      }
      return pairs;
    }
    for (int p = 0; p < from.partitionCount() && p < to.partitionCount(); p++) {
      pairs[p][targets.indexOf(to.groupOf(p))] = true; // the keys that keep partition p
    }
    for (KeyMove m : keyMoves) {
      pairs[m.fromPartition()][targets.indexOf(to.groupOf(m.toPartition()))] = true;
    }
    return pairs;
  }

  private static String partId(int partition, String targetGroup) {
    return "p" + partition + ">" + targetGroup;
  }

  /** Keys whose group under the target table is one group. */
  private static final class GroupFilter implements KeyFilter {
    private final RoutingTable to;
    private final ReplicaGroup target;

    GroupFilter(RoutingTable to, ReplicaGroup target) {
      this.to = to;
      this.target = target;
    }

    @Override
    public boolean contains(byte[] canonicalKey) {
      return to.routeCanonical(canonicalKey).group().id().equals(target.id());
    }
  }
}
