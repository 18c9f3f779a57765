package io.shardrouter.examples.orders;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.jdbc.Outbox;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.lookup.Claim;
import io.shardrouter.lookup.ClaimLostException;
import io.shardrouter.lookup.ClaimRecord;
import io.shardrouter.lookup.ClaimResult;
import io.shardrouter.lookup.Claims;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Users and the global e-mail index: an address is claimed on the one partition its normal form
 * routes to (router-lookup's {@link Claims} on the JDBC claim store), the user row is written on
 * the user's own group with its event, and the claim is committed after. The claim record names its
 * owner, so it is also the e-mail → user index.
 *
 * <p>Thread-safe: share one per service.
 */
public final class UserRegistry {
  private final Router orders;
  private final ShardedDataSource db;
  private final Claims emails;

  /** Users placed by {@code orders}' routing, with e-mail claims {@code emails}. */
  public UserRegistry(Router orders, ShardedDataSource db, Claims emails) {
    this.orders = orders;
    this.db = db;
    this.emails = emails;
  }

  /** A registered user. */
  public record User(String tenant, String userId, String email) {}

  /**
   * Registers a user with a unique e-mail address; empty when the address is taken (by a registered
   * user or one in progress).
   */
  public Optional<User> register(String tenant, String userId, String email) throws SQLException {
    ClaimResult result = emails.claim(email, tenant + "/" + userId);
    if (!(result instanceof ClaimResult.Granted granted)) {
      return Optional.empty();
    }
    Claim claim = granted.claim();
    String normal = claim.record().value();
    try {
      insertUser(tenant, userId, normal);
      emails.commit(claim);
      return Optional.of(new User(tenant, userId, normal));
    } catch (ClaimLostException e) {
      deleteUser(tenant, userId); // the claim expired and was taken over: undo
      return Optional.empty();
    } catch (SQLException | RuntimeException e) {
      emails.release(claim);
      throw e;
    }
  }

  /** The user holding {@code email}, read from the user's group; empty when nobody does. */
  public Optional<User> byEmail(String email) throws SQLException {
    ClaimRecord holder = emails.holderOf(email);
    if (holder == null) {
      return Optional.empty();
    }
    String[] owner = holder.owner().split("/", 2);
    Route route = orders.route(owner[0], owner[1]);
    try (Connection c = db.replica(route, 0).getConnection();
        PreparedStatement ps =
            c.prepareStatement("SELECT email FROM users WHERE tenant = ? AND user_id = ?")) {
      ps.setString(1, owner[0]);
      ps.setString(2, owner[1]);
      try (ResultSet rs = ps.executeQuery()) {
        // a pending claim whose user row is not written yet is no user
        return rs.next() && rs.getString(1).equals(holder.value())
            ? Optional.of(new User(owner[0], owner[1], holder.value()))
            : Optional.empty();
      }
    }
  }

  private void insertUser(String tenant, String userId, String email) throws SQLException {
    Route route = orders.route(tenant, userId);
    try (Connection c = db.primary(route).getConnection()) {
      c.setAutoCommit(false);
      try (PreparedStatement ps =
          c.prepareStatement("INSERT INTO users (tenant, user_id, email) VALUES (?, ?, ?)")) {
        ps.setString(1, tenant);
        ps.setString(2, userId);
        ps.setString(3, email);
        ps.executeUpdate();
        OrdersSchema.OUTBOX.append(
            c,
            new Outbox.Event(
                "user-registered:" + tenant + "/" + userId,
                userId,
                "user-registered",
                "{\"email\":\"" + email + "\"}",
                System.currentTimeMillis()));
        c.commit();
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    }
  }

  private void deleteUser(String tenant, String userId) throws SQLException {
    Route route = orders.route(tenant, userId);
    try (Connection c = db.primary(route).getConnection();
        PreparedStatement ps =
            c.prepareStatement("DELETE FROM users WHERE tenant = ? AND user_id = ?")) {
      ps.setString(1, tenant);
      ps.setString(2, userId);
      ps.executeUpdate();
    }
  }
}
