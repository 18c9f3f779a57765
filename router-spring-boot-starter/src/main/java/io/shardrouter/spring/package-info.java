/**
 * Spring Boot auto-configuration of router-jdbc's {@code ShardedTable}: {@code shardrouter.*}
 * settings for the routing source (a file or ZooKeeper), each replica group's JDBC settings and the
 * table; beans for the routing source, the {@code Router}, one HikariCP pool per group member, the
 * table, its meters, and the Actuator health and info contributors. Start from {@link
 * io.shardrouter.spring.ShardRouterProperties} for the settings and {@link
 * io.shardrouter.spring.ShardRouterAutoConfiguration} for the beans; the guide is {@code
 * docs/spring-boot.md}.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.spring;

import org.jspecify.annotations.NullMarked;
