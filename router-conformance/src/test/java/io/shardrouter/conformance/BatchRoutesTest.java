package io.shardrouter.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyRouter;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.hash.HashModStrategy;
import io.shardrouter.hash.StableHash;
import io.shardrouter.lookup.LookupStrategy;
import io.shardrouter.lookup.LookupStrategyBuilder;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.ReferenceEncoding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A batch route gives exactly the routes of single calls: every example document of docs/examples
 * (each strategy the project ships, each key type they use), lookup directories of every key shape
 * with most keys hits, through every typed batch of the key type and the canonical batch, on the
 * table and on a router, at offsets within the arrays. Seeded; the seed is printed.
 */
class BatchRoutesTest {
  private static final long SEED = KeyGenerators.seedOr(0x5EED_BA7CL);
  private static final int KEYS = 300;

  static {
    System.out.println("BatchRoutesTest seed " + SEED + " (-D" + KeyGenerators.SEED_PROPERTY + ")");
  }

  private static List<RoutingTable> exampleTables() throws IOException {
    List<RoutingTable> tables = new ArrayList<>();
    try (DirectoryStream<Path> dir =
        Files.newDirectoryStream(Path.of("..", "docs", "examples"), "*.json")) {
      for (Path file : dir) {
        tables.add(RoutingDocuments.read(file));
      }
    }
    assertTrue(tables.size() >= 10, () -> "found only " + tables.size() + " example tables");
    return tables;
  }

  @Test
  void routeAll_everyExampleTable_sameRoutesAsSingleCalls() throws IOException {
    KeyGenerators g = KeyGenerators.seeded(SEED);
    for (RoutingTable t : exampleTables()) {
      List<Object> keys = new ArrayList<>();
      while (keys.size() < KEYS) {
        Object k = g.keyOf(t.keyType());
        try {
          t.routeCanonical(ReferenceEncoding.key(k));
          keys.add(k);
        } catch (NoRouteException e) {
          // a range table refuses keys outside its ranges: left out here, tested below at an index
        }
      }
      checkBatches(t, keys);
    }
  }

  @Test
  void routeAll_keyInNoRange_refusedAtItsIndex_sameExceptionType() throws IOException {
    RoutingTable t = RoutingDocuments.read(Path.of("..", "docs", "examples", "range-compact.json"));
    Instant in = Instant.parse("2026-02-01T00:00:00Z");
    Instant before = Instant.parse("2020-01-01T00:00:00Z");
    Route[] out = new Route[3];
    NoRouteException e =
        assertThrows(
            NoRouteException.class, () -> t.routeAll(new Instant[] {in, before, in}, 0, 3, out));
    assertTrue(e.getMessage().startsWith("keys[1]: key 2020-01-01T00:00:00Z"), e::getMessage);
    assertEquals(assertThrows(NoRouteException.class, () -> t.route(before)).key(), e.key());
    assertSame(t.route(in), out[0]);
    assertNull(out[2]);
  }

  @Test
  void partitionsOf_keyInNoRangeOrNull_refusedAtItsIndex_partitionsBeforeItWritten()
      throws IOException {
    RoutingTable t = RoutingDocuments.read(Path.of("..", "docs", "examples", "range-compact.json"));
    byte[] in = ReferenceEncoding.key(Instant.parse("2026-02-01T00:00:00Z"));
    byte[] before = ReferenceEncoding.key(Instant.parse("2020-01-01T00:00:00Z"));
    int[] out = {-1, -1, -1};
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () -> t.strategy().partitionsOf(new byte[][] {in, before, in}, 0, 3, out));
    assertTrue(e.getMessage().startsWith("keys[1]: "), e::getMessage);
    assertTrue(
        e.getMessage().endsWith("(the partitions of keys before it are written, none after)"),
        e::getMessage);
    assertEquals(t.route(Instant.parse("2026-02-01T00:00:00Z")).partition(), out[0]);
    assertEquals(-1, out[2]);

