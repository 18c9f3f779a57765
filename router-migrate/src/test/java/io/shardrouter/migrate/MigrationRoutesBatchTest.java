package io.shardrouter.migrate;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.BatchPartitions;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyBatches;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.migrate.internal.simulation.SimulationPlans;
import io.shardrouter.testing.Strategies;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A batch of a migration's routes gives each key the route its single call gives (docs/migration.md
 * §2), in every phase of every kind of plan, for text keys and canonical bytes, on tables whose
 * strategy overlaps a batch's misses (a lookup directory) and on the others; a refused key is named
 * by its index, with the routes before it written and none after.
 */
class MigrationRoutesBatchTest {
  private static final int KEYS = 300; // several chunks of 64, the last one partial

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** The standard plans, a canary of each, and a plan between two directories of 2,000 entries. */
  private static List<MigrationPlan> plans() {
    List<MigrationPlan> plans = new ArrayList<>();
    for (MigrationPlan p : SimulationPlans.standard()) {
      plans.add(p);
      plans.add(p.withCanary(37, true));
    }
    // directories: a strategy change (8 -> 9 partitions) and a placement move (every fifth
    // partition to a fifth group), each also with a compared canary
    for (MigrationPlan p :
        List.of(
            MigrationPlan.between(directory(1, 8, 4, 0), directory(2, 9, 5, 1)), directoryMove())) {
      plans.add(p);
      plans.add(p.withCanary(37, true));
    }
    return plans;
  }

  /** A lookup directory's placement move: every fifth partition of 10 to a fifth group. */
  static MigrationPlan directoryMove() {
    return MigrationPlan.between(directory(1, 10, 4, 0), moved(directory(2, 10, 4, 0)));
  }

