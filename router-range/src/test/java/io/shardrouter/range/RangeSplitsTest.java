package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.SplittableRanges;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RangeSplitsTest {

  /** The compact range example's table with a third group ts-03 that serves nothing yet. */
  private static RoutingTable seed001WithTs03() {
    RoutingTable t = RoutingDocuments.read(RangeDocumentReaderTest.COMPACT_DOCUMENT);
    return t.toBuilder().group(ReplicaGroup.of("ts-03", "ts-03")).build();
  }

  private static byte[] ts(String text) {
    return Keys.of(Instant.parse(text));
  }

  @Test
  void split_openTail_onlyTheSplitOffPartMoves() {
    RoutingTable t = seed001WithTs03();
    RoutingTable next = RangeSplits.split(t, ts("2026-07-01T00:00:00Z"), "ts-03");
    MovementReport c = MovementReport.between(t, next);
    assertEquals(13, next.version());
    assertEquals(3, next.partitionCount());
    assertEquals(
        "[2026-04-01T00:00:00Z, 2026-07-01T00:00:00Z)",
        ((RangeStrategy) next.strategy()).interval(1));
    assertEquals("ts-02", next.route(Instant.parse("2026-06-30T23:59:59Z")).group().id());
    assertEquals("ts-03", next.route(Instant.parse("2026-07-01T00:00:00Z")).group().id());
    assertEquals(1, c.moves().size());
    assertEquals(List.of("[2026-07-01T00:00:00Z, +∞) ts-02 -> ts-03"), Fixtures.shifts(c));
    assertEquals(1, c.moves().get(0).fromPartition());
    assertEquals(2, c.moves().get(0).toPartition(), "the upper part is the new partition 2");
    Router r = Router.create(t);
    assertTrue(r.update(next));
  }

  @Test
  void split_movementCountsExactlyTheKeysOfTheSplitOffPart_propertyOverRandomKeys() {
    long seed = Seeds.next();
    SplittableRandom rnd = new SplittableRandom(seed);
    RoutingTable t = seed001WithTs03();
    long splitAt = Instant.parse("2026-07-01T00:00:00Z").getEpochSecond();
    MovementReport c =
        MovementReport.between(t, RangeSplits.split(t, ts("2026-07-01T00:00:00Z"), "ts-03"));
    List<byte[]> keys = new ArrayList<>();
    long expected = 0;
    for (int i = 0; i < 20_000; i++) {
      long sec =
          Instant.parse("2026-01-01T00:00:00Z").getEpochSecond() + rnd.nextLong(365L * 86400);
      keys.add(Keys.of(Instant.ofEpochSecond(sec)));
      if (sec >= splitAt) {
        expected++;
      }
    }
    MovementReport.KeyCount n = c.countKeys(keys);
    assertEquals(20_000, n.keys(), Seeds.describe(seed));
    assertEquals(expected, n.moved(), Seeds.describe(seed));
    assertEquals(0, n.movedOutsidePlan(), Seeds.describe(seed));
  }

  @Test
  void split_sameGroup_nothingMoves_partitionsRenumbered() {
    RoutingTable t = Fixtures.seed000(true);
    MovementReport c = MovementReport.between(t, RangeSplits.split(t, 0, Keys.of(500L), null));
    assertTrue(c.moves().isEmpty());
    assertEquals(4, c.to().partitionCount());
    assertEquals("g0", c.to().route(700L).group().id());
    assertEquals(2, c.to().route(1500L).partition(), "the partitions after the split shift by one");
    assertEquals("g1", c.to().route(1500L).group().id());
    assertTrue(c.toText().contains("moves: none; every key stays on its group"), c.toText());
  }

  @Test
  void split_badPoints_refusedNamingThePartition() {
    RoutingTable t = Fixtures.seed000(false);
    String atStart =
        assertThrows(
                IllegalArgumentException.class, () -> RangeSplits.split(t, 1, Keys.of(1000L), null))
            .getMessage();
    assertEquals(
        "split key 1000 is the start of partition 1 [1000, 2000): splitting there leaves an empty range; a split key"
            + " must lie strictly inside the partition it splits (start < key < end)",
        atStart);
    String outside =
        assertThrows(
                IllegalArgumentException.class, () -> RangeSplits.split(t, 0, Keys.of(1500L), null))
            .getMessage();
    assertEquals(
        "split key 1500 is outside partition 0 [0, 1000); a split key must lie strictly inside the partition it splits"
            + " (start < key < end), and 1500 is in partition 1 [1000, 2000)",
        outside);
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> RangeSplits.split(t, 1, Keys.of(2000L), null))
            .getMessage()
            .contains("outside partition 1 [1000, 2000)"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> RangeSplits.split(t, Keys.of(5000L), null))
            .getMessage()
            .startsWith("cannot split at 5000: key 5000 (long) is in no range"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> RangeSplits.split(t, 0, Keys.of(5L), "g9"))
            .getMessage()
            .contains("unknown group 'g9'; the table's groups are [g0, g1]"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> RangeSplits.split(t, 2, Keys.of(5L), null))
            .getMessage()
            .contains("cannot split partition 2: the table has partitions 0 to 1"));
    assertThrows(RuntimeException.class, () -> RangeSplits.split(t, 0, new byte[3], null));
  }

  @Test
  void merge_movesTheHalfThatChangesGroup() {
    RoutingTable t = Fixtures.seed000(true);
    MovementReport c = MovementReport.between(t, RangeSplits.merge(t, 0, null));
    assertEquals(2, c.to().partitionCount());
    assertEquals("[0, 2000)", ((RangeStrategy) c.to().strategy()).interval(0));
    assertEquals("g0", c.to().route(1500L).group().id());
    assertEquals("g2", c.to().route(2500L).group().id());
    assertEquals("[1000, 2000) g1 -> g0", Fixtures.shifts(c).get(0));
    assertEquals(1, c.moves().size());
    MovementReport onG1 = MovementReport.between(t, RangeSplits.merge(t, 0, "g1"));
    assertEquals("[0, 1000) g0 -> g1", Fixtures.shifts(onG1).get(0));
  }

  @Test
  void merge_thenSplitBack_sameRoutes() {
    RoutingTable t = Fixtures.seed000(true);
    RoutingTable merged = RangeSplits.merge(t, 1, null);
    RoutingTable back = RangeSplits.split(merged, 1, Keys.of(2000L), "g2");
    assertEquals(t.strategy(), back.strategy());
    assertEquals(t.fingerprint(), back.fingerprint());
    assertEquals(t.version() + 2, back.version());
  }

  @Test
  void merge_lastPartitionOrNonRangeTable_refused() {
    RoutingTable t = Fixtures.seed000(false);
    assertEquals(
        "partition 1 [1000, 2000) is the last one; a merge joins a partition with the next one: merge partition 0"
            + " to join [0, 1000) with it",
        assertThrows(IllegalArgumentException.class, () -> RangeSplits.merge(t, 1, null))
            .getMessage());
  }

  @Test
  void merge_badPartitionOrOnlyPartition_refusedSayingWhy() {
    RoutingTable t = Fixtures.seed000(true);
    assertEquals(
        "cannot merge partition -1: the table has partitions 0 to 2",
        assertThrows(IllegalArgumentException.class, () -> RangeSplits.merge(t, -1, null))
            .getMessage());
    RoutingTable one =
        Fixtures.table(RangeStrategy.of(KeyType.LONG, List.of(0L), null), "orders", 1);
    assertEquals(
        "partition 0 [0, +∞) is the last one; a merge joins a partition with the next one, and"
            + " this table has only one",
        assertThrows(IllegalArgumentException.class, () -> RangeSplits.merge(one, 0, null))
            .getMessage());
  }

  @Test
  void split_keyOfTheFirstPartition_namedInTheRefusal_malformedKeyRefusedAsAKey() {
    RoutingTable t = Fixtures.seed000(true);
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> RangeSplits.split(t, 1, Keys.of(5L), null))
            .getMessage()
            .endsWith(", and 5 is in partition 0 [0, 1000)"));
    assertTrue(
        assertThrows(
                io.shardrouter.core.InvalidKeyException.class,
                () -> RangeSplits.split(t, 0, new byte[3], null))
            .getMessage()
            .contains("a long key has 8 canonical bytes, got 3"));
  }

  @Test
  void movement_betweenArbitraryRangeTables_coverageChangesNamed() {
    RoutingTable a = Fixtures.seed000(false);
    RoutingTable b =
        Fixtures.table(
            RangeStrategy.of(KeyType.LONG, List.of(-100L, 0L, 1500L), null), "orders", 2);
    MovementReport m = MovementReport.between(a, b);
    assertEquals(MovementReport.Layout.KEY_RANGES, m.layout());
    List<String> shifts = Fixtures.shifts(m);
    assertEquals(
        List.of(
            "[-100, 0) (no range) -> g0",
            "[0, 1000) g0 -> g1",
            "[1500, 2000) g1 -> g2",
            "[2000, +∞) (no range) -> g2"),
        shifts);
    assertTrue(
        m.toText()
            .startsWith(
                "orders: version 1 -> 2, 2 -> 3 ranges, boundaries changed\nmoves: 4 key ranges change group\n"),
        m.toText());
    assertThrows(
        RuntimeException.class,
        () ->
            MovementReport.between(
                a, Fixtures.table(RangeStrategy.of(KeyType.INT, List.of(0), null), "orders", 2)));
  }

  @Test
  void splitPoint_weightedMedian() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(true).strategy();
    List<byte[]> sample = new ArrayList<>();
    for (long k = 2000; k < 2100; k++) {
      sample.add(Keys.of(k));
    }
    sample.add(Keys.of(5L)); // another partition: ignored
    SplittableRanges.SplitPoint u = SplitPoints.suggest(s, 2, sample).orElseThrow();
    assertEquals("2050", u.shown());
    assertEquals(50, u.lowerWeight());
    assertEquals(50, u.upperWeight());
    long[] w = new long[sample.size()];
    for (int i = 0; i < 100; i++) {
      w[i] = i < 90 ? 1 : 100; // the last ten keys carry most of the weight
    }
    SplittableRanges.SplitPoint weighted = SplitPoints.suggest(s, 2, sample, w).orElseThrow();
    assertEquals("2095", weighted.shown());
    assertEquals(590, weighted.lowerWeight());
    assertEquals(500, weighted.upperWeight());
    assertEquals(
        "split partition 2 at 2095: weight 590 below, 500 at or above (100 distinct keys sampled)",
        weighted.toString());
  }

  /**
   * The capability the rebalance advisor uses: the split point is {@link SplitPoints}' suggestion,
   * and the split strategy is {@link RangeSplits#split}'s, refused the same way.
   */
  @Test
  void splittableRanges_asSplitPointsAndRangeSplits() {
    RoutingTable t = Fixtures.seed000(true);
    SplittableRanges r = (SplittableRanges) t.strategy();
    RangeStrategy s = (RangeStrategy) t.strategy();
    List<byte[]> sample = new ArrayList<>();
    long[] w = new long[100];
    for (int i = 0; i < 100; i++) {
      sample.add(Keys.of(2000L + i));
      w[i] = i < 90 ? 1 : 100;
    }
    SplittableRanges.SplitPoint expected = SplitPoints.suggest(s, 2, sample, w).orElseThrow();
    SplittableRanges.SplitPoint at = r.splitPoint(2, sample, w).orElseThrow();
    assertEquals(expected.toString(), at.toString());
    assertEquals(expected.upperShare(), at.upperShare());
    assertEquals(RangeSplits.split(t, 2, at.key(), null).strategy(), r.withSplit(2, at.key()));
    assertEquals(2, r.find(Keys.of(2050L)));
    assertEquals(s.interval(2), r.interval(2));
    assertFalse(r.splitPoint(2, List.of(Keys.of(2500L)), null).isPresent());
    assertEquals(
        assertThrows(
                IllegalArgumentException.class, () -> RangeSplits.split(t, 1, Keys.of(1000L), null))
            .getMessage(),
        assertThrows(IllegalArgumentException.class, () -> r.withSplit(1, Keys.of(1000L)))
            .getMessage());
  }

  @Test
  void splitPoint_oneDistinctKeyOrOnlyTheStart_noSuggestion() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(true).strategy();
    assertFalse(SplitPoints.suggest(s, 2, List.of(Keys.of(2500L), Keys.of(2500L))).isPresent());
    assertFalse(SplitPoints.suggest(s, 2, List.of(Keys.of(2000L), Keys.of(2000L))).isPresent());
    assertTrue(SplitPoints.suggest(s, 2, List.of(Keys.of(2000L), Keys.of(2001L))).isPresent());
    assertFalse(SplitPoints.suggest(s, 0, List.of()).isPresent());
    assertThrows(IllegalArgumentException.class, () -> SplitPoints.suggest(s, 3, List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> SplitPoints.suggest(s, 0, List.of(Keys.of(1L)), new long[] {-1}));
    assertThrows(
        IllegalArgumentException.class,
        () -> SplitPoints.suggest(s, 0, List.of(Keys.of(1L)), new long[2]));
  }

  @Test
  void splitPoint_upperShare_isTheUpperWeightOverTheTotal() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(true).strategy();
    List<byte[]> sample = new ArrayList<>();
    long[] w = new long[4];
    for (int i = 0; i < 4; i++) {
      sample.add(Keys.of(2001L + i));
      w[i] = i + 1; // 1 + 2 + 3 below the split at 2004, 4 at or above it
    }
    SplittableRanges.SplitPoint u = SplitPoints.suggest(s, 2, sample, w).orElseThrow();
    assertEquals("2004", u.shown());
    assertEquals(0.4, u.upperShare(), 1e-12);
  }

  @Test
  void splitPoint_sampleInAnyOrder_sameSuggestion() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(true).strategy();
    long seed = Seeds.next();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<byte[]> sample = new ArrayList<>();
    for (long k = 2099; k >= 2000; k--) {
      sample.add(Keys.of(k));
    }
    for (int i = sample.size() - 1; i > 0; i--) {
      java.util.Collections.swap(sample, i, rnd.nextInt(i + 1));
    }
    SplittableRanges.SplitPoint u = SplitPoints.suggest(s, 2, sample).orElseThrow();
    assertEquals("2050", u.shown(), Seeds.describe(seed));
    assertEquals(50, u.lowerWeight(), Seeds.describe(seed));
    assertEquals(50, u.upperWeight(), Seeds.describe(seed));
  }

  @Test
  void splitPoint_repeatedKeysAddTheirWeights_tiesGoToTheLowerKey() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(true).strategy();
    List<byte[]> sample = new ArrayList<>();
    for (long k : new long[] {2001, 2001, 2001, 2002, 2003, 2004}) {
      sample.add(Keys.of(k));
    }
    SplittableRanges.SplitPoint u = SplitPoints.suggest(s, 2, sample).orElseThrow();
    assertEquals("2002", u.shown());
    assertEquals(3, u.lowerWeight());
    assertEquals(3, u.upperWeight());
    assertEquals(4, u.distinctKeys());
    List<byte[]> three = List.of(Keys.of(2001L), Keys.of(2002L), Keys.of(2003L));
    // 2002 and 2003 split the weight equally (1 and 1): the lower key is suggested
    assertEquals(
        "2002", SplitPoints.suggest(s, 2, three, new long[] {1, 0, 1}).orElseThrow().shown());
  }

  @Test
  void splitPoint_nothingBelowAnyCandidate_noSuggestion() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(true).strategy();
    List<byte[]> sample = List.of(Keys.of(2001L), Keys.of(2002L));
    assertFalse(SplitPoints.suggest(s, 2, sample, new long[] {0, 5}).isPresent());
  }

  @Test
  void splitPoint_unknownPartition_refusedNamingTheValidOnes() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(true).strategy();
    assertEquals(
        "partition 3 does not exist; the strategy has partitions 0 to 2",
        assertThrows(IllegalArgumentException.class, () -> SplitPoints.suggest(s, 3, List.of()))
            .getMessage());
  }

  @Test
  void hotTail_increasingKeys_warnWithAdvice_spreadKeys_doNot() {
    RangeStrategy s =
        (RangeStrategy) RoutingDocuments.read(RangeDocumentReaderTest.COMPACT_DOCUMENT).strategy();
    List<byte[]> recent = new ArrayList<>();
    List<byte[]> spread = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      recent.add(Keys.of(Instant.parse("2026-04-01T00:00:00Z").plusSeconds(i)));
      spread.add(Keys.of(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i * 15_000L)));
    }
    recent.add(Keys.of(Instant.parse("2025-01-01T00:00:00Z")));
    HotTail hot = HotTail.check(s, recent);
    assertTrue(hot.warns());
    assertEquals(1.0, hot.share());
    assertEquals(1, hot.unrouted());
    assertTrue(
        hot.message()
            .startsWith(
                "hot tail: 1,000 of 1,000 sampled writes (100.0%) land in the last range"
                    + " [2026-04-01T00:00:00Z, +∞) (partition 1), at or above the 50.0% threshold."),
        hot.message());
    assertTrue(
        hot.message().contains("splitting it does not spread them")
            && hot.message().contains("hash bucket"),
        hot.message());
    HotTail calm = HotTail.check(s, spread);
    assertFalse(calm.warns(), calm.message());
    assertTrue(calm.message().startsWith("no hot tail: "), calm.message());
    assertThrows(IllegalArgumentException.class, () -> HotTail.check(s, spread, 0));
  }
}
