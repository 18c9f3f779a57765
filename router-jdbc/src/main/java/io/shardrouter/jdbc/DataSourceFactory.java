package io.shardrouter.jdbc;

import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import javax.sql.DataSource;

/**
 * Makes the service's {@link DataSource} (its connection pool) for one member of a replica group,
 * from the endpoint the routing table gives it, and closes it when the group leaves the routing
 * table. {@link ShardedDataSource} calls it once per endpoint.
 *
 * <p>For example, with HikariCP: {@code (group, replica) -> new HikariDataSource(configFor(
 * replica.endpoint()))}; with H2's pool: {@code (group, replica) ->
 * JdbcConnectionPool.create(replica.endpoint(), "sa", "")}.
 *
 * <p><b>Thread-safety:</b> called from the thread that updates the router, one call at a time per
 * {@link ShardedDataSource}.
 *
 * <p><b>Stability:</b> stable SPI.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface DataSourceFactory {

  /**
   * The data source of {@code replica}, a member of {@code group} (its primary or one of its
   * replicas).
   */
  DataSource create(ReplicaGroup group, Replica replica);

  /**
   * Closes a data source this factory made, once no routing table the {@link ShardedDataSource}
   * tracks names its endpoint. By default closes it when it is {@link AutoCloseable} (HikariCP's
   * pool is); override for pools with another shutdown call (H2's {@code
   * JdbcConnectionPool.dispose()}).
   *
   * @throws Exception whatever closing throws; it is logged and does not stop the update
   */
  default void close(DataSource dataSource) throws Exception {
    if (dataSource instanceof AutoCloseable c) {
      c.close();
    }
  }
}
