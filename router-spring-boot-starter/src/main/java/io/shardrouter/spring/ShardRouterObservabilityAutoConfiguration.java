package io.shardrouter.spring;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.shardrouter.core.Router;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.micrometer.RouterMetrics;
import io.shardrouter.micrometer.ShardedTableMetrics;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.info.ConditionalOnEnabledInfoContributor;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Boot auto-configuration of what an application sees of its {@link ShardedTable}: the
 * router's and the table's Micrometer meters and, with Spring Boot Actuator, the {@code
 * shardrouter} health contributor and info entry ({@code docs/spring-boot.md}). It runs after
 * {@link ShardRouterAutoConfiguration} and applies to the one {@link ShardedTable} bean, the
 * starter's or the application's own; with several tables it stays out (they are the application's
 * to watch). Each bean backs off when the application defines one of its type (the health and info
 * contributors: of their name).
 *
 * <p><b>Thread-safety:</b> configuration only; the beans are thread-safe.
 *
 * <p><b>Stability:</b> evolving: bean names and types are part of the contract.
 *
 * @since 0.1
 */
@AutoConfiguration(after = ShardRouterAutoConfiguration.class)
@ConditionalOnClass(ShardedTable.class)
@ConditionalOnBooleanProperty(name = "shardrouter.enabled", matchIfMissing = true)
@ConditionalOnSingleCandidate(ShardedTable.class)
public class ShardRouterObservabilityAutoConfiguration {

  /** For Spring. */
  public ShardRouterObservabilityAutoConfiguration() {}

  /**
   * The router's (the {@link Router} bean's, or the table's own) and the table's meters, as {@link
   * MeterBinder} beans: Spring Boot binds them to every meter registry of the application.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(MeterBinder.class)
  static class MetricsConfiguration {
    @Bean
    @ConditionalOnMissingBean
    RouterMetrics shardRouterMetrics(ObjectProvider<Router> router, ShardedTable<?> shardedTable) {
      return RouterMetrics.of(router.getIfUnique(shardedTable::router));
    }

    @Bean
    @ConditionalOnMissingBean
    ShardedTableMetrics shardedTableMetrics(ShardedTable<?> shardedTable) {
      return ShardedTableMetrics.of(shardedTable);
    }
  }

  /** The {@code shardrouter} health contributor. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name = {
        "org.springframework.boot.health.contributor.HealthIndicator",
        "org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator"
      })
  @ConditionalOnEnabledHealthIndicator("shardrouter")
  static class HealthConfiguration {
    @Bean
    @ConditionalOnMissingBean(name = "shardrouterHealthIndicator")
    HealthIndicator shardrouterHealthIndicator(
        ShardedTable<?> shardedTable, ObjectProvider<RoutingSource> routingSource) {
      return new ShardRouterHealthIndicator(shardedTable, routingSource.getIfUnique());
    }
  }

  /** The {@code shardrouter} entry of the info endpoint. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name = {
        "org.springframework.boot.actuate.info.InfoContributor",
        "org.springframework.boot.actuate.autoconfigure.info.ConditionalOnEnabledInfoContributor"
      })
  @ConditionalOnEnabledInfoContributor("shardrouter")
  static class InfoConfiguration {
    @Bean
    @ConditionalOnMissingBean(name = "shardrouterInfoContributor")
    InfoContributor shardrouterInfoContributor(ShardedTable<?> shardedTable) {
      return new ShardRouterInfoContributor(shardedTable);
    }
  }
}
