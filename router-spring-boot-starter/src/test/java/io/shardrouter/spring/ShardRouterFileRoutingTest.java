package io.shardrouter.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An application with the starter, a routing file and three embedded H2 groups: it starts, routes a
 * key and writes and reads its rows through the {@link ShardedTable} bean, follows a new version
 * written to the file, reports health DOWN with the reason when the file is refused, and exposes
 * the meters and the info entry.
 */
@SpringBootTest(classes = ShardRouterFileRoutingTest.App.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ShardRouterFileRoutingTest {
  private static final String RUN = TestRouting.run();
  private static Path file;

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {}

  record OrderRow(String id, String customer, long cents) {}

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) throws IOException {
    Path dir = Files.createTempDirectory("shardrouter-starter");
    file = dir.resolve("orders.json");
    write(TestRouting.document(1, "string", groups("g1", "g2"), List.of("g1", "g2", "g1", "g2")));
    registry.add("shardrouter.routing.file", file::toString);
    registry.add("shardrouter.routing.poll-interval", () -> "50ms");
    for (String g : List.of("g1", "g2", "g3")) {
      registry.add("shardrouter.groups." + g + ".url", () -> TestRouting.h2(RUN + "-" + g));
      registry.add("shardrouter.groups." + g + ".username", () -> "sa");
      registry.add("shardrouter.groups." + g + ".maximum-pool-size", () -> "4");
    }
    registry.add("shardrouter.table.name", () -> "orders");
    registry.add("shardrouter.table.columns", () -> "customer,cents");
    registry.add("shardrouter.table.isolation", () -> "repeatable-read");
  }

  /** Endpoints that are host names, as in production documents: the settings are keyed by id. */
  static Map<String, String> groups(String... ids) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String id : ids) {
      m.put(id, "db-" + id + ".internal:5432");
    }
    return m;
  }

  /** Writes the routing file atomically, as a publisher must. */
  static void write(String document) {
    try {
      Path tmp = file.resolveSibling("orders.json.tmp");
      Files.writeString(tmp, document, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Autowired ShardedTable<String> orders;
  @Autowired Router router;
  @Autowired RoutingSource source;
  @Autowired ShardedDataSource dataSources;
  @Autowired ShardedDataSource.Factory pools;
  @Autowired HealthContributorRegistry health;
  @Autowired MeterRegistry meters;
  @Autowired List<InfoContributor> info;

  @Test
  @Order(1)
  void start_routesAKey_writesAndReadsItsRowsOnItsGroup() throws SQLException {
    assertThat(source).isInstanceOf(RoutingFileSource.class);
    assertThat(pools).isInstanceOf(HikariPools.class);
    assertThat(orders.status().version()).isEqualTo(1);
    Route route = router.route("customer-7");

    assertThat(orders.write("customer-7", "order-1", 1, "alice", 1250L))
        .isEqualTo(ShardedTable.Outcome.WRITTEN);
    assertThat(orders.write("customer-7", "order-2", 1, "alice", 99L))
        .isEqualTo(ShardedTable.Outcome.WRITTEN);
    assertThat(orders.write("customer-7", "order-1", 1, "alice", 1250L))
        .isEqualTo(ShardedTable.Outcome.ALREADY_WRITTEN);
    List<OrderRow> rows =
        orders.read(
            "customer-7", r -> new OrderRow(r.id(), r.getString("customer"), r.getLong("cents")));
    assertThat(rows)
        .containsExactly(
            new OrderRow("order-1", "alice", 1250), new OrderRow("order-2", "alice", 99));

    // The rows are on the group the router names, in a HikariCP pool, and on no other group.
    assertThat(dataSources.primary(route)).isInstanceOf(HikariDataSource.class);
    assertThat(((HikariDataSource) dataSources.primary(route)).getPoolName())
        .isEqualTo("shardrouter-" + route.group().id());
    assertThat(rowsOn(route.group().id(), "customer-7")).isEqualTo(2);
    String other = route.group().id().equals("g1") ? "g2" : "g1";
    assertThat(rowsOn(other, "customer-7")).isZero();
  }

  @Test
  @Order(2)
  void newVersion_isFollowed_andARefusedFileIsHealthDown() throws SQLException {
    long before = orders.status().version();
    // Version 2 adds g3 and gives it every partition.
    write(TestRouting.document(2, "string", groups("g1", "g2", "g3"), List.of("g3", "g3")));
    await().atMost(Duration.ofSeconds(10)).until(() -> orders.status().version() == 2);
    assertThat(before).isEqualTo(1);
    assertThat(router.version()).isEqualTo(2);
    assertThat(orders.write("customer-9", "order-1", 1, "bob", 5L))
        .isEqualTo(ShardedTable.Outcome.WRITTEN);
    assertThat(rowsOn("g3", "customer-9")).isEqualTo(1);
    assertThat(contributor().health().getStatus()).isEqualTo(Status.UP);

    // A file that is not a routing document: the source refuses it and keeps version 2.
    write("{\"format\": 1, \"routing_version\": 3");
    await().atMost(Duration.ofSeconds(10)).until(() -> source.status().lastError() != null);
    Health down = contributor().health();
    assertThat(down.getStatus()).isEqualTo(Status.DOWN);
    assertThat((String) down.getDetails().get("reason"))
        .contains("the routing source refused a table and keeps version 2");
    assertThat(down.getDetails()).containsEntry("version", 2L);
    assertThat(orders.read("customer-9", r -> r.id())).containsExactly("order-1");

    // A good version 3 ends it.
    write(TestRouting.document(3, "string", groups("g1", "g2", "g3"), List.of("g3", "g3")));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> contributor().health().getStatus().equals(Status.UP));
    assertThat(orders.status().version()).isEqualTo(3);
  }

  @Test
  @Order(3)
  void health_meters_andInfo_describeWhatIsServed() {
    Health up = contributor().health();
    assertThat(up.getStatus()).isEqualTo(Status.UP);
    assertThat(up.getDetails())
        .containsEntry("entity", "orders")
        .containsEntry("table", "orders")
        .containsEntry("version", orders.status().version())
        .containsEntry("migration", "none")
        .containsKeys("fingerprint", "source", "failedUpdates", "movedRetries");
    assertThat(orders.status().phase()).as("no migration").isNull();
    @SuppressWarnings("unchecked")
    Map<String, Object> src = (Map<String, Object>) up.getDetails().get("source");
    assertThat(src).containsEntry("status", "ok").containsEntry("lastKnownGood", false);

    assertThat(meters.get("shardrouter.table.version").tag("entity", "orders").gauge().value())
        .isEqualTo(router.version());
    assertThat(
            meters.get("shardrouter.sharded.table.version").tag("table", "orders").gauge().value())
        .isEqualTo(orders.status().version());
    assertThat(meters.get("shardrouter.sharded.table.healthy").gauge().value()).isEqualTo(1);
    assertThat(meters.get("shardrouter.updates").tag("result", "accepted").counter().count())
        .isGreaterThanOrEqualTo(1);
    assertThat(meters.get("hikaricp.connections").tag("pool", "shardrouter-g1").gauge())
        .isNotNull();

    Info.Builder b = new Info.Builder();
    info.forEach(c -> c.contribute(b));
    @SuppressWarnings("unchecked")
    Map<String, Object> entry = (Map<String, Object>) b.build().getDetails().get("shardrouter");
    assertThat(entry)
        .containsEntry("entity", "orders")
        .containsEntry("version", router.version())
        .containsEntry("fingerprint", router.table().fingerprint())
        .containsEntry("keyType", "string")
        .containsEntry("strategy", "hash_mod")
        .containsEntry("partitions", router.table().partitionCount())
        .containsEntry("migration", "none");
    assertThat(entry.get("groups").toString()).contains("id=g1").contains("id=g3");
  }

  private HealthIndicator contributor() {
    return (HealthIndicator) health.getContributor("shardrouter");
  }

  private long rowsOn(String group, String customer) throws SQLException {
    try (Connection c = dataSources.primary(router.table().group(group)).getConnection();
        PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM orders WHERE row_key = ?")) {
      s.setBytes(1, customer.getBytes(StandardCharsets.UTF_8));
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }
}
