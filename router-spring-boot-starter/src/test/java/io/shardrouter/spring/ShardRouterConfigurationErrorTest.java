package io.shardrouter.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.zookeeper.ZkRoutingSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Every kind of bad configuration fails the start with the setting's name, what is wrong with it
 * and what to do; {@link ShardRouterFailureAnalyzer} prints those parts apart.
 */
class ShardRouterConfigurationErrorTest {
  private static final String RUN = TestRouting.run();

  @TempDir Path dir;
  private String file;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ShardRouterEnabledCheck.class,
                  ShardRouterAutoConfiguration.class,
                  ShardRouterObservabilityAutoConfiguration.class));

  @BeforeEach
  void routingFile() throws IOException {
    Path f = dir.resolve("orders.json");
    Files.writeString(
        f, TestRouting.document(1, "string", endpoints("g1", "g2"), List.of("g1", "g2")));
    file = f.toString();
  }

  static Map<String, String> endpoints(String... ids) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String id : ids) {
      m.put(id, "db-" + id + ":5432");
    }
    return m;
  }

  /** Settings that start: the routing file, two configured groups, the table. */
  private List<String> good() {
    List<String> p = new ArrayList<>();
    p.add("shardrouter.routing.file=" + file);
    for (String g : List.of("g1", "g2")) {
      p.add("shardrouter.groups." + g + ".url=" + TestRouting.h2(RUN + "-" + g));
      p.add("shardrouter.groups." + g + ".username=sa");
    }
    p.add("shardrouter.table.name=orders");
    p.add("shardrouter.table.columns=customer,cents");
    return p;
  }

  /** {@link #good()} with the settings of {@code changes}: {@code name=} alone removes one. */
  private List<String> good(String... changes) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String s : good()) {
      m.put(s.substring(0, s.indexOf('=')), s);
    }
    for (String c : changes) {
      String name = c.substring(0, c.indexOf('='));
      if (c.endsWith("=")) {
        m.remove(name);
      } else {
        m.put(name, c);
      }
    }
    return new ArrayList<>(m.values());
  }

  /** The start's failure with {@code properties}: the ShardRouter setting it names. */
  private InvalidShardRouterPropertyException failure(List<String> properties) {
    Throwable[] failure = new Throwable[1];
    runner
        .withPropertyValues(properties.toArray(new String[0]))
        .run(c -> failure[0] = c.getStartupFailure());
    assertThat(failure[0]).as("the start must fail").isNotNull();
    for (Throwable t = failure[0]; t != null; t = t.getCause()) {
      if (t instanceof InvalidShardRouterPropertyException e) {
        FailureAnalysis analysis = new ShardRouterFailureAnalyzer().analyze(failure[0]);
        assertThat(analysis.getDescription()).contains(e.property()).contains(e.problem());
        assertThat(analysis.getAction()).isEqualTo(e.action());
        return e;
      }
    }
    throw new AssertionError("no ShardRouter setting named in " + failure[0], failure[0]);
  }

  @Test
  void good_starts() {
    runner
        .withPropertyValues(good().toArray(new String[0]))
        .run(c -> assertThat(c).hasNotFailed().hasBean("shardedTable"));
  }

  @Test
  void noRoutingSource_namesBothSettings() {
    InvalidShardRouterPropertyException e = failure(good("shardrouter.routing.file="));
    assertThat(e.property()).isEqualTo("shardrouter.routing.file");
    assertThat(e.problem()).contains("no routing source is configured");
    assertThat(e.action())
        .contains("shardrouter.routing.file=")
        .contains("shardrouter.routing.zookeeper.connect=")
        .contains("shardrouter.enabled=false");
  }

  @Test
  void routingFile_setButEmpty_saysSo_andWhatToSet() {
    List<String> p = good("shardrouter.routing.file=");
    p.add("shardrouter.routing.file="); // set, to nothing
    InvalidShardRouterPropertyException e = failure(p);
    assertThat(e.property()).isEqualTo("shardrouter.routing.file");
    assertThat(e.problem()).isEqualTo("it is set but empty");
    assertThat(e.action())
        .startsWith(
            "set it to the path of a routing document or snapshot, e.g."
                + " shardrouter.routing.file=routing/orders.json, or remove it");
    // next to ZooKeeper's settings it is no less empty: remove it to follow ZooKeeper
    p.add("shardrouter.routing.zookeeper.connect=127.0.0.1:1");
    p.add("shardrouter.routing.zookeeper.entity=orders");
    e = failure(p);
    assertThat(e.property()).isEqualTo("shardrouter.routing.file");
    assertThat(e.problem()).isEqualTo("it is set but empty");
    assertThat(e.action())
        .endsWith(
            "or remove it to follow ZooKeeper at '127.0.0.1:1'"
                + " (shardrouter.routing.zookeeper.connect)");
  }

  /** The application's own routing source and router: the starter binds its settings anyway. */
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
  void emptySettings_whereTheSettingsAreBound_areSetButEmpty_notLeftUnbound() {
    OwnRouting.file = Path.of(file);
    List<String> p = good("shardrouter.routing.file=");
    p.add("shardrouter.routing.file=");
    FailureAnalysis a = emptySettingAnalysis(p);
    assertThat(a.getDescription())
        .startsWith(
            "ShardRouter cannot start: the setting 'shardrouter.routing.file' does not work: it is"
                + " set but empty")
        .doesNotContain("unbound");
    assertThat(a.getAction())
        .startsWith("set it to the path of a routing document or snapshot")
        .contains("RoutingSource and Router beans");
    List<String> q = good();
    q.add("shardrouter.table.retry-max-wait=");
    a = emptySettingAnalysis(q);
    assertThat(a.getDescription())
        .startsWith(
            "ShardRouter cannot start: the setting 'shardrouter.table.retry-max-wait' does not"
                + " work: it is set but empty");
    assertThat(a.getAction()).startsWith("set it to a value, or remove it to take the default");
  }

  /** The analysis of a start with {@code properties} and {@link OwnRouting}, which must fail. */
  private FailureAnalysis emptySettingAnalysis(List<String> properties) {
    Throwable[] failure = new Throwable[1];
    runner
        .withUserConfiguration(OwnRouting.class)
        .withPropertyValues(properties.toArray(new String[0]))
        .run(c -> failure[0] = c.getStartupFailure());
    assertThat(failure[0]).as("the start must fail").isNotNull();
    FailureAnalysis a = new ShardRouterEmptySettingFailureAnalyzer().analyze(failure[0]);
    assertThat(a).as("analyzed: " + failure[0]).isNotNull();
    return a;
  }

  @Test
  void fileAndZookeeper_bothSet_namesThePair() {
    InvalidShardRouterPropertyException e =
        failure(good("shardrouter.routing.zookeeper.connect=127.0.0.1:2181"));
    assertThat(e.property())
        .isEqualTo("shardrouter.routing.file and shardrouter.routing.zookeeper.connect");
    assertThat(e.problem()).contains("both are set");
    assertThat(e.action()).contains("remove one of them");
  }

  @Test
  void groupWithoutJdbcSettings_namesTheGroupAndTheSetting() {
    InvalidShardRouterPropertyException e =
        failure(good("shardrouter.groups.g2.url=", "shardrouter.groups.g2.username="));
    assertThat(e.property()).isEqualTo("shardrouter.groups.g2.url");
    assertThat(e.problem())
        .contains("replica group 'g2' (member endpoint 'db-g2:5432') has no JDBC settings")
        .contains("the keys are [g1]");
    assertThat(e.action())
        .contains("set shardrouter.groups.g2.url")
        .contains("shardrouter.groups.[db-g2:5432].url");
  }

  @Test
  void twoGroupsWithoutJdbcSettings_areReportedTogether() {
    List<String> p = good();
    p.removeIf(s -> s.startsWith("shardrouter.groups."));
    p.add("shardrouter.groups.g3.url=jdbc:h2:mem:unused");
    InvalidShardRouterPropertyException e = failure(p);
    assertThat(e.property()).isEqualTo("shardrouter.groups");
    assertThat(e.problem())
        .contains("2 members of routing table 'orders' version 1 have no usable JDBC settings")
        .contains("replica group 'g1'")
        .contains("replica group 'g2'");
    assertThat(e.action())
        .contains("shardrouter.groups.g1.url")
        .contains("shardrouter.groups.g2.url");
  }

  @Test
  void groupUrl_thatIsNotJdbc() {
    InvalidShardRouterPropertyException e =
        failure(good("shardrouter.groups.g1.url=postgres://db-g1:5432/orders"));
    assertThat(e.property()).isEqualTo("shardrouter.groups.g1.url");
    assertThat(e.problem()).contains("'postgres://db-g1:5432/orders' is not a JDBC URL");
    assertThat(e.action()).contains("starting with 'jdbc:'");
  }

  @Test
  void groupWithoutUrl_whoseEndpointIsNotJdbc() {
    InvalidShardRouterPropertyException e = failure(good("shardrouter.groups.g1.url="));
    assertThat(e.property()).isEqualTo("shardrouter.groups.g1.url");
    assertThat(e.problem())
        .contains("member endpoint 'db-g1:5432' is not a JDBC URL and no url is set for it");
  }

  @Test
  void groupUrl_forAGroupOfSeveralMembers() throws IOException {
    Files.writeString(
        Path.of(file),
        "{\"format\":1,\"routing_version\":1,\"entity\":\"orders\",\"key\":{\"type\":\"string\"},"
            + "\"strategy\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":2},"
            + "\"groups\":[{\"id\":\"g1\",\"primary\":\"db-g1:5432\",\"replicas\":"
            + "[\"db-g1-replica:5432\"]},{\"id\":\"g2\",\"primary\":\"db-g2:5432\"}],"
            + "\"placement\":[\"g1\",\"g2\"]}");
    InvalidShardRouterPropertyException e = failure(good());
    assertThat(e.property()).isEqualTo("shardrouter.groups.g1.url");
    assertThat(e.problem())
        .contains("replica group 'g1' has 2 members [db-g1:5432, db-g1-replica:5432]");
    assertThat(e.action()).contains("shardrouter.groups.[db-g1:5432].url");
  }

  @Test
  void enabled_neitherTrueNorFalse_failsTheStart_insteadOfTurningTheStarterOff() {
    InvalidShardRouterPropertyException e = failure(good("shardrouter.enabled=flase"));
    assertThat(e.property()).isEqualTo("shardrouter.enabled");
    assertThat(e.problem()).startsWith("it is 'flase', neither true nor false");
    for (String fine : List.of("false", "FALSE", "true")) { // a real off or on starts
      Throwable[] failure = new Throwable[1];
      runner
          .withPropertyValues(good("shardrouter.enabled=" + fine).toArray(new String[0]))
          .run(c -> failure[0] = c.getStartupFailure());
      assertThat(failure[0]).as(fine).isNull();
    }
  }

  @Test
  void zookeeperSettingsNextToARoutingFile_refused_notIgnored() {
    InvalidShardRouterPropertyException e =
        failure(
            good(
                "shardrouter.routing.zookeeper.entity=orders",
                "shardrouter.routing.zookeeper.base-path=/x"));
    assertThat(e.property()).isEqualTo("shardrouter.routing.zookeeper.entity");
    assertThat(e.problem())
        .contains("are set, but the routing source is the file")
        .contains("take effect only with shardrouter.routing.zookeeper.connect");
  }

  @Test
  void unreachableDatabase_namesTheGroupItsUrlAndSetting() {
    InvalidShardRouterPropertyException e =
        failure(
            good(
                "shardrouter.groups.g1.url=jdbc:h2:tcp://localhost:1/nothing-listens",
                "shardrouter.groups.g1.connection-timeout=1s"));
    assertThat(e.property()).isEqualTo("shardrouter.groups.g1.url");
    assertThat(e.problem())
        .startsWith(
            "replica group 'g1' (endpoint 'db-g1:5432') cannot be reached at"
                + " jdbc:h2:tcp://localhost:1/nothing-listens: ");
    assertThat(e.action()).contains("check that the database is up");
    // the store's analyzer leaves it to the settings' one
    assertThat(new ShardRouterStoreFailureAnalyzer().analyze(e)).isNull();
  }

  @Test
  void tableWithoutTheColumns_isPrintedByTheStoreAnalyzer_withoutTheBeanStack() {
    Throwable[] failure = new Throwable[1];
    runner
        .withPropertyValues(
            good("shardrouter.table.columns=customer,cents,extra").toArray(new String[0]))
        .run(c -> failure[0] = c.getStartupFailure());
    assertThat(failure[0]).as("the start must fail").isNotNull();
    assertThat(new ShardRouterFailureAnalyzer().analyze(failure[0])).isNull();
    FailureAnalysis a = new ShardRouterStoreFailureAnalyzer().analyze(failure[0]);
    assertThat(a).isNotNull();
    assertThat(a.getDescription())
        .startsWith("ShardRouter cannot start: ")
        .contains("table 'orders' of replica group 'g1' cannot be read as a migration store")
        .doesNotContain("BeanCreationException");
    assertThat(a.getAction()).contains("docs/sharded-table.md");
  }

  @Test
  void unknownKeyType_listsTheKnownOnes() {
    InvalidShardRouterPropertyException e = failure(good("shardrouter.table.key-type=float"));
    assertThat(e.property()).isEqualTo("shardrouter.table.key-type");
    assertThat(e.problem()).isEqualTo("'float' is not a key type");
    assertThat(e.action()).contains("[string, long, int, uuid, timestamp, bytes]");
  }

  @Test
  void keyType_ofEverySingleValuedType_derivedFromTheRoutingTable_orNamed() {
    for (String type : List.of("string", "long", "int", "uuid", "timestamp", "bytes")) {
      RoutingTable routing =
          RoutingDocuments.read(
              TestRouting.document(1, type, Map.of("g1", "db-g1:5432"), List.of("g1")));
      for (String named : java.util.Arrays.asList(null, type)) {
        ShardRouterProperties.Table table =
            new ShardRouterProperties.Table(
                "orders",
                List.of("v"),
                named,
                "read-committed",
                20,
                Duration.ofSeconds(10),
                Duration.ofSeconds(1),
                true);
        assertThat(ShardRouterAutoConfiguration.keyEncoding(table, routing).keyType())
            .as(type + ", named " + named)
            .isEqualTo(routing.keyType());
      }
    }
  }

  @Test
  void keyType_otherThanTheRoutingTables() {
    InvalidShardRouterPropertyException e = failure(good("shardrouter.table.key-type=long"));
    assertThat(e.property()).isEqualTo("shardrouter.table.key-type");
    assertThat(e.problem())
        .isEqualTo("it is 'long' but routing table 'orders' routes keys of type string");
    assertThat(e.action()).contains("set it to 'string'");
  }

  @Test
  void compositeKeys_withoutAKeyEncodingBean() throws IOException {
    Files.writeString(
        Path.of(file),
        "{\"format\":1,\"routing_version\":1,\"entity\":\"orders\",\"key\":{\"type\":"
            + "\"composite\",\"parts\":[\"string\",\"long\"]},\"strategy\":{\"type\":\"hash_mod\","
            + "\"hash\":\"xxh3-64\",\"partitions\":2},\"groups\":[{\"id\":\"g1\",\"primary\":"
            + "\"db-g1:5432\"},{\"id\":\"g2\",\"primary\":\"db-g2:5432\"}],"
            + "\"placement\":[\"g1\",\"g2\"]}");
    InvalidShardRouterPropertyException e = failure(good());
    assertThat(e.property()).isEqualTo("shardrouter.table.key-type");
    assertThat(e.problem()).contains("routes keys of type composite(string, long)");
    assertThat(e.action())
        .contains("define a KeyEncoding bean")
        .endsWith(", Kind.STRING, Kind.LONG)"); // the routing table's parts, in order
  }

  @Test
  void unknownIsolationLevel() {
    InvalidShardRouterPropertyException e = failure(good("shardrouter.table.isolation=snapshot"));
    assertThat(e.property()).isEqualTo("shardrouter.table.isolation");
    assertThat(e.action()).contains("[read-committed, repeatable-read, serializable]");
  }

  @Test
  void tableName_missingOrNotAnIdentifier() {
    assertThat(failure(good("shardrouter.table.name=")).property())
        .isEqualTo("shardrouter.table.name");
    InvalidShardRouterPropertyException e = failure(good("shardrouter.table.name=orders;drop"));
    assertThat(e.property()).isEqualTo("shardrouter.table.name");
    assertThat(e.problem()).contains("must be a plain SQL identifier").contains("'orders;drop'");
  }

  @Test
  void columns_missingOrRepeated() {
    InvalidShardRouterPropertyException e = failure(good("shardrouter.table.columns="));
    assertThat(e.property()).isEqualTo("shardrouter.table.columns");
    assertThat(e.action()).contains("shardrouter.table.columns=customer,cents");
    e = failure(good("shardrouter.table.columns=cents,cents"));
    assertThat(e.property()).isEqualTo("shardrouter.table.columns");
    assertThat(e.problem()).contains("names a value column twice");
  }

  @Test
  void retryAttempts_belowOne() {
    InvalidShardRouterPropertyException e = failure(good("shardrouter.table.retry-attempts=0"));
    assertThat(e.property()).isEqualTo("shardrouter.table.retry-attempts");
    assertThat(e.problem()).isEqualTo("it must be >= 1, got 0");
  }

  @Test
  void pollInterval_zero() {
    InvalidShardRouterPropertyException e = failure(good("shardrouter.routing.poll-interval=0s"));
    assertThat(e.property()).isEqualTo("shardrouter.routing.poll-interval");
  }

  @Test
  void routingFile_missing() {
    String missing = dir.resolve("nowhere.json").toString();
    InvalidShardRouterPropertyException e = failure(good("shardrouter.routing.file=" + missing));
    assertThat(e.property()).isEqualTo("shardrouter.routing.file");
    assertThat(e.problem()).contains("cannot read the routing file").contains("nowhere.json");
  }

  @Test
  void routingFile_invalid_listsTheViolation() throws IOException {
    Files.writeString(
        Path.of(file), TestRouting.document(1, "string", endpoints("g1"), List.of("g1", "g9")));
    InvalidShardRouterPropertyException e = failure(good());
    assertThat(e.property()).isEqualTo("shardrouter.routing.file");
    assertThat(e.problem()).contains("is refused").contains("g9");
    assertThat(e.action()).contains("shardctl validate");
  }

  @Test
  void zookeeper_withoutEntity() {
    InvalidShardRouterPropertyException e =
        failure(
            good(
                "shardrouter.routing.file=",
                "shardrouter.routing.zookeeper.connect=127.0.0.1:1",
                "shardrouter.routing.zookeeper.connection-timeout=200ms"));
    assertThat(e.property()).isEqualTo("shardrouter.routing.zookeeper.entity");
    assertThat(e.action()).contains("shardrouter.routing.zookeeper.entity=orders");
  }

  @Test
  void zookeeper_withNoTableInTime_saysWhatToCheck() {
    InvalidShardRouterPropertyException e =
        failure(
            good(
                "shardrouter.routing.file=",
                "shardrouter.routing.zookeeper.connect=127.0.0.1:1",
                "shardrouter.routing.zookeeper.entity=orders",
                "shardrouter.routing.zookeeper.connection-timeout=200ms",
                "shardrouter.routing.zookeeper.startup-wait=300ms"));
    assertThat(e.property()).isEqualTo("shardrouter.routing.zookeeper.entity");
    assertThat(e.problem())
        .contains("no routing table of entity 'orders' arrived from ZooKeeper at '127.0.0.1:1'");
    assertThat(e.action()).contains("publish the entity's table first");
  }

  @Test
  void zookeeper_withoutRouterZookeeper_onTheClassPath() {
    Throwable[] failure = new Throwable[1];
    runner
        .withClassLoader(new FilteredClassLoader(ZkRoutingSource.class))
        .withPropertyValues(
            good("shardrouter.routing.file=", "shardrouter.routing.zookeeper.connect=zk:2181")
                .toArray(new String[0]))
        .run(c -> failure[0] = c.getStartupFailure());
    Throwable t = failure[0];
    while (t != null && !(t instanceof InvalidShardRouterPropertyException)) {
      t = t.getCause();
    }
    assertThat(t).isNotNull();
    InvalidShardRouterPropertyException e = (InvalidShardRouterPropertyException) t;
    assertThat(e.property()).isEqualTo("shardrouter.routing.zookeeper.connect");
    assertThat(e.action()).contains("io.shardrouter:router-zookeeper");
  }

  @Test
  void unknownSetting_isRefused_notIgnored() {
    Throwable[] failure = new Throwable[1];
    runner
        .withPropertyValues(good("shardrouter.table.colums=customer").toArray(new String[0]))
        .run(c -> failure[0] = c.getStartupFailure());
    assertThat(failure[0]).isNotNull();
    List<String> messages = new ArrayList<>();
    for (Throwable t = failure[0]; t != null; t = t.getCause()) {
      messages.add(t.getMessage());
    }
    assertThat(String.join("\n", messages))
        .contains("The elements [shardrouter.table.colums] were left unbound");
  }
}
