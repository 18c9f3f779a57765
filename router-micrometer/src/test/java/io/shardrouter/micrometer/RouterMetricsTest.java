package io.shardrouter.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StaleRoutingVersionException;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.stats.RouteStats;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link RouterMetrics} in a {@link SimpleMeterRegistry}. */
class RouterMetricsTest {
  static RoutingTable table(long version, String entity, String... placement) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"format\":1,\"routing_version\":").append(version).append(",\"entity\":\"");
    sb.append(entity)
        .append("\",\"key\":{\"type\":\"string\"},\"strategy\":{\"type\":\"hash_mod\",");
    sb.append("\"hash\":\"xxh3-64\",\"partitions\":")
        .append(placement.length)
        .append("},\"groups\":[");
    Set<String> ids = new java.util.TreeSet<>(List.of(placement));
    String sep = "";
    for (String id : ids) {
      sb.append(sep).append("{\"id\":\"").append(id).append("\",\"primary\":\"").append(id);
      sb.append(":5432\"}");
      sep = ",";
    }
    sb.append("],\"placement\":[");
    sep = "";
    for (String p : placement) {
      sb.append(sep).append('"').append(p).append('"');
      sep = ",";
    }
    return RoutingDocuments.read(sb.append("]}").toString());
  }

  @Test
  void meters_namesTagsAndValues() {
    Router router = Router.create(table(1, "orders", "g0", "g0", "g1", "g1"));
    RouteStats stats = RouteStats.builder().build(router);
    AtomicLong now = new AtomicLong(0);
    SimpleMeterRegistry reg = new SimpleMeterRegistry();
    RouterMetrics.of(router, stats, now::get).bindTo(reg);
    RoutingTable t = router.table();
    for (int i = 0; i < 1000; i++) {
      String k = "k" + i;
      stats.record(router.route(k), k, RouteStats.Op.READ);
    }
    long g0 = 0;
    for (int i = 0; i < 1000; i++) {
      g0 += t.route("k" + i).group().id().equals("g0") ? 1 : 0;
    }
    assertEquals(
        g0,
        reg.get("shardrouter.routes")
            .tags("entity", "orders", "group", "g0")
            .functionCounter()
            .count());
    assertEquals(
        1000 - g0, reg.get("shardrouter.routes").tags("group", "g1").functionCounter().count());
    assertEquals(1, reg.get("shardrouter.table.version").gauge().value());
    now.set(TimeUnit.SECONDS.toNanos(42));
    assertEquals(42, reg.get("shardrouter.update.age").timeGauge().value(TimeUnit.SECONDS), 1e-9);
    double expectedSkew = Math.max(g0, 1000 - g0) / 500.0;
    assertEquals(expectedSkew, reg.get("shardrouter.skew.groups").gauge().value(), 1e-9);
    assertEquals(1, reg.get("shardrouter.stats.sampling").gauge().value());
    stats.sampling(false);
    assertEquals(0, reg.get("shardrouter.stats.sampling").gauge().value());
    for (Meter m : reg.getMeters()) {
      String name = m.getId().getName();
      assertTrue(name.matches("shardrouter(\\.[a-z]+)+"), name);
      for (Tag tag : m.getId().getTags()) {
        assertTrue(Set.of("entity", "group", "result").contains(tag.getKey()), m.getId()::toString);
      }
    }
  }

  @Test
  void updates_byResult_andRoutesStayWithTheGroupThatServedThem() {
    Router router = Router.create(table(1, "orders", "g0", "g1"));
    RouteStats stats = RouteStats.builder().build(router);
    AtomicLong now = new AtomicLong(0);
    SimpleMeterRegistry reg = new SimpleMeterRegistry();
    RouterMetrics.of(router, stats, now::get).bindTo(reg);
    RoutingTable t = router.table();
    String k = "x";
    int p = t.route(k).partition();
    String before = t.groupOf(p).id();
    for (int i = 0; i < 10; i++) {
      stats.record(router.route(k), k, RouteStats.Op.WRITE);
    }
    now.set(TimeUnit.SECONDS.toNanos(5));
    String[] moved = {"g0", "g1"};
    moved[p] = before.equals("g0") ? "g1" : "g0"; // p moves to the other group; version 2
    assertTrue(router.update(table(2, "orders", moved)));
    for (int i = 0; i < 3; i++) {
      stats.record(router.route(k), k, RouteStats.Op.WRITE);
    }
    assertEquals(10, reg.get("shardrouter.routes").tags("group", before).functionCounter().count());
    assertEquals(
        3, reg.get("shardrouter.routes").tags("group", moved[p]).functionCounter().count());
    assertThrows(
        StaleRoutingVersionException.class, () -> router.update(table(1, "orders", "g0", "g1")));
    assertEquals(
        "entity",
        assertThrows(
                InvalidRoutingTableException.class,
                () -> router.update(table(3, "users", "g0", "g1")))
            .violations()
            .get(0)
            .path());
    assertFalse(
        router.update(router.table()), "a repeated delivery is neither accepted nor refused");
    assertEquals(1, reg.get("shardrouter.updates").tags("result", "accepted").counter().count());
    assertEquals(1, reg.get("shardrouter.updates").tags("result", "stale").counter().count());
    assertEquals(1, reg.get("shardrouter.updates").tags("result", "refused").counter().count());
    assertEquals(2, reg.get("shardrouter.table.version").gauge().value());
    now.set(TimeUnit.SECONDS.toNanos(8));
    assertEquals(3, reg.get("shardrouter.update.age").timeGauge().value(TimeUnit.SECONDS), 1e-9);
  }

  @Test
  void withoutStats_noRouteOrSkewMeters() {
    Router router = Router.create(table(1, "orders", "g0"));
    SimpleMeterRegistry reg = new SimpleMeterRegistry();
    RouterMetrics.of(router).bindTo(reg);
    assertTrue(reg.find("shardrouter.routes").meters().isEmpty());
    assertTrue(reg.find("shardrouter.skew.groups").meters().isEmpty());
    assertEquals(1, reg.get("shardrouter.table.version").gauge().value());
  }

  @Test
  void refusals_countStaleApartFromInvalid() {
    Router router = Router.create(table(5, "orders", "g0", "g1"));
    SimpleMeterRegistry reg = new SimpleMeterRegistry();
    RouterMetrics.of(router).bindTo(reg);
    assertThrows(
        StaleRoutingVersionException.class, () -> router.update(table(4, "orders", "g0", "g1")));
    assertThrows(
        StaleRoutingVersionException.class, () -> router.update(table(3, "orders", "g0", "g1")));
    assertThrows(
        InvalidRoutingTableException.class, () -> router.update(table(6, "users", "g0", "g1")));
    assertEquals(2, reg.get("shardrouter.updates").tags("result", "stale").counter().count());
    assertEquals(1, reg.get("shardrouter.updates").tags("result", "refused").counter().count());
    assertEquals(0, reg.get("shardrouter.updates").tags("result", "accepted").counter().count());
  }

  @Test
  void aGroupAddedByAnUpdate_getsItsRouteCounter_inEveryRegistry() {
    Router router = Router.create(table(1, "orders", "g0", "g1", "g0", "g1"));
    RouteStats stats = RouteStats.builder().build(router);
    SimpleMeterRegistry first = new SimpleMeterRegistry();
    SimpleMeterRegistry second = new SimpleMeterRegistry();
    RouterMetrics metrics = RouterMetrics.of(router, stats, () -> 0L);
    metrics.bindTo(first);
    metrics.bindTo(second);
    assertTrue(first.find("shardrouter.routes").tag("group", "g2").meters().isEmpty());

    assertTrue(router.update(table(2, "orders", "g0", "g1", "g2", "g2")));
    int routedToG2 = 0;
    for (int i = 0; i < 400; i++) {
      String k = "k" + i;
      io.shardrouter.core.Route r = router.route(k);
      stats.record(r, k, RouteStats.Op.READ);
      routedToG2 += r.group().id().equals("g2") ? 1 : 0;
    }
    assertTrue(routedToG2 > 0, "some keys route to g2");
    for (SimpleMeterRegistry reg : List.of(first, second)) {
      assertEquals(
          routedToG2,
          reg.get("shardrouter.routes").tags("group", "g2").functionCounter().count(),
          "routes to the new group");
      assertEquals(
          400 - routedToG2,
          reg.get("shardrouter.routes").tags("group", "g0").functionCounter().count()
              + reg.get("shardrouter.routes").tags("group", "g1").functionCounter().count());
    }
  }

  @Test
  void skewOverPartitions_isThePeakPartitionOverTheMean() {
    Router router = Router.create(table(1, "orders", "g0", "g0", "g1", "g1"));
    RouteStats stats = RouteStats.builder().build(router);
    SimpleMeterRegistry reg = new SimpleMeterRegistry();
    RouterMetrics.of(router, stats, () -> 0L).bindTo(reg);
    assertEquals(0, reg.get("shardrouter.skew.partitions").gauge().value(), "no routes yet");
    long[] perPartition = new long[4];
    for (int i = 0; i < 1000; i++) {
      String k = "k" + i;
      io.shardrouter.core.Route r = router.route(k);
      stats.record(r, k, RouteStats.Op.READ);
      perPartition[r.partition()]++;
    }
    long peak = java.util.Arrays.stream(perPartition).max().orElseThrow();
    assertEquals(peak / 250.0, reg.get("shardrouter.skew.partitions").gauge().value(), 1e-9);
    assertEquals(0, reg.get("shardrouter.stats.samples.dropped").functionCounter().count());
  }
}
