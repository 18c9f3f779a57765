package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The batch routes of {@link KeyRouter} ({@code routeAll} of each key shape and {@code
 * routeAllCanonical}) on a {@link RoutingTable} and a {@link Router}: {@code out[i]} is the route
 * of {@code keys[i]} for {@code i} in {@code [from, to)} and nothing else is written; a strategy
 * with {@link BatchPartitions} sees each group of up to 16 keys prepared and then finished; a bad
 * range or a key of the wrong type is refused before anything is written; a refused key names its
 * index, the routes before it written, none after.
 */
class KeyEdgeBatchTest {
  private static final int P = 13;

  private static RoutingTable table(PartitionStrategy s, KeyType type) {
    return Tables.table(1, s, type, 3);
  }

  /**
   * The route of the key whose canonical bytes are {@code canonical}, as the single route gives.
   */
  private static Route routeOf(KeyRouter r, byte[] canonical) {
    RoutingTable t = r instanceof Router router ? router.table() : (RoutingTable) r;
    return t.routeOfPartition(BatchSumStrategy.sumPartition(canonical, P));
  }

  /** What a batch of {@code keys[from, to)} must leave in an array of {@code n}. */
  private static <K> Route[] expected(
      KeyRouter r, K[] keys, Function<K, byte[]> canonical, int from, int to, int n) {
    Route[] e = new Route[n];
    for (int i = from; i < to; i++) {
      e[i] = routeOf(r, canonical.apply(keys[i]));
    }
    return e;
  }

  private static Random random(long seed) {
    System.out.println("KeyEdgeBatchTest seed " + seed);
    return new Random(seed);
  }

  private static Long[] boxed(long[] keys) {
    Long[] b = new Long[keys.length];
    for (int i = 0; i < keys.length; i++) {
      b[i] = keys[i];
    }
    return b;
  }

  // ---- long and int keys

  @Test
  void longKeys_batchStrategy_groupsOfSixteen_exactlyTheRange() {
    long[] keys = random(201).longs(40).toArray();
    BatchSumStrategy s = new BatchSumStrategy(P);
    RoutingTable t = table(s, KeyType.LONG);
    Route[] out = new Route[41];
    t.routeAll(keys, 3, 37, out);
    assertArrayEquals(expected(t, boxed(keys), CanonicalKeys::of, 3, 37, 41), out);
    assertEquals(StrategyBatchesEdgeTest.groups(16, 16, 2), s.calls.toString());
    for (int i = 3; i < 37; i++) {
      assertSame(t.route(keys[i]), out[i]);
    }
  }

  /**
   * A key its strategy refuses while its group is prepared: the group's keys before it are finished
   * and written (until 2026-12-07 the long batch lost them), for long and timestamp keys.
   */
  @Test
  void longAndTimestampKeys_refusedInPrepare_groupBeforeItWritten() {
    long[] keys = random(214).longs(40).toArray();
    for (int i = 0; i < keys.length; i++) {
      keys[i] &= ~0x20L; // no first byte of 0xEE or 0xEF, which BatchSumStrategy refuses
    }
    keys[21] = 0x1234_5600L | 0xEE; // refused: its first (little-endian) byte is 0xEE
    RoutingTable t = table(new BatchSumStrategy(P), KeyType.LONG);
    Route[] out = new Route[40];
    NoRouteException e = assertThrows(NoRouteException.class, () -> t.routeAll(keys, 2, 40, out));
    assertTrue(e.getMessage().startsWith("keys[21]: "), e.getMessage());
    for (int i = 0; i < 40; i++) {
      assertEquals(i >= 2 && i < 21 ? t.route(keys[i]) : null, out[i], "long " + i);
    }

    Instant[] times = new Instant[40];
    for (int i = 0; i < times.length; i++) {
      long micros = keys[i] & 0x0FFF_FFFF_FFFFL; // within Instant's range
      times[i] = Instant.EPOCH.plusNanos(micros * 1000);
    }
    RoutingTable ts = table(new BatchSumStrategy(P), KeyType.TIMESTAMP);
    Route[] tout = new Route[40];
    NoRouteException te =
        assertThrows(NoRouteException.class, () -> ts.routeAll(times, 2, 40, tout));
    assertTrue(te.getMessage().startsWith("keys[21]: "), te.getMessage());
    for (int i = 0; i < 40; i++) {
      assertEquals(i >= 2 && i < 21 ? ts.route(times[i]) : null, tout[i], "timestamp " + i);
    }
  }

  @Test
  void longKeys_plainStrategy_throughARouter() {
    long[] keys = random(202).longs(20).toArray();
    Router r = Router.create(table(new ByteSumStrategy(P), KeyType.LONG));
    Route[] out = new Route[20];
    r.routeAll(keys, 0, 20, out); // out exactly as long as the batch
    assertArrayEquals(expected(r, boxed(keys), CanonicalKeys::of, 0, 20, 20), out);
    Route[] none = new Route[20];
    r.routeAll(keys, 20, 20, none);
    assertArrayEquals(new Route[20], none);
  }

