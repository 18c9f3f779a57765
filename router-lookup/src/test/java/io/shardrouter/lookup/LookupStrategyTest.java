package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.Keys;
import io.shardrouter.testing.PartitionStrategyContract;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link LookupStrategy} with whole-key matching: the strategy contract, hits, misses, the
 * fallback.
 */
class LookupStrategyTest extends PartitionStrategyContract {

  static LookupStrategy small() {
    return LookupStrategy.builder(KeyType.STRING)
        .fallback(Fixtures.hashMod(8))
        .entry("acme", 3)
        .entry("Zürich", 7)
        .entry("", 1)
        .entry(
            "hot-1", LookupEntry.partition(9).dedicated().pinned(java.util.Map.of("region", "eu")))
        .partitions(10)
        .build();
  }

  @Override
  protected List<PartitionStrategy> strategies() {
    return List.of(
        LookupStrategy.builder(KeyType.STRING).fallback(Fixtures.hashMod(1)).build(),
        LookupStrategy.builder(KeyType.STRING)
            .fallback(Fixtures.hashMod(4))
            .entry("a", 3)
            .entry("b", 0)
            .build(),
        LookupStrategy.builder(KeyType.STRING)
            .fallback(Fixtures.jump(16))
            .entry("acme", 15)
            .entry("€uro", 2)
            .build(),
        LookupStrategy.builder(KeyType.STRING)
            .fallback(Fixtures.hashMod(100))
            .partitions(102)
            .entry("x", 100)
            .entry("y", 101)
            .build());
  }

  /**
   * Keys the directory does not list go to the fallback, which routes the canonical bytes of a key
   * of any type.
   */
  @Override
  protected boolean routesAnyKey(PartitionStrategy s) {
    return true;
  }

  /** explain names a probe whose bytes are no UTF-8 text by its hex instead of throwing. */
  @Test
  void explain_bytesThatAreNoText_namedByTheirHex() {
    LookupStrategy s = small();
    byte[] notText = {'a', (byte) 0xC3};
    String line = s.explain(notText, 0, notText.length);
    assertTrue(line.contains("0x61c3"), line);
    assertTrue(line.contains("partition " + s.partitionOf(notText) + " of"), line);
  }

  @Test
  void partitionOf_listedKeys_theirPartitions_othersTheFallbacks() {
    LookupStrategy s = small();
    PartitionStrategy fallback = Fixtures.hashMod(8);
    assertEquals(3, s.partitionOf(Keys.of("acme")));
    assertEquals(7, s.partitionOf(Keys.of("Zürich")));
    assertEquals(1, s.partitionOf(Keys.of("")));
    assertEquals(9, s.partitionOf(Keys.of("hot-1")));
    assertEquals(9, s.partitionOf(Keys.of("hot-1")));
    for (String k : List.of("acm", "ACME", "acme ", "zürich", "hot-2", "order-17")) {
      assertEquals(fallback.partitionOf(Keys.of(k)), s.partitionOf(Keys.of(k)), k);
      assertEquals(fallback.partitionOf(Keys.of(k)), s.partitionOf(Keys.of(k)), k);
    }
    assertEquals(fallback.partitionOf(Keys.of(42L)), s.partitionOf(Keys.of(42L)));
    UUID u = UUID.randomUUID();
    assertEquals(fallback.partitionOf(Keys.of(u)), s.partitionOf(Keys.of(u)));
    assertEquals(10, s.partitionCount());
    assertEquals(4, s.size());
  }

  @Test
  void longKeys_hitInPlace() {
    LookupStrategy s =
        LookupStrategy.builder(KeyType.LONG)
            .fallback(Fixtures.hashMod(16))
            .entry("42", 9)
            .entry("-1", 0)
            .build();
    assertEquals(9, s.partitionOf(Keys.of(42L)));
    assertEquals(0, s.partitionOf(Keys.of(-1L)));
    assertEquals(9, s.partitionOf(Keys.of(42L)));
    assertEquals(Fixtures.hashMod(16).partitionOf(Keys.of(43L)), s.partitionOf(Keys.of(43L)));
  }

  @Test
  void toSpec_entriesInKeyOrder_defaultsWrittenOut() {
    String json = small().toSpec().toString();
    assertEquals(
        "{\"type\":\"lookup\",\"match\":\"key\",\"partitions\":10,\"fallback\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\","
            + "\"partitions\":8},\"entries\":{\"\":1,\"Zürich\":7,\"acme\":3,\"hot-1\":{\"partition\":9,\"dedicated\":true,"
            + "\"pin\":{\"region\":\"eu\"}}}}",
        json);
  }

