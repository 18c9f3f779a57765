package io.shardrouter.examples.orders;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingFilePublisher;
import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationCoordinator.PhasePublisher;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.Phase;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.h2.jdbcx.JdbcConnectionPool;
import org.postgresql.ds.PGConnectionPoolDataSource;

/**
 * The coordinator of {@link ChaosReshardTest}, run in a JVM of its own so that the test can kill it
 * with SIGKILL at any moment: it plans the orders table's move from four shared groups to five
 * ({@link OrdersRouting}, the endpoints given), drives {@link MigrationCoordinator} phase by phase
 * to {@link Phase#DONE} with its state in {@link MigrationStateStore#inDirectory} (so a new JVM
 * resumes at the saved step), sets the fences in the groups' PostgreSQL schemas through {@link
 * JdbcMigrationStore}s, and publishes each phase's routing document to a file (temporary file,
 * fsync, atomic rename; a version already in the file is not written again).
 *
 * <p>Output, one line each, flushed: {@code START phase=P version=V steps=...} with the state it
 * resumed from, {@code STEP phase=P version=V steps=a,b,...} after every unit of work (the steps
 * done in the phase: {@code published}, {@code fence}, {@code copy#3}, ...), {@code HOLD phase=P}
 * when a phase's work is done (the clients then run in it for the hold time), and {@code FINISHED}.
 * After a step that crossed a boundary (a publish, a fence) it pauses longer than after a page, so
 * that the test can kill it right there.
 *
 * <pre>
 * args: STATE_DIR ROUTING_FILE STEP_MS BOUNDARY_MS HOLD_MS BATCH URL_G1 URL_G2 URL_G3 URL_G4 URL_G5 URL_BIGCORP
 * </pre>
 */
public final class ChaosCoordinator {
  /** The migration's id in the state directory. */
  static final String MIGRATION_ID = "orders-chaos";

  /** The canary share of the plan: a quarter of a moving partition's keys, reads compared. */
  static final int CANARY_PERCENT = 25;

  private ChaosCoordinator() {}

  /** The two tables of the move: v1 on g1..g4 (and bigcorp), v2 on g1..g5. */
  static RoutingTable from(List<String> endpoints) {
    return OrdersRouting.orders(1, endpoints.subList(0, 4), endpoints.get(5));
  }

  static RoutingTable to(List<String> endpoints) {
    return OrdersRouting.orders(2, endpoints.subList(0, 5), endpoints.get(5));
  }

  static MigrationPlan plan(List<String> endpoints) {
    return MigrationPlan.between(from(endpoints), to(endpoints)).withCanary(CANARY_PERCENT, true);
  }

  /** Runs the coordinator; exits 0 after DONE, 1 when a step throws. */
  public static void main(String[] args) throws Exception {
    Path stateDir = Path.of(args[0]);
    Path routingFile = Path.of(args[1]);
    long stepMillis = Long.parseLong(args[2]);
    long boundaryMillis = Long.parseLong(args[3]);
    long holdMillis = Long.parseLong(args[4]);
    int batch = Integer.parseInt(args[5]);
    List<String> endpoints = List.of(args).subList(6, args.length);
    PrintStream out = System.out;
    List<JdbcConnectionPool> pools = new ArrayList<>();
    try {
      MigrationPlan plan = plan(endpoints);
      Map<String, JdbcMigrationStore> stores = new LinkedHashMap<>();
      for (int g = 0; g < 5; g++) {
        PGConnectionPoolDataSource pg = new PGConnectionPoolDataSource();
        pg.setURL(endpoints.get(g));
        JdbcConnectionPool pool = JdbcConnectionPool.create(pg);
        pool.setMaxConnections(4);
        pools.add(pool);
        String id = OrdersRouting.groupId(g);
        stores.put(id, OrdersSchema.ordersStore(id, pool));
      }
      MigrationCoordinator coordinator =
          MigrationCoordinator.builder(plan)
              .stores(stores)
              .stateStore(MigrationStateStore.inDirectory(stateDir))
              .publisher(PhasePublisher.to(RoutingFilePublisher.of(routingFile)))
              .migrationId(MIGRATION_ID)
              .batchSize(batch)
              .build();
      out.println("START " + describe(coordinator.state()));
      out.flush();
      for (Phase goal : MigrationPlan.FORWARD) {
        if (MigrationPlan.FORWARD.indexOf(goal)
            < MigrationPlan.FORWARD.indexOf(coordinator.phase())) {
          continue; // reached before the restart
        }
        coordinator.target(goal);
        while (true) {
          MigrationState before = coordinator.state();
          if (!coordinator.step()) {
            break;
          }
          MigrationState s = coordinator.state();
          out.println("STEP " + describe(s));
          out.flush();
          Thread.sleep(boundary(before, s) ? boundaryMillis : stepMillis);
        }
        out.println("HOLD phase=" + coordinator.phase());
        out.flush();
        Thread.sleep(holdMillis);
      }
      out.println("FINISHED " + describe(coordinator.state()));
      out.flush();
    } catch (RuntimeException e) {
      e.printStackTrace();
      System.exit(1);
    } finally {
      for (JdbcConnectionPool p : pools) {
        p.dispose();
      }
    }
    System.exit(0);
  }

  /** True when the step from {@code a} to {@code b} entered a phase, published, fenced or gated. */
  private static boolean boundary(MigrationState a, MigrationState b) {
    if (a.phase() != b.phase()) {
      return true;
    }
    for (String step : List.of("published", "fence", "gate")) {
      if (b.done(step) && !a.done(step)) {
        return true;
      }
    }
    return false;
  }

  /** {@code phase=P version=V steps=a,b} of a state. */
  static String describe(MigrationState s) {
    return "phase="
        + s.phase()
        + " version="
        + s.version()
        + " steps="
        + String.join(",", s.steps())
        + (s.rollingBack() ? " rolling-back" : "");
  }
}
