package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.lookup.LookupStrategy;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.RouteStats;
import io.shardrouter.stats.StatsSnapshot;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link RebalanceAdvisor} isolating hot keys, and the hot keys it skips with a note. */
class RebalanceAdvisorHotKeyTest {
  /** 16 partitions on 8 groups (2 each), one key at 20% of the writes, the rest uniform. */
  @Test
  void oneKeyAt20Percent_isolatedOnTheColdestGroup_peakLowered() {
    long seed = Fixtures.seed(15_311);
    SplittableRandom r = new SplittableRandom(seed);
    RoutingTable t = Fixtures.table("hash_mod", 16, 8, 3);
    RouteStats stats = RouteStats.builder().sampleEvery(4).hotKeySlots(32).build(t);
    for (int i = 0; i < 200_000; i++) {
      String key = r.nextInt(5) == 0 ? "celebrity" : "user-" + r.nextInt(50_000);
      stats.record(t.route(key), key, RouteStats.Op.WRITE);
    }
    StatsSnapshot s = stats.snapshot(RouteStats.Window.SINCE_START);
    String ctx = "seed " + seed;
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(t, s, 0.25);
    AdviceChecks.check(t, s, 0.25, a, List.of("celebrity", "user-1", "user-2"), ctx);

    assertEquals(1, a.isolations().size(), () -> ctx + " " + a);
    RebalanceAdvisor.Advice.Isolation i = a.isolations().get(0);
    assertEquals("celebrity", i.key());
    int from = t.route("celebrity").partition();
    assertEquals(from, i.fromPartition());
    assertEquals(16, i.partition());
    assertEquals(0.2, i.loadShare(), 0.02, ctx);
    // its partition's data share times the key's part of the partition's load: ~0.8 / 16
    double keyPart = i.loadShare() * s.total() / s.load(from);
    assertEquals(keyPart / 16, i.movedShare(), 1e-9, ctx);
    RoutingTable n = a.next();
    assertEquals(4, n.version());
    assertEquals(16, n.route("celebrity").partition());
    assertEquals(i.toGroup(), n.route("celebrity").group().id());
    LookupStrategy l = (LookupStrategy) n.strategy();
    assertEquals(t.strategy(), l.fallback());
    assertEquals(
        List.of(new MovementReport.KeyMove("key 'celebrity'", from, 16)), a.movement().keyMoves());

    // before, 2 groups of 8 served 30% (the key's partition and one other): 2.4; moving whole
    // partitions alone leaves the key's partition, 25%, on one group: 2.0
    assertEquals(2.4, a.peakToMeanBefore(), 0.1, ctx);
    RebalanceAdvisor.Advice movesOnly = RebalanceAdvisor.advise(t, withoutHotKeys(s), 0.25);
    assertTrue(movesOnly.isolations().isEmpty());
    assertEquals(2.0, movesOnly.peakToMeanAfter(), 0.1, ctx);
    assertTrue(
        a.peakToMeanAfter() < movesOnly.peakToMeanAfter() - 0.2,
        () -> ctx + ": " + a.peakToMeanAfter() + " vs moves only " + movesOnly.peakToMeanAfter());
    assertEquals(1.6, a.peakToMeanAfter(), 0.1, ctx);
    // before, the key was only named in a note; now the note says what is left: its writes
    assertTrue(
        a.notes().stream().noneMatch(x -> x.contains("'celebrity' takes at least")),
        a.notes()::toString);
    assertTrue(
        a.notes().stream()
            .anyMatch(
                x ->
                    x.startsWith("partition 16 of version 4 holds key 'celebrity' alone")
                        && x.endsWith("shard the key's writes")),
        a.notes()::toString);
  }

