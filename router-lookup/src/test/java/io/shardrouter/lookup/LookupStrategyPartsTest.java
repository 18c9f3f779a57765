package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.GroupConstraint;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.NestedStrategies;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.Keys;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parts of a lookup strategy beside routing one key: batches and long keys of a first_part
 * directory, shares for movement reports, the nested strategies it lists, the placement pins of its
 * fallback and of its splits, its memory, and equality.
 */
class LookupStrategyPartsTest {
  private static final KeyType BY_NUMBER = KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG);
  private static final KeyType BY_NAME =
      KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING);

  private static LookupStrategy tenants() {
    return LookupStrategy.builder(BY_NUMBER)
        .match(LookupStrategy.MatchMode.FIRST_PART)
        .fallback(Fixtures.hashMod(8))
        .partitions(16)
        .entry("42", 11)
        .entry("43", LookupEntry.split(12, Fixtures.hashMod(4)))
        .build();
  }

  @Test
  void firstPart_batchesAndLongKeys_sameAsOneByOne() {
    LookupStrategy s = tenants();
    for (long t = 40; t < 46; t++) {
      for (long d = 0; d < 20; d++) {
        byte[] k = CompositeKey.of(t, d).toBytes();
        int one = s.partitionOf(k);
        assertEquals(one, s.finish(k, 0, k.length, s.load(s.prepare(k, 0, k.length))), t + "/" + d);
      }
    }
    // a long key is the first part of the key alone
    assertEquals(11, s.partitionOfLong(42L));
    assertEquals(11, s.finishLong(42L, s.load(s.prepareLong(42L))));
    long miss = 1000;
    assertEquals(Fixtures.hashMod(8).partitionOfLong(miss), s.partitionOfLong(miss));
    assertEquals(
        Fixtures.hashMod(8).partitionOfLong(miss), s.finishLong(miss, s.load(s.prepareLong(miss))));
  }

  @Test
  void shareOf_fallbacksPartitions_theirShare_entryOnlyPartitionsNone() {
    LookupStrategy s = tenants();
    PartitionStrategy fallback = Fixtures.hashMod(8);
    for (int p = 0; p < 8; p++) {
      assertEquals(fallback.shareOf(p), s.shareOf(p), 1e-12, "partition " + p);
      assertTrue(s.shareOf(p) > 0);
    }
    for (int p = 8; p < 16; p++) {
      assertEquals(0.0, s.shareOf(p), "partition " + p);
    }
  }

  @Test
  void children_fallbackThenEverySplitsStrategy() {
    LookupStrategy plain =
        LookupStrategy.builder(KeyType.STRING).fallback(Fixtures.hashMod(8)).entry("a", 3).build();
    assertEquals(
        List.of(new NestedStrategies.Child("fallback", Fixtures.hashMod(8))), plain.children());
    LookupStrategy s =
        LookupStrategy.builder(BY_NAME)
            .match(LookupStrategy.MatchMode.FIRST_PART)
            .fallback(Fixtures.hashMod(8))
            .partitions(20)
            .entry("acme", 3)
            .entry("hot", LookupEntry.partition(8).dedicated())
            .entry("big", LookupEntry.split(9, Fixtures.hashMod(4)))
            .entry("huge", LookupEntry.split(13, Fixtures.jump(7)))
            .build();
    assertEquals(
        List.of(
            new NestedStrategies.Child("fallback", Fixtures.hashMod(8)),
            new NestedStrategies.Child("entries.big.strategy", Fixtures.hashMod(4)),
            new NestedStrategies.Child("entries.huge.strategy", Fixtures.jump(7))),
        s.children());
  }

  @Test
  void placementPins_ofTheFallbackAndOfSplitStrategies_withTheirPathsAndPartitions() {
    // a fallback with a pin of its own, and no entries beside
    LookupStrategy pinnedFallback =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(Fixtures.hashMod(8))
            .partitions(9)
            .entry("hot", LookupEntry.partition(8).pinned(Map.of("region", "eu")))
            .build();
    LookupStrategy outer = LookupStrategy.builder(KeyType.STRING).fallback(pinnedFallback).build();
    assertEquals(
        List.of(
            new GroupConstraint.Pin(
                "key 'hot'", "strategy.entries.hot.pin", 8, 1, Map.of("region", "eu"))),
        pinnedFallback.placementPins());
    assertEquals(pinnedFallback.placementPins(), outer.placementPins());

    // a split whose nested strategy pins one of its keys: the pin moves by the split's start
    LookupStrategy nested =
        LookupStrategy.builder(BY_NAME)
            .fallback(Fixtures.hashMod(4))
            .partitions(5)
            .entry("[\"big\",\"vip\"]", LookupEntry.partition(4).pinned(Map.of("tier", "gold")))
            .build();
    LookupStrategy s =
        LookupStrategy.builder(BY_NAME)
            .match(LookupStrategy.MatchMode.FIRST_PART)
            .fallback(Fixtures.hashMod(8))
            .partitions(13)
            .entry("big", LookupEntry.split(8, nested))
            .build();
    List<GroupConstraint.Pin> pins = s.placementPins();
    assertEquals(1, pins.size(), pins::toString);
    GroupConstraint.Pin p = pins.get(0);
    assertEquals(12, p.firstPartition());
    assertEquals(1, p.partitionCount());
    assertEquals(Map.of("tier", "gold"), p.labels());
    assertEquals(
        "strategy.entries.big.strategy.entries[\"[\\\"big\\\",\\\"vip\\\"]\"].pin", p.path());
    assertEquals(12, s.partitionOf(Keys.of(CompositeKey.of("big", "vip"))));
  }

  @Test
  void directoryBytes_growWithTheEntries() {
    LookupStrategyBuilder b = LookupStrategy.builder(KeyType.STRING).fallback(Fixtures.hashMod(8));
    long empty = b.build().directoryBytes();
    for (int i = 0; i < 1000; i++) {
      b.entry("tenant-" + i, i % 8);
    }
    LookupStrategy s = b.build();
    assertEquals(1000, s.size());
    assertTrue(s.directoryBytes() > empty + 1000 * 16, s.directoryBytes() + " vs " + empty);
  }

  @Test
  void equalStrategies_equalHashes_otherEntriesOtherHashes() {
    assertEquals(tenants(), tenants());
    assertEquals(tenants().hashCode(), tenants().hashCode());
    LookupStrategy other =
        LookupStrategy.builder(BY_NUMBER)
            .match(LookupStrategy.MatchMode.FIRST_PART)
            .fallback(Fixtures.hashMod(8))
            .partitions(16)
            .entry("42", 10)
            .entry("43", LookupEntry.split(12, Fixtures.hashMod(4)))
            .build();
    assertNotEquals(tenants(), other);
    assertNotEquals(tenants().hashCode(), other.hashCode());
  }

  @Test
  void lookupEntry_splitFromPartitionZero_negativeRefused() {
    LookupEntry e = LookupEntry.split(0, Fixtures.hashMod(4));
    assertEquals(0, e.firstPartition());
    assertEquals(e, LookupEntry.split(0, Fixtures.hashMod(4)));
    assertEquals(e.hashCode(), LookupEntry.split(0, Fixtures.hashMod(4)).hashCode());
    assertNotEquals(e.hashCode(), LookupEntry.split(1, Fixtures.hashMod(4)).hashCode());
    assertNotEquals(LookupEntry.partition(3).hashCode(), LookupEntry.partition(4).hashCode());
    assertEquals(
        "a split entry's first_partition must be >= 0, got -1",
        assertThrows(
                IllegalArgumentException.class, () -> LookupEntry.split(-1, Fixtures.hashMod(4)))
            .getMessage());
  }
}