  @Test
  void intKeys_batchStrategy_routedAsInts_andOneOutsideIntRangeNamedByIndex() {
    long[] keys = new long[20];
    Random rnd = random(203);
    for (int i = 0; i < keys.length; i++) {
      keys[i] = rnd.nextInt();
    }
    BatchSumStrategy s = new BatchSumStrategy(P);
    Router r = Router.create(table(s, KeyType.INT));
    Route[] out = new Route[20];
    r.routeAll(keys, 1, 19, out);
    Route[] e = new Route[20];
    for (int i = 1; i < 19; i++) {
      e[i] = routeOf(r, CanonicalKeys.of((int) keys[i])); // 4 bytes, not 8
    }
    assertArrayEquals(e, out);

    keys[9] = 1L << 32;
    Route[] partial = new Route[20];
    InvalidKeyException x =
        assertThrows(InvalidKeyException.class, () -> r.routeAll(keys, 1, 19, partial));
    assertTrue(
        x.getMessage()
            .startsWith(
                "keys[9]: entity 'orders' routes keys of type int; the key 4294967296 is outside the"
                    + " int range"),
        x.getMessage());
    assertTrue(
        x.getMessage().endsWith("(the routes of keys before it are written, none after)"),
        x.getMessage());
    Route[] before = new Route[20];
    System.arraycopy(e, 1, before, 1, 8);
    assertArrayEquals(before, partial);
  }