  @Test
  void ring_dataSharesAreTheArcs_asTheMovementReportCountsThem() {
    RoutingTable ring =
        RoutingDocuments.read(
            "{\"format\":1,\"routing_version\":1,\"entity\":\"device_state\",\"key\":"
                + "{\"type\":\"string\"},\"strategy\":{\"type\":\"ring\",\"mode\":\"001\","
                + "\"nodes\":[\"e1\",\"e2\",\"e3\",\"e4\"],\"vnodes\":150},\"groups\":["
                + "{\"id\":\"e1\",\"primary\":\"a:1\"},{\"id\":\"e2\",\"primary\":\"b:1\"},"
                + "{\"id\":\"e3\",\"primary\":\"c:1\"},{\"id\":\"e4\",\"primary\":\"d:1\"}],"
                + "\"placement\":[\"e1\",\"e2\",\"e3\",\"e4\"]}");
    long[] base = {100, 100, 100, 100};
    int hotPartition = ring.route("sensor-1").partition();
    base[hotPartition] = 300;
    StatsSnapshot s = Fixtures.withHotKeys(ring, base, shares("sensor-1", 0.5), 1000, rnd());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(ring, s, 1);
    AdviceChecks.check(ring, s, 1, a, List.of("sensor-2", "sensor-3"), "ring");
    assertEquals(1, a.isolations().size(), a::toString);
    RebalanceAdvisor.Advice.Isolation i = a.isolations().get(0);
    double keyPart = i.loadShare() * s.total() / s.load(hotPartition);
    assertEquals(ring.strategy().shareOf(hotPartition) * keyPart, i.movedShare(), 1e-9);
    // the group that takes the key then serves 700 of 1200, so its own partition moves on
    assertEquals(1, a.moves().size(), a::toString);
    double moved = 0;
    for (var m : a.moves()) {
      assertEquals(ring.strategy().shareOf(m.fromPartition()), m.share(), 1e-9, m::toString);
      moved += m.share();
    }
    assertEquals(a.movement().movedShare(), moved, 1e-9, a.movement()::toText);
  }

  /** Every hash-family type can be put behind a lookup directory: the key moves, nothing else. */
  @Test
  void hashFamily_hotKeyIsolated_tableBecomesTheFallback() {
    for (String type : List.of("hash_mod", "jump", "jump_back", "jump_back2")) {
      RoutingTable t = Fixtures.table(type, 8, 4, 1);
      StatsSnapshot s = Fixtures.withHotKeys(t, flat(8), shares("a", 0.3), 1000, rnd());
      RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(t, s, 1);
      AdviceChecks.check(t, s, 1, a, List.of("a", "x", "y"), type);
      assertEquals(1, a.isolations().size(), () -> type + ": " + a);
      assertEquals(8, a.next().route("a").partition(), type);
      assertEquals(t.strategy(), ((LookupStrategy) a.next().strategy()).fallback(), type);
      assertEquals(
          List.of(new MovementReport.KeyMove("key 'a'", t.route("a").partition(), 8)),
          a.movement().keyMoves(),
          type);
    }
  }

  @Test
  void alreadyALookup_getsOneMoreEntry() {
    RoutingTable t = Fixtures.table("jump", 8, 4, 1);
    RoutingTable first =
        RebalanceAdvisor.advise(
                t, Fixtures.withHotKeys(t, flat(8), shares("a", 0.3), 1000, rnd()), 1)
            .next();
    assertEquals(9, first.partitionCount());
    StatsSnapshot s = Fixtures.withHotKeys(first, flat(9), shares("b", 0.3), 1000, rnd());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(first, s, 1);
    AdviceChecks.check(first, s, 1, a, List.of("a", "x", "y"), "second isolation");
    assertEquals(10, a.next().partitionCount());
    LookupStrategy l = (LookupStrategy) a.next().strategy();
    assertEquals(2, l.size());
    assertEquals(t.strategy(), l.fallback());
    assertEquals(8, a.next().route("a").partition());
    assertEquals(9, a.next().route("b").partition());
  }

  @Test
  void keyNotOfTheKeyType_skippedWithANote() {
    RoutingTable t = Fixtures.table("hash_mod", 8, 4, 1, "long");
    StatsSnapshot s =
        Fixtures.withHotKeys(t, flat(8), shares("not-a-number", 0.3, "42", 0.3), 1000, rnd());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(t, s, 1);
    AdviceChecks.check(t, s, 1, a, List.of("7", "8"), "long keys");
    assertEquals(
        List.of("42"),
        a.isolations().stream().map(RebalanceAdvisor.Advice.Isolation::key).toList());
    assertTrue(
        a.notes().stream()
            .anyMatch(
                x ->
                    x.startsWith("hot key 'not-a-number' is skipped: ")
                        && x.contains("document's key text form")),
        a.notes()::toString);
  }

  @Test
  void overTheCap_orRaisingThePeak_skippedWithANote() {
    RoutingTable t = Fixtures.table("hash_mod", 8, 4, 1);
    StatsSnapshot s = Fixtures.withHotKeys(t, flat(8), shares("a", 0.3), 1000, rnd());
    RebalanceAdvisor.Advice capped = RebalanceAdvisor.advise(t, s, 0.01);
    assertTrue(capped.isolations().isEmpty());
    assertTrue(
        capped.notes().stream()
            .anyMatch(x -> x.contains("'a' takes at least") && x.contains("left of the move cap")),
        capped.notes()::toString);
    // two partitions on two groups, the key's partition otherwise nearly idle: wherever the key
    // goes, the other group would be hotter than the key's group is now
    RoutingTable two = Fixtures.table("hash_mod", 2, 2, 1);
    long[] base = {100, 100};
    base[two.route("a").partition()] = 10;
    StatsSnapshot h = Fixtures.withHotKeys(two, base, shares("a", 0.6), 1000, rnd());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(two, h, 1);
    AdviceChecks.check(two, h, 1, a, List.of("b"), "60% key");
    assertTrue(a.isolations().isEmpty(), a::toString);
    assertTrue(
        a.notes().stream().anyMatch(x -> x.contains("hotter than the hottest group is now")),
        a.notes()::toString);
  }

