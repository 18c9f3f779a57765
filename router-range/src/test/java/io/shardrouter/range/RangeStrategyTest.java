package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.range.internal.KeyValues;
import io.shardrouter.testing.Keys;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Boundary tests on every edge: exactly at a start, just below an end, at +∞, below the first
 * start.
 */
class RangeStrategyTest {

  @Test
  void seed000_longKeys_everyEdge() {
    RoutingTable t = Fixtures.seed000(false);
    assertEquals(0, t.route(0L).partition());
    assertEquals(0, t.route(999L).partition());
    assertEquals(1, t.route(1000L).partition());
    assertEquals(1, t.route(1999L).partition());
    assertEquals("g1", t.route(1500L).group().id());
    NoRouteException above = assertThrows(NoRouteException.class, () -> t.route(2000L));
    assertEquals("2000", above.key());
    assertEquals(
        "key 2000 (long) is in no range: it is at or above the end of the last range [1000, 2000) (partition 1),"
            + " after [0, 1000), and no range covers [2000, +∞); extend the last range (an end of null is +∞), add a range,"
            + " or check the key",
        above.getMessage());
    NoRouteException below = assertThrows(NoRouteException.class, () -> t.route(-1L));
    assertEquals(
        "key -1 (long) is in no range: it is below the first range [0, 1000) (partition 0), followed by"
            + " [1000, 2000); add a range that covers it, or check the key",
        below.getMessage());
    assertThrows(NoRouteException.class, () -> t.route(Long.MIN_VALUE));
    assertThrows(NoRouteException.class, () -> t.route(Long.MAX_VALUE));
  }

  @Test
  void openEnd_coversEverythingUpToMaxValue() {
    RoutingTable t = Fixtures.seed000(true);
    assertEquals(2, t.route(2000L).partition());
    assertEquals(2, t.route(Long.MAX_VALUE).partition());
    assertEquals(1, t.route(1999L).partition());
    assertThrows(NoRouteException.class, () -> t.route(-1L));
    assertEquals("[2000, +∞)", ((RangeStrategy) t.strategy()).interval(2));
  }

