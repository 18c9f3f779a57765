package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.PartitionStrategyContract;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link HashModStrategy}: the strategy contract, the golden partitions of {@code hash_mod.json},
 * the modulo arithmetic.
 */
class HashModStrategyTest extends PartitionStrategyContract {
  private static final JsonNode GOLDEN = Golden.load("hash_mod.json");
  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  @Override
  protected List<PartitionStrategy> strategies() {
    List<PartitionStrategy> out = new ArrayList<>();
    for (StableHash h : TestHashes.ALL) {
      for (int p : TestHashes.CONTRACT_COUNTS) {
        out.add(HashModStrategy.of(h, p));
      }
    }
    return out;
  }

  @Test
  void partitionOf_goldenKeys_matchIndependentImplementation() {
    GoldenPartitions g = new GoldenPartitions(GOLDEN, HashModStrategy::of, seed());
    g.checkCanonicalBytes();
    g.checkEntryPoints();
    assertTrue(
        g.failures().isEmpty(),
        () -> Golden.report("hash_mod vs golden/hash_mod.json, seed=" + seed(), g.failures()));
  }

  @Test
  void route_goldenKeys_matchThroughRoutingTableAndRouter() {
    GoldenPartitions g = new GoldenPartitions(GOLDEN, HashModStrategy::of, seed());
    g.checkRouters();
    assertTrue(
        g.failures().isEmpty(),
        () ->
            Golden.report("hash_mod routes vs golden/hash_mod.json, seed=" + seed(), g.failures()));
  }

  @Test
  void partitionOfHash_powerOfTwoP_equalsUnsignedRemainder() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    for (int bits = 0; bits <= 24; bits++) {
      HashModStrategy s = HashModStrategy.of(StableHash.xxh3(), 1 << bits);
      for (int i = 0; i < 2000; i++) {
        long h = g.anyLong();
        assertEquals(
            unsignedMod(h, 1 << bits),
            s.partitionOfHash(h),
            () ->
                "P="
                    + s.partitionCount()
                    + ", hash "
                    + Long.toUnsignedString(h)
                    + "; "
                    + g.describe());
      }
    }
  }

  @Test
  void partitionOfHash_anyP_equalsUnsignedRemainder() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    for (int i = 0; i < 500; i++) {
      int p = i < 50 ? i + 1 : g.between(1, RoutingTable.MAX_PARTITIONS);
      HashModStrategy s = HashModStrategy.of(StableHash.xxh3(), p);
      for (int j = 0; j < 100; j++) {
        long h = g.anyLong();
        assertEquals(
            unsignedMod(h, p),
            s.partitionOfHash(h),
            () ->
                "P="
                    + p
                    + ", hash "
                    + Long.toUnsignedString(h)
                    + " (as signed: "
                    + h
                    + "); "
                    + g.describe());
      }
    }
  }

  @Test
  void of_zeroPartitions_throwsIllegalArgument() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> HashModStrategy.of(StableHash.xxh3(), 0));
    assertEquals("strategy.partitions must be >= 1 for strategy 'hash_mod', got 0", e.getMessage());
  }

  @Test
  void of_negativePartitions_throwsIllegalArgument() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> HashModStrategy.of(StableHash.xxh3(), -3));
    assertTrue(e.getMessage().contains("got -3"), e.getMessage());
  }

  @Test
  void of_overMaxPartitions_throwsIllegalArgument() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> HashModStrategy.of(StableHash.xxh3(), RoutingTable.MAX_PARTITIONS + 1));
    assertEquals(
        "strategy.partitions must be <= 16777216 for strategy 'hash_mod', got 16777217",
        e.getMessage());
  }

  @Test
  void of_maxPartitions_answersInRange() {
    HashModStrategy s = HashModStrategy.of(StableHash.xxh3(), RoutingTable.MAX_PARTITIONS);
    assertEquals(RoutingTable.MAX_PARTITIONS, s.partitionCount());
    assertEquals(unsignedMod(-1L, RoutingTable.MAX_PARTITIONS), s.partitionOfHash(-1L));
  }

  @Test
  void toSpec_defaultSeed_printsTypeHashPartitionsOnly() {
    assertEquals(
        "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":8}",
        HashModStrategy.of(StableHash.xxh3(), 8).toString());
    assertEquals(
        "{\"type\":\"hash_mod\",\"hash\":\"murmur3-64\",\"seed\":4294967295,\"partitions\":3}",
        HashModStrategy.of(StableHash.byName("murmur3-64", 4294967295L), 3).toSpec().toString());
    assertEquals(
        "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"seed\":-7046029254386353131,\"partitions\":3}",
        HashModStrategy.of(StableHash.byName("xxh3-64", TestHashes.XXH3_LARGE_SEED), 3)
            .toSpec()
            .toString());
  }

  @Test
  void equals_differentHashSeedPartitionsOrType_notEqual() {
    HashModStrategy base = HashModStrategy.of(StableHash.xxh3(), 8);
    assertEquals(base, HashModStrategy.of(StableHash.byName("xxh3-64", 0), 8));
    assertEquals(
        base.hashCode(), HashModStrategy.of(StableHash.byName("xxh3-64", 0), 8).hashCode());
    assertNotEquals(base, HashModStrategy.of(StableHash.xxh3(), 9));
    assertNotEquals(base, HashModStrategy.of(StableHash.byName("xxh3-64", 1), 8));
    assertNotEquals(base, HashModStrategy.of(StableHash.byName("murmur3-64", 0), 8));
    assertNotEquals(base, JumpHashStrategy.of(StableHash.xxh3(), 8));
  }

  private static int unsignedMod(long hash, int p) {
    BigInteger h = BigInteger.valueOf(hash);
    if (hash < 0) {
      h = h.add(TWO_64);
    }
    return h.mod(BigInteger.valueOf(p)).intValueExact();
  }

  @Test
  void explain_namesTheHashItsPointAndThePartition() {
    byte[] k = "order-42".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    for (StableHash h : List.of(StableHash.xxh3(), StableHash.byName("xxh3-64", 7))) {
      HashModStrategy s = HashModStrategy.of(h, 10);
      long point = h.hash(k, 0, k.length);
      assertEquals(
          "hash_mod: xxh3-64"
              + (h.seed() == 0 ? "" : " (seed 7)")
              + " hash 0x"
              + String.format(java.util.Locale.ROOT, "%016x", point)
              + ", partition "
              + s.partitionOf(k, 0, k.length)
              + " of 10",
          s.explain(k, 0, k.length));
    }
  }

  @Test
  void factories_registerTheirTypes() {
    assertEquals("hash_mod", new HashModStrategyFactory().type());
    assertEquals("jump", new JumpHashStrategyFactory().type());
  }
}
