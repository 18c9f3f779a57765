package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ExactMovement;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.Keys;
import io.shardrouter.testing.Strategies;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link MovementReport} between range tables goes through the range strategy's {@link
 * ExactMovement}, and agrees with the partition-by-partition calculation where that is exact and
 * with a key sample where it is not.
 */
class RangeMovementTest {
  private static final long END = 8000;

  /** Eight ranges of 1000 long keys in [0, 8000), on g0..g3 in turn, and an empty group g4. */
  private static RoutingTable eightRanges() {
    List<Long> starts = new ArrayList<>();
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < 8; p++) {
      starts.add(p * 1000L);
      placement.add("g" + p % 4);
    }
    RoutingTable.Builder b =
        RoutingTable.builder()
            .version(1)
            .entity("orders")
            .keyType(KeyType.LONG)
            .strategy(RangeStrategy.of(KeyType.LONG, starts, END));
    for (int g = 0; g < 5; g++) {
      b.group(ReplicaGroup.of("g" + g, "db-g" + g + ":5432"));
    }
    return b.placement(placement).build();
  }

  @Test
  void capability_usedForRanges_partitionCountAndKeySampleAgreeWithIt() {
    long seed = Seeds.next();
    String ctx = Seeds.describe(seed);
    SplittableRandom rnd = new SplittableRandom(seed);
    RoutingTable from = eightRanges();
    assertTrue(from.strategy() instanceof ExactMovement, ctx);

    // Placement only: the key ranges and the partition-by-partition calculation are both exact.
    RoutingTable.Builder b = from.toBuilder().version(2);
    for (int i = 0; i < 4; i++) {
      b.place(rnd.nextInt(8), "g" + rnd.nextInt(5));
    }
    RoutingTable placed = b.build();
    MovementReport ranges = MovementReport.between(from, placed);
    MovementReport partitions =
        MovementReport.between(
            Strategies.withoutCapabilities(from), Strategies.withoutCapabilities(placed));
    assertEquals(MovementReport.Layout.KEY_RANGES, ranges.layout(), ctx);
    assertEquals(MovementReport.Layout.PARTITIONS, partitions.layout(), ctx);
    assertEquals(partitions.movedShare(), ranges.movedShare(), ctx);
    assertEquals(partitions.gainedShare(), ranges.gainedShare(), ctx);
    assertEquals(partitions.lostShare(), ranges.lostShare(), ctx);
    assertEquals(
        partitions.moves().stream().map(MovementReport.Move::toPartition).toList(),
        ranges.moves().stream().map(MovementReport.Move::toPartition).toList(),
        ctx);

    // A split and a merge renumber partitions: only the key ranges are exact; a key sample
    // measures the rest.
    int p = rnd.nextInt(6);
    long at = p * 1000L + 1 + rnd.nextInt(999);
    RoutingTable split = RangeSplits.split(from, p, Keys.of(at), "g4");
    RoutingTable next = RangeSplits.merge(split, p + 2, null); // [p+1, p+3) of the old on p+1's
    MovementReport exact = MovementReport.between(from, next);
    MovementReport sampled =
        MovementReport.between(
            Strategies.withoutCapabilities(from), Strategies.withoutCapabilities(next));
    assertEquals(MovementReport.Layout.KEY_RANGES, exact.layout(), ctx);
    assertTrue(exact.partitionsKeepKeys(), ctx);
    assertFalse(sampled.partitionsKeepKeys(), ctx);
    assertEquals(
        List.of(
            "[" + at + ", " + (p + 1) * 1000 + ") g" + p % 4 + " -> g4",
            "["
                + (p + 2) * 1000
                + ", "
                + (p + 3) * 1000
                + ") g"
                + (p + 2) % 4
                + " -> g"
                + (p + 1) % 4),
        Fixtures.shifts(exact),
        ctx);
    long movedKeys = (p + 1) * 1000L - at + 1000; // uniform keys in [0, END): the ranges' width
    int n = 40_000;
    List<byte[]> sample = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      sample.add(Keys.of(rnd.nextLong(END)));
    }
    MovementReport.KeyCount bySample = sampled.countKeys(sample);
    MovementReport.KeyCount byRanges = exact.countKeys(sample);
    assertEquals(bySample.moved(), byRanges.moved(), ctx + ": the same keys route the same");
    assertEquals(0, byRanges.movedOutsidePlan(), ctx);
    double share = movedKeys / (double) END;
    double sigma = Math.sqrt(share * (1 - share) / n);
    assertEquals(share, bySample.movedShare(), 5 * sigma, ctx + ": within 5 sigma of the ranges");
  }
}
