package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.Phase;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * A migration's dual writes and compared canary reads through the table: both groups get the rows,
 * the authoritative group's answer is returned, and a difference between the two is counted.
 */
class ShardedTableCanaryTest {
  private static final int PARTITIONS = 16;

  private record Order(String id, String customer, long cents) {}

  private static Order order(StoredRow r) {
    return new Order(r.id(), r.getString("customer"), r.getLong("cents"));
  }

  /** A table moving half of g1's partitions to g2, at {@code phase} with a compared canary. */
  private static final class Moving implements AutoCloseable {
    final TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    final RoutingTable from = cluster.table("orders", 1, PARTITIONS, 1);
    final RoutingTable to = cluster.table("orders", 2, PARTITIONS, 2);
    final MigrationPlan plan = MigrationPlan.between(from, to).withCanary(100, true);
    final PushSource source = new PushSource(from);
    final ShardedTableRetryTest.Pools pools = new ShardedTableRetryTest.Pools(cluster);
    final ShardedTable<String> table;

    Moving() {
      table =
          ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
              .routing(source, from)
              .pools(pools)
              .build();
      source.push(plan.routes(Phase.CANARY, 2).table());
    }

    DataSource group(int i) {
      return table.pools().primary(to.group("g" + i));
    }

    /** The n-th key the migration moves (to g2), or stays (on g1). */
    String key(boolean moves, int n) {
      int found = 0;
      for (int i = 0; ; i++) {
        String k = "user-" + i;
        if (to.route(k).group().id().equals(moves ? "g2" : "g1") && found++ == n) {
          return k;
        }
      }
    }

    @Override
    public void close() {
      table.close();
    }
  }

  private static void update(DataSource ds, String sql, String key) throws Exception {
    try (Connection c = ds.getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setBytes(1, key.getBytes(StandardCharsets.UTF_8));
      assertEquals(1, ps.executeUpdate(), sql);
    }
  }

