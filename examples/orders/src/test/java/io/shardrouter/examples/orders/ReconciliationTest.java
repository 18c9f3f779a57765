package io.shardrouter.examples.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.jdbc.JdbcClaimStore;
import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Row;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The demo's end check finds a lost write, an old revision and a copy left on the wrong group. */
class ReconciliationTest {

  private static Row row(JdbcMigrationStore store, RoutingTable t, Order o, long revision) {
    byte[] key = OrdersRouting.key(o.tenant(), o.userId());
    return store.row(
        key,
        o.orderId().getBytes(StandardCharsets.UTF_8),
        t.version(),
        revision,
        t.routeCanonical(key).partition(),
        o.tenant(),
        o.userId(),
        o.orderId(),
        o.createdAtMillis(),
        OrderDao.monthBucket(o.createdAtMillis()),
        o.amountCents());
  }

  @Test
  void check_countsLostOlderAndMisplacedRows() throws Exception {
    List<String> endpoints = Databases.H2.endpoints(5);
    RoutingTable table = OrdersRouting.orders(1, endpoints.subList(0, 4), endpoints.get(4));
    try (ShardedDataSource db =
        ShardedDataSource.create(Databases.factory(), Router.create(table))) {
      JdbcClaimStore claims = JdbcClaimStore.create(db, OrdersSchema.CLAIMS_TABLE);
      for (ReplicaGroup g : table.groups()) {
        OrdersSchema.create(db.primary(g), claims);
      }
      Ledger ledger = new Ledger();
      Order kept = new Order("tenant-1", "u1", "o1", 1_767_225_600_000L, 100);
      Order lost = new Order("tenant-1", "u1", "o2", 1_767_225_600_000L, 200);
      Order older = new Order("tenant-2", "u2", "o3", 1_767_225_600_000L, 300);
      ReplicaGroup owner1 = table.route("tenant-1", "u1").group();
      ReplicaGroup owner2 = table.route("tenant-2", "u2").group();
      JdbcMigrationStore s1 = OrdersSchema.ordersStore(owner1.id(), db.primary(owner1));
      JdbcMigrationStore s2 = OrdersSchema.ordersStore(owner2.id(), db.primary(owner2));
      s1.apply(List.of(row(s1, table, kept, 1)), MigrationStore.WriteOrigin.CLIENT);
      s2.apply(List.of(row(s2, table, older, 1)), MigrationStore.WriteOrigin.CLIENT);
      ledger.ack(kept, 1);
      ledger.ack(lost, 1);
      ledger.ack(older, 2);

      Reconciliation r = Reconciliation.check(table, table.groups(), db, ledger);
      assertEquals(3, r.acked());
      assertEquals(2, r.lost(), "o2 is nowhere, o3 is at revision 1 of 2");
      assertEquals(0, r.duplicated());
      assertFalse(r.clean());

      ReplicaGroup other =
          table.groups().stream().filter(g -> !g.equals(owner1)).findFirst().orElseThrow();
      JdbcMigrationStore wrong = OrdersSchema.ordersStore(other.id(), db.primary(other));
      wrong.apply(List.of(row(wrong, table, kept, 1)), MigrationStore.WriteOrigin.MIGRATION);
      Order stray = new Order("tenant-1", "u1", "o9", 1_767_225_600_000L, 900);
      s1.apply(List.of(row(s1, table, stray, 1)), MigrationStore.WriteOrigin.CLIENT);
      Reconciliation again = Reconciliation.check(table, table.groups(), db, ledger);
      assertEquals(1, again.duplicated(), "the copy of o1 on " + other.id());
      assertEquals(1, again.unacknowledged(), "o9 was written but never acknowledged");
      assertTrue(again.rowsPerGroup().get(owner1.id()) >= 2);
    }
  }
}
