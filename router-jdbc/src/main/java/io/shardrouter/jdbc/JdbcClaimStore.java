package io.shardrouter.jdbc;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.lookup.ClaimRecord;
import io.shardrouter.lookup.ClaimStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * router-lookup's uniqueness claims ({@link io.shardrouter.lookup.Claims}) kept in one table on the
 * primary of every replica group, keyed by (partition, value): claim records stay with their
 * partition when the placement moves it, as {@link io.shardrouter.lookup.ClaimStore#inMemory()}
 * does.
 *
 * <p>The table ({@link #createTable}): {@code <table>(part INT, claimed_value, owner_id, token,
 * state, expires_at BIGINT, PRIMARY KEY (part, claimed_value))}. Each method is one statement in
 * auto-commit on the primary of the route's group: the insert is atomic through the primary key
 * ({@link Dialect#insertIfAbsent}), the replace and delete are conditional on the whole stored
 * record.
 *
 * <p><b>Thread-safety:</b> safe for concurrent use; every operation is one atomic statement.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class JdbcClaimStore implements ClaimStore {
  private static final List<String> COLUMNS =
      List.of("part", "claimed_value", "owner_id", "token", "state", "expires_at");

  private final ShardedDataSource sources;
  private final String table;
  private final String find;
  private final String replace;
  private final String delete;

  private JdbcClaimStore(ShardedDataSource sources, String table) {
    this.sources = Objects.requireNonNull(sources, "sources");
    this.table = SqlIdentifiers.check("claim table", table);
    this.find =
        "SELECT owner_id, token, state, expires_at FROM "
            + table
            + " WHERE part = ? AND claimed_value = ?";
    String whole =
        " WHERE part = ? AND claimed_value = ? AND owner_id = ? AND token = ? AND state = ? AND expires_at = ?";
    this.replace =
        "UPDATE " + table + " SET owner_id = ?, token = ?, state = ?, expires_at = ?" + whole;
    this.delete = "DELETE FROM " + table + whole;
  }

  /**
   * Claims kept in {@code table} on the primaries {@code sources} gives.
   *
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier
   */
  public static JdbcClaimStore create(ShardedDataSource sources, String table) {
    return new JdbcClaimStore(sources, table);
  }

  /** Creates the claim table, when missing, on the primary of every group of {@code table}. */
  public void createTables(RoutingTable routing) {
    for (ReplicaGroup g : routing.groups()) {
      createTable(sources.primary(g));
    }
  }

  /** Creates the claim table on {@code primary} when it is missing. */
  public void createTable(DataSource primary) {
    try (Connection c = primary.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (part INT NOT NULL, claimed_value VARCHAR(1024) NOT NULL,"
              + " owner_id VARCHAR(1024) NOT NULL, token VARCHAR(128) NOT NULL,"
              + " state VARCHAR(16) NOT NULL, expires_at BIGINT NOT NULL,"
              + " PRIMARY KEY (part, claimed_value))");
    } catch (SQLException e) {
      throw new JdbcStoreException("cannot create claim table '" + table + "' on " + primary, e);
    }
  }

  @Override
  public boolean insertIfAbsent(Route route, ClaimRecord record) {
    DataSource ds = sources.primary(route);
    try (Connection c = ds.getConnection()) {
      Dialect d = Dialect.of(c);
      try (PreparedStatement ps = c.prepareStatement(d.insertIfAbsent(table, COLUMNS, 2))) {
        ps.setInt(1, route.partition());
        ps.setString(2, record.value());
        bindRecord(ps, 3, record);
        return d.executeInsertIfAbsent(ps);
      }
    } catch (SQLException e) {
      throw failure("insert the claim of '" + record.value() + "'", route, e);
    }
  }

  @Override
  public @Nullable ClaimRecord find(Route route, String value) {
    Objects.requireNonNull(value, "value");
    try (Connection c = sources.primary(route).getConnection();
        PreparedStatement ps = c.prepareStatement(find)) {
      ps.setInt(1, route.partition());
      ps.setString(2, value);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return null;
        }
        return new ClaimRecord(
            value, rs.getString(1), rs.getString(2), state(rs.getString(3), route), rs.getLong(4));
      }
    } catch (SQLException e) {
      throw failure("read the claim of '" + value + "'", route, e);
    }
  }

  @Override
  public boolean replace(Route route, ClaimRecord expected, ClaimRecord next) {
    if (!expected.value().equals(next.value())) {
      throw new IllegalArgumentException(
          "a claim record's value never changes: '"
              + expected.value()
              + "' cannot become '"
              + next.value()
              + "'");
    }
    try (Connection c = sources.primary(route).getConnection();
        PreparedStatement ps = c.prepareStatement(replace)) {
      bindRecord(ps, 1, next);
      ps.setInt(5, route.partition());
      ps.setString(6, expected.value());
      bindRecord(ps, 7, expected);
      return ps.executeUpdate() == 1;
    } catch (SQLException e) {
      throw failure("replace the claim of '" + expected.value() + "'", route, e);
    }
  }

  @Override
  public boolean delete(Route route, ClaimRecord expected) {
    try (Connection c = sources.primary(route).getConnection();
        PreparedStatement ps = c.prepareStatement(delete)) {
      ps.setInt(1, route.partition());
      ps.setString(2, expected.value());
      bindRecord(ps, 3, expected);
      return ps.executeUpdate() == 1;
    } catch (SQLException e) {
      throw failure("delete the claim of '" + expected.value() + "'", route, e);
    }
  }

  /** Binds owner, token, state and expiry from {@code at}. */
  private static void bindRecord(PreparedStatement ps, int at, ClaimRecord r) throws SQLException {
    ps.setString(at, r.owner());
    ps.setString(at + 1, r.token());
    ps.setString(at + 2, r.state().name());
    ps.setLong(at + 3, r.expiresAtMillis());
  }

  private ClaimRecord.State state(String stored, Route route) {
    try {
      return ClaimRecord.State.valueOf(stored);
    } catch (IllegalArgumentException e) {
      throw new JdbcStoreException(
          "claim table '"
              + table
              + "' of replica group '"
              + route.group().id()
              + "' holds state '"
              + stored
              + "', expected one of "
              + List.of(ClaimRecord.State.values())
              + "; the table was written by something else: fix the row");
    }
  }

  private JdbcStoreException failure(String what, Route route, SQLException e) {
    return new JdbcStoreException(
        "cannot "
            + what
            + " in claim table '"
            + table
            + "' on partition "
            + route.partition()
            + " of replica group '"
            + route.group().id()
            + "' (routing version "
            + route.version()
            + ")",
        e);
  }

  @Override
  public String toString() {
    return "JdbcClaimStore{" + table + " on " + sources + "}";
  }
}