  @Test
  void equals_sameEntriesInOtherOrder_equal() {
    LookupStrategy a =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(Fixtures.hashMod(8))
            .partitions(10)
            .entry("b", LookupEntry.partition(9).dedicated())
            .entry("a", LookupEntry.partition(8).dedicated())
            .entry("c", 1)
            .build();
    LookupStrategy b =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(Fixtures.hashMod(8))
            .partitions(10)
            .entry("c", 1)
            .entry("a", LookupEntry.partition(8).dedicated())
            .entry("b", LookupEntry.partition(9).dedicated())
            .build();
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertEquals(a.toSpec(), b.toSpec());
    assertEquals(a, a.toBuilder().build());
  }

  @Test
  void entryOf_listedAndUnlisted() {
    LookupStrategy s = small();
    assertEquals(LookupEntry.partition(3), s.entryOf(Keys.of("acme")));
    assertTrue(s.entryOf(Keys.of("hot-1")).isDedicated());
    assertNull(s.entryOf(Keys.of("nobody")));
  }

  @Test
  void explain_hitDedicatedAndMiss() {
    LookupStrategy s = small();
    byte[] acme = Keys.of("acme");
    assertEquals("lookup: directory hit, key 'acme': partition 3", s.explain(acme, 0, acme.length));
    byte[] hot = Keys.of("hot-1");
    assertEquals(
        "lookup: directory hit, key 'hot-1', dedicated, pinned to region=eu: partition 9",
        s.explain(hot, 0, hot.length));
    byte[] other = Keys.of("order-17");
    String line = s.explain(other, 0, other.length);
    assertTrue(
        line.startsWith(
            "lookup: key 'order-17' is not in the directory (4 entries); fallback hash_mod: xxh3-64 hash 0x"),
        line);
    assertTrue(line.endsWith("partition " + s.partitionOf(Keys.of("order-17")) + " of 8"), line);
  }

  @Test
  void builder_badValues_refusedWithPaths() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LookupStrategy.builder(KeyType.STRING)
                    .fallback(Fixtures.hashMod(8))
                    .entry("a", 8)
                    .entry("b", 1)
                    .entry("b", 2)
                    .build());
    assertTrue(
        e.getMessage()
            .contains(
                "entries.a: partition 8 is out of range: the strategy has 8 partitions [0, 8), the fallback's;"
                    + " declare \"partitions\": 9 or more"),
        e::getMessage);
    assertTrue(
        e.getMessage().contains("entries.b: duplicate directory key b: the same key as entries.b"),
        e::getMessage);
    assertThrows(
        IllegalArgumentException.class,
        () -> LookupStrategy.builder(KeyType.STRING).entry("a", -1));
    IllegalArgumentException noFallback =
        assertThrows(
            IllegalArgumentException.class, () -> LookupStrategy.builder(KeyType.STRING).build());
    assertTrue(noFallback.getMessage().contains("fallback: missing"), noFallback::getMessage);
    IllegalArgumentException fewer =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LookupStrategy.builder(KeyType.STRING)
                    .fallback(Fixtures.hashMod(8))
                    .partitions(4)
                    .build());
    assertTrue(
        fewer.getMessage().contains("partitions: must be in [8, 16777216]"), fewer::getMessage);
  }

  @Test
  void builder_dedicatedRules_refused() {
    IllegalArgumentException inFallback =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LookupStrategy.builder(KeyType.STRING)
                    .fallback(Fixtures.hashMod(8))
                    .entry("a", LookupEntry.partition(2).dedicated())
                    .build());
    assertTrue(
        inFallback
            .getMessage()
            .contains("entries.a: dedicated partition 2 is one the fallback also answers"),
        inFallback::getMessage);
    IllegalArgumentException shared =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LookupStrategy.builder(KeyType.STRING)
                    .fallback(Fixtures.hashMod(8))
                    .partitions(10)
                    .entry("a", LookupEntry.partition(8).dedicated())
                    .entry("b", 8)
                    .build());
    assertTrue(
        shared
            .getMessage()
            .contains(
                "entries.b: partition 8 is dedicated to entries.a; send this entry to another partition"),
        shared::getMessage);
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LookupStrategy.builder(KeyType.STRING)
                    .fallback(Fixtures.hashMod(8))
                    .partitions(10)
                    .entry("a", LookupEntry.partition(8).dedicated())
                    .entry("b", LookupEntry.partition(8).dedicated())
                    .build());
    assertTrue(twice.getMessage().contains("overlap those of entries.a"), twice::getMessage);
  }

  @Test
  void builder_splitWithWholeKeyMatching_refused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LookupStrategy.builder(KeyType.STRING)
                    .fallback(Fixtures.hashMod(8))
                    .partitions(12)
                    .entry("big", LookupEntry.split(8, Fixtures.hashMod(4)))
                    .build());
    assertTrue(
        e.getMessage()
            .contains("entries.big.strategy: a nested strategy needs \"match\": \"first_part\""),
        e::getMessage);
  }
}
