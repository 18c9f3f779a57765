package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.Keys;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which lookup versions keep the meaning of every old partition, and the key moves between them.
 */
class LookupMovesTest {
  private static final PartitionStrategy FALLBACK = Fixtures.hashMod(8);

  private static LookupStrategyBuilder base() {
    return LookupStrategy.builder(KeyType.STRING).fallback(FALLBACK).partitions(12);
  }

  @Test
  void lookupToLookup_addedRemovedChangedEntries() {
    LookupStrategy before = base().entry("a", 8).entry("b", 9).entry("c", 1).build();
    LookupStrategy after = base().entry("a", 8).entry("b", 10).entry("d", 11).build();
    assertEquals(
        List.of(
                new MovementReport.KeyMove("key 'b'", 9, 10),
                new MovementReport.KeyMove("key 'c'", 1, FALLBACK.partitionOf(Keys.of("c"))),
                new MovementReport.KeyMove("key 'd'", FALLBACK.partitionOf(Keys.of("d")), 11))
            .stream()
            .filter(m -> m.fromPartition() != m.toPartition())
            .toList(),
        after.keyMovesFrom(before));
    assertEquals(List.of(), before.keyMovesFrom(before));
  }

  @Test
  void unrelated_null() {
    LookupStrategy s = base().entry("a", 8).build();
    assertNull(s.keyMovesFrom(Fixtures.hashMod(16)), "another fallback");
    assertNull(s.keyMovesFrom(base().partitions(13).build()), "fewer partitions than before");
    assertNull(
        s.keyMovesFrom(
            LookupStrategy.builder(KeyType.STRING)
                .fallback(Fixtures.jump(8))
                .partitions(12)
                .build()),
        "another fallback");
    KeyType pair = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING);
    LookupStrategy tenants =
        LookupStrategy.builder(pair)
            .match(LookupStrategy.MatchMode.FIRST_PART)
            .fallback(FALLBACK)
            .partitions(12)
            .entry("big", LookupEntry.split(8, Fixtures.hashMod(4)))
            .build();
    LookupStrategy resplit =
        LookupStrategy.builder(pair)
            .match(LookupStrategy.MatchMode.FIRST_PART)
            .fallback(FALLBACK)
            .partitions(12)
            .entry("big", LookupEntry.split(8, Fixtures.hashMod(2)))
            .build();
    assertNull(resplit.keyMovesFrom(tenants), "a split that changed spreads its keys anew");
    assertEquals(List.of(), tenants.keyMovesFrom(tenants));
    assertNull(
        tenants.keyMovesFrom(FALLBACK),
        "a first-part fallback routes the tenant, not the key the old strategy routed");
  }
}