  @Test
  void unwrappableStrategies_skippedWithANote() {
    RoutingTable firstPart =
        RoutingDocuments.read(
            "{\"format\":1,\"routing_version\":1,\"entity\":\"orders\",\"key\":{\"type\":"
                + "\"composite\",\"parts\":[\"string\",\"string\"]},\"strategy\":{\"type\":"
                + "\"lookup\",\"match\":\"first_part\",\"fallback\":{\"type\":\"hash_mod\","
                + "\"partitions\":4}},\"groups\":[{\"id\":\"g0\",\"primary\":\"a:1\"},"
                + "{\"id\":\"g1\",\"primary\":\"b:1\"}],\"placement\":[\"g0\",\"g0\",\"g1\",\"g1\"]}");
    StatsSnapshot s =
        Fixtures.withHotKeys(firstPart, flat(4), shares("[\"acme\",\"u1\"]", 0.4), 1000, rnd());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(firstPart, s, 1);
    AdviceChecks.check(firstPart, s, 1, a, List.of(), "first_part");
    assertTrue(a.isolations().isEmpty());
    assertTrue(
        a.notes().stream().anyMatch(x -> x.contains("matches first parts of keys")),
        a.notes()::toString);

    RoutingTable ids =
        RoutingDocuments.read(
            "{\"format\":1,\"routing_version\":1,\"entity\":\"orders\",\"key\":{\"type\":"
                + "\"long\"},\"strategy\":{\"type\":\"routable_id\",\"partitions\":4},"
                + "\"groups\":[{\"id\":\"g0\",\"primary\":\"a:1\"},{\"id\":\"g1\","
                + "\"primary\":\"b:1\"}],\"placement\":[\"g0\",\"g0\",\"g1\",\"g1\"]}");
    StatsSnapshot b = Fixtures.withHotKeys(ids, flat(4), shares("5", 0.5), 1000, rnd());
    RebalanceAdvisor.Advice ab = RebalanceAdvisor.advise(ids, b, 1);
    AdviceChecks.check(ids, b, 1, ab, List.of(), "routable_id");
    assertTrue(ab.isolations().isEmpty());
    assertTrue(
        ab.notes().stream()
            .anyMatch(x -> x.contains("'5' takes at least") && x.contains("'routable_id' cannot")),
        ab.notes()::toString);
  }

  @Test
  void keyAlreadyDedicated_notedNotIsolatedAgain() {
    RoutingTable t = Fixtures.table("hash_mod", 8, 4, 1);
    RoutingTable once =
        RebalanceAdvisor.advise(
                t, Fixtures.withHotKeys(t, flat(8), shares("a", 0.3), 1000, rnd()), 1)
            .next();
    // still hot on its own partition: the dedicated partition moves, the key cannot be isolated
    StatsSnapshot s = Fixtures.withHotKeys(once, flat(9), shares("a", 0.3), 1000, rnd());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(once, s, 1);
    AdviceChecks.check(once, s, 1, a, List.of("b"), "dedicated");
    assertTrue(a.isolations().isEmpty());
    assertTrue(
        a.notes().stream().anyMatch(x -> x.contains("already alone on its dedicated partition")),
        a.notes()::toString);
  }

  private static StatsSnapshot withoutHotKeys(StatsSnapshot s) {
    long[] z = new long[s.partitionCount()];
    long[] w = new long[s.partitionCount()];
    for (int p = 0; p < w.length; p++) {
      w[p] = s.load(p);
    }
    return new StatsSnapshot(
        s.entity(), s.version(), s.window(), 1000, 1, 1, z, w, z, HotKeys.empty(8));
  }

  private static long[] flat(int n) {
    long[] l = new long[n];
    java.util.Arrays.fill(l, 100);
    return l;
  }

  private static java.util.Map<String, Double> shares(Object... keyAndShare) {
    return Fixtures.shares(keyAndShare);
  }

  private static SplittableRandom rnd() {
    return new SplittableRandom(Fixtures.seed(15_312));
  }
}
