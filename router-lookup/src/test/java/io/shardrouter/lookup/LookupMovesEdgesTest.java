package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport.KeyMove;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.Keys;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Moves reported between lookup versions at the edges of the walk (one directory running out before
 * the other, keys in both at different places of their directories, no new partitions), and
 * isolation's refusals that name what to do.
 */
class LookupMovesEdgesTest {
  private static final PartitionStrategy FALLBACK = Fixtures.hashMod(8);

  private static int other(String key) {
    return (FALLBACK.partitionOf(Keys.of(key)) + 1) % 8;
  }

  @Test
  void fromTheFallbackItself_noNewPartitions_listedKeysMove() {
    LookupStrategy next =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(FALLBACK)
            .entry("acme", other("acme"))
            .build();
    assertEquals(8, next.partitionCount());
    assertEquals(
        List.of(new KeyMove("key 'acme'", FALLBACK.partitionOf(Keys.of("acme")), other("acme"))),
        next.keyMovesFrom(FALLBACK));
  }

  @Test
  void previousHasKeysAfterTheNextsLast_theyMoveBackToTheFallback() {
    LookupStrategy p =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(FALLBACK)
            .entry("a", other("a"))
            .entry("zz", other("zz"))
            .build();
    LookupStrategy q =
        LookupStrategy.builder(KeyType.STRING).fallback(FALLBACK).entry("a", other("a")).build();
    assertEquals(
        List.of(new KeyMove("key 'zz'", other("zz"), FALLBACK.partitionOf(Keys.of("zz")))),
        q.keyMovesFrom(p));
    assertEquals(
        List.of(new KeyMove("key 'zz'", FALLBACK.partitionOf(Keys.of("zz")), other("zz"))),
        p.keyMovesFrom(q));
  }

  @Test
  void keyInBothAtDifferentPlaces_namedByItsText() {
    // "bbb" is the third record of p and the second of q: its bytes lie at other offsets
    LookupStrategy p =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(FALLBACK)
            .entry("a", 1)
            .entry("aaaaaaaa", 2)
            .entry("bbb", 3)
            .build();
    LookupStrategy q =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(FALLBACK)
            .entry("a", 1)
            .entry("aaaaaaaa", 2)
            .entry("bbb", 5)
            .build();
    LookupStrategy r =
        LookupStrategy.builder(KeyType.STRING).fallback(FALLBACK).entry("bbb", 6).build();
    assertEquals(List.of(new KeyMove("key 'bbb'", 3, 5)), q.keyMovesFrom(p));
    List<KeyMove> toR = r.keyMovesFrom(p);
    assertEquals(new KeyMove("key 'bbb'", 3, 6), toR.get(toR.size() - 1), toR::toString);
    List<KeyMove> fromR = p.keyMovesFrom(r);
    assertEquals(new KeyMove("key 'bbb'", 6, 3), fromR.get(fromR.size() - 1), fromR::toString);
  }

  @Test
  void isolate_unknownGroup_namesTheKnownOnes() {
    RoutingTable t = Fixtures.hashModTable("accounts", KeyType.LONG, 8);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LookupStrategy.isolate(t, "42", "nope"));
    assertEquals(
        "no group 'nope' in routing table 'accounts' version 1; known groups: [g0, g1, g2, g3], or"
            + " pass a new ReplicaGroup",
        e.getMessage());
  }

  @Test
  void isolate_nullKey_refusedAsAKey() {
    RoutingTable t = Fixtures.hashModTable("accounts", KeyType.LONG, 8);
    InvalidKeyException e =
        assertThrows(
            InvalidKeyException.class, () -> LookupStrategy.isolate(t, (byte[]) null, null));
    assertEquals(
        "key is null; a null key has no partition: check the caller's value before routing",
        e.getMessage());
    LookupStrategy s = LookupStrategy.builder(KeyType.STRING).fallback(FALLBACK).build();
    assertEquals(
        e.getMessage(),
        assertThrows(InvalidKeyException.class, () -> s.withDedicatedPartition(null)).getMessage());
  }

  @Test
  void dedicate_upToTheMostPartitions() {
    byte[] key = Keys.of("hot");
    LookupStrategy almost =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(FALLBACK)
            .partitions(RoutingTable.MAX_PARTITIONS - 1)
            .build();
    LookupStrategy full = almost.withDedicatedPartition(key);
    assertEquals(RoutingTable.MAX_PARTITIONS, full.partitionCount());
    assertEquals(RoutingTable.MAX_PARTITIONS - 1, full.partitionOf(key));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> full.withDedicatedPartition(Keys.of("x")));
    assertEquals(
        "the lookup strategy already has 16777216 partitions, the most a table can have",
        e.getMessage());
  }
}
