package io.shardrouter.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.migrate.Phase;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Each meter of {@link ShardedTableMetrics} reads its own field of the table's status, read again
 * at every scrape: a status whose every figure differs, then another. {@link
 * ShardedTableMetricsTest} drives a real table on H2, where retries and canary mismatches stay at
 * 0.
 */
class ShardedTableMetricsStatusTest {
  private static final RoutingSource.Status SOURCE_OK =
      new RoutingSource.Status(9, "f9", Duration.ofSeconds(1), null);
  private static final RoutingSource.Status SOURCE_REFUSING =
      new RoutingSource.Status(
          9,
          "f9",
          Duration.ofSeconds(30),
          new InvalidRoutingTableException(List.of(new Violation("$", "broken"))));

  private static ShardedTable.Status status(
      long version,
      long routerVersion,
      RoutingSource.Status source,
      long failed,
      long moved,
      long serialization,
      long canary) {
    return new ShardedTable.Status(
        version,
        Phase.DUAL_WRITE,
        routerVersion,
        source,
        -1,
        null,
        failed,
        moved,
        serialization,
        canary);
  }

  @Test
  void everyMeter_readsItsField_atEveryScrape() {
    AtomicReference<ShardedTable.Status> current =
        new AtomicReference<>(status(9, 9, SOURCE_OK, 3, 11, 13, 17));
    SimpleMeterRegistry reg = new SimpleMeterRegistry();
    new ShardedTableMetrics(current, AtomicReference::get, "orders", "orders_v2").bindTo(reg);

    assertEquals(9, gauge(reg, "version"));
    assertEquals(9, gauge(reg, "router.version"));
    assertEquals(1, gauge(reg, "healthy"));
    assertEquals(1, gauge(reg, "source.healthy"));
    assertEquals(3, counter(reg, "updates.failed", null));
    assertEquals(11, counter(reg, "retries", "moved"));
    assertEquals(13, counter(reg, "retries", "serialization"));
    assertEquals(17, counter(reg, "canary.mismatches", null));

    current.set(status(8, 10, SOURCE_REFUSING, 4, 20, 31, 42));
    assertEquals(8, gauge(reg, "version"));
    assertEquals(10, gauge(reg, "router.version"));
    assertEquals(0, gauge(reg, "healthy"));
    assertEquals(0, gauge(reg, "source.healthy"));
    assertEquals(4, counter(reg, "updates.failed", null));
    assertEquals(20, counter(reg, "retries", "moved"));
    assertEquals(31, counter(reg, "retries", "serialization"));
    assertEquals(42, counter(reg, "canary.mismatches", null));
    assertEquals(
        "orders", reg.get("shardrouter.sharded.table.version").gauge().getId().getTag("entity"));
  }

  /**
   * A routing source that has delivered no table: the table serves the table it was built with,
   * follows its router, and is still not healthy, as the health contributor says.
   */
  @Test
  void healthy_sourceWithoutTable_isZero_thoughTheTableFollowsItsRouter() {
    RoutingSource.Status none =
        new RoutingSource.Status(RoutingSource.Status.NO_VERSION, null, null, null);
    AtomicReference<ShardedTable.Status> current =
        new AtomicReference<>(status(1, 1, none, 0, 0, 0, 0));
    SimpleMeterRegistry reg = new SimpleMeterRegistry();
    new ShardedTableMetrics(current, AtomicReference::get, "orders", "orders_v2").bindTo(reg);

    assertEquals(0, gauge(reg, "healthy"));
    assertEquals(0, gauge(reg, "source.healthy"));
    current.set(status(1, 1, SOURCE_OK, 0, 0, 0, 0));
    assertEquals(1, gauge(reg, "healthy"));
  }

  private static double gauge(SimpleMeterRegistry reg, String name) {
    return reg.get("shardrouter.sharded.table." + name).tag("table", "orders_v2").gauge().value();
  }

  private static double counter(SimpleMeterRegistry reg, String name, String reason) {
    var search = reg.get("shardrouter.sharded.table." + name).tag("table", "orders_v2");
    return (reason == null ? search : search.tag("reason", reason)).functionCounter().count();
  }
}
