package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFilePublisher;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationCoordinator.PhasePublisher;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.Phase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A coordinator that publishes to a routing file, and a {@link ShardedTable} that follows the file
 * by polling it, as two processes would ({@code docs/sharded-table.md}, "Following a migration
 * another process runs", holds the two regions marked here verbatim): 4 -> 5 groups on embedded H2
 * while writers write, every acknowledged row found once on its owner; the final version is the
 * source's + 7, and the target document published as it is would be refused.
 */
class ShardedTableFollowsFileTest {
  private static final int PARTITIONS = 16;

  @TempDir Path dir;

  private final TestDatabase.Cluster cluster = TestDatabase.H2.open(5);

  /** A group's primary, with the business table provisioned, as an operator provisions g5. */
  private DataSource pool(String endpoint) {
    DataSource ds = cluster.dataSource(endpoint);
    ShardedTableTest.createOrders(TestDatabase.H2, ds);
    return ds;
  }

  @Test
  void reshardFourToFive_coordinatorPublishesToAFile_tableFollowsIt_noRowLost() throws Exception {
    long randomSeed = JdbcMigrationStoreTest.seed();
    System.out.println("ShardedTableFollowsFileTest seed " + randomSeed);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 4);
    RoutingTable v2 = cluster.table("orders", 2, PARTITIONS, 5, p -> p % 5 == 4 ? 5 : p % 4 + 1);
    Path oldFile = dir.resolve("orders-v1.json");
    Path newFile = dir.resolve("orders-v2.json");
    Files.writeString(oldFile, RoutingDocuments.write(v1));
    Files.writeString(newFile, RoutingDocuments.write(v2));
    Path file = dir.resolve("orders.json"); // what every service reads
    RoutingFilePublisher.of(file).publish(v1, RoutingPublisher.NOTHING_PUBLISHED);
    Path stateDir = dir.resolve("migrations");
    Path kept = dir.resolve("orders-final.json");
    ShardedDataSource.Factory pools = (group, replica) -> pool(replica.endpoint());

    // --- docs/sharded-table.md: service begins
    Router seed = Router.create(RoutingDocuments.read(file));
    RoutingFileSource source = RoutingFileSource.of(file, seed).start(Duration.ofMillis(50));
    ShardedTable<String> orders =
        ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
            .routing(source, seed) // every version the file holds, phases included
            .pools(pools)
            .retry(1_000, Duration.ofSeconds(30)) // waits for the version a fence names
            .build();
    // --- docs/sharded-table.md: service ends

    Map<String, Long> acked = new ConcurrentHashMap<>();
    List<ShardedTable.Write<String>> initial = new ArrayList<>();
    for (int k = 0; k < 2_000; k++) {
      initial.add(ShardedTable.Write.of("load-" + k, "r", 1, "load", (long) k));
    }
    assertEquals(2_000, orders.writeAll(initial).written());
    initial.forEach(w -> acked.put(w.key(), 1L));

    AtomicBoolean stop = new AtomicBoolean();
    List<Throwable> errors = new CopyOnWriteArrayList<>();
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      SplittableRandom random = new SplittableRandom(randomSeed + w);
      String prefix = "w" + w + "-";
      writers.add(
          new Thread(
              () -> {
                long[] seqs = new long[200];
                try {
                  while (!stop.get()) {
                    int k = random.nextInt(seqs.length);
                    long seq = ++seqs[k];
                    orders.write(prefix + k, "r", seq, prefix, seq);
                    acked.put(prefix + k, seq);
                  }
                } catch (Throwable e) {
                  errors.add(e);
                }
              },
              "writer-" + w));
    }
    writers.forEach(Thread::start);

    AtomicReference<MigrationCoordinator> finished = new AtomicReference<>();
    Thread coordinatorThread =
        new Thread(
            () -> {
              try {
                // --- docs/sharded-table.md: coordinator begins
                RoutingTable from = RoutingDocuments.read(oldFile); // what the services serve
                RoutingTable to = RoutingDocuments.read(newFile); // what they should serve
                Map<String, JdbcMigrationStore> stores = new HashMap<>();
                for (ReplicaGroup g : to.groups()) { // and from's groups, if one leaves
                  JdbcMigrationStore store =
                      JdbcMigrationStore.create(
                          g.id(),
                          pool(g.primary().endpoint()),
                          "orders",
                          List.of("customer", "cents"));
                  store.createTables(); // the fence table; checks the business table
                  stores.put(g.id(), store);
                }
                MigrationCoordinator coordinator =
                    MigrationCoordinator.builder(MigrationPlan.between(from, to))
                        .stores(stores)
                        .stateStore(MigrationStateStore.inDirectory(stateDir)) // resumable
                        .publisher(PhasePublisher.to(RoutingFilePublisher.of(file)))
                        .gate(version -> waitOut(Duration.ofMillis(500))) // > polling interval
                        .build();
                coordinator.cutOver(); // copy, dual write, verify, canary, cut-over
                coordinator.finish(); // or coordinator.rollback() in the rollback window
                // The new routing document: version from + 7, not the target's own version.
                Files.writeString(kept, coordinator.routes().toDocument());
                // --- docs/sharded-table.md: coordinator ends
                finished.set(coordinator);
              } catch (Throwable e) {
                errors.add(e);
              }
            },
            "coordinator");
    coordinatorThread.start();
    coordinatorThread.join(Duration.ofMinutes(3).toMillis());
    Thread.sleep(200); // writes on the final version too
    stop.set(true);
    for (Thread t : writers) {
      t.join();
    }
    String at = "seed " + randomSeed;
    assertEquals(List.of(), errors, at);
    MigrationCoordinator coordinator = finished.get();
    assertEquals(Phase.DONE, coordinator.phase(), at);

    // The final version: the source's 1 + 7 = 8, the target document's 2 is not used.
    RoutingTable last = RoutingDocuments.read(kept);
    assertEquals(8, last.version());
    assertEquals(
        v2.toBuilder()
            .version(8)
            .extension("migration_end", last.extension("migration_end"))
            .build(),
        last);
    assertEquals(Phase.DONE, MigrationRoutes.of(last).phase(), "the finished migration's marker");
    assertEquals(last, RoutingDocuments.read(file));
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (orders.status().version() < 8 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(8, orders.status().version(), orders.status().toString());
    assertEquals(Phase.DONE, orders.status().phase(), "a follower knows the migration ended");

    // Every acknowledged row once, on its owner under the final table, with its last sequence.
    Map<String, List<String>> copies = new HashMap<>();
    Map<String, Long> seqOnOwner = new HashMap<>();
    for (ReplicaGroup g : last.groups()) {
      try (Connection c = cluster.dataSource(g.primary().endpoint()).getConnection();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT row_key, seq FROM orders")) {
        while (rs.next()) {
          String key = new String(rs.getBytes(1), StandardCharsets.UTF_8);
          copies.computeIfAbsent(key, k -> new ArrayList<>()).add(g.id());
          if (last.route(key).group().equals(g)) {
            seqOnOwner.put(key, rs.getLong(2));
          }
        }
      }
    }
    long lost = 0;
    long duplicated = 0;
    for (Map.Entry<String, Long> e : acked.entrySet()) {
      Long found = seqOnOwner.get(e.getKey());
      if (found == null || found < e.getValue()) {
        lost++;
      }
      duplicated += Math.max(0, copies.getOrDefault(e.getKey(), List.of()).size() - 1);
    }
    System.out.printf(
        "file-following reshard 4 -> 5: %d keys, lost %d, duplicated %d, %s (%s)%n",
        acked.size(), lost, duplicated, orders.status(), at);
    assertEquals(0, lost, at);
    assertEquals(0, duplicated, at);
    assertTrue(acked.size() > 2_000, "the writers wrote during the migration");

    // Publishing the target document as it is: the publisher refuses it (routers never go back).
    PublishConflictException back =
        assertThrows(
            PublishConflictException.class, () -> RoutingFilePublisher.of(file).publish(v2, 8));
    assertTrue(back.getMessage().contains("version 2 is older than the published version 8"));
    // A process started from it routes like the final table, but the fences refuse it on every
    // key that moved: the target group is fenced below 7 (the rollback window's version).
    String moved = null;
    String stayed = null;
    for (int k = 0; moved == null || stayed == null; k++) {
      String key = "probe-" + k;
      boolean moves = !v1.route(key).group().id().equals(v2.route(key).group().id());
      if (moves && moved == null) {
        moved = key;
      } else if (!moves && stayed == null) {
        stayed = key;
      }
    }
    try (ShardedTable<String> stale =
        ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
            .routing(new PushSource(v2), v2)
            .pools(pools)
            .retry(2, Duration.ofMillis(300))
            .build()) {
      String key = moved;
      JdbcStoreException refused =
          assertThrows(JdbcStoreException.class, () -> stale.write(key, "r", 1, "stale", 1L));
      MovedException cause = assertInstanceOf(MovedException.class, refused.getCause());
      assertEquals(7, cause.minVersion(), cause.getMessage());
      assertEquals(ShardedTable.Outcome.WRITTEN, stale.write(stayed, "r", 1, "stale", 1L));
    }
    orders.close();
    source.close();
    assertNull(source.lastError());
  }

  /** The gate of a fleet that reads a file: no census to ask, so wait out the polling. */
  private static void waitOut(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted in the gate", e);
    }
  }

  @Test
  void docs_holdTheServiceAndCoordinatorRegionsVerbatim() throws IOException {
    String source =
        Files.readString(
            Path.of("src/test/java/io/shardrouter/jdbc/ShardedTableFollowsFileTest.java"));
    String doc = Files.readString(Path.of("../docs/sharded-table.md"));
    Matcher m =
        Pattern.compile(
                "// --- docs/sharded-table.md: (\\w+) begins\\n(.*?)\\n\\s*// --- docs/sharded-table.md: \\1 ends",
                Pattern.DOTALL)
            .matcher(source);
    List<String> regions = new ArrayList<>();
    while (m.find()) {
      regions.add(m.group(1));
      String snippet = ShardedTableDocExampleTest.dedent(m.group(2));
      assertTrue(
          doc.contains("```java\n" + snippet + "\n```"),
          "docs/sharded-table.md must hold the " + m.group(1) + " region verbatim:\n" + snippet);
    }
    assertEquals(List.of("service", "coordinator"), regions);
  }
}
