package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * What {@code jump} and {@code jump_back} share, checked alike for both: the strategy contract, the
 * golden partitions and raw buckets of {@code <type>.json} (tools/golden(), independent
 * implementations), and the consistency claims as seeded property tests: growing P to P+1 moves
 * only keys that land on the new partition, about 1/(P+1) of them (also at powers of two and their
 * neighbours from 2^16 to 2^24); keys spread evenly (also where P only partly covers its top
 * power-of-two range, where the walk of the jump_back family runs); the factory's refusals and
 * printed form.
 */
abstract class ConsistentHashStrategyTest extends PartitionStrategyContract {

  /** The strategy type, also the golden file's name. */
  abstract String type();

  /** The strategy over {@code partitions} partitions with {@code hash}. */
  abstract HashPartitionStrategy of(StableHash hash, int partitions);

  /** The bucket function itself, over a raw 64-bit key. */
  abstract int bucket(long key, int buckets);

  /** The bucket function's name in failure reports. */
  abstract String bucketName();

  /** The raw bucket vectors the golden file must hold at least. */
  abstract int minRawVectors();

  private JsonNode golden() {
    return Golden.load(type() + ".json");
  }

  @Override
  protected List<PartitionStrategy> strategies() {
    List<PartitionStrategy> out = new ArrayList<>();
    for (StableHash h : TestHashes.ALL) {
      for (int p : TestHashes.CONTRACT_COUNTS) {
        out.add(of(h, p));
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- golden()

  @Test
  void partitionOf_goldenKeys_matchIndependentImplementation() {
    GoldenPartitions g = new GoldenPartitions(golden(), this::of, seed());
    g.checkCanonicalBytes();
    g.checkEntryPoints();
    assertTrue(
        g.failures().isEmpty(),
        () ->
            Golden.report(type() + " vs golden/" + type() + ".json, seed=" + seed(), g.failures()));
  }

  @Test
  void route_goldenKeys_matchThroughRoutingTableAndRouter() {
    GoldenPartitions g = new GoldenPartitions(golden(), this::of, seed());
    g.checkRouters();
    assertTrue(
        g.failures().isEmpty(),
        () ->
            Golden.report(
                type() + " routes vs golden/" + type() + ".json, seed=" + seed(), g.failures()));
  }

  @Test
  void bucket_goldenVectors_matchIndependentImplementation() {
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (JsonNode v : golden().get("bucket_vectors")) {
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
        int actual = bucket(key, buckets);
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
    assertTrue(
        checked >= minRawVectors(),
        "golden file has only " + checked + " raw " + type() + " vectors");
    assertTrue(
        failures.isEmpty(),
        () -> Golden.report(bucketName() + " vs golden/" + type() + ".json", failures));
  }

  // ---------------------------------------------------------------- properties

  @Test
  void bucket_growingBuckets_keyStaysOrMovesToNewBucket() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    for (int i = 0; i < 2000; i++) {
      long key = g.anyLong();
      int previous = bucket(key, 1);
      assertEquals(0, previous, () -> "bucket(" + key + ", 1); " + g.describe());
      for (int n = 2; n <= 600; n++) {
        int b = bucket(key, n);
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
      int b = bucket(key, n);
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
          bucket(key, n),
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
        HashPartitionStrategy before = of(hash, p);
        HashPartitionStrategy after = of(hash, p + 1);
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
        HashPartitionStrategy s = of(hash, p);
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
                    + " "
                    + type()
                    + " P="
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
        assertThrows(IllegalArgumentException.class, () -> of(StableHash.xxh3(), 0));
    assertEquals(
        "strategy.partitions must be >= 1 for strategy '" + type() + "', got 0", e.getMessage());
  }

  @Test
  void of_overMaxPartitions_throwsIllegalArgument() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> of(StableHash.xxh3(), RoutingTable.MAX_PARTITIONS + 1));
    assertEquals(
        "strategy.partitions must be <= 16777216 for strategy '" + type() + "', got 16777217",
        e.getMessage());
  }

  @Test
  void toSpec_blake2b_printsNoSeed() {
    assertEquals(
        "{\"type\":\"" + type() + "\",\"hash\":\"blake2b-64\",\"partitions\":1024}",
        of(StableHash.byName("blake2b-64", 0), 1024).toString());
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

  @Test
  void bucket_growingAtLargeCounts_keyStaysOrMovesToNewBucket_aboutOneOverNPlus1() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    int keys = 400_000;
    // power-of-two boundaries (the walked range changes there) and counts between them
    int[] counts = {1 << 16, (1 << 16) + 1, 100_000, 1 << 20, 1_000_000, (1 << 24) - 1, 1 << 24};
    for (int n : counts) {
      int moved = 0;
      for (int i = 0; i < keys; i++) {
        long key = g.random().nextLong(); // the share needs uniform keys
        int a = bucket(key, n);
        int b = bucket(key, n + 1);
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
        counts[bucket(g.random().nextLong(), n)]++; // uniform: no edge keys
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
}
