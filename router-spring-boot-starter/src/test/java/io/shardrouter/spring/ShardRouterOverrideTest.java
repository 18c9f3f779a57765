package io.shardrouter.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.KeyEncoding;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.micrometer.RouterMetrics;
import io.shardrouter.micrometer.ShardedTableMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Each bean backs off when the application defines its own, {@code shardrouter.enabled=false} and
 * {@code management.health.shardrouter.enabled=false} turn pieces off, and everything closes with
 * the context.
 */
class ShardRouterOverrideTest {
  private static final String RUN = TestRouting.run();

  @TempDir Path dir;
  private Path file;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ShardRouterAutoConfiguration.class,
                  ShardRouterObservabilityAutoConfiguration.class));

  @BeforeEach
  void routingFile() throws IOException {
    file = dir.resolve("orders.json");
    Map<String, String> groups = new LinkedHashMap<>();
    groups.put("g1", TestRouting.h2(RUN + "-g1"));
    groups.put("g2", TestRouting.h2(RUN + "-g2"));
    Files.writeString(file, TestRouting.document(1, "string", groups, List.of("g1", "g2")));
  }

  private String[] properties(String... more) {
    List<String> p = new ArrayList<>();
    p.add("shardrouter.routing.file=" + file);
    p.add("shardrouter.groups.g1.username=sa");
    p.add("shardrouter.groups.g2.username=sa");
    p.add("shardrouter.table.name=orders");
    p.add("shardrouter.table.columns=customer,cents");
    p.addAll(List.of(more));
    return p.toArray(new String[0]);
  }

  @Test
  void enabledFalse_makesNoBean_andNeedsNoSetting() {
    runner
        .withPropertyValues("shardrouter.enabled=false")
        .run(
            c ->
                assertThat(c)
                    .hasNotFailed()
                    .doesNotHaveBean(ShardedTable.class)
                    .doesNotHaveBean(Router.class)
                    .doesNotHaveBean(RoutingSource.class));
  }

  @Test
  void everyBean_isThere_andClosesWithTheContext() {
    List<ShardedTable<?>> table = new ArrayList<>();
    List<HikariDataSource> pools = new ArrayList<>();
    runner
        .withPropertyValues(properties())
        .run(
            c -> {
              assertThat(c)
                  .hasNotFailed()
                  .hasSingleBean(Router.class)
                  .hasSingleBean(RoutingSource.class)
                  .hasSingleBean(ShardedDataSource.Factory.class)
                  .hasSingleBean(KeyEncoding.class)
                  .hasSingleBean(ShardedTable.class)
                  .hasSingleBean(ShardedDataSource.class)
                  .hasSingleBean(RouterMetrics.class)
                  .hasSingleBean(ShardedTableMetrics.class)
                  .hasBean("shardrouterHealthIndicator")
                  .hasBean("shardrouterInfoContributor");
              ShardedTable<?> t = c.getBean(ShardedTable.class);
              table.add(t);
              ShardedDataSource ds = c.getBean(ShardedDataSource.class);
              for (ReplicaGroup g : c.getBean(Router.class).table().groups()) {
                pools.add((HikariDataSource) ds.primary(g));
              }
            });
    assertThat(pools).hasSize(2).allMatch(HikariDataSource::isClosed);
    @SuppressWarnings("unchecked")
    ShardedTable<String> closed = (ShardedTable<String>) table.get(0);
    assertThatThrownBy(() -> closed.read("k", r -> r.id()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }

  @Test
  void healthAndInfo_canBeTurnedOff() {
    runner
        .withPropertyValues(
            properties(
                "management.health.shardrouter.enabled=false",
                "management.info.shardrouter.enabled=false"))
        .run(
            c ->
                assertThat(c)
                    .hasNotFailed()
                    .hasSingleBean(ShardedTable.class)
                    .doesNotHaveBean("shardrouterHealthIndicator")
                    .doesNotHaveBean("shardrouterInfoContributor"));
  }

  /** The application's own pools: H2's, counted. */
  @Configuration(proxyBeanMethods = false)
  static class OwnPools {
    static final List<String> MADE = new CopyOnWriteArrayList<>();

    @Bean
    ShardedDataSource.Factory pools() {
      return new ShardedDataSource.Factory() {
        @Override
        public DataSource create(ReplicaGroup group, Replica replica) {
          MADE.add(group.id());
          return JdbcConnectionPool.create(replica.endpoint(), "sa", "");
        }

        @Override
        public void close(DataSource ds) {
          ((JdbcConnectionPool) ds).dispose();
        }
      };
    }
  }

  @Test
  void ownPoolFactory_isUsed_andNeedsNoGroupSettings() {
    OwnPools.MADE.clear();
    runner
        .withUserConfiguration(OwnPools.class)
        .withPropertyValues(
            "shardrouter.routing.file=" + file,
            "shardrouter.table.name=orders",
            "shardrouter.table.columns=customer,cents")
        .run(
            c -> {
              assertThat(c).hasNotFailed();
              assertThat(c.getBean(ShardedDataSource.Factory.class))
                  .isNotInstanceOf(HikariPools.class);
              assertThat(OwnPools.MADE).containsExactlyInAnyOrder("g1", "g2");
              @SuppressWarnings("unchecked")
              ShardedTable<String> t = c.getBean(ShardedTable.class);
              assertThat(t.write("k", "row-1", 1, "erin", 3L))
                  .isEqualTo(ShardedTable.Outcome.WRITTEN);
            });
  }

  /** The application's own source and router: no routing setting at all. */
  @Configuration(proxyBeanMethods = false)
  static class OwnRouting {
    static Path file;

    @Bean
    Router router() {
      return Router.create(RoutingDocuments.read(file));
    }

    @Bean(destroyMethod = "close")
    RoutingSource source(Router router) {
      return RoutingFileSource.of(file, router);
    }
  }

  @Test
  void ownRoutingSourceAndRouter_areFollowed() throws IOException {
    OwnRouting.file = file;
    runner
        .withUserConfiguration(OwnRouting.class)
        .withPropertyValues(
            "shardrouter.groups.g1.username=sa",
            "shardrouter.groups.g2.username=sa",
            "shardrouter.table.name=orders",
            "shardrouter.table.columns=customer,cents")
        .run(
            c -> {
              assertThat(c).hasNotFailed();
              RoutingFileSource source = c.getBean(RoutingFileSource.class);
              ShardedTable<?> t = c.getBean(ShardedTable.class);
              Map<String, String> groups = new LinkedHashMap<>();
              groups.put("g1", TestRouting.h2(RUN + "-g1"));
              groups.put("g2", TestRouting.h2(RUN + "-g2"));
              Files.writeString(
                  file, TestRouting.document(2, "string", groups, List.of("g2", "g1")));
              assertThat(source.refresh()).isEqualTo(RoutingFileSource.Outcome.UPDATED);
              assertThat(t.status().version()).isEqualTo(2);
              assertThat(
                      ((HealthIndicator) c.getBean("shardrouterHealthIndicator"))
                          .health()
                          .getStatus())
                  .isEqualTo(Status.UP);
            });
  }

  /** Composite keys: the application's KeyEncoding. */
  @Configuration(proxyBeanMethods = false)
  static class CompositeKeys {
    record CustomerKey(String tenant, long customer) {}

    @Bean
    KeyEncoding<CustomerKey> keys() {
      return KeyEncoding.composite(
          k -> CompositeKey.of(k.tenant(), k.customer()), KeyType.Kind.STRING, KeyType.Kind.LONG);
    }
  }

  @Test
  void ownKeyEncoding_routesCompositeKeys() throws IOException {
    Files.writeString(file, TestRouting.compositeDocument(RUN + "-c1", RUN + "-c2"));
    runner
        .withUserConfiguration(CompositeKeys.class)
        .withPropertyValues(properties())
        .run(
            c -> {
              assertThat(c).hasNotFailed();
              @SuppressWarnings("unchecked")
              ShardedTable<CompositeKeys.CustomerKey> t = c.getBean(ShardedTable.class);
              CompositeKeys.CustomerKey key = new CompositeKeys.CustomerKey("acme", 42);
              assertThat(t.write(key, "order-1", 1, "acme-42", 10L))
                  .isEqualTo(ShardedTable.Outcome.WRITTEN);
              assertThat(t.read(key, r -> r.getString("customer"))).containsExactly("acme-42");
            });
  }

  /**
   * A key-type setting beside the application's KeyEncoding bean must agree with the bean: it was
   * ignored, so 'key-type=string' beside a composite encoding started as if it were not there.
   */
  @Test
  void ownKeyEncoding_keyTypeSettingThatDisagrees_failsTheStartNamingBoth() throws IOException {
    Files.writeString(file, TestRouting.compositeDocument(RUN + "-k1", RUN + "-k2"));
    runner
        .withUserConfiguration(CompositeKeys.class)
        .withPropertyValues(properties())
        .withPropertyValues("shardrouter.table.key-type=string")
        .run(
            c -> {
              assertThat(c).hasFailed();
              Throwable root = c.getStartupFailure();
              while (!(root instanceof InvalidShardRouterPropertyException)
                  && root.getCause() != null) {
                root = root.getCause();
              }
              assertThat(root).isInstanceOf(InvalidShardRouterPropertyException.class);
              InvalidShardRouterPropertyException e = (InvalidShardRouterPropertyException) root;
              assertThat(e.property()).isEqualTo("shardrouter.table.key-type");
              assertThat(e.getMessage())
                  .contains(
                      "it is 'string' but the application's KeyEncoding bean encodes keys of type"
                          + " composite(string, long), and the bean decides")
                  .contains("remove the setting");
            });
    runner
        .withUserConfiguration(CompositeKeys.class)
        .withPropertyValues(properties())
        .withPropertyValues("shardrouter.table.key-type=")
        .run(c -> assertThat(c).hasNotFailed());
  }

  /** The application's own table, built from its own source: the starter adds health and meters. */
  @Configuration(proxyBeanMethods = false)
  static class OwnTable {
    static Path file;

    @Bean(destroyMethod = "close")
    ShardedTable<String> orders() {
      Router seed = Router.create(RoutingDocuments.read(file));
      RoutingFileSource source = RoutingFileSource.of(file, seed);
      return ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
          .routing(source, seed.table())
          .pools((group, replica) -> JdbcConnectionPool.create(replica.endpoint(), "sa", ""))
          .retry(3, Duration.ofSeconds(1))
          .build();
    }
  }

  @Test
  void ownTable_getsHealthAndMeters_withoutAnyRoutingSetting() {
    OwnTable.file = file;
    runner
        .withUserConfiguration(OwnTable.class)
        .run(
            c -> {
              assertThat(c)
                  .hasNotFailed()
                  .hasSingleBean(ShardedTable.class)
                  .doesNotHaveBean(RoutingSource.class)
                  .doesNotHaveBean(KeyEncoding.class)
                  .hasSingleBean(RouterMetrics.class)
                  .hasSingleBean(ShardedTableMetrics.class);
              HealthIndicator h = (HealthIndicator) c.getBean("shardrouterHealthIndicator");
              assertThat(h.health().getStatus()).isEqualTo(Status.UP);
              assertThat(h.health().getDetails()).containsEntry("version", 1L);
            });
  }

  /** A routing source that has delivered no table yet (ZooKeeper that has not answered). */
  static final class Undelivered implements RoutingSource {
    @Override
    public void subscribe(Router router) {}

    @Override
    public void unsubscribe(Router router) {}

    @Override
    public Status status() {
      return new Status(Status.NO_VERSION, null, null, null);
    }

    @Override
    public void close() {}
  }

  /** The application's own table, built from its document on a source that has delivered none. */
  @Configuration(proxyBeanMethods = false)
  static class OwnTableOnUndeliveredSource {
    static Path file;

    @Bean(destroyMethod = "close")
    ShardedTable<String> orders() {
      return ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
          .routing(new Undelivered(), RoutingDocuments.read(file))
          .pools((group, replica) -> JdbcConnectionPool.create(replica.endpoint(), "sa", ""))
          .build();
    }
  }

  /**
   * The table serves the table it was built with, follows its router, and is not ready: health DOWN
   * for the source alone (not for a table behind its router), and the healthy gauge 0, as {@code
   * ShardedTable.Status.healthy()} says.
   */
  @Test
  void ownTable_onASourceWithoutTable_isDownForTheSourceOnly_andNotHealthyInTheMeters() {
    OwnTableOnUndeliveredSource.file = file;
    runner
        .withUserConfiguration(OwnTableOnUndeliveredSource.class)
        .run(
            c -> {
              assertThat(c).hasNotFailed();
              HealthIndicator h = (HealthIndicator) c.getBean("shardrouterHealthIndicator");
              assertThat(h.health().getStatus()).isEqualTo(Status.DOWN);
              assertThat(h.health().getDetails())
                  .containsEntry("reason", "the routing source has no table")
                  .containsEntry("version", 1L);
              SimpleMeterRegistry registry = new SimpleMeterRegistry();
              c.getBean(ShardedTableMetrics.class).bindTo(registry);
              assertThat(registry.get("shardrouter.sharded.table.healthy").gauge().value())
                  .isEqualTo(0);
              assertThat(registry.get("shardrouter.sharded.table.source.healthy").gauge().value())
                  .isEqualTo(0);
            });
  }

  /** Two tables of the application's own: the starter adds no meters or contributors for them. */
  @Configuration(proxyBeanMethods = false)
  static class TwoTables {
    static Path file;

    private static ShardedTable<String> table(String name) {
      Router seed = Router.create(RoutingDocuments.read(file));
      return ShardedTable.builder(name, KeyEncoding.strings(), "customer", "cents")
          .routing(RoutingFileSource.of(file, seed), seed.table())
          .pools((group, replica) -> JdbcConnectionPool.create(replica.endpoint(), "sa", ""))
          .createTables(false)
          .build();
    }

    @Bean(destroyMethod = "close")
    ShardedTable<String> orders() {
      return table("orders");
    }

    @Bean(destroyMethod = "close")
    ShardedTable<String> returns() {
      return table("orders");
    }
  }

  @Test
  void twoTables_getNoContributors_andStart() {
    TwoTables.file = file;
    runner
        .withUserConfiguration(TwoTables.class)
        .run(
            c ->
                assertThat(c)
                    .hasNotFailed()
                    .doesNotHaveBean("shardrouterHealthIndicator")
                    .doesNotHaveBean(ShardedTableMetrics.class)
                    .doesNotHaveBean(ShardedDataSource.class));
  }
}
