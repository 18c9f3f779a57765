package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRouter;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.MigrationWriter;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.Part;
import io.shardrouter.migrate.PartReport;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A strategy change (hash_mod 16 -> 32, a fifth group) through the coordinator on JDBC stores, then
 * a second migration, a placement move of the renumbered table to a sixth group: the second
 * migration's scans read rows by their stamped partition, so they find the rows written before the
 * first one's DONE only because its restamp gave them their partition under 32.
 */
class RenumberThenMoveTest {
  private static final int KEYS = 300;
  private static final List<byte[]> IDS = List.of(new byte[0], new byte[] {'#', 1});

  /** Partitions of the 32 that the second migration moves to g6: most were 16 lower under 16. */
  private static final Set<Integer> TO_G6 = Set.of(1, 17, 18, 21, 22, 26, 29);

  private final Map<String, Long> acked = new LinkedHashMap<>();
  private long seq;

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String key(int i) {
    return "acct-" + i;
  }

  /** Writes every key's two rows along the router's current routes, retrying on MOVED. */
  private void writeAll(MigrationRouter router, MigrationWriter writer, int from, int to) {
    for (int i = from; i < to; i++) {
      String k = key(i);
      for (byte[] id : IDS) {
        long s = ++seq;
        for (int attempt = 0; ; attempt++) {
          try {
            writer.write(router.write(k), b(k), id, b("v" + s), s);
            break;
          } catch (MovedException e) {
            assertTrue(attempt < 3, k + ": " + e.getMessage());
          }
        }
        acked.put(k + "/" + id.length, s);
      }
    }
  }

  private MigrationCoordinator coordinator(
      MigrationPlan plan, Map<String, MigrationStore> stores, MigrationRouter router, Path state) {
    return MigrationCoordinator.builder(plan)
        .stores(stores)
        .stateStore(MigrationStateStore.inDirectory(state))
        .migrationRouters(router)
        .batchSize(40)
        .build();
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void strategyChange_thenPlacementMoveOfTheRenumberedTable_findsEveryRow(TestDatabase db)
      throws Exception {
    TestDatabase.Cluster cluster = db.open(6);
    RoutingTable from = cluster.table("accounts", 1, 16, 4);
    RoutingTable to =
        cluster.table("accounts", 2, 32, 5, q -> q >= 16 && q % 4 == 3 ? 5 : q % 4 + 1);
    Map<String, MigrationStore> stores = new LinkedHashMap<>();
    for (int g = 1; g <= 6; g++) {
      JdbcMigrationStore s =
          JdbcMigrationStore.create("g" + g, cluster.dataSource(cluster.endpoint(g)), "accounts");
      s.createTables();
      stores.put("g" + g, s);
    }
    MigrationWriter writer = new MigrationWriter(stores);
    Path state = Files.createTempDirectory("renumber-then-move");

    // 1. The strategy change, with writes before, during and after it.
    MigrationPlan first = MigrationPlan.between(from, to);
    assertTrue(first.strategyChange());
    MigrationRouter router = new MigrationRouter(first.routes(Phase.PLANNED));
    writeAll(router, writer, 0, KEYS);
    MigrationCoordinator c1 = coordinator(first, stores, router, state);
    c1.advanceTo(Phase.DUAL_WRITE);
    writeAll(router, writer, 0, KEYS / 3);
    c1.cutOver();
    writeAll(router, writer, KEYS / 3, KEYS / 2);
    c1.target(Phase.DONE);
    for (int step = 0; c1.step(); step++) {
      if (step % 25 == 0) {
        writeAll(router, writer, step % KEYS, Math.min(KEYS, step % KEYS + 10));
      }
    }
    assertEquals(Phase.DONE, c1.phase());
    long done = first.versionOf(Phase.DONE);
    writeAll(router, writer, KEYS / 2, KEYS * 2 / 3); // stamped with the partitions under 32
    RoutingTable renumbered = router.routes().table();
    assertEquals(done, renumbered.version());
    long stale = 0;
    for (ReplicaGroup g : renumbered.groups()) {
      for (int q = 0; q < 32; q++) {
        stale += countStampedOtherwise((JdbcMigrationStore) stores.get(g.id()), renumbered, q);
      }
    }
    System.out.printf(
        "%s: after the strategy change, %d rows stamped with another partition than theirs"
            + " under 32%n",
        db, stale);

    // 2. A placement move of the renumbered table: seven partitions of the 32 move to g6.
    RoutingTable moved =
        cluster.table(
            "accounts",
            done,
            32,
            6,
            q -> TO_G6.contains(q) ? 6 : q >= 16 && q % 4 == 3 ? 5 : q % 4 + 1);
    MigrationPlan second = MigrationPlan.between(renumbered, moved);
    assertTrue(!second.strategyChange() && second.movements().size() == TO_G6.size());
    MigrationCoordinator c2 = coordinator(second, stores, router, state);
    c2.advanceTo(Phase.DUAL_WRITE);
    writeAll(router, writer, KEYS * 2 / 3, KEYS);
    c2.cutOver();
    long copied = 0;
    for (PartReport r : c2.report()) {
      copied += r.matching();
    }
    c2.finish();
    assertEquals(Phase.DONE, c2.phase());

    RoutingTable last = router.routes().table();
    long lost = 0;
    long duplicated = 0;
    long onG6 = 0;
    for (Map.Entry<String, Long> e : acked.entrySet()) {
      String k = e.getKey().substring(0, e.getKey().indexOf('/'));
      byte[] id = IDS.get(Integer.parseInt(e.getKey().substring(k.length() + 1)) == 0 ? 0 : 1);
      String owner = last.route(k).group().id();
      Row r = stores.get(owner).get(b(k), id);
      if (r == null || r.sequence() != e.getValue()) {
        lost++;
      }
      onG6 += owner.equals("g6") ? 1 : 0;
      for (Map.Entry<String, MigrationStore> s : stores.entrySet()) {
        if (!s.getKey().equals(owner) && s.getValue().get(b(k), id) != null) {
          duplicated++;
        }
      }
    }
    System.out.printf(
        "%s: strategy change then placement move: %d rows acknowledged, %d owned by g6, %d"
            + " verified in the move's parts; lost %d, left behind %d%n",
        db, acked.size(), onG6, copied, lost, duplicated);
    assertEquals(0, lost, "rows missing on their owner after the second migration");
    assertEquals(0, duplicated, "rows left on a group that does not own them");
    assertEquals(0, stale, "every row's stamp is its partition under 32");
    assertTrue(onG6 > 20, "g6 owns " + onG6 + " rows");
  }

  /** Rows of one group whose stamp is {@code q} but whose key is not in partition q. */
  private static long countStampedOtherwise(JdbcMigrationStore s, RoutingTable table, int q) {
    long n = 0;
    byte[] cursor = null;
    Part any = Part.of("stamped-" + q, table.strategy(), q, null);
    // Rows stamped q whose key routes elsewhere: a scan of partition q reads them and drops them.
    long read = s.rowsRead();
    long kept = 0;
    while (true) {
      MigrationStore.ScanPage page = s.scan(any, cursor, 200);
      kept += page.rows().size();
      if (page.done()) {
        break;
      }
      cursor = page.cursor();
    }
    n += s.rowsRead() - read - kept;
    return n;
  }
}
