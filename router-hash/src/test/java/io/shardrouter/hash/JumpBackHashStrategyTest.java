package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import io.shardrouter.testing.PartitionStrategyContract;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JumpBackHashStrategy} and {@link JumpBackHash}: the strategy contract, the golden
 * partitions and raw buckets of {@code jump_back.json} (tools/golden, from the spec's text in
 * Python), and the javadoc's claims as seeded property tests: growing P to P+1 moves only keys that
 * land on the new partition, about 1/(P+1) of them, at small and at large P; keys spread evenly.
 */
class JumpBackHashStrategyTest extends PartitionStrategyContract {
  private static final JsonNode GOLDEN = Golden.load("jump_back.json");

  @Override
  protected List<PartitionStrategy> strategies() {
    List<PartitionStrategy> out = new ArrayList<>();
    for (StableHash h : TestHashes.ALL) {
      for (int p : TestHashes.CONTRACT_COUNTS) {
        out.add(JumpBackHashStrategy.of(h, p));
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- golden

  @Test
  void partitionOf_goldenKeys_matchIndependentImplementation() {
    GoldenPartitions g = new GoldenPartitions(GOLDEN, JumpBackHashStrategy::of, seed());
    g.checkCanonicalBytes();
    g.checkEntryPoints();
    assertTrue(
        g.failures().isEmpty(),
        () -> Golden.report("jump_back vs golden/jump_back.json, seed=" + seed(), g.failures()));
  }

  @Test
  void route_goldenKeys_matchThroughRoutingTableAndRouter() {
    GoldenPartitions g = new GoldenPartitions(GOLDEN, JumpBackHashStrategy::of, seed());
    g.checkRouters();
    assertTrue(
        g.failures().isEmpty(),
        () ->
            Golden.report(
                "jump_back routes vs golden/jump_back.json, seed=" + seed(), g.failures()));
  }

  @Test
  void bucket_goldenVectors_matchTheSpecsIndependentImplementation() {
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (JsonNode v : GOLDEN.get("bucket_vectors")) {
      long key = Long.parseLong(v.get("key_int64").asText());
      if (key != Long.parseUnsignedLong(v.get("key_unsigned").asText())) {
        failures.add(
            "golden file: key_int64 "
                + key
                + " is not key_unsigned "
                + v.get("key_unsigned").asText());
      }
      for (int i = 0; i < v.get("buckets").size(); i++) {
        int buckets = v.get("buckets").get(i).asInt();
        int expected = v.get("bucket").get(i).asInt();
        int actual = JumpBackHash.bucket(key, buckets);
        checked++;
        if (actual != expected) {
          failures.add(
              "bucket("
                  + Long.toUnsignedString(key)
                  + ", "
                  + buckets
                  + "): expected "
                  + expected
                  + ", got "
                  + actual);
        }
      }
    }
    assertTrue(checked >= 22 * 40, "golden file has only " + checked + " raw jump_back vectors");
    assertTrue(
        failures.isEmpty(),
        () -> Golden.report("JumpBackHash.bucket vs golden/jump.json", failures));
  }

  // ---------------------------------------------------------------- properties

  @Test
  void bucket_growingBuckets_keyStaysOrMovesToNewBucket() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    for (int i = 0; i < 2000; i++) {
      long key = g.anyLong();
      int previous = JumpBackHash.bucket(key, 1);
      assertEquals(0, previous, () -> "bucket(" + key + ", 1); " + g.describe());
      for (int n = 2; n <= 600; n++) {
        int b = JumpBackHash.bucket(key, n);
        if (b != previous && b != n - 1) {
          fail(
              "key "
                  + key
                  + " moved from bucket "
                  + previous
                  + " to "
                  + b
                  + " when growing from "
                  + (n - 1)
                  + " to "
                  + n
                  + " buckets; it may only stay or move to the new bucket "
                  + (n - 1)
                  + "; "
                  + g.describe());
        }
        previous = b;
      }
    }
  }

  @Test
  void bucket_sameKeyTwice_sameAnswerInRange() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    int[] large = {RoutingTable.MAX_PARTITIONS, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
    for (int i = 0; i < 20_000; i++) {
      long key = g.anyLong();
      int n =
          i % 10 == 0
              ? large[g.between(0, large.length - 1)]
              : g.between(1, RoutingTable.MAX_PARTITIONS);
      int b = JumpBackHash.bucket(key, n);
      assertTrue(
          b >= 0 && b < n,
          () ->
              "bucket("
                  + key
                  + ", "
                  + n
                  + ") = "
                  + b
                  + " is outside [0, "
                  + n
                  + "); "
                  + g.describe());
      assertEquals(
          b,
          JumpBackHash.bucket(key, n),
          () -> "bucket(" + key + ", " + n + ") changed between calls; " + g.describe());
    }
  }

  @Test
  void partitionOf_growPToPPlus1_movesOnlyAboutOneOverPPlus1ToNewPartition() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    int n = 12_000;
    String[] keys = uniqueKeys(g, n);
    for (StableHash hash : TestHashes.ONE_PER_NAME) {
      for (int p : new int[] {1, 2, 3, 5, 8, 10, 16, 31, 64, 100, 1000, 1023, 4096}) {
        JumpBackHashStrategy before = JumpBackHashStrategy.of(hash, p);
        JumpBackHashStrategy after = JumpBackHashStrategy.of(hash, p + 1);
        int moved = 0;
        for (String k : keys) {
          int a = before.partitionOf(Keys.of(k));
          int b = after.partitionOf(Keys.of(k));
          if (a != b) {
            if (b != p) {
              fail(
                  hash
                      + ": growing "
                      + p
                      + " -> "
                      + (p + 1)
                      + " moved key \""
                      + k
                      + "\" from partition "
                      + a
                      + " to "
                      + b
                      + ", not to the new partition "
                      + p
                      + "; "
                      + g.describe());
            }
            moved++;
          }
        }
        double share = 1.0 / (p + 1);
        double mean = n * share;
        double sd = Math.sqrt(n * share * (1 - share));
        int m = moved;
        assertTrue(
            Math.abs(m - mean) <= 5 * sd + 1,
            () ->
                hash
                    + ": growing "
                    + p
                    + " -> "
                    + (p + 1)
                    + " moved "
                    + m
                    + " of "
                    + n
                    + " keys; expected about n/(P+1) = "
                    + String.format("%.1f", mean)
                    + " (binomial sd "
                    + String.format("%.2f", sd)
                    + ", tolerance 5 sd); "
                    + g.describe());
      }
    }
  }

  @Test
  void partitionOf_manyKeys_balancedAcrossPartitions() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    for (StableHash hash : TestHashes.ONE_PER_NAME) {
      for (int p : new int[] {2, 3, 10, 100, 1000}) {
        JumpBackHashStrategy s = JumpBackHashStrategy.of(hash, p);
        int n = Math.max(20_000, 100 * p);
        long[] counts = new long[p];
        for (int i = 0; i < n; i++) {
          // half sequential text ids (a realistic, structured key set), half random longs
          counts[
              i % 2 == 0
                  ? s.partitionOf(Keys.of("user-" + i))
                  : s.partitionOf(Keys.of(g.random().nextLong()))]++;
        }
        double expected = (double) n / p;
        double chi2 = 0;
        for (long c : counts) {
          chi2 += (c - expected) * (c - expected) / expected;
        }
        int df = p - 1;
        double bound = df + 6 * Math.sqrt(2.0 * df) + 10;
        double x = chi2;
        assertTrue(
            chi2 <= bound,
            () ->
                hash
                    + " jump_back P="
                    + p
                    + ": chi-square "
                    + String.format("%.1f", x)
                    + " over "
                    + n
                    + " keys exceeds "
                    + String.format("%.1f", bound)
                    + " (df "
                    + df
                    + "); counts are not balanced; "
                    + g.describe());
      }
    }
  }