    LookupStrategy lookup =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(HashModStrategy.of(StableHash.xxh3(), 8))
            .partitions(8)
            .entry("tenant-a".getBytes(StandardCharsets.UTF_8), 5)
            .build();
    byte[] a = "tenant-a".getBytes(StandardCharsets.UTF_8);
    int[] parts = {-1, -1, -1, -1};
    InvalidKeyException n =
        assertThrows(
            InvalidKeyException.class,
            () -> lookup.partitionsOf(new byte[][] {a, a, null, a}, 0, 4, parts));
    assertEquals(
        "keys[2]: key is null; a null key has no partition: check the caller's value before"
            + " routing (the partitions of keys before it are written, none after)",
        n.getMessage());
    assertArrayEquals(new int[] {5, 5, -1, -1}, parts);
    assertThrows(
        IndexOutOfBoundsException.class,
        () -> lookup.partitionsOf(new byte[][] {a, a}, 0, 2, new int[1]));
    assertThrows(
        IndexOutOfBoundsException.class,
        () -> lookup.partitionsOf(new byte[][] {a, a}, 1, 3, new int[3]));
  }

  @Test
  void routeAll_lookupDirectoriesOfEveryShape_hitsAndMisses_sameRoutesAsSingleCalls() {
    KeyGenerators g = KeyGenerators.seeded(SEED + 1);
    SplittableRandom rnd = new SplittableRandom(SEED);
    List<KeyType> types =
        List.of(
            KeyType.STRING,
            KeyType.LONG,
            KeyType.INT,
            KeyType.UUID_KEY,
            KeyType.TIMESTAMP,
            KeyType.BYTES,
            KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG),
            KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING),
            KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.INT),
            KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG),
            KeyType.composite(KeyType.Kind.INT, KeyType.Kind.LONG),
            KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.INT));
    for (KeyType type : types) {
      PartitionStrategy fallback = HashModStrategy.of(StableHash.xxh3(), 8);
      LookupStrategyBuilder b = LookupStrategy.builder(type).fallback(fallback).partitions(40);
      List<Object> held = new ArrayList<>();
      Set<String> distinct = new HashSet<>();
      while (held.size() < 2_000) {
        Object k = g.keyOf(type);
        byte[] bytes = ReferenceEncoding.key(k);
        if (distinct.add(KeyText.hex(bytes))) {
          held.add(k);
          b.entry(bytes, 8 + rnd.nextInt(32));
        }
      }
      LookupStrategy lookup = b.build();
      // LookupStrategy implements BatchPartitions (a type fact the compiler checks; asserting it
      // here could never fail), so the table routes its groups through prepare, load and finish
      RoutingTable t = table(lookup, type);
      List<Object> keys = new ArrayList<>();
      for (int i = 0; i < KEYS; i++) {
        // three hits in four, the rest most likely misses (to the fallback)
        keys.add(rnd.nextInt(4) == 0 ? g.keyOf(type) : held.get(rnd.nextInt(held.size())));
      }
      checkBatches(t, keys);
    }
  }

  /** Every batch form that takes keys of {@code t}'s type gives the single routes. */
  private static void checkBatches(RoutingTable t, List<Object> keys) {
    Route[] expected = new Route[keys.size()];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = t.routeCanonical(ReferenceEncoding.key(keys.get(i)));
    }
    for (KeyRouter r : List.of(t, Router.create(t))) {
      String ctx = t + " through " + r.getClass().getSimpleName() + ", seed " + SEED;
      byte[][] canonical = new byte[keys.size()][];
      for (int i = 0; i < canonical.length; i++) {
        canonical[i] = ReferenceEncoding.key(keys.get(i));
      }
      assertBatch(
          expected,
          ctx + " canonical",
          (from, to, out) -> r.routeAllCanonical(canonical, from, to, out));
      if (r == t) {
        checkStrategyBatch(t, canonical, expected);
      }
      KeyType type = t.keyType();
      if (type.equals(KeyType.STRING)) {
        String[] a = keys.toArray(new String[0]);
        assertBatch(expected, ctx, (from, to, out) -> r.routeAll(a, from, to, out));
      } else if (type.equals(KeyType.LONG) || type.equals(KeyType.INT)) {
        long[] a = new long[keys.size()];
        for (int i = 0; i < a.length; i++) {
          a[i] = ((Number) keys.get(i)).longValue();
        }
        assertBatch(expected, ctx, (from, to, out) -> r.routeAll(a, from, to, out));
      } else if (type.equals(KeyType.UUID_KEY)) {
        UUID[] a = keys.toArray(new UUID[0]);
        assertBatch(expected, ctx, (from, to, out) -> r.routeAll(a, from, to, out));
      } else if (type.equals(KeyType.TIMESTAMP)) {
        Instant[] a = keys.toArray(new Instant[0]);
        assertBatch(expected, ctx, (from, to, out) -> r.routeAll(a, from, to, out));
      } else if (type.isComposite()) {
        CompositeKey[] a = new CompositeKey[keys.size()];
        for (int i = 0; i < a.length; i++) {
          a[i] = CompositeKey.of((Object[]) keys.get(i));
        }
        assertBatch(expected, ctx, (from, to, out) -> r.routeAll(a, from, to, out));
        checkPairBatches(r, type, keys, expected, ctx);
      }
    }
  }

  /**
   * The two-array batch of a two-part key type ({@code (string, string)}, {@code (string, long or
   * int)}, two integers) gives the single routes.
   */
  private static void checkPairBatches(
      KeyRouter r, KeyType type, List<Object> keys, Route[] expected, String ctx) {
    List<KeyType.Kind> parts = type.parts();
    if (parts.size() != 2) {
      return;
    }
    int n = keys.size();
    Object[] part0 = new Object[n];
    Object[] part1 = new Object[n];
    for (int i = 0; i < n; i++) {
      Object[] k = (Object[]) keys.get(i);
      part0[i] = k[0];
      part1[i] = k[1];
    }
    boolean text0 = parts.get(0) == KeyType.Kind.STRING;
    boolean text1 = parts.get(1) == KeyType.Kind.STRING;
    if (text0 && text1) {
      String[] a = Arrays.copyOf(part0, n, String[].class);
      String[] b = Arrays.copyOf(part1, n, String[].class);
      assertBatch(expected, ctx + " pairs", (from, to, out) -> r.routeAll(a, b, from, to, out));
    } else if (text0 && integer(parts.get(1))) {
      String[] a = Arrays.copyOf(part0, n, String[].class);
      long[] b = longs(part1);
      assertBatch(expected, ctx + " pairs", (from, to, out) -> r.routeAll(a, b, from, to, out));
    } else if (integer(parts.get(0)) && integer(parts.get(1))) {
      long[] a = longs(part0);
      long[] b = longs(part1);
      assertBatch(expected, ctx + " pairs", (from, to, out) -> r.routeAll(a, b, from, to, out));
    }
  }

  private static boolean integer(KeyType.Kind k) {
    return k == KeyType.Kind.LONG || k == KeyType.Kind.INT;
  }

  private static long[] longs(Object[] numbers) {
    long[] out = new long[numbers.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) numbers[i]).longValue();
    }
    return out;
  }

  /**
   * The strategy alone ({@link PartitionStrategy#partitionsOf(byte[][], int, int, int[])}): the
   * partitions of the table's routes, whole and at an offset, nothing outside the slice written.
   */
  private static void checkStrategyBatch(RoutingTable t, byte[][] canonical, Route[] expected) {
    PartitionStrategy s = t.strategy();
    String ctx = s.type() + " of " + t + ", seed " + SEED;
    int[] whole = new int[canonical.length];
    s.partitionsOf(canonical, 0, canonical.length, whole);
    int[] slice = new int[canonical.length];
    Arrays.fill(slice, -7);
    int from = 7;
    int to = canonical.length - 5;
    s.partitionsOf(canonical, from, to, slice);
    for (int i = 0; i < canonical.length; i++) {
      assertEquals(expected[i].partition(), whole[i], "key " + i + " of " + ctx);
      assertEquals(
          i < from || i >= to ? -7 : expected[i].partition(),
          slice[i],
          "key " + i + " of the slice, " + ctx);
    }
  }

  @FunctionalInterface
  private interface Batch {
    void route(int from, int to, Route[] out);
  }

  /**
   * The whole batch, then a slice at an offset: the routes are the single routes, and nothing
   * outside the slice is written.
   */
  private static void assertBatch(Route[] expected, String ctx, Batch batch) {
    Route[] out = new Route[expected.length];
    batch.route(0, expected.length, out);
    for (int i = 0; i < expected.length; i++) {
      assertSame(expected[i], out[i], "key " + i + " of " + ctx);
    }
    Route[] slice = new Route[expected.length];
    int from = 7;
    int to = expected.length - 5;
    batch.route(from, to, slice);
    for (int i = 0; i < expected.length; i++) {
      if (i < from || i >= to) {
        assertNull(slice[i], "written outside the slice at " + i + ", " + ctx);
      } else {
        assertSame(expected[i], slice[i], "key " + i + " of the slice, " + ctx);
      }
    }
  }

  @Test
  void routeAll_badInput_refusedNamingTheKeyOrTheRange() {
    RoutingTable t =
        table(
            LookupStrategy.builder(KeyType.STRING)
                .fallback(HashModStrategy.of(StableHash.xxh3(), 8))
                .partitions(9)
                .entry("vip", 8)
                .build(),
            KeyType.STRING);
    Route[] out = new Route[4];
    InvalidKeyException wrongType =
        assertThrows(InvalidKeyException.class, () -> t.routeAll(new long[] {1, 2}, 0, 2, out));
    assertEquals(
        "entity 'orders' routes keys of type string, not long or int; got an integer key: call"
            + " routeAll(String[], ...) (the same value in another type has other canonical bytes"
            + " and another partition)",
        wrongType.getMessage());
    assertNull(out[0], "nothing written for a batch of the wrong key type");

    String[] withNull = {"a", "vip", null, "d"};
    InvalidKeyException nullKey =
        assertThrows(InvalidKeyException.class, () -> t.routeAll(withNull, 0, 4, out));
    assertTrue(nullKey.getMessage().startsWith("keys[2]: key is null"), nullKey::getMessage);
    assertTrue(
        nullKey.getMessage().endsWith("(the routes of keys before it are written, none after)"),
        nullKey::getMessage);
    assertSame(t.route("vip"), out[1], "the routes before the refused key are written");
    assertNull(out[3], "none after");

    byte[][] nullBytes = {{1}, null};
    InvalidKeyException nullCanonical =
        assertThrows(
            InvalidKeyException.class, () -> t.routeAllCanonical(nullBytes, 0, 2, new Route[2]));
    assertTrue(
        nullCanonical.getMessage().startsWith("keys[1]: key is null"), nullCanonical::getMessage);

    String[] lone = {"ok", "\uD800"};
    InvalidKeyException surrogate =
        assertThrows(InvalidKeyException.class, () -> t.routeAll(lone, 0, 2, new Route[2]));
    assertTrue(surrogate.getMessage().startsWith("keys[1]: "), surrogate::getMessage);

    IndexOutOfBoundsException shortOut =
        assertThrows(
            IndexOutOfBoundsException.class,
            () -> t.routeAll(new String[] {"a", "b", "c"}, 0, 3, new Route[2]));
    assertEquals(
        "out has 2 elements, fewer than the 3 the batch writes (route i goes to out[i]): give an"
            + " array at least as long as the keys'",
        shortOut.getMessage());
    assertThrows(
        IndexOutOfBoundsException.class, () -> t.routeAll(new String[] {"a"}, 0, 2, new Route[4]));
    assertThrows(
        IndexOutOfBoundsException.class, () -> t.routeAll(new String[] {"a"}, 1, 0, new Route[4]));

    RoutingTable ints = table(HashModStrategy.of(StableHash.xxh3(), 8), KeyType.INT);
    InvalidKeyException beyond =
        assertThrows(
            InvalidKeyException.class,
            () -> ints.routeAll(new long[] {1, 1L << 40}, 0, 2, new Route[2]));
    assertTrue(
        beyond.getMessage().startsWith("keys[1]: entity 'orders' routes keys of type int; the key"),
        beyond::getMessage);
  }

  private static RoutingTable table(PartitionStrategy strategy, KeyType keyType) {
    RoutingTable.Builder b =
        RoutingTable.builder().version(1).entity("orders").keyType(keyType).strategy(strategy);
    List<String> placement = new ArrayList<>();
    for (int g = 0; g < 3; g++) {
      b.group(ReplicaGroup.of("g" + g, "db" + g + ":5432"));
    }
    for (int p = 0; p < strategy.partitionCount(); p++) {
      placement.add("g" + (p % 3));
    }
    return b.placement(placement).build();
  }
}
