package io.shardrouter.consumerreshard;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFilePublisher;
import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationCoordinator.PhasePublisher;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationStateStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The coordinator part, a program of its own (run in its own JVM by {@link ConsumerReshard}): plans
 * the move from the routing document the services serve to the one wanted, opens a {@link
 * JdbcMigrationStore} over the orders table of every group, keeps its progress in a directory (run
 * it again and it resumes), publishes each phase to the routing file the services read, and writes
 * the finished migration's routing document, the one to keep.
 *
 * <pre>
 * args: ROUTING_FILE FROM.json TO.json STATE_DIR FINAL.json GATE_MS
 * </pre>
 */
public final class ReshardCoordinator {
  private ReshardCoordinator() {}

  public static void main(String[] args) throws Exception {
    Path routingFile = Path.of(args[0]);
    RoutingTable from = RoutingDocuments.read(Path.of(args[1]));
    RoutingTable to = RoutingDocuments.read(Path.of(args[2]));
    long gateMillis = Long.parseLong(args[5]);
    Map<String, JdbcMigrationStore> stores = new LinkedHashMap<>();
    List<JdbcConnectionPool> pools = new ArrayList<>();
    for (RoutingTable t : List.of(from, to)) {
      for (ReplicaGroup g : t.groups()) {
        if (!stores.containsKey(g.id())) {
          JdbcConnectionPool pool = JdbcConnectionPool.create(g.primary().endpoint(), "sa", "");
          pools.add(pool);
          JdbcMigrationStore store =
              JdbcMigrationStore.create(g.id(), pool, "orders", List.of("customer", "cents"));
          store.createTables(); // the fence table; checks the provisioned orders table
          stores.put(g.id(), store);
        }
      }
    }
    MigrationCoordinator coordinator =
        MigrationCoordinator.builder(MigrationPlan.between(from, to))
            .stores(stores)
            .stateStore(MigrationStateStore.inDirectory(Path.of(args[3])))
            .publisher(PhasePublisher.to(RoutingFilePublisher.of(routingFile)))
            .gate(version -> sleep(gateMillis)) // a file has no census: outwait the polling
            .build();
    coordinator.cutOver();
    coordinator.finish();
    Files.writeString(Path.of(args[4]), coordinator.routes().toDocument());
    System.out.println(
        "coordinator: "
            + coordinator.phase()
            + " at version "
            + coordinator.routes().version()
            + " (source "
            + from.version()
            + ", target document "
            + to.version()
            + "), the document to keep written to "
            + args[4]);
    pools.forEach(JdbcConnectionPool::dispose);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted in the gate", e);
    }
  }
}
