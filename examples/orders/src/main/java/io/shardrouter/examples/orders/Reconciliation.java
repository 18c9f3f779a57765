package io.shardrouter.examples.orders;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.examples.orders.Ledger.Acked;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.migrate.MigrationStore;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The reshard demo's end check, independent of router-migrate's own verification: reads every
 * group's orders table with plain SQL and compares it with the {@link Ledger} of acknowledged
 * writes under the final routing table.
 *
 * <ul>
 *   <li><b>lost</b>: an acknowledged order whose owning group (under the final table) does not hold
 *       it, or holds an older revision than the newest acknowledged one;
 *   <li><b>duplicated</b>: a row held by a group that does not own it (a copy left behind, or one
 *       written to the wrong group); ownership is one group per key, so an order on two groups
 *       counts here once;
 *   <li><b>unacknowledged</b>: a row on its owner that no client was told about (a write cut short
 *       when the load stopped: allowed, and counted so that it is seen).
 * </ul>
 *
 * @param acked orders with an acknowledged revision
 * @param lost acknowledged orders missing or older on their owner
 * @param duplicated rows on a group that does not own them
 * @param unacknowledged rows on their owner that no acknowledgement names
 * @param rowsPerGroup rows each group holds and owns, by group id
 */
record Reconciliation(
    long acked, long lost, long duplicated, long unacknowledged, Map<String, Long> rowsPerGroup) {

  /** True when nothing was lost or duplicated. */
  boolean clean() {
    return lost == 0 && duplicated == 0;
  }

  /** Reads every group of {@code groups} and checks them against the ledger under {@code table}. */
  static Reconciliation check(
      RoutingTable table, Iterable<ReplicaGroup> groups, ShardedDataSource db, Ledger ledger)
      throws SQLException {
    Map<ByteBuffer, Long> onOwner = new HashMap<>();
    Map<String, Long> perGroup = new LinkedHashMap<>();
    long misplaced = 0;
    for (ReplicaGroup g : groups) {
      long owned = 0;
      try (Connection c = db.primary(g).getConnection();
          PreparedStatement ps = c.prepareStatement("SELECT row_key, row_id, seq FROM orders");
          ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          byte[] key = rs.getBytes(1);
          ByteBuffer at = ByteBuffer.wrap(MigrationStore.ScanPage.cursorOf(key, rs.getBytes(2)));
          if (table.routeCanonical(key).group().id().equals(g.id())) {
            onOwner.put(at, rs.getLong(3));
            owned++;
          } else {
            misplaced++;
          }
        }
      }
      perGroup.put(g.id(), owned);
    }
    long lost = 0;
    long acked = 0;
    for (Acked a : ledger.all()) {
      acked++;
      Order o = a.order();
      ByteBuffer at =
          ByteBuffer.wrap(
              MigrationStore.ScanPage.cursorOf(
                  OrdersRouting.key(o.tenant(), o.userId()),
                  o.orderId().getBytes(StandardCharsets.UTF_8)));
      Long seq = onOwner.remove(at);
      if (seq == null || seq < a.revision()) {
        lost++;
      }
    }
    return new Reconciliation(acked, lost, misplaced, onOwner.size(), perGroup);
  }
}