  /** {@code t} with every partition {@code p % 5 == 4} placed on a fifth group. */
  private static RoutingTable moved(RoutingTable t) {
    List<ReplicaGroup> groups = new ArrayList<>(t.groups());
    groups.add(ReplicaGroup.of("g5", "db5:5432"));
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < t.partitionCount(); p++) {
      placement.add(p % 5 == 4 ? "g5" : t.groupOf(p).id());
    }
    return t.toBuilder().groups(groups).placement(placement).build();
  }

  private static long seed() {
    long seed = Long.getLong("shardrouter.test.seed", System.nanoTime());
    System.out.println("MigrationRoutesBatchTest seed " + seed + " (-Dshardrouter.test.seed)");
    return seed;
  }

  /**
   * A lookup over {@code partitions} with 2,000 of the batch's keys in its directory (entry i on
   * partition (i + shift) mod partitions), the rest on the hash_mod fallback.
   */
  private static RoutingTable directory(long version, int partitions, int groups, int shift) {
    StringBuilder entries = new StringBuilder();
    for (int i = 0; i < 2_000; i++) {
      entries.append(i > 0 ? "," : "").append("\"k").append(i * 3).append("\":");
      entries.append((i + shift) % partitions);
    }
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      placement.add("g" + (p % groups + 1));
    }
    return SimulationPlans.doc(
        version,
        "{\"type\":\"lookup\",\"partitions\":"
            + partitions
            + ",\"fallback\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":"
            + partitions
            + "},\"entries\":{"
            + entries
            + "}}",
        groups,
        placement);
  }

  @Test
  void batch_givesEachKeyItsSingleRoute_inEveryPhaseOfEveryPlan() {
    long seed = seed();
    SplittableRandom random = new SplittableRandom(seed);
    String[] text = new String[KEYS];
    byte[][] canonical = new byte[KEYS][];
    for (int i = 0; i < KEYS; i++) {
      text[i] = "k" + random.nextInt(7_000);
      canonical[i] = b(text[i]);
    }
    int from = 1 + random.nextInt(63); // chunks that start off the array's multiples of 64
    int to = KEYS - random.nextInt(5);
    for (MigrationPlan plan : plans()) {
      for (Phase phase : Phase.values()) {
        MigrationRoutes routes = plan.routes(phase, plan.versionOf(Phase.COPY) + 20);
        String at = "seed " + seed + ", " + plan.to().strategy() + " " + phase;
        WriteRoute[] writes = new WriteRoute[KEYS];
        WriteRoute[] writesOfBytes = new WriteRoute[KEYS];
        ReadRoute[] reads = new ReadRoute[KEYS];
        ReadRoute[] readsOfBytes = new ReadRoute[KEYS];
        routes.writeAll(text, from, to, writes);
        routes.writeAll(canonical, from, to, writesOfBytes);
        routes.readAll(text, from, to, reads);
        routes.readAll(canonical, from, to, readsOfBytes);
        for (int i = 0; i < KEYS; i++) {
          if (i < from || i >= to) {
            assertNull(writes[i], at + ": outside the range, nothing written");
            assertNull(writesOfBytes[i], at);
            assertNull(reads[i], at);
            assertNull(readsOfBytes[i], at);
            continue;
          }
          String k = at + " keys[" + i + "] " + text[i];
          assertSame(routes.write(text[i]), writes[i], k);
          assertSame(routes.write(text[i]), writesOfBytes[i], k);
          assertSame(routes.read(text[i]), reads[i], k);
          assertSame(routes.read(text[i]), readsOfBytes[i], k);
        }
      }
    }
  }

  @Test
  void nullKey_namedByIndex_routesBeforeItWritten_noneAfter() {
    for (MigrationPlan plan : plans()) {
      MigrationRoutes routes = plan.routes(Phase.DUAL_WRITE);
      String[] text = new String[100];
      byte[][] canonical = new byte[100][];
      for (int i = 0; i < 100; i++) {
        text[i] = i == 70 ? null : "k" + i;
        canonical[i] = i == 70 ? null : b(text[i]);
      }
      String at = plan.to().strategy().toString();
      WriteRoute[] writes = new WriteRoute[100];
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> routes.writeAll(text, 0, 100, writes));
      assertTrue(e.getMessage().startsWith("keys[70]: "), at + ": " + e.getMessage());
      assertTrue(
          e.getMessage().endsWith("(the routes of keys before it are written, none after)"),
          e.getMessage());
      ReadRoute[] reads = new ReadRoute[100];
      e = assertThrows(InvalidKeyException.class, () -> routes.readAll(canonical, 0, 100, reads));
      assertTrue(e.getMessage().startsWith("keys[70]: "), at + ": " + e.getMessage());
      for (int i = 0; i < 100; i++) {
        if (i < 70) {
          assertSame(routes.write(text[i]), writes[i], at + " " + i);
          assertSame(routes.read(text[i]), reads[i], at + " " + i);
        } else {
          assertNull(writes[i], at + " " + i);
          assertNull(reads[i], at + " " + i);
        }
      }
    }
  }

  @Test
  void keyWithoutRoute_namedByIndex_asTheSingleCallRefusesIt() {
    // a lookup whose fallback covers only keys before "k2": "z" has no route
    String lookup =
        "{\"type\":\"lookup\",\"partitions\":2,\"fallback\":{\"type\":\"range\",\"ranges\":"
            + "[{\"start\":\"\",\"end\":\"k2\"}]},\"entries\":{\"z1\":1}}";
    String range = "{\"type\":\"range\",\"ranges\":[{\"start\":\"\",\"end\":\"k2\"}]}";
    String[] strategies = {lookup, range};
    for (int s = 0; s < strategies.length; s++) {
      String strategy = strategies[s];
      int partitions = s == 0 ? 2 : 1;
      List<String> placement = partitions == 2 ? List.of("g1", "g2") : List.of("g1");
      MigrationRoutes routes =
          MigrationRoutes.plain(SimulationPlans.doc(1, strategy, partitions, placement));
      // "z1" has a route only as the directory's entry
      String[] keys = {"k1", s == 0 ? "z1" : "k12", "k0", "k10", "z", "k11"};
      NoRouteException single = assertThrows(NoRouteException.class, () -> routes.read("z"));
      ReadRoute[] out = new ReadRoute[keys.length];
      NoRouteException e =
          assertThrows(NoRouteException.class, () -> routes.readAll(keys, 1, keys.length, out));
      assertEquals(
          "keys[4]: "
              + single.getMessage()
              + " (the routes of keys before it are written, none after)",
          e.getMessage(),
          strategy);
      assertEquals("z", e.key(), strategy);
      assertNull(out[0], strategy);
      for (int i = 1; i < 4; i++) {
        assertSame(routes.read(keys[i]), out[i], strategy + " " + i);
      }
      assertNull(out[5], strategy);
    }
  }

  /**
   * A strategy change whose target has no route for some keys the source routes (a range that ends
   * at "k2"): a moving key the target refuses is named by its index, as its single call refuses it.
   */
  @Test
  void keyTheTargetRefuses_namedByIndex() {
    MigrationPlan plan =
        MigrationPlan.between(
            directory(1, 2, 2, 0),
            SimulationPlans.doc(
                2,
                "{\"type\":\"range\",\"ranges\":[{\"start\":\"\",\"end\":\"k2\"},"
                    + "{\"start\":\"k2\",\"end\":\"k5\"}]}",
                2,
                List.of("g1", "g2")));
    MigrationRoutes routes = plan.routes(Phase.DUAL_WRITE);
    String refused = null;
    for (int i = 0; refused == null && i < 10_000; i++) {
      String k = "z" + i; // above "k5": no range of the target
      if (routes.moving(plan.from().route(k).partition())) {
        refused = k;
      }
    }
    assertNotNull(refused, "a moving key above \"k5\"");
    String stuck = refused;
    RoutingException single = assertThrows(RoutingException.class, () -> routes.write(stuck));
    String[] keys = {"k1", "k3", stuck, "k4"};
    WriteRoute[] out = new WriteRoute[4];
    RoutingException e =
        assertThrows(RoutingException.class, () -> routes.writeAll(keys, 0, 4, out));
    assertEquals(single.getClass(), e.getClass());
    assertTrue(e.getMessage().startsWith("keys[2]: " + single.getMessage()), e.getMessage());
    assertSame(routes.write("k1"), out[0]);
    assertSame(routes.write("k3"), out[1]);
    assertNull(out[2]);
    assertNull(out[3]);
  }

  /** A refused batch leaves none of the caller's keys in the thread's chunk. */
  @Test
  void refusedBatch_keepsNoKeyAlive() throws Exception {
    MigrationRoutes routes = directoryMove().routes(Phase.DUAL_WRITE);
    String[] keys = new String[40];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = new String("k" + i); // objects of this test's own
    }
    keys[30] = null;
    WeakReference<String> first = new WeakReference<>(keys[0]);
    assertThrows(InvalidKeyException.class, () -> routes.readAll(keys, 0, 40, new ReadRoute[40]));
    Arrays.fill(keys, null);
    for (int i = 0; i < 20 && first.get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertNull(first.get(), "the chunk keeps a key of a refused batch");
  }

  /**
   * A byte-sum strategy that overlaps a batch's misses, counting how its partitions are asked for:
   * one by one ({@code partitionOf}) or through the batch stages ({@code prepare}).
   */
  private static final class CountingBatches implements PartitionStrategy, BatchPartitions {
    int single;
    int prepared;

    @Override
    public String type() {
      return "test_counting_batches";
    }

    @Override
    public int partitionCount() {
      return 8;
    }

    private static int sum(byte[] key, int offset, int length) {
      int sum = 0;
      for (int i = 0; i < length; i++) {
        sum += key[offset + i] & 0xFF;
      }
      return sum;
    }

    /** A key starting with 'z' has no route; one starting with 'y' is refused by its own type. */
    private static void refuse(byte[] key, int offset, int length) {
      if (length > 0 && key[offset] == 'z') {
        throw new NoRouteException(new String(key, offset, length, UTF_8), "no route for 'z…'");
      }
      if (length > 0 && key[offset] == 'y') {
        throw new OwnRefusal("this strategy refuses 'y…'");
      }
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      single++;
      refuse(canonical, offset, length);
      return sum(canonical, offset, length) % 8;
    }

    @Override
    public long prepare(byte[] canonical, int offset, int length) {
      prepared++;
      refuse(canonical, offset, length);
      return sum(canonical, offset, length);
    }

    @Override
    public int finish(byte[] canonical, int offset, int length, long token) {
      return (int) (token % 8);
    }

    @Override
    public Spec toSpec() {
      return Spec.object().put("type", type()).put("partitions", 8).build();
    }
  }

  /** On a strategy with batch stages, a batch asks them for every key and never one by one. */
  @Test
  void batch_goesThroughTheTablesBatchRoute_whenItsStrategyHasOne() {
    CountingBatches strategy = new CountingBatches();
    RoutingTable hashed = SimulationPlans.standard().get(0).from();
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < 8; p++) {
      placement.add("g" + (p % 4 + 1));
    }
    MigrationRoutes routes =
        MigrationRoutes.plain(hashed.toBuilder().strategy(strategy).placement(placement).build());
    String[] text = new String[200];
    byte[][] canonical = new byte[200][];
    for (int i = 0; i < 200; i++) {
      text[i] = "k" + i;
      canonical[i] = b(text[i]);
    }
    ReadRoute[] reads = new ReadRoute[200];
    WriteRoute[] writes = new WriteRoute[200];
    routes.readAll(text, 0, 200, reads);
    routes.writeAll(canonical, 5, 200, writes);
    assertEquals(0, strategy.single, "no key asked one by one");
    assertEquals(200 + 195, strategy.prepared, "every key through the batch stages");
    for (int i = 5; i < 200; i++) {
      assertSame(routes.read(text[i]), reads[i], text[i]);
      assertSame(routes.write(text[i]), writes[i], text[i]);
    }
    // a refused key: the routes before it come from the batch, and only it is asked alone
    strategy.single = 0;
    text[70] = "z70";
    NoRouteException e =
        assertThrows(
            NoRouteException.class, () -> routes.readAll(text, 0, 200, new ReadRoute[200]));
    assertTrue(e.getMessage().startsWith("keys[70]: "), e.getMessage());
    assertEquals(1, strategy.single, "the refused key alone, asked once more");
  }

  /** A strategy's own refusal: a subtype of its own, which its callers catch by type. */
  static final class OwnRefusal extends RoutingException {
    private static final long serialVersionUID = 1L;

    OwnRefusal(String message) {
      super(message);
    }
  }

  /**
   * A strategy's own refusal keeps its type and is named by index, as a table's batch names it:
   * through the table's batch route (the refused key asked alone) and key by key.
   */
  @Test
  void strategysOwnRefusal_keepsItsType_namedByIndex() {
    RoutingTable hashed = SimulationPlans.standard().get(0).from();
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < 8; p++) {
      placement.add("g" + (p % 4 + 1));
    }
    RoutingTable batched =
        hashed.toBuilder().strategy(new CountingBatches()).placement(placement).build();
    RoutingTable plain =
        hashed.toBuilder()
            .strategy(Strategies.withoutCapabilities(new CountingBatches()))
            .placement(placement)
            .build();
    String[] text = new String[100];
    byte[][] canonical = new byte[100][];
    for (int i = 0; i < 100; i++) {
      text[i] = i == 70 ? "y70" : "k" + i;
      canonical[i] = b(text[i]);
    }
    for (RoutingTable t : List.of(batched, plain)) {
      MigrationRoutes routes = MigrationRoutes.plain(t);
      WriteRoute[] writes = new WriteRoute[100];
      OwnRefusal w = assertThrows(OwnRefusal.class, () -> routes.writeAll(text, 0, 100, writes));
      assertEquals(
          "keys[70]: this strategy refuses 'y…' (the routes of keys before it are written, none"
              + " after)",
          w.getMessage(),
          t.strategy().type());
      assertEquals(70, w.batchIndex());
      for (int i = 0; i < 100; i++) {
        assertSame(i < 70 ? routes.write(text[i]) : null, writes[i], t.strategy().type() + i);
      }
      OwnRefusal r =
          assertThrows(
              OwnRefusal.class, () -> routes.readAll(canonical, 3, 100, new ReadRoute[100]));
      assertTrue(r.getMessage().startsWith("keys[70]: this strategy refuses"), r.getMessage());
    }
  }

  /** A batch keeps none of its version's routes in the thread once it returns. */
  @Test
  void batch_keepsNoRouteOfItsVersion() throws Exception {
    WeakReference<Route> route = routedOnce();
    for (int i = 0; i < 20 && route.get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertNull(route.get(), "the chunk keeps a route of a version nobody holds");
  }

  /** A route of a fresh directory's routes, routed through a batch, held weakly. */
  private static WeakReference<Route> routedOnce() {
    MigrationRoutes routes = directoryMove().routes(Phase.DUAL_WRITE);
    String[] keys = {"k1", "k2", "k3"};
    routes.readAll(keys, 0, keys.length, new ReadRoute[keys.length]);
    return new WeakReference<>(routes.table().route("k1"));
  }

  /** A router's batches are its current routes' batches, and follow an update. */
  @Test
  void router_batchesOfItsCurrentRoutes() {
    MigrationPlan plan = directoryMove();
    MigrationRouter router = new MigrationRouter(plan.routes(Phase.COPY));
    String[] text = new String[100];
    byte[][] canonical = new byte[100][];
    for (int i = 0; i < 100; i++) {
      text[i] = "k" + i * 3;
      canonical[i] = b(text[i]);
    }
    for (Phase phase : List.of(Phase.COPY, Phase.CUT_OVER)) {
      assertTrue(phase == Phase.COPY || router.update(plan.routes(phase)), phase.toString());
      MigrationRoutes now = router.routes();
      ReadRoute[] reads = new ReadRoute[100];
      ReadRoute[] readsOfBytes = new ReadRoute[100];
      WriteRoute[] writes = new WriteRoute[100];
      WriteRoute[] writesOfBytes = new WriteRoute[100];
      router.readAll(text, 0, 100, reads);
      router.readAll(canonical, 0, 100, readsOfBytes);
      router.writeAll(text, 0, 100, writes);
      router.writeAll(canonical, 0, 100, writesOfBytes);
      for (int i = 0; i < 100; i++) {
        assertSame(now.read(text[i]), reads[i], phase + " " + text[i]);
        assertSame(now.read(text[i]), readsOfBytes[i], phase + " " + text[i]);
        assertSame(now.write(text[i]), writes[i], phase + " " + text[i]);
        assertSame(now.write(text[i]), writesOfBytes[i], phase + " " + text[i]);
      }
    }
  }

  @Test
  void rangeOutsideTheArrays_refusedBeforeAnythingIsWritten() {
    MigrationRoutes routes = plans().get(plans().size() - 1).routes(Phase.DUAL_WRITE);
    String[] keys = {"k1", "k2", "k3"};
    ReadRoute[] out = new ReadRoute[2];
    IndexOutOfBoundsException shortOut =
        assertThrows(IndexOutOfBoundsException.class, () -> routes.readAll(keys, 0, 3, out));
    assertTrue(shortOut.getMessage().startsWith("out has 2 elements"), shortOut.getMessage());
    assertNull(out[0]);
    assertEquals(
        "batch range [from, to) = [2, 1) has from after to: give 0 <= from <= to <= keys.length"
            + " (3)",
        assertThrows(
                IndexOutOfBoundsException.class,
                () -> routes.writeAll(keys, 2, 1, new WriteRoute[3]))
            .getMessage());
    assertEquals(
        "batch range [from, to) = [0, 2) ends past the 1 elements of keys: give 0 <= from <= to"
            + " <= keys.length (1)",
        assertThrows(
                IndexOutOfBoundsException.class,
                () -> routes.writeAll(new byte[][] {b("k1")}, 0, 2, new WriteRoute[3]))
            .getMessage());
    assertEquals(
        "out is null: give the array the routes are written to",
        assertThrows(NullPointerException.class, () -> routes.readAll(keys, 0, 3, null))
            .getMessage());
    assertEquals(
        "keys is null: give an array of keys (an empty one for no keys)",
        assertThrows(NullPointerException.class, () -> routes.readAll((String[]) null, 0, 0, out))
            .getMessage());
    routes.readAll(keys, 1, 1, out); // an empty range writes nothing
    assertNull(out[1]);
  }

  /** A bad range is refused in the words of core's batches: one method says it for both. */
  @Test
  void rangeOutsideTheArrays_saidAsCoresBatchesSayIt() {
    MigrationRoutes routes = plans().get(0).routes(Phase.DUAL_WRITE);
    String[] keys = {"k1", "k2", "k3"};
    int[][] ranges = {{-1, 2}, {2, 1}, {0, 4}};
    for (int[] r : ranges) {
      String core =
          assertThrows(
                  IndexOutOfBoundsException.class,
                  () -> KeyBatches.checkRange("keys", keys.length, r[0], r[1]))
              .getMessage();
      assertEquals(
          core,
          assertThrows(
                  IndexOutOfBoundsException.class,
                  () -> routes.writeAll(keys, r[0], r[1], new WriteRoute[4]))
              .getMessage());
      assertEquals(
          core,
          assertThrows(
                  IndexOutOfBoundsException.class,
                  () -> routes.table().routeAll(keys, r[0], r[1], new Route[4]))
              .getMessage());
    }
  }

  @Test
  void textKeys_onAnEntityOfOtherKeys_refusedAsABatch_beforeAnythingIsWritten() {
    RoutingTable longs = plans().get(0).from().toBuilder().keyType(KeyType.LONG).build();
    MigrationRoutes routes = MigrationRoutes.of(longs);
    ReadRoute[] out = new ReadRoute[2];
    for (int to : new int[] {0, 2}) { // an empty range too: the batch is of the wrong shape
      InvalidKeyException e =
          assertThrows(
              InvalidKeyException.class, () -> routes.readAll(new String[] {"1", "2"}, 0, to, out));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "entity '"
                      + longs.entity()
                      + "' routes keys of type long, not string; got String keys: give the keys'"
                      + " canonical bytes to the byte[][] batch (readAll(byte[][], ...);"),
          e.getMessage());
    }
    assertTrue(
        assertThrows(
                InvalidKeyException.class,
                () -> routes.writeAll(new String[] {"1"}, 0, 1, new WriteRoute[1]))
            .getMessage()
            .contains("(writeAll(byte[][], ...);"));
    assertNull(out[0]);
    routes.readAll(new byte[][] {new byte[8], new byte[8]}, 0, 2, out); // their canonical bytes
    assertSame(routes.read(new byte[8]), out[0]);
  }
}
