package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRouter;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.MigrationWriter;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import io.shardrouter.migrate.WriteRoute;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * router-migrate's coordinator reshards four groups to five on the JDBC store while writer threads
 * keep writing, retrying fenced writes with newer routes: every acknowledged write ends on its
 * final owner exactly once, after a finished migration and after a rollback from the rollback
 * window.
 */
class JdbcReshardTest {
  private static final int PARTITIONS = 16;
  private static final int WRITERS = 3;
  private static final int KEYS_PER_WRITER = 60;

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void fourToFiveGroups_underWrites_nothingLostOrDuplicated(TestDatabase db) throws Exception {
    run(db, false);
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void rollbackAfterCutOver_underWrites_everyWriteBackOnTheSource(TestDatabase db)
      throws Exception {
    run(db, true);
  }

  private void run(TestDatabase db, boolean rollBack) throws Exception {
    long seed = JdbcMigrationStoreTest.seed();
    String at = "seed " + seed + " on " + db + (rollBack ? " (rollback)" : "");
    TestDatabase.Cluster cluster = db.open(5);
    RoutingTable from = cluster.table("accounts", 1, PARTITIONS, 4);
    RoutingTable to = cluster.table("accounts", 2, PARTITIONS, 5, p -> p % 5 == 4 ? 5 : p % 4 + 1);
    MigrationPlan plan = MigrationPlan.between(from, to);
    Map<String, MigrationStore> stores = new HashMap<>();
    for (int g = 1; g <= 5; g++) {
      JdbcMigrationStore s =
          JdbcMigrationStore.create("g" + g, cluster.dataSource(cluster.endpoint(g)), "accounts");
      s.createTables();
      stores.put("g" + g, s);
    }
    MigrationRouter router = new MigrationRouter(plan.routes(Phase.PLANNED));
    MigrationWriter writer = new MigrationWriter(stores);
    Path stateDir = Files.createTempDirectory("jdbc-reshard");
    MigrationCoordinator coordinator =
        MigrationCoordinator.builder(plan)
            .stores(stores)
            .stateStore(MigrationStateStore.inDirectory(stateDir))
            .migrationRouters(router)
            .batchSize(50)
            .build();

    Map<String, Long> acked = new ConcurrentHashMap<>();
    AtomicLong fenced = new AtomicLong();
    AtomicLong writes = new AtomicLong();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> threads = new ArrayList<>();
    List<Throwable> errors = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      SplittableRandom random = new SplittableRandom(seed + w);
      String prefix = "w" + w + "-";
      Thread t =
          new Thread(
              () -> {
                long[] seqs = new long[KEYS_PER_WRITER];
                try {
                  while (!stop.get()) {
                    int k = random.nextInt(KEYS_PER_WRITER);
                    String key = prefix + k;
                    long seq = ++seqs[k];
                    byte[] kb = key.getBytes(StandardCharsets.UTF_8);
                    byte[] vb = ("v" + seq).getBytes(StandardCharsets.UTF_8);
                    for (int attempt = 0; ; attempt++) {
                      WriteRoute route = router.write(key);
                      try {
                        writer.write(route, kb, vb, seq);
                        break;
                      } catch (MovedException e) {
                        fenced.incrementAndGet();
                        assertTrue(attempt < 10_000, at + ": a fenced write finds its route");
                        Thread.onSpinWait();
                      }
                    }
                    acked.put(key, seq);
                    writes.incrementAndGet();
                  }
                } catch (Throwable e) {
                  synchronized (errors) {
                    errors.add(e);
                  }
                }
              });
      threads.add(t);
      t.start();
    }
    while (acked.size() < WRITERS * KEYS_PER_WRITER / 2) {
      Thread.sleep(5);
    }
    long started = System.nanoTime();
    coordinator.cutOver();
    if (rollBack) {
      coordinator.rollback();
    } else {
      coordinator.finish();
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    stop.set(true);
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(List.of(), errors, at);
    assertEquals(rollBack ? Phase.ROLLED_BACK : Phase.DONE, coordinator.phase(), at);

    RoutingTable last = router.routes().table();
    long lost = 0;
    long duplicated = 0;
    for (Map.Entry<String, Long> e : acked.entrySet()) {
      byte[] kb = e.getKey().getBytes(StandardCharsets.UTF_8);
      String owner = last.route(e.getKey()).group().id();
      Row r = stores.get(owner).get(kb);
      if (r == null || r.sequence() != e.getValue()) {
        lost++;
      }
      for (Map.Entry<String, MigrationStore> s : stores.entrySet()) {
        if (!s.getKey().equals(owner) && s.getValue().get(kb) != null) {
          duplicated++;
        }
      }
    }
    System.out.printf(
        "reshard 4 -> 5 groups on %s, %s: %d writes acknowledged (%d keys), %d fenced and retried,"
            + " lost %d, duplicated %d, migration %d ms%n",
        db,
        rollBack ? "rolled back after cut-over" : "finished",
        writes.get(),
        acked.size(),
        fenced.get(),
        lost,
        duplicated,
        millis);
    assertEquals(0, lost, at + ": acknowledged writes missing on their owner");
    assertEquals(0, duplicated, at + ": rows left on a group that does not own them");
    assertTrue(acked.size() > WRITERS * KEYS_PER_WRITER / 2, at);
    if (!rollBack) {
      String moved = "w0-0";
      for (int i = 0; from.route(moved).group().id().equals(last.route(moved).group().id()); i++) {
        moved = "w0-" + i;
      }
      Row stale =
          Row.of(
              moved.getBytes(StandardCharsets.UTF_8),
              new byte[] {1},
              1,
              1_000_000,
              from.route(moved).partition());
      assertTrue(
          stores
              .get(from.route(moved).group().id())
              .apply(List.of(stale), MigrationStore.WriteOrigin.CLIENT)
              .refused(),
          at + ": a client still on version 1 is refused by the old owner, inside its database");
    }
  }
}