  @Test
  void canaryRead_comparesBothGroups_returnsTheAuthoritative_countsEachDifference()
      throws Exception {
    try (Moving m = new Moving()) {
      ShardedTable<String> t = m.table;
      assertEquals(Phase.CANARY, t.status().phase());
      List<String> keys = new ArrayList<>();
      for (int n = 0; n < 4; n++) {
        String k = m.key(true, n);
        keys.add(k);
        assertEquals(ShardedTable.Outcome.WRITTEN, t.write(k, "o1", 1, "alice", 5L));
        assertEquals(ShardedTable.Outcome.WRITTEN, t.write(k, "o2", 1, "bob", 6L));
        assertEquals(2, ShardedTableRetryTest.rowsOf(m.group(1), k), "dual-written to g1");
        assertEquals(2, ShardedTableRetryTest.rowsOf(m.group(2), k), "dual-written to g2");
      }
      List<Order> expected = List.of(new Order("o1", "alice", 5), new Order("o2", "bob", 6));
      assertEquals(expected, t.read(keys.get(0), ShardedTableCanaryTest::order));
      assertEquals(0, t.status().canaryMismatches(), "the same rows on both groups");

      update(
          m.group(2),
          "UPDATE orders SET customer = 'tampered' WHERE row_key = ? AND cents = 6",
          keys.get(1));
      assertEquals(expected, t.read(keys.get(1), ShardedTableCanaryTest::order));
      assertEquals(1, t.status().canaryMismatches(), "a value differs");

      update(
          m.group(2),
          "UPDATE orders SET row_id = X'6f39' WHERE row_key = ? AND cents = 6",
          keys.get(2));
      assertEquals(expected, t.read(keys.get(2), ShardedTableCanaryTest::order));
      assertEquals(2, t.status().canaryMismatches(), "an id differs");

      update(m.group(2), "DELETE FROM orders WHERE row_key = ? AND cents = 6", keys.get(3));
      assertEquals(expected, t.read(keys.get(3), ShardedTableCanaryTest::order));
      assertEquals(3, t.status().canaryMismatches(), "a row is missing");

      assertEquals(expected, t.read(keys.get(0), ShardedTableCanaryTest::order));
      assertEquals(3, t.status().canaryMismatches());

      // the multi-get reads the moving keys on both groups too: the authoritative rows, each
      // differing key counted once; a key that stays is read on its owner alone
      String stays = m.key(false, 0);
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write(stays, "o1", 1, "carol", 7L));
      List<String> asked = List.of(keys.get(0), keys.get(1), stays, keys.get(2), keys.get(3));
      assertEquals(
          List.of(expected, expected, List.of(new Order("o1", "carol", 7)), expected, expected),
          t.readAll(asked, ShardedTableCanaryTest::order));
      assertEquals(6, t.status().canaryMismatches(), "keys 1 to 3 differ, as read counts them");
    }
  }

  @Test
  void batchWhileKeysMove_writesEachMovingRowOnBothGroups_theOthersOnTheirOwner() throws Exception {
    try (Moving m = new Moving()) {
      List<ShardedTable.Write<String>> rows = new ArrayList<>();
      for (int n = 0; n < 3; n++) {
        rows.add(ShardedTable.Write.of(m.key(true, n), "o1", 1, "m" + n, (long) n));
        rows.add(ShardedTable.Write.of(m.key(false, n), "o1", 1, "s" + n, (long) n));
      }
      assertEquals(new ShardedTable.BatchOutcome(6, 0, 0), m.table.writeAll(rows));
      for (int n = 0; n < 3; n++) {
        assertEquals(1, ShardedTableRetryTest.rowsOf(m.group(1), m.key(true, n)));
        assertEquals(1, ShardedTableRetryTest.rowsOf(m.group(2), m.key(true, n)));
        assertEquals(1, ShardedTableRetryTest.rowsOf(m.group(1), m.key(false, n)));
        assertEquals(0, ShardedTableRetryTest.rowsOf(m.group(2), m.key(false, n)));
      }
      assertEquals(new ShardedTable.BatchOutcome(0, 6, 0), m.table.writeAll(rows));
    }
  }

  /**
   * A multi-get whose compared canary key is refused by its authoritative group (the source, fenced
   * for the cut-over): the key is not answered with the canary group's rows but read again on the
   * version the fence asks for, where the target alone holds it; the other keys are answered on the
   * first attempt, and no mismatch is counted.
   */
  @Test
  void multiGet_canaryKeyRefusedByItsAuthoritativeGroup_readAgainOnTheNewerVersion()
      throws Exception {
    try (Moving m = new Moving()) {
      ShardedTable<String> t = m.table;
      String moves = m.key(true, 0);
      String stays = m.key(false, 0);
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write(moves, "o1", 1, "alice", 5L));
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write(stays, "o1", 1, "carol", 7L));
      update(m.group(2), "UPDATE orders SET customer = 'on g2' WHERE row_key = ?", moves);
      JdbcMigrationStore g1 = t.migrationStores(m.to).get("g1");
      g1.setFence(new Fence(m.from.route(moves).partition(), 2, 3, Phase.CUT_OVER));
      Thread publisher =
          ShardedTableRetryTest.afterRefusals(
              t, 1, () -> m.source.push(m.plan.routes(Phase.CUT_OVER, 3).table()));
      List<List<Order>> read = t.readAll(List.of(stays, moves), ShardedTableCanaryTest::order);
      publisher.join();
      assertEquals(
          List.of(List.of(new Order("o1", "carol", 7)), List.of(new Order("o1", "on g2", 5))),
          read,
          "the moving key read on version 3, from g2 alone");
      assertEquals(1, t.status().movedRetries(), "one refusal, one retry");
      assertEquals(0, t.status().canaryMismatches(), "a refused comparison is not a mismatch");
    }
  }

  /**
   * A batch whose second copies are refused until the next phase, in which those rows' first group
   * is the one that refused them: they are written there, and counted once.
   */
  @Test
  void batchWhoseSecondCopiesAreRefused_writtenOnTheNewOwner_countedOnce() throws Exception {
    try (Moving m = new Moving()) {
      ShardedTable<String> t = m.table;
      JdbcMigrationStore g2 = t.migrationStores(m.to).get("g2");
      List<ShardedTable.Write<String>> rows = new ArrayList<>();
      for (int n = 0; n < 3; n++) {
        String k = m.key(true, n);
        g2.setFence(new Fence(m.from.route(k).partition(), 2, 3, Phase.CUT_OVER));
        rows.add(ShardedTable.Write.of(k, "o1", 1, "m" + n, (long) n));
        rows.add(ShardedTable.Write.of(m.key(false, n), "o1", 1, "s" + n, (long) n));
      }
      Thread publisher =
          ShardedTableRetryTest.afterRefusals(
              t, 1, () -> m.source.push(m.plan.routes(Phase.CUT_OVER, 3).table()));
      assertEquals(new ShardedTable.BatchOutcome(6, 0, 0), t.writeAll(rows));
      publisher.join();
      assertEquals(1, t.status().movedRetries());
      for (int n = 0; n < 3; n++) {
        assertEquals(1, ShardedTableRetryTest.rowsOf(m.group(2), m.key(true, n)), "on g2");
        assertEquals(
            List.of(new Order("o1", "m" + n, n)),
            t.read(m.key(true, n), ShardedTableCanaryTest::order));
      }
    }
  }

  /**
   * The second copy is refused until the next phase, in which the write's first group is the one
   * that refused it: the caller's statements committed with the first copy, and do not run again.
   */
  @Test
  void secondCopyRefused_retryOnTheOtherGroup_callersStatementsCommitOnce() throws Exception {
    try (Moving m = new Moving()) {
      ShardedTable<String> t = m.table;
      Outbox outbox = Outbox.create("outbox");
      outbox.createTable(m.group(1));
      outbox.createTable(m.group(2));
      String k = m.key(true, 0);
      JdbcMigrationStore g2 = t.migrationStores(m.to).get("g2");
      g2.setFence(new Fence(m.from.route(k).partition(), 2, 3, Phase.CUT_OVER));
      Thread publisher =
          ShardedTableRetryTest.afterRefusals(
              t, 1, () -> m.source.push(m.plan.routes(Phase.CUT_OVER, 3).table()));
      ShardedTable.InTransaction event =
          c -> outbox.append(c, new Outbox.Event("placed:o1", k, "order-placed", "{}", 1L));
      assertEquals(
          ShardedTable.Outcome.WRITTEN,
          t.write(ShardedTable.Write.of(k, "o1", 1, "alice", 5L), event));
      publisher.join();
      assertEquals(3, t.status().version());
      assertEquals(1, t.status().movedRetries());
      int events =
          ShardedTableRetryTest.count(m.group(1), "SELECT COUNT(*) FROM outbox")
              + ShardedTableRetryTest.count(m.group(2), "SELECT COUNT(*) FROM outbox");
      assertEquals(1, events, "one event for one write");
      assertEquals(1, ShardedTableRetryTest.rowsOf(m.group(2), k), "the row on its new owner");
    }
  }
}