  // ---------------------------------------------------------------- factory and identity

  @Test
  void of_zeroPartitions_throwsIllegalArgument() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> JumpBackHashStrategy.of(StableHash.xxh3(), 0));
    assertEquals(
        "strategy.partitions must be >= 1 for strategy 'jump_back', got 0", e.getMessage());
  }

  @Test
  void of_overMaxPartitions_throwsIllegalArgument() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> JumpBackHashStrategy.of(StableHash.xxh3(), RoutingTable.MAX_PARTITIONS + 1));
    assertEquals(
        "strategy.partitions must be <= 16777216 for strategy 'jump_back', got 16777217",
        e.getMessage());
  }

  @Test
  void toSpec_blake2b_printsNoSeed() {
    assertEquals(
        "{\"type\":\"jump_back\",\"hash\":\"blake2b-64\",\"partitions\":1024}",
        JumpBackHashStrategy.of(StableHash.byName("blake2b-64", 0), 1024).toString());
  }

  @Test
  void equals_sameParameters_equalElseNot() {
    JumpBackHashStrategy base = JumpBackHashStrategy.of(StableHash.byName("murmur3-64", 42), 10);
    assertEquals(base, JumpBackHashStrategy.of(StableHash.byName("murmur3-64", 42), 10));
    assertNotEquals(base, JumpBackHashStrategy.of(StableHash.byName("murmur3-64", 43), 10));
    assertNotEquals(base, JumpBackHashStrategy.of(StableHash.byName("murmur3-64", 42), 11));
    assertNotEquals(base, HashModStrategy.of(StableHash.byName("murmur3-64", 42), 10));
    assertNotEquals(base, JumpHashStrategy.of(StableHash.byName("murmur3-64", 42), 10));
  }

  @Test
  void bucket_growingAtLargeCounts_keyStaysOrMovesToNewBucket_aboutOneOverNPlus1() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    int keys = 400_000;
    // every power-of-two boundary (the walked range changes there), and counts in between
    int[] counts = {1 << 16, (1 << 16) + 1, 100_000, 1 << 20, 1_000_000, (1 << 24) - 1, 1 << 24};
    for (int n : counts) {
      int moved = 0;
      for (int i = 0; i < keys; i++) {
        long key = g.random().nextLong(); // the share needs uniform keys
        int a = JumpBackHash.bucket(key, n);
        int b = JumpBackHash.bucket(key, n + 1);
        if (a != b) {
          if (b != n) {
            fail(
                "bucket("
                    + key
                    + ") went "
                    + a
                    + " -> "
                    + b
                    + " growing "
                    + n
                    + " -> "
                    + (n + 1)
                    + "; it may only move to the new bucket "
                    + n
                    + "; "
                    + g.describe());
          }
          moved++;
        }
      }
      double share = 1.0 / (n + 1);
      double mean = keys * share;
      double sd = Math.sqrt(keys * share * (1 - share));
      int m = moved;
      assertTrue(
          Math.abs(m - mean) <= 5 * sd + 1,
          () ->
              "growing "
                  + n
                  + " -> "
                  + (n + 1)
                  + " moved "
                  + m
                  + " of "
                  + keys
                  + " keys; expected about "
                  + String.format("%.2f", mean)
                  + " (5 sd "
                  + String.format("%.2f", 5 * sd)
                  + "); "
                  + g.describe());
    }
  }

  @Test
  void bucket_everyBucketOfARange_isReached_evenly() {
    // n = 2^k + 1 .. 2^(k+1): the top range is only partly below n, so the walk down inside it runs
    KeyGenerators g = KeyGenerators.seeded(seed());
    for (int n : new int[] {2, 3, 5, 6, 9, 12, 17, 24, 33, 48, 64, 65, 96, 127, 128, 129, 200}) {
      int draws = 4_000 * n;
      long[] counts = new long[n];
      for (int i = 0; i < draws; i++) {
        counts[JumpBackHash.bucket(g.random().nextLong(), n)]++; // uniform: no edge keys
      }
      double expected = (double) draws / n;
      double chi2 = 0;
      for (long c : counts) {
        chi2 += (c - expected) * (c - expected) / expected;
      }
      int df = n - 1;
      double bound = df + 6 * Math.sqrt(2.0 * df) + 10;
      double x = chi2;
      assertTrue(
          chi2 <= bound,
          () ->
              "n="
                  + n
                  + ": chi-square "
                  + String.format("%.1f", x)
                  + " over "
                  + draws
                  + " keys exceeds "
                  + String.format("%.1f", bound)
                  + "; counts "
                  + java.util.Arrays.toString(counts)
                  + "; "
                  + g.describe());
    }
  }

  @Test
  void bucket_differsFromJump_sameKeysOtherAnswers() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    int same = 0;
    for (int i = 0; i < 10_000; i++) {
      long key = g.anyLong();
      if (JumpBackHash.bucket(key, 1000) == JumpHash.bucket(key, 1000)) {
        same++;
      }
    }
    int s = same;
    assertTrue(
        s < 40, () -> s + " of 10,000 keys agree with jump at 1,000 buckets: about 10 expected");
  }

  @Test
  void bucket_theSpecsTrace_holds() { // docs/routing-spec.md §4.2.1, "plant-a" under xxh3-64
    long key = 0xe6d57369c2425c7fL;
    assertEquals(0xb40b11c6c4758e32L, JumpBackHash.mix(key + JumpBackHash.GOLDEN), "flags");
    for (int n = 907; n <= 1024; n++) {
      assertEquals(906, JumpBackHash.bucket(key, n), "P=" + n);
    }
    for (int n = 55; n <= 906; n++) {
      assertEquals(54, JumpBackHash.bucket(key, n), "P=" + n);
    }
    assertEquals(2, JumpBackHash.bucket(key, 10));
    long[] keys = {0L, 1L, 42L, -1L, Long.MIN_VALUE, 0x0123456789abcdefL, 0xfedcba9876543210L};
    int[][] table = {
      {0, 1, 9, 9, 390, 1666716},
      {0, 1, 1, 1, 215, 185733},
      {0, 1, 5, 5, 835, 10765938},
      {0, 0, 0, 0, 48, 5532213},
      {0, 1, 9, 9, 745, 12478701},
      {0, 1, 8, 8, 948, 15603678},
      {0, 0, 7, 7, 761, 2354975}
    };
    int[] counts = {1, 2, 10, 11, 1000, 1 << 24};
    for (int i = 0; i < keys.length; i++) {
      for (int c = 0; c < counts.length; c++) {
        assertEquals(
            table[i][c],
            JumpBackHash.bucket(keys[i], counts[c]),
            "key " + Long.toHexString(keys[i]) + ", P=" + counts[c]);
      }
    }
  }

  private static String[] uniqueKeys(KeyGenerators g, int n) {
    String[] keys = new String[n];
    for (int i = 0; i < n; i++) {
      keys[i] =
          i
              + ":"
              + (i % 3 == 0
                  ? g.nonAscii(1, 8)
                  : g.ascii(0, 24)); // the prefix makes every key distinct
    }
    return keys;
  }
}