  @Test
  void integerBatch_forAnEntityOfOtherKeys_refusedBeforeAnythingIsWritten() {
    RoutingTable t = table(new BatchSumStrategy(P), KeyType.STRING);
    Route[] out = new Route[4];
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> t.routeAll(new long[] {1, 2, 3}, 0, 3, out));
    assertEquals(
        "entity 'orders' routes keys of type string, not long or int; got an integer key: call"
            + " routeAll(String[], ...) (the same value in another type has other canonical bytes and another"
            + " partition)",
        e.getMessage());
    assertArrayEquals(new Route[4], out);
    // the range is checked first
    assertThrows(
        IndexOutOfBoundsException.class, () -> t.routeAll(new long[] {1, 2, 3}, 0, 4, out));
  }

  // ---- timestamps

  @Test
  void timestampKeys_exactlyTheRange_andARefusedInstantNamedByIndex() {
    Instant[] keys = new Instant[12];
    Random rnd = random(204);
    for (int i = 0; i < keys.length; i++) {
      keys[i] = Instant.ofEpochSecond(rnd.nextInt(2_000_000_000), rnd.nextInt(1_000_000) * 1000L);
    }
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategy(P), new BatchSumStrategy(P)}) {
      RoutingTable t = table(s, KeyType.TIMESTAMP);
      Route[] out = new Route[13];
      t.routeAll(keys, 2, 12, out);
      assertArrayEquals(expected(t, keys, CanonicalKeys::of, 2, 12, 13), out, s.type());
    }
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategy(P), new BatchSumStrategy(P)}) {
      RoutingTable t = table(s, KeyType.TIMESTAMP);
      Instant[] bad = keys.clone();
      bad[6] = Instant.ofEpochSecond(5, 1); // finer than a microsecond
      Route[] out = new Route[12];
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> t.routeAll(bad, 2, 12, out));
      assertTrue(e.getMessage().startsWith("keys[6]: timestamp "), e.getMessage());
      assertArrayEquals(expected(t, keys, CanonicalKeys::of, 2, 6, 12), out, s.type());
      for (Instant refused : new Instant[] {null, Instant.MAX}) { // no key; out of the range
        Instant[] worse = keys.clone();
        worse[8] = refused;
        Route[] some = new Route[12];
        InvalidKeyException w =
            assertThrows(InvalidKeyException.class, () -> t.routeAll(worse, 2, 12, some));
        assertEquals(
            "keys[8]: "
                + assertThrows(InvalidKeyException.class, () -> t.route(refused)).getMessage()
                + " (the routes of keys before it are written, none after)",
            w.getMessage(),
            s.type());
        assertArrayEquals(expected(t, keys, CanonicalKeys::of, 2, 8, 12), some, s.type());
      }
    }
    // a batch strategy sees the timestamps in groups: prepared, loaded, then finished
    BatchSumStrategy b = new BatchSumStrategy(P);
    table(b, KeyType.TIMESTAMP).routeAll(keys, 2, 12, new Route[12]);
    assertEquals("p".repeat(10) + "l".repeat(10) + "f".repeat(10), b.calls.toString());
  }

  @Test
  void timestampBatch_forAnEntityOfOtherKeys_refusedBeforeAnythingIsWritten() {
    RoutingTable t = table(new ByteSumStrategy(P), KeyType.LONG);
    Instant[] keys = {Instant.EPOCH, Instant.EPOCH};
    Route[] out = new Route[2];
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> t.routeAll(keys, 0, 2, out));
    assertTrue(
        e.getMessage()
            .startsWith(
                "entity 'orders' routes keys of type long, not timestamp; got an Instant key"),
        e.getMessage());
    assertArrayEquals(new Route[2], out);
    assertThrows(IndexOutOfBoundsException.class, () -> t.routeAll(keys, 1, 0, out));
  }

  // ---- strings, uuids, composites, canonical bytes

  /** ASCII keys (read in place) mixed with others (encoded into the scratch buffer). */
  private static String[] strings(long seed, int n) {
    Random rnd = random(seed);
    String[] keys = new String[n];
    for (int i = 0; i < n; i++) {
      keys[i] = (i % 3 == 0 ? "ключ-" : "order-") + rnd.nextInt(1_000_000);
    }
    return keys;
  }

  @Test
  void stringKeys_bothStrategies_matchSingleRoutes_inGroups() {
    String[] keys = strings(205, 37);
    for (int variant = 0; variant < 2; variant++) {
      BatchSumStrategy b = new BatchSumStrategy(P);
      PartitionStrategy s = variant == 0 ? new ByteSumStrategy(P) : b;
      KeyRouter r =
          variant == 0 ? table(s, KeyType.STRING) : Router.create(table(s, KeyType.STRING));
      Route[] out = new Route[40];
      r.routeAll(keys, 1, 36, out);
      assertArrayEquals(expected(r, keys, CanonicalKeys::of, 1, 36, 40), out, s.type());
      for (int i = 1; i < 36; i++) {
        assertSame(r.route(keys[i]), out[i]);
      }
      if (variant == 1) {
        assertEquals(StrategyBatchesEdgeTest.groups(16, 16, 3), b.calls.toString());
      }
    }
  }

  /**
   * Keys that are not read in place are encoded once per group into a buffer that grows while the
   * group is prepared: long non-ASCII keys after short ones, ASCII keys read in place between them,
   * one key more than twice as long as the buffer was, and a second batch on the same thread whose
   * group is shorter. {@link BatchSumStrategy} checks that each finish gets the bytes its prepare
   * got. It runs on a thread of its own, whose buffer no earlier test has grown (the lengths are
   * still taken from the buffer), so that the group stays under {@link KeyScratch#RETAINED_BYTES}
   * and the thread keeps what it grew.
   */
  @Test
  void encodedKeys_groupBufferGrowsWithinAGroup_everyFinishGetsItsOwnBytes() throws Throwable {
    onAThreadOfItsOwn(KeyEdgeBatchTest::groupBufferGrowsWithinAGroup);
  }

  private static void onAThreadOfItsOwn(Runnable body) throws Throwable {
    Throwable[] failed = new Throwable[1];
    Thread thread =
        new Thread(
            () -> {
              try {
                body.run();
              } catch (Throwable e) {
                failed[0] = e;
              }
            });
    thread.start();
    thread.join();
    if (failed[0] != null) {
      throw failed[0];
    }
  }

  private static void groupBufferGrowsWithinAGroup() {
    Random rnd = random(209);
    int before = KeyScratch.get().group().length;
    String[] keys = new String[40];
    for (int i = 0; i < keys.length; i++) {
      // the later half of each group is long: "é" is 2 bytes, so each is about half the buffer
      int repeat = i % 16 < 8 ? 1 : before / 4 + rnd.nextInt(before / 8);
      keys[i] =
          i % 4 == 1
              ? "ascii-" + rnd.nextInt(1_000_000) // read in place
              : "é".repeat(repeat) + "ключ-" + rnd.nextInt(1_000_000) + "-\uD83D\uDE00";
    }
    keys[4] = "é".repeat(before + 1); // more than twice the buffer, after three keys of its group
    BatchSumStrategy b = new BatchSumStrategy(P);
    RoutingTable t = table(b, KeyType.STRING);
    Route[] out = new Route[40];
    t.routeAll(keys, 0, 40, out);
    assertArrayEquals(expected(t, keys, CanonicalKeys::of, 0, 40, 40), out);
    for (int i = 0; i < keys.length; i++) {
      assertSame(t.route(keys[i]), out[i], keys[i]);
    }
    int grown = KeyScratch.get().group().length;
    assertTrue(grown > 2 * before, "grown from " + before + " to " + grown);
    for (int n = 0; n < 3; n++) {
      t.routeAll(keys, 0, 40, out); // each group starts the buffer over: it grows no further
    }
    assertEquals(grown, KeyScratch.get().group().length);
    String[] shorter = strings(210, 5);
    Route[] again = new Route[5];
    t.routeAll(shorter, 0, 5, again);
    assertArrayEquals(expected(t, shorter, CanonicalKeys::of, 0, 5, 5), again);

    UUID[] uuids = new UUID[18];
    CompositeKey[] composites = new CompositeKey[18];
    for (int i = 0; i < uuids.length; i++) {
      uuids[i] = new UUID(rnd.nextLong(), rnd.nextLong());
      composites[i] = CompositeKey.of("é".repeat(1 + rnd.nextInt(200)), rnd.nextLong());
    }
    Router byUuid = Router.create(table(b, KeyType.UUID_KEY));
    Route[] u = new Route[18];
    byUuid.routeAll(uuids, 0, 18, u);
    assertArrayEquals(expected(byUuid, uuids, CanonicalKeys::of, 0, 18, 18), u);
    RoutingTable byComposite = table(b, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    Route[] c = new Route[18];
    byComposite.routeAll(composites, 0, 18, c);
    assertArrayEquals(expected(byComposite, composites, CompositeKey::toBytes, 0, 18, 18), c);
  }

  /**
   * A group whose encoded keys come to more than {@link KeyScratch#RETAINED_BYTES} grows the group
   * buffer for its batch only: the batch routes it as single calls do, and neither the end of the
   * batch (the long group first or last) nor a key refused after such a group leaves the thread
   * holding more than the bound.
   */
  @Test
  void groupLongerThanTheBound_routed_thenGivenUpAtTheBatchEnd() {
    Random rnd = random(211);
    String[] keys = strings(212, 40);
    // one key of about 0.6 × the bound in each of the first group's last two places: the group's
    // bytes pass the bound only together
    keys[14] = "é".repeat(KeyScratch.RETAINED_BYTES * 3 / 10) + rnd.nextInt();
    keys[15] = "ü".repeat(KeyScratch.RETAINED_BYTES * 3 / 10) + rnd.nextInt();
    // twice the bound: in the last group of a batch from 20 (groups [20, 36) and [36, 40)), and in
    // the only group of one from 32
    keys[37] = "ß".repeat(KeyScratch.RETAINED_BYTES) + rnd.nextInt();
    BatchSumStrategy b = new BatchSumStrategy(P);
    RoutingTable t = table(b, KeyType.STRING);
    KeyScratch s = KeyScratch.get();

    Route[] out = new Route[40];
    t.routeAll(keys, 0, 20, out); // the long group first, then a short one
    assertArrayEquals(expected(t, keys, CanonicalKeys::of, 0, 20, 40), out);
    assertTrue(s.group().length <= KeyScratch.RETAINED_BYTES, "long first: " + s.group().length);

    t.routeAll(keys, 20, 40, out); // the long group last
    assertArrayEquals(expected(t, keys, CanonicalKeys::of, 0, 40, 40), out);
    assertTrue(s.group().length <= KeyScratch.RETAINED_BYTES, "batch end: " + s.group().length);

    String[] refused = keys.clone();
    refused[38] = null; // in the long group, after its long key
    assertThrows(InvalidKeyException.class, () -> t.routeAll(refused, 32, 40, new Route[40]));
    assertTrue(s.group().length <= KeyScratch.RETAINED_BYTES, "refused: " + s.group().length);

    // the same for pairs of parts: a part twice the bound, routed, then the buffer given up
    RoutingTable pairs = table(b, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING));
    String[] second = strings(213, 40);
    Route[] pairOut = new Route[40];
    pairs.routeAll(keys, second, 20, 40, pairOut);
    for (int i = 20; i < 40; i++) {
      assertEquals(pairs.route(keys[i], second[i]), pairOut[i], "pair " + i);
    }
    assertTrue(s.group().length <= KeyScratch.RETAINED_BYTES, "pairs: " + s.group().length);
  }

  @Test
  void nullStringKey_namedByIndex_groupBeforeItWritten_noneAfter() {
    String[] keys = strings(206, 40);
    keys[20] = null;
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategy(P), new BatchSumStrategy(P)}) {
      RoutingTable t = table(s, KeyType.STRING);
      Route[] out = new Route[40];
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> t.routeAll(keys, 0, 40, out));
      assertEquals(
          "keys[20]: key is null; a null key has no partition: check the caller's value before"
              + " routing (the routes of keys before it are written, none after)",
          e.getMessage(),
          s.type());
      assertEquals(20, e.batchIndex(), "the refusal the key's route threw, indexed");
      assertArrayEquals(expected(t, keys, CanonicalKeys::of, 0, 20, 40), out, s.type());
    }
  }

  @Test
  void uuidKeys_bothStrategies_exactlyTheRange_andANullNamedByIndex() {
    Random rnd = random(207);
    UUID[] keys = new UUID[22];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = new UUID(rnd.nextLong(), rnd.nextLong());
    }
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategy(P), new BatchSumStrategy(P)}) {
      Router r = Router.create(table(s, KeyType.UUID_KEY));
      Route[] out = new Route[22];
      r.routeAll(keys, 2, 21, out);
      assertArrayEquals(expected(r, keys, CanonicalKeys::of, 2, 21, 22), out, s.type());

      UUID[] bad = keys.clone();
      bad[18] = null;
      Route[] partial = new Route[22];
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> r.routeAll(bad, 2, 21, partial));
      assertTrue(e.getMessage().startsWith("keys[18]: key is null"), e.getMessage());
      assertArrayEquals(expected(r, keys, CanonicalKeys::of, 2, 18, 22), partial, s.type());
    }
  }

  @Test
  void compositeKeys_bothStrategies_andRefusedKeysNamedByIndex() {
    KeyType type = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
    CompositeKey[] keys = new CompositeKey[20];
    Random rnd = random(208);
    for (int i = 0; i < keys.length; i++) {
      keys[i] = CompositeKey.of("t" + rnd.nextInt(100), rnd.nextLong());
    }
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategy(P), new BatchSumStrategy(P)}) {
      RoutingTable t = table(s, type);
      Route[] out = new Route[20];
      t.routeAll(keys, 0, 20, out);
      assertArrayEquals(expected(t, keys, CompositeKey::toBytes, 0, 20, 20), out, s.type());

      CompositeKey[] nulled = keys.clone();
      nulled[17] = null;
      Route[] partial = new Route[20];
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> t.routeAll(nulled, 0, 20, partial));
      assertEquals(
          "keys[17]: key is null; a null key has no partition: check the caller's value before"
              + " routing (the routes of keys before it are written, none after)",
          e.getMessage(),
          s.type());
      assertArrayEquals(expected(t, keys, CompositeKey::toBytes, 0, 17, 20), partial, s.type());

      CompositeKey[] wrong = keys.clone();
      wrong[3] = CompositeKey.of("t", 5); // an Integer where the key type has a long
      Route[] first = new Route[20];
      InvalidKeyException w =
          assertThrows(InvalidKeyException.class, () -> t.routeAll(wrong, 0, 20, first));
      assertTrue(
          w.getMessage()
              .startsWith(
                  "keys[3]: entity 'orders' routes keys of type composite(string, long); got a"
                      + " composite key of kinds [STRING, INT]"),
          w.getMessage());
      assertArrayEquals(expected(t, keys, CompositeKey::toBytes, 0, 3, 20), first, s.type());
    }
  }

  /**
   * Two-part keys given as two arrays: the single route of each pair, for every two-part shape,
   * through a strategy with batch stages (in groups, the calls prepare, load, finish) and one
   * without, on the table and on a router; a refused pair named by its index.
   */
  @Test
  void pairKeys_everyShape_bothStrategies_matchSingleRoutes_andRefusedPairsNamedByIndex() {
    Random rnd = random(210);
    int n = 40;
    String[] text0 = new String[n];
    String[] text1 = new String[n];
    long[] long0 = new long[n];
    long[] long1 = new long[n];
    long[] int0 = new long[n]; // int values, other than part 1's
    for (int i = 0; i < n; i++) {
      // some parts longer than a group's usual bytes, some non-ASCII
      text0[i] = (i % 7 == 0 ? "é".repeat(30) : "t") + rnd.nextInt(1000);
      text1[i] = "o" + rnd.nextInt(1000);
      long0[i] = rnd.nextInt(2) == 0 ? rnd.nextLong() : rnd.nextInt();
      long1[i] = rnd.nextInt();
      // a first byte of 0xEE or 0xEF is one BatchSumStrategy refuses: refusals are tested below
      int0[i] = rnd.nextInt() & ~0x20;
      long0[i] &= ~0x20L; // 0xEE and 0xEF have bit 5 set
      long1[i] &= ~0x20L;
    }
    KeyType.Kind str = KeyType.Kind.STRING;
    KeyType.Kind lng = KeyType.Kind.LONG;
    KeyType.Kind int_ = KeyType.Kind.INT;
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategy(P), new BatchSumStrategy(P)}) {
      for (KeyRouter r :
          List.of(
              table(s, KeyType.composite(str, str)),
              Router.create(table(s, KeyType.composite(str, str))))) {
        Route[] out = new Route[n];
        r.routeAll(text0, text1, 3, n - 2, out);
        for (int i = 0; i < n; i++) {
          assertEquals(i < 3 || i >= n - 2 ? null : r.route(text0[i], text1[i]), out[i], "" + i);
        }
      }
      RoutingTable stringLong = table(s, KeyType.composite(str, lng));
      Route[] sl = new Route[n];
      stringLong.routeAll(text0, long0, 0, n, sl);
      for (int i = 0; i < n; i++) {
        assertEquals(
            stringLong.route(text0[i], long0[i]), sl[i], s.type() + " (string, long) " + i);
      }
      RoutingTable stringInt = table(s, KeyType.composite(str, int_));
      Route[] si = new Route[n];
      stringInt.routeAll(text0, long1, 0, n, si);
      for (int i = 0; i < n; i++) {
        assertEquals(stringInt.route(text0[i], long1[i]), si[i], s.type() + " (string, int) " + i);
      }
      for (KeyType type :
          List.of(
              KeyType.composite(lng, lng),
              KeyType.composite(int_, lng),
              KeyType.composite(lng, int_),
              KeyType.composite(int_, int_))) {
        RoutingTable t = table(s, type);
        long[] p0 = type.parts().get(0) == int_ ? int0 : long0;
        Route[] ll = new Route[n];
        t.routeAll(p0, long1, 0, n, ll);
        for (int i = 0; i < n; i++) {
          assertEquals(t.route(p0[i], long1[i]), ll[i], s.type() + " " + type + " " + i);
        }
      }

      // refusals: a null part, an int part out of range, a key with no route
      String[] nulled = text1.clone();
      nulled[21] = null;
      RoutingTable ss = table(s, KeyType.composite(str, str));
      Route[] partial = new Route[n];
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> ss.routeAll(text0, nulled, 0, n, partial));
      assertTrue(e.getMessage().startsWith("keys[21]: "), e.getMessage());
      for (int i = 0; i < n; i++) {
        assertEquals(i < 21 ? ss.route(text0[i], text1[i]) : null, partial[i], s.type() + i);
      }
      long[] wide = long1.clone();
      wide[5] = 1L << 40;
      InvalidKeyException range =
          assertThrows(
              InvalidKeyException.class, () -> stringInt.routeAll(text0, wide, 0, n, new Route[n]));
      assertEquals(
          "keys[5]: "
              + assertThrows(InvalidKeyException.class, () -> stringInt.route(text0[5], wide[5]))
                  .getMessage()
              + " (the routes of keys before it are written, none after)",
          range.getMessage());
      if (s instanceof BatchSumStrategy) { // it refuses keys whose first byte is 0xEE
        String[] uncovered = text0.clone();
        uncovered[33] = "u".repeat(0xEE); // its first byte, the length's low byte, is 0xEE
        Route[] some = new Route[n];
        NoRouteException none =
            assertThrows(
                NoRouteException.class, () -> stringLong.routeAll(uncovered, long0, 30, n, some));
        assertTrue(none.getMessage().startsWith("keys[33]: "), none.getMessage());
        for (int i = 0; i < n; i++) {
          assertEquals(
              i >= 30 && i < 33 ? stringLong.route(text0[i], long0[i]) : null, some[i], "" + i);
        }
      }
    }
  }

  @Test
  void pairBatches_wrongShapeOrShortArrays_refusedBeforeAnythingIsWritten() {
    RoutingTable strings = table(new BatchSumStrategy(P), KeyType.STRING);
    String[] a = {"a", "b"};
    Route[] out = new Route[2];
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> strings.routeAll(a, a, 0, 2, out));
    assertTrue(
        e.getMessage().startsWith("entity 'orders' routes keys of type string"), e.getMessage());
    assertThrows(InvalidKeyException.class, () -> strings.routeAll(a, new long[2], 0, 2, out));
    assertThrows(
        InvalidKeyException.class, () -> strings.routeAll(new long[2], new long[2], 0, 2, out));
    RoutingTable pairs =
        table(new BatchSumStrategy(P), KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING));
    assertThrows(
        IndexOutOfBoundsException.class,
        () -> pairs.routeAll(a, new String[] {"x"}, 0, 2, out),
        "part1 shorter than the range");
    assertThrows(IndexOutOfBoundsException.class, () -> pairs.routeAll(a, a, 0, 2, new Route[1]));
    assertEquals(
        "batch range [from, to) = [2, 1) has from after to: give 0 <= from <= to <= part0.length"
            + " (2)",
        assertThrows(IndexOutOfBoundsException.class, () -> pairs.routeAll(a, a, 2, 1, out))
            .getMessage());
    assertEquals(
        "batch range [from, to) = [-1, 1) starts before 0: give 0 <= from <= to <= part0.length"
            + " (2)",
        assertThrows(IndexOutOfBoundsException.class, () -> pairs.routeAll(a, a, -1, 1, out))
            .getMessage());
    assertEquals(
        "part1 is null: give an array of keys (an empty one for no keys)",
        assertThrows(
                NullPointerException.class, () -> pairs.routeAll(a, (String[]) null, 0, 0, out))
            .getMessage());
    String[] nullPart = {"x", null};
    InvalidKeyException part =
        assertThrows(InvalidKeyException.class, () -> pairs.routeAll(a, nullPart, 0, 2, out));
    assertTrue(
        part.getMessage().startsWith("keys[1]: part 1 of the key is null;"), part.getMessage());
    Arrays.fill(out, null);
    // a refusal that ends a sentence goes on into the batch's parenthesis without a full stop
    CompositeKey[] wrongKinds = {CompositeKey.of("x", "y"), CompositeKey.of("x", 1L)};
    String kinds =
        assertThrows(InvalidKeyException.class, () -> pairs.routeAll(wrongKinds, 0, 2, out))
            .getMessage();
    assertTrue(
        kinds.startsWith("keys[1]: ")
            && kinds.endsWith(
                "or call route(String, String) (the routes of keys before it are written, none"
                    + " after)"),
        kinds);
    Arrays.fill(out, null);
    // a batch of another shape names the batch routes of the entity's, not its single ones
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> pairs.routeAll(new long[2], 0, 2, out))
            .getMessage()
            .contains("call routeAll(String[], String[], ...) or routeAll(CompositeKey[], ...)"));
    assertEquals(Arrays.asList(null, null), Arrays.asList(out), "nothing written");

    // a part array shorter than the range, on a strategy routed key by key: refused by the range
    // check (not by an array index), before the first key is routed
    PartitionStrategy plain = new ByteSumStrategy(P);
    RoutingTable ss = table(plain, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING));
    RoutingTable sl = table(plain, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    RoutingTable ll = table(plain, KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG));
    String[] one = {"a"};
    List<org.junit.jupiter.api.function.Executable> shortParts =
        List.of(
            () -> ss.routeAll(one, a, 0, 2, out),
            () -> ss.routeAll(a, one, 0, 2, out),
            () -> sl.routeAll(one, new long[2], 0, 2, out),
            () -> sl.routeAll(a, new long[1], 0, 2, out),
            () -> ll.routeAll(new long[1], new long[2], 0, 2, out),
            () -> ll.routeAll(new long[2], new long[1], 0, 2, out));
    for (int c = 0; c < shortParts.size(); c++) {
      IndexOutOfBoundsException range =
          assertThrows(IndexOutOfBoundsException.class, shortParts.get(c));
      assertEquals(IndexOutOfBoundsException.class, range.getClass(), range.toString());
      assertTrue(
          range.getMessage().startsWith((c % 2 == 0 ? "part0" : "part1") + " has 1 elements"),
          range.getMessage());
      assertEquals(Arrays.asList(null, null), Arrays.asList(out), "nothing written");
    }
    // the range is checked before the key type, as for the other batches
    assertThrows(
        IndexOutOfBoundsException.class, () -> strings.routeAll(one, a, 0, 2, out), "short first");
  }

  /** An int part out of the int range, first or second, is refused as its single route is. */
  @Test
  void pairBatches_intPartOutOfRange_namedByIndex_asTheSingleRoute() {
    KeyType.Kind int_ = KeyType.Kind.INT;
    long big = 1L << 40;
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategy(P), new BatchSumStrategy(P)}) {
      RoutingTable t = table(s, KeyType.composite(int_, int_));
      long[] p0 = {1, 2, 3, big};
      long[] p1 = {4, big, 6, 7};
      for (int part = 0; part < 2; part++) {
        long[] first = part == 0 ? p0 : new long[] {1, 2, 3, 4};
        long[] second = part == 0 ? new long[] {4, 5, 6, 7} : p1;
        int at = part == 0 ? 3 : 1;
        Route[] out = new Route[4];
        InvalidKeyException e =
            assertThrows(InvalidKeyException.class, () -> t.routeAll(first, second, 0, 4, out));
        String single =
            assertThrows(InvalidKeyException.class, () -> t.route(first[at], second[at]))
                .getMessage();
        assertEquals(
            "keys["
                + at
                + "]: "
                + single
                + " (the routes of keys before it are written, none after)",
            e.getMessage(),
            s.type());
        for (int i = 0; i < 4; i++) {
          assertEquals(i < at ? t.route(first[i], second[i]) : null, out[i], s.type() + " " + i);
        }
      }
    }
  }

  @Test
  void canonicalKeys_bothStrategies_anyEntity_andANullNamedByIndex() {
    Random rnd = random(209);
    byte[][] keys = new byte[35][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = new byte[1 + rnd.nextInt(9)];
      rnd.nextBytes(keys[i]);
      keys[i][0] &= 0x7F;
    }
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategy(P), new BatchSumStrategy(P)}) {
      Router r = Router.create(table(s, KeyType.LONG)); // the caller vouches for the bytes
      Route[] out = new Route[35];
      r.routeAllCanonical(keys, 4, 35, out);
      assertArrayEquals(expected(r, keys, k -> k, 4, 35, 35), out, s.type());

      byte[][] bad = keys.clone();
      bad[33] = null;
      Route[] partial = new Route[35];
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> r.routeAllCanonical(bad, 4, 35, partial));
      assertTrue(e.getMessage().startsWith("keys[33]: key is null"), e.getMessage());
      assertArrayEquals(expected(r, keys, k -> k, 4, 33, 35), partial, s.type());
    }
  }

  @Test
  void keyWithNoRoute_staysANoRouteException_withItsKeyAndIndex() {
    byte[][] keys = new byte[20][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = new byte[] {(byte) i, 7};
    }
    keys[11] = new byte[] {BatchSumStrategy.UNCOVERED, 1};
    for (PartitionStrategy s : new PartitionStrategy[] {new BatchSumStrategy(P)}) {
      RoutingTable t = table(s, KeyType.BYTES);
      Route[] out = new Route[20];
      NoRouteException e =
          assertThrows(NoRouteException.class, () -> t.routeAllCanonical(keys, 0, 20, out));
      assertEquals("uncovered-2", e.key());
      assertEquals(
          "keys[11]: no partition covers a key starting 0xEE (the routes of keys before it are"
              + " written, none after)",
          e.getMessage());
      assertEquals(11, e.batchIndex());
      assertArrayEquals(expected(t, keys, k -> k, 0, 11, 20), out);
    }
  }

  /**
   * A strategy's own refusal, of its own subtype or {@link RoutingException} itself, keeps its type
   * (callers catch by type) and is named by index as the edge's own refusals are: in a group of a
   * batch strategy, for long keys (prepared as numbers), and key by key (an int entity's keys). It
   * is the instance the strategy threw, with the key's index ({@link RoutingException#batchIndex}).
   */
  @Test
  void strategysOwnRefusal_keepsItsType_namedByIndex() {
    RoutingTable bytes = table(new BatchSumStrategy(P), KeyType.BYTES);
    byte[][] keys = {{1}, {2}, {BatchSumStrategy.OWN}, {4}};
    Route[] out = new Route[4];
    BatchSumStrategy.OwnRefusal own =
        assertThrows(
            BatchSumStrategy.OwnRefusal.class, () -> bytes.routeAllCanonical(keys, 0, 4, out));
    assertEquals(
        "keys[2]: strategy refused a key starting 0xED (the routes of keys before it are written,"
            + " none after)",
        own.getMessage());
    assertEquals(2, own.batchIndex());
    assertArrayEquals(expected(bytes, keys, k -> k, 0, 2, 4), out);

    byte[][] broken = {{1}, {BatchSumStrategy.BROKEN}, {3}};
    RoutingException plain =
        assertThrows(
            RoutingException.class, () -> bytes.routeAllCanonical(broken, 0, 3, new Route[3]));
    assertSame(RoutingException.class, plain.getClass());
    assertEquals(
        "keys[1]: strategy broke on a key starting 0xEF (the routes of keys before it are written,"
            + " none after)",
        plain.getMessage());

    long[] numbers = {1, 2, 3, 0x1200 | 0xED, 5}; // refused: its first little-endian byte is 0xED
    for (KeyType type : List.of(KeyType.LONG, KeyType.INT)) {
      RoutingTable t = table(new BatchSumStrategy(P), type);
      Route[] routes = new Route[5];
      BatchSumStrategy.OwnRefusal e =
          assertThrows(
              BatchSumStrategy.OwnRefusal.class,
              () -> t.routeAll(numbers, 1, 5, routes),
              "" + type);
      assertTrue(e.getMessage().startsWith("keys[3]: strategy refused"), e.getMessage());
      assertEquals(3, e.batchIndex());
      for (int i = 0; i < 5; i++) {
        assertEquals(i >= 1 && i < 3 ? t.route(numbers[i]) : null, routes[i], type + " " + i);
      }
    }
  }

  // ---- key shapes the entity does not route, and bad ranges

  @Test
  void shapesTheEntityDoesNotRoute_refusedBeforeAnythingIsWritten_afterTheRangeCheck() {
    RoutingTable t = table(new BatchSumStrategy(P), KeyType.LONG);
    Route[] out = new Route[3];
    String[] strings = {"a", "b"};
    UUID[] uuids = {new UUID(1, 2), new UUID(3, 4)};
    CompositeKey[] composites = {CompositeKey.of("a", 1L), CompositeKey.of("b", 2L)};
    InvalidKeyException s =
        assertThrows(InvalidKeyException.class, () -> t.routeAll(strings, 0, 2, out));
    assertTrue(
        s.getMessage()
            .startsWith(
                "entity 'orders' routes keys of type long, not string; got a String key: call"
                    + " routeAll(long[], ...)"),
        s.getMessage());
    InvalidKeyException u =
        assertThrows(InvalidKeyException.class, () -> t.routeAll(uuids, 0, 2, out));
    assertTrue(
        u.getMessage()
            .startsWith("entity 'orders' routes keys of type long, not uuid; got a UUID key"),
        u.getMessage());
    InvalidKeyException c =
        assertThrows(InvalidKeyException.class, () -> t.routeAll(composites, 0, 2, out));
    assertTrue(
        c.getMessage()
            .startsWith(
                "entity 'orders' routes keys of type long, not a composite; got a CompositeKey key"),
        c.getMessage());
    assertArrayEquals(new Route[3], out);

    assertEquals(
        "batch range [from, to) = [0, 3) ends past the 2 elements of keys: give 0 <= from <= to"
            + " <= keys.length (2)",
        assertThrows(IndexOutOfBoundsException.class, () -> t.routeAll(strings, 0, 3, out))
            .getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> t.routeAll(uuids, 2, 1, out));
    assertThrows(IndexOutOfBoundsException.class, () -> t.routeAll(composites, -1, 1, out));
    assertEquals(
        "keys is null: give an array of keys (an empty one for no keys)",
        assertThrows(NullPointerException.class, () -> t.routeAll((long[]) null, 0, 0, out))
            .getMessage());
    assertEquals(
        "keys is null: give an array of keys (an empty one for no keys)",
        assertThrows(NullPointerException.class, () -> t.routeAll((String[]) null, 0, 0, out))
            .getMessage());
  }

  @Test
  void outShorterThanTheRange_refusedBeforeAnythingIsWritten_forEveryShape() {
    BatchSumStrategy b = new BatchSumStrategy(P);
    Route[] out = new Route[2];
    String message =
        "out has 2 elements, fewer than the 3 the batch writes (route i goes to out[i]): give an"
            + " array at least as long as the keys'";
    RoutingTable longs = table(b, KeyType.LONG);
    assertEquals(
        message,
        assertThrows(
                IndexOutOfBoundsException.class,
                () -> longs.routeAll(new long[] {1, 2, 3}, 0, 3, out))
            .getMessage());
    assertEquals(
        message,
        assertThrows(
                IndexOutOfBoundsException.class,
                () -> longs.routeAllCanonical(new byte[][] {{1}, {2}, {3}}, 1, 3, out))
            .getMessage());
    RoutingTable strings = table(b, KeyType.STRING);
    assertEquals(
        message,
        assertThrows(
                IndexOutOfBoundsException.class,
                () -> strings.routeAll(new String[] {"a", "b", "c"}, 0, 3, out))
            .getMessage());
    RoutingTable times = table(b, KeyType.TIMESTAMP);
    Instant[] instants = {Instant.EPOCH, Instant.EPOCH, Instant.EPOCH};
    assertEquals(
        message,
        assertThrows(IndexOutOfBoundsException.class, () -> times.routeAll(instants, 0, 3, out))
            .getMessage());
    assertEquals(
        "out is null: give the array the routes are written to",
        assertThrows(NullPointerException.class, () -> times.routeAll(instants, 0, 3, null))
            .getMessage());
    assertArrayEquals(new Route[2], out);
    assertEquals("", b.calls.toString());
  }
}
