package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertSame;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyScratch;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A ring table answers every key through {@link RingRouteIndex}, which reads the route of the key's
 * bucket instead of the bucket's partition. These tests hold it to the plain composition, the
 * table's route of the strategy's partition, for every key shape a table routes and for rings whose
 * buckets take every path: allocator rings (few crowded buckets), vnode-named rings, tokens bunched
 * into a few buckets (long scans), tokens on bucket edges and on threshold bits, retired partition
 * ids.
 */
class RingRouteIndexTest {
  private static final List<String> SIX = List.of("g0", "g1", "g2", "g3", "g4", "g5");

  private static Supplier<String> failure(long seed, String what, Object key) {
    return () ->
        "seed "
            + seed
            + ", "
            + what
            + ", key "
            + key
            + ": the route index and routes[partitionOf] disagree";
  }

  private static RoutingTable table(RingStrategy ring, KeyType keyType, SplittableRandom rnd) {
    List<String> ids = ring.weights().isEmpty() ? SIX : List.copyOf(ring.weights().keySet());
    List<ReplicaGroup> gs = new ArrayList<>();
    List<String> placement = new ArrayList<>();
    for (String id : ids) {
      gs.add(RingFixtures.group(id));
    }
    for (int p = 0; p < ring.partitionCount(); p++) {
      placement.add(ids.get(rnd.nextInt(ids.size())));
    }
    return RoutingTable.builder()
        .version(1)
        .entity("orders")
        .keyType(keyType)
        .strategy(ring)
        .groups(gs)
        .placement(placement)
        .build();
  }

  /** Rings of every shape the index treats differently. */
  private static List<RingStrategy> rings(SplittableRandom rnd) {
    List<RingStrategy> rings = new ArrayList<>();
    rings.add(
        (RingStrategy)
            RingFixtures.ring(
                    RingFixtures.groups(50),
                    RingFixtures.weights(RingFixtures.groups(50), rnd, 3),
                    16)
                .strategy());
    rings.add(
        RingStrategy.namedVnodes(
            List.of("edge-1", "edge-2", "edge-3", "edge-4"), RingStrategy.DEFAULT_NAMED_VNODES));
    long base = rnd.nextLong();
    rings.add(handWritten(rnd, n -> base + rnd.nextLong(1L << 20), 40)); // bunched: long scans
    rings.add(handWritten(rnd, n -> (long) rnd.nextInt(64) << 58, 30)); // on bucket starts
    rings.add(handWritten(rnd, n -> ((long) rnd.nextInt(64) << 58) - 1, 30)); // on bucket ends
    rings.add(handWritten(rnd, n -> rnd.nextLong(), 500)); // random, like names hashed
    rings.add(handWritten(rnd, n -> rnd.nextLong(), 1)); // one token owns the ring
    return rings;
  }

  private interface TokenSource {
    long next(int i);
  }

  /**
   * A mode-{@code tokens} ring of up to {@code n} distinct tokens, each owning its own partition,
   * some ids retired.
   */
  private static RingStrategy handWritten(SplittableRandom rnd, TokenSource source, int n) {
    long[] raw = new long[n];
    for (int i = 0; i < n; i++) {
      raw[i] = source.next(i);
    }
    long[] tokens = TokenIndexTest.sortedUnsigned(raw);
    boolean retired = rnd.nextBoolean(); // ids with gaps: partitions that own no token any more
    int partitionCount = retired ? 3 * tokens.length : tokens.length;
    int[] ids = new int[tokens.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = retired ? 3 * i + rnd.nextInt(3) : i;
    }
    for (int i = ids.length - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = ids[i];
      ids[i] = ids[j];
      ids[j] = t;
    }
    Map<String, Integer> weights = new java.util.TreeMap<>();
    SIX.forEach(g -> weights.put(g, 1));
    return RingStrategy.ofTokens(StableHash.xxh3(), tokens, ids, partitionCount, weights, 16);
  }

