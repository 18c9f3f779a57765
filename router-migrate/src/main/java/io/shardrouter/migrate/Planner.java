package io.shardrouter.migrate;

import io.shardrouter.core.KeyMovement;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.internal.KeySamples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/**
 * Makes the plan of {@link MigrationPlan#between}: compares two routing tables of one entity and
 * lists what moves, with each part's share of the key space.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class Planner {
  private static final long SAMPLE_SEED = 0x5EEDL;

  private Planner() {}

  /** See {@link MigrationPlan#between}. */
  static MigrationPlan plan(RoutingTable from, RoutingTable to) {
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
    List<MigrationPlan.Movement> moves = new ArrayList<>();
    int sampled = 0;
    if (sameStrategy) {
      for (int p = 0; p < from.partitionCount(); p++) {
        String s = from.groupOf(p).id();
        String t = to.groupOf(p).id();
        if (!s.equals(t)) {
          Part part = Part.of(partId(p, t), from.strategy(), p, null);
          moves.add(new MigrationPlan.Movement(part, s, t, from.strategy().shareOf(p)));
        }
      }
    } else {
      List<ReplicaGroup> targets = to.groups();
      long[][] counts = new long[from.partitionCount()][targets.size()];
      SplittableRandom rnd = new SplittableRandom(SAMPLE_SEED);
      byte[][] sample = new byte[MigrationPlan.SAMPLE_KEYS][];
      for (int i = 0; i < sample.length; i++) {
        sample[i] = KeySamples.next(from.keyType(), rnd);
      }
      Route[] before = routesOrNull(from, sample);
      Route[] after = routesOrNull(to, sample);
      for (int i = 0; i < sample.length; i++) {
        if (before[i] != null && after[i] != null) {
          counts[before[i].partition()][targets.indexOf(after[i].group())]++;
          sampled++;
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
          moves.add(new MigrationPlan.Movement(part, s, target.id(), share));
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
   * says exactly which keys it routes differently ({@code KeyMovement.keyMovesFrom}: a lookup that
   * gains entries over the same fallback), only the partitions whose group changes and the source
   * partitions of those keys; otherwise every pair.
   */
  /**
   * The route of each key through {@code table} in batches, null for a key it refuses (outside a
   * range table's ranges: it belongs to no partition, and the sample skips it).
   */
  private static @Nullable Route[] routesOrNull(RoutingTable table, byte[][] keys) {
    @Nullable Route[] out = new Route[keys.length];
    int i = 0;
    while (i < keys.length) {
      try {
        table.routeAllCanonical(keys, i, keys.length, out);
        return out;
      } catch (RoutingException e) {
        if (e.batchIndex() < 0) {
          throw e; // not a key's refusal: the whole batch's
        }
        i = e.batchIndex() + 1; // the routes before the refused key are written, none after
      }
    }
    return out;
  }

  private static boolean[][] candidates(
      RoutingTable from, RoutingTable to, List<ReplicaGroup> targets) {
    boolean[][] pairs = new boolean[from.partitionCount()][targets.size()];
    List<MovementReport.KeyMove> keyMoves = KeyMovement.between(from.strategy(), to.strategy());
    if (keyMoves == null) {
      for (boolean[] row : pairs) {
        Arrays.fill(row, true);
      }
      return pairs;
    }
    for (int p = 0; p < from.partitionCount() && p < to.partitionCount(); p++) {
      pairs[p][targets.indexOf(to.groupOf(p))] = true; // the keys that keep partition p
    }
    for (MovementReport.KeyMove m : keyMoves) {
      pairs[m.fromPartition()][targets.indexOf(to.groupOf(m.toPartition()))] = true;
    }
    return pairs;
  }

  private static String partId(int partition, String targetGroup) {
    return "p" + partition + ">" + targetGroup;
  }

  /** Keys whose group under the target table is one group. */
  private static final class GroupFilter implements Part.KeyFilter {
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
