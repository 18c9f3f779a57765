package io.shardrouter.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.shardrouter.core.ReplicaGroup;
import java.sql.Connection;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How {@link HikariPools} finds a member's settings, names its pools and refuses bad settings. */
class HikariPoolsTest {
  private static final String RUN = TestRouting.run();

  static ShardRouterProperties.Group settings(String url, Integer maximumPoolSize) {
    return new ShardRouterProperties.Group(
        url,
        "sa",
        "secret",
        null,
        maximumPoolSize,
        null,
        Duration.ofSeconds(5),
        null,
        null,
        Map.of());
  }

  @Test
  void resolve_endpointKeyFirst_thenGroupId_thenTheEndpointAsUrl() {
    ReplicaGroup g = ReplicaGroup.of("g1", "jdbc:h2:mem:a", "jdbc:h2:mem:b");
    HikariPools pools =
        new HikariPools(
            Map.of("g1", settings(null, 2), "jdbc:h2:mem:b", settings("jdbc:h2:mem:b2", 3)), null);
    HikariPools.Resolved primary = pools.resolve(g, g.primary());
    assertThat(primary.key()).isEqualTo("g1");
    assertThat(primary.url()).isEqualTo("jdbc:h2:mem:a");
    HikariPools.Resolved replica = pools.resolve(g, g.replicas().get(0));
    assertThat(replica.key()).isEqualTo("jdbc:h2:mem:b");
    assertThat(replica.url()).isEqualTo("jdbc:h2:mem:b2");
    assertThat(replica.settings().maximumPoolSize()).isEqualTo(3);
  }

  @Test
  void masked_hidesAPasswordInAUrl() {
    assertThat(HikariPools.masked("jdbc:postgresql://db:5432/o?user=app&password=s3cret&ssl=true"))
        .isEqualTo("jdbc:postgresql://db:5432/o?user=app&password=******&ssl=true");
    assertThat(HikariPools.masked("jdbc:h2:tcp://localhost/x;USER=sa;PASSWORD=s3cret"))
        .isEqualTo("jdbc:h2:tcp://localhost/x;USER=sa;PASSWORD=******");
    assertThat(HikariPools.masked("jdbc:postgresql://app:s3cret@db:5432/o"))
        .isEqualTo("jdbc:postgresql://app:******@db:5432/o");
    assertThat(HikariPools.masked("jdbc:h2:mem:a")).isEqualTo("jdbc:h2:mem:a");
  }

  @Test
  void resolve_jdbcEndpoint_noKey_refusedNamingTheGroupsKey_notTheUrlAsAKey() {
    ReplicaGroup g = ReplicaGroup.of("g1", "jdbc:h2:mem:je1;DB_CLOSE_DELAY=-1");
    HikariPools pools = new HikariPools(Map.of(), null); // no shardrouter.groups at all
    assertThatThrownBy(() -> pools.resolve(g, g.primary()))
        .isInstanceOf(InvalidShardRouterPropertyException.class)
        .hasMessageStartingWith(
            "shardrouter.groups.g1.username: replica group 'g1' has no settings")
        .hasMessageContaining("the URL is taken from the endpoint")
        .hasMessageNotContaining("[jdbc:");
    ReplicaGroup named = ReplicaGroup.of("g2", "db-g2:5432");
    assertThatThrownBy(() -> pools.resolve(named, named.primary()))
        .isInstanceOf(InvalidShardRouterPropertyException.class)
        .hasMessageContaining("has no JDBC settings");
  }

  @Test
  void pools_areNamedByGroupAndMember_andANameStillOpenIsNotReused() throws Exception {
    String a = TestRouting.h2(RUN + "-a");
    String b = TestRouting.h2(RUN + "-b");
    ReplicaGroup g = ReplicaGroup.of("g1", a, b);
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    HikariPools pools = new HikariPools(Map.of("g1", settings(null, 2)), registry);
    HikariDataSource primary = (HikariDataSource) pools.create(g, g.primary());
    HikariDataSource replica = (HikariDataSource) pools.create(g, g.replicas().get(0));
    HikariDataSource again = (HikariDataSource) pools.create(g, g.primary());
    try (Connection c = primary.getConnection()) {
      assertThat(c.isValid(1)).isTrue();
    }
    assertThat(primary.getPoolName()).isEqualTo("shardrouter-g1");
    assertThat(primary.getMaximumPoolSize()).isEqualTo(2);
    assertThat(primary.getConnectionTimeout()).isEqualTo(5000);
    assertThat(replica.getPoolName()).isEqualTo("shardrouter-g1-replica-1");
    assertThat(again.getPoolName()).isEqualTo("shardrouter-g1#2");
    assertThat(registry.get("hikaricp.connections.max").tag("pool", "shardrouter-g1").gauge())
        .isNotNull();
    pools.close(primary);
    pools.close(replica);
    pools.close(again);
    assertThat(primary.isClosed()).isTrue();
    HikariDataSource reopened = (HikariDataSource) pools.create(g, g.primary());
    assertThat(reopened.getPoolName()).isEqualTo("shardrouter-g1");
    pools.close(reopened);
  }

  @Test
  void settingsHikariRefuses_nameTheGroupsSettings() {
    ReplicaGroup g = ReplicaGroup.of("g1", TestRouting.h2(RUN + "-c"));
    HikariPools pools = new HikariPools(Map.of("g1", settings(null, 0)), null);
    assertThatThrownBy(() -> pools.create(g, g.primary()))
        .isInstanceOf(InvalidShardRouterPropertyException.class)
        .hasMessageContaining("shardrouter.groups.g1:")
        .hasMessageContaining("refused by HikariCP")
        .hasMessageContaining("maxPoolSize");
  }

  @Test
  void property_bracketsKeysThatNeedThem() {
    assertThat(HikariPools.property("g-1", "url")).isEqualTo("shardrouter.groups.g-1.url");
    assertThat(HikariPools.property("db1:5432", "url"))
        .isEqualTo("shardrouter.groups.[db1:5432].url");
    assertThat(HikariPools.property("G1", null)).isEqualTo("shardrouter.groups.[G1]");
  }

  @Test
  void settings_printWithoutThePassword() {
    assertThat(settings("jdbc:h2:mem:x", 1).toString())
        .doesNotContain("secret")
        .contains("password=******");
  }
}