  @Test
  void everyEntryPoint_agrees() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(true).strategy();
    for (long k : new long[] {0, 1, 999, 1000, 1999, 2000, Long.MAX_VALUE}) {
      int p = s.partitionOf(Keys.of(k));
      assertEquals(p, s.partitionOf(Keys.of(k)), "key " + k);
      assertEquals(p, s.find(Keys.of(k)), "key " + k);
    }
    assertEquals(-1, s.find(Keys.of(-5L)));
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> s.partitionOf(new byte[4]));
    assertTrue(e.getMessage().contains("a long key has 8 canonical bytes, got 4"), e::getMessage);
    assertThrows(InvalidKeyException.class, () -> s.partitionOf(Keys.of(7)));
  }

  @Test
  void extremeBoundaries_minAndMaxValue() {
    RangeStrategy s =
        RangeStrategy.of(KeyType.LONG, List.of(Long.MIN_VALUE, -1L, 0L, Long.MAX_VALUE), null);
    assertEquals(0, s.partitionOf(Keys.of(Long.MIN_VALUE)));
    assertEquals(0, s.partitionOf(Keys.of(-2L)));
    assertEquals(1, s.partitionOf(Keys.of(-1L)));
    assertEquals(2, s.partitionOf(Keys.of(0L)));
    assertEquals(2, s.partitionOf(Keys.of(Long.MAX_VALUE - 1)));
    assertEquals(3, s.partitionOf(Keys.of(Long.MAX_VALUE)));
    RangeStrategy closed = RangeStrategy.of(KeyType.LONG, List.of(Long.MIN_VALUE), Long.MAX_VALUE);
    assertEquals(0, closed.partitionOf(Keys.of(Long.MAX_VALUE - 1)));
    assertThrows(NoRouteException.class, () -> closed.partitionOf(Keys.of(Long.MAX_VALUE)));
  }

  @Test
  void timestampKeys_001Boundaries() {
    RangeStrategy s =
        RangeStrategy.of(
            KeyType.TIMESTAMP,
            List.of(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-04-01T00:00:00Z")),
            null);
    assertEquals(0, s.partitionOf(Keys.of(Instant.parse("2026-01-01T00:00:00Z"))));
    assertEquals(0, s.partitionOf(Keys.of(Instant.parse("2026-03-31T23:59:59.999999Z"))));
    assertEquals(1, s.partitionOf(Keys.of(Instant.parse("2026-04-01T00:00:00Z"))));
    assertEquals(1, s.partitionOf(Keys.of(Instant.parse("2026-04-01T08:00:00Z"))));
    assertEquals(1, s.partitionOf(KeyType.TIMESTAMP.parseText("2026-04-01T08:00:00+08:00")));
    NoRouteException e =
        assertThrows(
            NoRouteException.class,
            () -> s.partitionOf(Keys.of(Instant.parse("2025-12-31T23:59:59Z"))));
    assertEquals("2025-12-31T23:59:59Z", e.key());
    assertTrue(
        e.getMessage()
            .startsWith(
                "key 2025-12-31T23:59:59Z (timestamp) is in no range: it is below the first range"
                    + " [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z) (partition 0)"),
        e::getMessage);
    assertEquals("[2026-04-01T00:00:00Z, +∞)", s.interval(1));
  }

  @Test
  void intKeys() {
    RangeStrategy s = RangeStrategy.of(KeyType.INT, List.of(-10, 0, 10), 20);
    assertEquals(0, s.partitionOf(Keys.of(-10)));
    assertEquals(1, s.partitionOf(Keys.of(0)));
    assertEquals(2, s.partitionOf(Keys.of(19)));
    assertThrows(NoRouteException.class, () -> s.partitionOf(Keys.of(20)));
    assertThrows(NoRouteException.class, () -> s.partitionOf(Keys.of(Integer.MIN_VALUE)));
    assertEquals(2, s.partitionOf(Keys.of(15)));
  }

  @Test
  void stringKeys_unsignedUtf8Order_notUtf16() {
    // U+FFFF is EF BF BF in UTF-8 and sorts below U+1F600 (F0 9F 98 80); Java's compareTo says the
    // opposite.
    assertTrue("\uFFFF".compareTo("😀") > 0);
    RangeStrategy s = RangeStrategy.of(KeyType.STRING, List.of("", "m", "\uFFFF", "😀"), null);
    assertEquals(0, s.partitionOf(Keys.of("")));
    assertEquals(0, s.partitionOf(Keys.of("lzzz")));
    assertEquals(1, s.partitionOf(Keys.of("m")));
    assertEquals(1, s.partitionOf(Keys.of("zürich")));
    assertEquals(2, s.partitionOf(Keys.of("\uFFFF")));
    assertEquals(2, s.partitionOf(Keys.of("\uFFFFzz")));
    assertEquals(3, s.partitionOf(Keys.of("😀")));
    assertEquals(3, s.partitionOf(Keys.of("😀😀")));
    RangeStrategy fromM = RangeStrategy.of(KeyType.STRING, List.of("m", "n"), null);
    NoRouteException e =
        assertThrows(NoRouteException.class, () -> fromM.partitionOf(Keys.of("l")));
    assertTrue(
        e.getMessage()
            .startsWith(
                "key \"l\" (string) is in no range: it is below the first range [\"m\", \"n\")"),
        e::getMessage);
    assertEquals("m", KeyValues.text(KeyType.STRING, Keys.of("m")));
  }

  @Test
  void stringKeys_prefixComesFirst_andZeroByteIsTheSuccessor() {
    RangeStrategy s = RangeStrategy.of(KeyType.STRING, List.of("a", "a\u0000", "ab"), null);
    assertEquals(0, s.partitionOf(Keys.of("a")));
    assertEquals(1, s.partitionOf(Keys.of("a\u0000")));
    assertEquals(1, s.partitionOf(Keys.of("a\u0000\u0000")));
    assertEquals(1, s.partitionOf(Keys.of("aa")));
    assertEquals(2, s.partitionOf(Keys.of("ab")));
  }

  @Test
  void uuidKeys_unsignedByteOrder_notUuidCompareTo() {
    UUID low = UUID.fromString("7fffffff-ffff-ffff-ffff-ffffffffffff");
    UUID high = UUID.fromString("80000000-0000-0000-0000-000000000000");
    assertTrue(high.compareTo(low) < 0); // Java compares signed
    RangeStrategy s = RangeStrategy.of(KeyType.UUID_KEY, List.of(new UUID(0, 0), high), null);
    assertEquals(0, s.partitionOf(Keys.of(low)));
    assertEquals(1, s.partitionOf(Keys.of(high)));
    assertEquals(
        1, s.partitionOf(Keys.of(UUID.fromString("ffffffff-ffff-ffff-ffff-ffffffffffff"))));
  }

  @Test
  void bytesKeys_unsigned() {
    RangeStrategy s =
        RangeStrategy.of(KeyType.BYTES, List.of(new byte[0], new byte[] {(byte) 0x80}), null);
    assertEquals(0, s.partitionOf(new byte[] {0x7f, (byte) 0xff}));
    assertEquals(1, s.partitionOf(new byte[] {(byte) 0x80}));
    assertEquals("[0x, 0x80)", s.interval(0));
  }

  @Test
  void compositeKeys_partByPart() {
    KeyType type = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.TIMESTAMP);
    Instant april = Instant.parse("2026-04-01T00:00:00Z");
    RangeStrategy s =
        RangeStrategy.of(
            type,
            List.of(
                CompositeKey.of("plant-a", Instant.EPOCH),
                CompositeKey.of("plant-a", april),
                CompositeKey.of("plant-b", Instant.EPOCH)),
            null);
    assertEquals(0, s.partitionOf(Keys.of(CompositeKey.of("plant-a", april.minusSeconds(1)))));
    assertEquals(1, s.partitionOf(Keys.of(CompositeKey.of("plant-a", april))));
    assertEquals(
        1, s.partitionOf(Keys.of(CompositeKey.of("plant-a\u0000", Instant.EPOCH.minusSeconds(5)))));
    assertEquals(
        1,
        s.partitionOf(
            Keys.of(
                CompositeKey.of("plant-aa", io.shardrouter.core.KeyText.instant(Long.MIN_VALUE)))));
    assertEquals(2, s.partitionOf(Keys.of(CompositeKey.of("plant-b", Instant.EPOCH))));
    assertEquals(2, s.partitionOf(Keys.of(CompositeKey.of("z", Instant.EPOCH))));
    assertThrows(
        NoRouteException.class, () -> s.partitionOf(Keys.of(CompositeKey.of("plant-", april))));
    assertEquals(
        "[[\"plant-a\",\"2026-04-01T00:00:00Z\"], [\"plant-b\",\"1970-01-01T00:00:00Z\"])",
        s.interval(1));
    byte[] bad = CompositeKey.of("plant-a", april).toBytes();
    bad[0] = 100; // a length prefix longer than the key
    InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> s.partitionOf(bad));
    assertTrue(
        e.getMessage().contains("is malformed at part 0: its length prefix says 100 bytes"),
        e::getMessage);
  }

  @Test
  void composite_stringLongOverloads_agreeWithCompositeKey() {
    RangeStrategy s =
        RangeStrategy.of(
            KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG),
            List.of(
                CompositeKey.of("a", Long.MIN_VALUE),
                CompositeKey.of("a", 0L),
                CompositeKey.of("b", Long.MIN_VALUE)),
            null);
    assertEquals(0, s.partitionOf(Keys.of("a", -1L)));
    assertEquals(1, s.partitionOf(Keys.of("a", 0L)));
    assertEquals(1, s.partitionOf(Keys.of("a", Long.MAX_VALUE)));
    assertEquals(2, s.partitionOf(Keys.of("b", Long.MIN_VALUE)));
    assertEquals(s.partitionOf(Keys.of(CompositeKey.of("a", 5L))), s.partitionOf(Keys.of("a", 5L)));
  }

  @Test
  void of_badRanges_refusedNamingBoth() {
    String unsorted =
        assertThrows(
                IllegalArgumentException.class,
                () -> RangeStrategy.of(KeyType.LONG, List.of(0L, 1000L, 500L), null))
            .getMessage();
    assertTrue(
        unsorted.contains(
            "ranges[2]: ranges must be sorted by start, but ranges[2] [500, +∞) starts below ranges[1]"
                + " [1000, 500); list the ranges in key order"),
        unsorted);
    assertTrue(unsorted.contains("ranges[1]: empty range [1000, 500)"), unsorted);
    assertThrows(
        IllegalArgumentException.class,
        () -> RangeStrategy.of(KeyType.LONG, List.of(0L, 0L), null));
    assertThrows(
        IllegalArgumentException.class, () -> RangeStrategy.of(KeyType.LONG, List.of(0L), 0L));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> RangeStrategy.of(KeyType.LONG, List.of(), null))
            .getMessage()
            .contains("ranges: empty"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> RangeStrategy.of(KeyType.LONG, List.of(1), null))
            .getMessage()
            .contains("a key of type long is a Long, got Integer 1"));
  }

  @Test
  void json_roundTripsThroughTheRegistry_everyKeyType() {
    StrategyRegistry r = StrategyRegistry.defaultRegistry();
    List<RangeStrategy> all =
        List.of(
            RangeStrategy.of(KeyType.LONG, List.of(-5L, 0L), 10L),
            RangeStrategy.of(KeyType.INT, List.of(1), null),
            RangeStrategy.of(KeyType.STRING, List.of("", "é", "😀"), "😀z"),
            RangeStrategy.of(
                KeyType.TIMESTAMP, List.of(Instant.parse("2026-01-01T00:00:00.5Z")), null),
            RangeStrategy.of(KeyType.UUID_KEY, List.of(new UUID(0, 1)), new UUID(-1, -1)),
            RangeStrategy.of(KeyType.BYTES, List.of(new byte[] {1, 2}), null),
            RangeStrategy.of(
                KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG, KeyType.Kind.BYTES),
                List.of(CompositeKey.of("a", 1L, new byte[] {9})),
                null));
    for (RangeStrategy s : all) {
      RangeStrategy back = (RangeStrategy) r.create(s.toSpec(), s.keyType());
      assertEquals(s, back, s::toString);
      assertEquals(s.hashCode(), back.hashCode());
      assertEquals(s.toSpec(), back.toSpec());
    }
    assertEquals(
        "{\"type\":\"range\",\"ranges\":[{\"start\":-5,\"end\":0},{\"start\":0,\"end\":10}]}",
        all.get(0).toString());
    assertEquals(
        "{\"type\":\"range\",\"ranges\":[{\"start\":\"2026-01-01T00:00:00.500Z\",\"end\":null}]}",
        all.get(3).toString());
  }

  @Test
  void table_refusesARangeStrategyForAnotherKeyType() {
    RangeStrategy s = RangeStrategy.of(KeyType.LONG, List.of(0L), null);
    RoutingTable t = Fixtures.table(s, "e", 1);
    assertSame(t.routeOfPartition(0), t.route(5L));
    assertThrows(RuntimeException.class, () -> t.toBuilder().keyType(KeyType.TIMESTAMP).build());
  }

  @Test
  void accessors_copyAndDescribe() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(false).strategy();
    assertArrayEquals(Keys.of(1000L), s.start(1));
    assertArrayEquals(Keys.of(2000L), s.end(1));
    assertArrayEquals(Keys.of(1000L), s.end(0));
    assertNull(((RangeStrategy) Fixtures.seed000(true).strategy()).end(2));
    s.start(0)[0] = 9;
    assertEquals(0, s.partitionOf(Keys.of(0L)));
    assertEquals("1000", s.show(Keys.of(1000L)));
    assertEquals(
        RoutingDocuments.read(RoutingDocuments.write(Fixtures.seed000(false))),
        Fixtures.seed000(false));
  }

  @Test
  void explain_namesTheRangeAndThePartition() {
    RangeStrategy s = (RangeStrategy) Fixtures.seed000(true).strategy();
    byte[] k = Keys.of(1999L);
    assertEquals("range: key in [1000, 2000), partition 1 of 3", s.explain(k, 0, k.length));
    byte[] below = Keys.of(-1L);
    assertThrows(NoRouteException.class, () -> s.explain(below, 0, below.length));
  }

  @Test
  void movementReport_equalRanges_weighed_otherRanges_exactButUnweighed() {
    RoutingTable t = Fixtures.seed000(true);
    RoutingTable placed = t.toBuilder().version(2).place(1, "g2").build();
    MovementReport same = MovementReport.between(t, placed);
    assertTrue(same.sameStrategy());
    assertEquals(MovementReport.Layout.KEY_RANGES, same.layout());
    assertEquals(
        List.of(new MovementReport.Move(1, 1, "g1", "g2", t.strategy().shareOf(1), "[1000, 2000)")),
        same.moves());
    assertEquals(t.strategy().shareOf(1), same.movedShare());
    RoutingTable split =
        Fixtures.table(
            RangeStrategy.of(KeyType.LONG, List.of(0L, 1000L, 1500L, 2000L), null), "orders", 2);
    MovementReport changed = MovementReport.between(t, split);
    assertFalse(changed.sameStrategy());
    assertTrue(changed.partitionsKeepKeys(), "the key ranges say exactly what moves");
    assertTrue(Double.isNaN(changed.movedShare()), "part of a range cannot be weighed");
  }
}