  private static String text(SplittableRandom rnd) {
    int len = rnd.nextInt(40);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < len; i++) {
      b.append(
          rnd.nextInt(10) == 0
              ? (char) (0x400 + rnd.nextInt(200))
              : (char) ('a' + rnd.nextInt(26)));
    }
    return b.toString();
  }

  @Test
  void route_isTheRouteOfThePartition_forEveryKeyShape() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (RingStrategy ring : rings(rnd)) {
      String what = ring.mode() + " ring of " + ring.tokenCount() + " tokens";
      RoutingTable strings = table(ring, KeyType.STRING, rnd);
      RoutingTable longs = table(ring, KeyType.LONG, rnd);
      RoutingTable ints = table(ring, KeyType.INT, rnd);
      RoutingTable uuids = table(ring, KeyType.UUID_KEY, rnd);
      RoutingTable times = table(ring, KeyType.TIMESTAMP, rnd);
      RoutingTable ss =
          table(ring, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING), rnd);
      RoutingTable sl = table(ring, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG), rnd);
      RoutingTable ll = table(ring, KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG), rnd);
      RoutingTable bytes = table(ring, KeyType.BYTES, rnd);
      for (int i = 0; i < 20_000; i++) {
        String s = text(rnd);
        long l = rnd.nextLong();
        assertSame(
            strings.routeOfPartition(ring.partitionOf(Keys.of(s))),
            strings.route(s),
            failure(seed, what, s));
        assertSame(
            longs.routeOfPartition(ring.partitionOf(Keys.of(l))),
            longs.route(l),
            failure(seed, what, l));
        assertSame(
            ints.routeOfPartition(ring.partitionOf(Keys.of((int) l))),
            ints.route((int) l),
            failure(seed, what, (int) l));
        UUID u = new UUID(l, rnd.nextLong());
        assertSame(
            uuids.routeOfPartition(ring.partitionOf(Keys.of(u))),
            uuids.route(u),
            failure(seed, what, u));
        Instant t =
            Instant.ofEpochSecond(
                rnd.nextLong(-1L << 40, 1L << 40), rnd.nextInt(1_000_000) * 1000L);
        assertSame(
            times.routeOfPartition(ring.partitionOf(Keys.of(t))),
            times.route(t),
            failure(seed, what, t));
        assertSame(
            ss.routeOfPartition(ring.partitionOf(Keys.of(s, s + "x"))),
            ss.route(s, s + "x"),
            failure(seed, what, s));
        assertSame(
            sl.routeOfPartition(ring.partitionOf(Keys.of(s, l))),
            sl.route(s, l),
            failure(seed, what, s));
        assertSame(
            ll.routeOfPartition(ring.partitionOf(Keys.of(l, ~l))),
            ll.route(l, ~l),
            failure(seed, what, l));
        CompositeKey c = CompositeKey.of(s, l);
        assertSame(
            sl.routeOfPartition(ring.partitionOf(Keys.of(c))), sl.route(c), failure(seed, what, c));
        byte[] b = new byte[rnd.nextInt(48)];
        rnd.nextBytes(b);
        assertSame(
            bytes.routeOfPartition(ring.partitionOf(b)),
            bytes.routeCanonical(b),
            failure(seed, what, Arrays.toString(b)));
        int off = b.length == 0 ? 0 : rnd.nextInt(b.length);
        assertSame(
            bytes.routeOfPartition(ring.partitionOf(b, off, b.length - off)),
            bytes.routeCanonical(b, off, b.length - off),
            failure(seed, what, Arrays.toString(b) + " from " + off));
      }
    }
  }

  @Test
  void route_onEveryTokenAndItsNeighbours_isTheRouteOfThePartition() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (RingStrategy ring : rings(rnd)) {
      RoutingTable bytes = table(ring, KeyType.BYTES, rnd);
      RingRouteIndex index = new RingRouteIndex(ring, ring.index(), routes(bytes));
      String what = ring.mode() + " ring of " + ring.tokenCount() + " tokens";
      for (int i = 0; i < ring.tokenCount(); i++) {
        long t = ring.token(i);
        for (long p :
            new long[] {t - 1, t, t + 1, t & -(1L << 40), (t | ((1L << 40) - 1)), t ^ 1L << 30}) {
          assertSame(
              bytes.routeOfPartition(ring.partitionOfHash(p)),
              index.routeOfPoint(p),
              failure(seed, what, Long.toHexString(p)));
        }
      }
      for (long p : new long[] {0, 1, -1L, -2L, Long.MIN_VALUE, Long.MAX_VALUE}) {
        assertSame(
            bytes.routeOfPartition(ring.partitionOfHash(p)),
            index.routeOfPoint(p),
            failure(seed, what, Long.toHexString(p)));
      }
    }
  }

  private static Route[] routes(RoutingTable t) {
    Route[] routes = new Route[t.partitionCount()];
    for (int p = 0; p < routes.length; p++) {
      routes[p] = t.routeOfPartition(p);
    }
    return routes;
  }

  @Test
  void nullKeys_areRefusedAsByTheStrategy() {
    RingStrategy ring = rings(new SplittableRandom(3)).get(0);
    SplittableRandom rnd = new SplittableRandom(5);
    RoutingTable strings = table(ring, KeyType.STRING, rnd);
    RoutingTable uuids = table(ring, KeyType.UUID_KEY, rnd);
    RoutingTable times = table(ring, KeyType.TIMESTAMP, rnd);
    RoutingTable ss = table(ring, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING), rnd);
    RoutingTable bytes = table(ring, KeyType.BYTES, rnd);
    org.junit.jupiter.api.function.Executable[] calls = {
      () -> strings.route((String) null), () -> uuids.route((UUID) null),
          () -> times.route((Instant) null),
      () -> ss.route("a", (String) null), () -> ss.route((String) null, "b"),
          () -> bytes.routeCanonical(null),
      () -> bytes.routeCanonical(null, 0, 0)
    };
    org.junit.jupiter.api.function.Executable[] plain = {
      () -> ring.partitionOf(Keys.of((String) null)),
      () -> ring.partitionOf(Keys.of((UUID) null)),
      () -> ring.partitionOf(Keys.of((Instant) null)),
      () -> ring.partitionOf(Keys.of("a", (String) null)),
      () -> ring.partitionOf(Keys.of((String) null, "b")),
      () -> ring.partitionOf((byte[]) null),
      () -> ring.partitionOf(null, 0, 0)
    };
    for (int i = 0; i < calls.length; i++) {
      Throwable expected =
          org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, plain[i]);
      Throwable actual =
          org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, calls[i]);
      org.junit.jupiter.api.Assertions.assertEquals(
          expected.getClass(), actual.getClass(), "call " + i + ": " + actual);
    }
  }

  @Test
  void scratchKeys_longerThanTheScratch_routeAlike() {
    RingStrategy ring =
        (RingStrategy)
            RingFixtures.ring(
                    RingFixtures.groups(10),
                    RingFixtures.weights(RingFixtures.groups(10), null, 1),
                    16)
                .strategy();
    RoutingTable ss =
        table(
            ring,
            KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING),
            new SplittableRandom(7));
    String longText = "x".repeat(KeyScratch.get().bytes().length * 3 + 5);
    assertSame(
        ss.routeOfPartition(ring.partitionOf(Keys.of(longText, longText))),
        ss.route(longText, longText));
  }
}
