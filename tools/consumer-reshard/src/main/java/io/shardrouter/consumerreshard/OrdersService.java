package io.shardrouter.consumerreshard;

import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.jdbc.KeyEncoding;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The service part: a customer's orders, written and read through a {@link ShardedTable} that
 * follows the routing file. It has no routing or migration code of its own (no {@code
 * MigrationRouter}, no fence or retry loop, no {@code Router} listener, no second write): the
 * migration another process runs reaches it as routing versions in the file.
 */
final class OrdersService implements AutoCloseable {
  /** One order: a row of its customer's key. */
  record Order(String customer, String id, long revision, long cents) {}

  private final RoutingFileSource source;
  private final ShardedTable<String> orders;

  OrdersService(Path routingFile) {
    Router seed = Router.create(RoutingDocuments.read(routingFile));
    source = RoutingFileSource.of(routingFile, seed).start(Duration.ofMillis(50));
    orders =
        ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
            .routing(source, seed)
            .pools(new H2Pools())
            .retry(1_000, Duration.ofSeconds(30))
            .build();
  }

  /** Places (or revises) an order; a retried revision is applied once. */
  ShardedTable.Outcome place(Order o) {
    return orders.write(o.customer(), o.id(), o.revision(), o.customer(), o.cents());
  }

  /** Places many orders: one transaction per group. */
  ShardedTable.BatchOutcome placeAll(List<Order> batch) {
    List<ShardedTable.Write<String>> writes = new ArrayList<>(batch.size());
    for (Order o : batch) {
      writes.add(
          ShardedTable.Write.of(o.customer(), o.id(), o.revision(), o.customer(), o.cents()));
    }
    return orders.writeAll(writes);
  }

  /** Every order of a customer. */
  List<Order> ordersOf(String customer) {
    return orders.read(
        customer, r -> new Order(customer, r.id(), r.sequence(), r.getLong("cents")));
  }

  ShardedTable.Status status() {
    return orders.status();
  }

  @Override
  public void close() {
    orders.close();
    source.close();
  }

  /** A pool per group member, for the JDBC URL its routing document names. */
  private static final class H2Pools implements ShardedDataSource.Factory {
    @Override
    public DataSource create(ReplicaGroup group, Replica replica) {
      JdbcConnectionPool pool = JdbcConnectionPool.create(replica.endpoint(), "sa", "");
      pool.setMaxConnections(16); // two per concurrent call
      return pool;
    }

    @Override
    public void close(DataSource pool) {
      ((JdbcConnectionPool) pool).dispose();
    }
  }
}
