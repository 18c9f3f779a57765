package io.shardrouter.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.shardrouter.core.Router;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.zookeeper.ZkRoutingSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An application with the starter following ZooKeeper (curator-test's server, router-zookeeper's
 * publisher): it starts on the published table, writes and reads, follows the next published
 * version, and goes DOWN with the reason when the source refuses a published table or when the
 * table cannot follow one (a group without JDBC settings), and UP again after a good version.
 *
 * <p>The groups' endpoints here are JDBC URLs: g1 and g2 take their settings by id (user name
 * only), g3 by its endpoint in brackets.
 */
@SpringBootTest(classes = ShardRouterZookeeperTest.App.class)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ShardRouterZookeeperTest {
  @RegisterExtension static final ZooKeeperServer ZK = new ZooKeeperServer();
  private static final String RUN = TestRouting.run();

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {}

  static Map<String, String> groups(String... ids) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String id : ids) {
      m.put(id, TestRouting.h2(RUN + "-" + id));
    }
    return m;
  }

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) throws Exception {
    ZK.publish(TestRouting.document(1, "string", groups("g1", "g2"), List.of("g1", "g2")));
    Path lkg = Files.createTempDirectory("shardrouter-lkg");
    registry.add("shardrouter.routing.zookeeper.connect", ZK::connect);
    registry.add("shardrouter.routing.zookeeper.entity", () -> "orders");
    registry.add("shardrouter.routing.zookeeper.startup-wait", () -> "20s");
    registry.add("shardrouter.routing.zookeeper.last-known-good", lkg::toString);
    registry.add("shardrouter.routing.zookeeper.instance-id", () -> "test-1");
    registry.add("shardrouter.groups.g1.username", () -> "sa");
    registry.add("shardrouter.groups.g2.username", () -> "sa");
    registry.add("shardrouter.groups.[" + TestRouting.h2(RUN + "-g3") + "].username", () -> "sa");
    registry.add("shardrouter.table.name", () -> "orders");
    registry.add("shardrouter.table.columns", () -> "customer,cents");
  }

  @Autowired ShardedTable<String> orders;
  @Autowired Router router;
  @Autowired RoutingSource source;
  @Autowired HealthContributorRegistry health;

  @Test
  @Order(1)
  void start_onThePublishedTable_writesAndReads() {
    assertThat(source).isInstanceOf(ZkRoutingSource.class);
    assertThat(orders.status().version()).isEqualTo(1);
    assertThat(orders.write("customer-1", "order-1", 1, "carol", 42L))
        .isEqualTo(ShardedTable.Outcome.WRITTEN);
    assertThat(orders.read("customer-1", r -> r.getLong("cents"))).containsExactly(42L);
    Health up = contributor().health();
    assertThat(up.getStatus()).isEqualTo(Status.UP);
    @SuppressWarnings("unchecked")
    Map<String, Object> src = (Map<String, Object>) up.getDetails().get("source");
    assertThat(src).containsEntry("status", "ok").containsEntry("lastKnownGood", false);
  }

  @Test
  @Order(2)
  void publishedVersion_isFollowed() {
    ZK.publish(TestRouting.document(2, "string", groups("g1", "g2", "g3"), List.of("g3", "g3")));
    await().atMost(Duration.ofSeconds(15)).until(() -> orders.status().version() == 2);
    assertThat(router.version()).isEqualTo(2);
    assertThat(orders.write("customer-2", "order-1", 1, "dan", 7L))
        .isEqualTo(ShardedTable.Outcome.WRITTEN);
    assertThat(orders.pools().primary(router.route("customer-2")).toString())
        .contains("shardrouter-g3");
  }

  @Test
  @Order(3)
  void refusedTable_isHealthDown_untilAGoodVersion() {
    // Another key type for the same entity: every router refuses it and keeps version 2.
    ZK.publish(TestRouting.document(3, "long", groups("g1", "g2", "g3"), List.of("g3", "g3")));
    await().atMost(Duration.ofSeconds(15)).until(() -> source.status().lastError() != null);
    Health down = contributor().health();
    assertThat(down.getStatus()).isEqualTo(Status.DOWN);
    assertThat((String) down.getDetails().get("reason"))
        .contains("the routing source refused a table and keeps version 2")
        .contains("key");
    assertThat(orders.read("customer-2", r -> r.getString("customer"))).containsExactly("dan");

    ZK.publish(TestRouting.document(4, "string", groups("g1", "g2", "g3"), List.of("g1", "g3")));
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> contributor().health().getStatus().equals(Status.UP));
    assertThat(orders.status().version()).isEqualTo(4);
  }

  @Test
  @Order(4)
  void versionWithAnUnconfiguredGroup_isHealthDown_namingTheSetting() {
    ZK.publish(
        TestRouting.document(5, "string", groups("g1", "g2", "g3", "g4"), List.of("g4", "g3")));
    await().atMost(Duration.ofSeconds(15)).until(() -> router.version() == 5);
    await().atMost(Duration.ofSeconds(15)).until(() -> orders.status().failedVersion() == 5);
    Health down = contributor().health();
    assertThat(down.getStatus()).isEqualTo(Status.DOWN);
    assertThat((String) down.getDetails().get("reason"))
        .contains("serves version 4 but its router has version 5")
        .contains("replica group 'g4'")
        .contains("shardrouter.groups.g4.username");
    assertThat(orders.status().version()).isEqualTo(4);

    ZK.publish(TestRouting.document(6, "string", groups("g1", "g2", "g3"), List.of("g1", "g2")));
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> contributor().health().getStatus().equals(Status.UP));
    assertThat(orders.status().version()).isEqualTo(6);
    assertThat(orders.read("customer-1", r -> r.id())).containsExactly("order-1");
  }

  private HealthIndicator contributor() {
    return (HealthIndicator) health.getContributor("shardrouter");
  }
}
