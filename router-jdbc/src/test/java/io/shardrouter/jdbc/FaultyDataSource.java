package io.shardrouter.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;

/**
 * A data source over a real one whose connections behave as a pool's would toward the next caller:
 * it records the state each connection is given back in (auto-commit, isolation level), and can
 * fail on cue as a database does: a commit that does not serialize, a rollback on a broken
 * connection, or a concurrent writer's statement between two of ours.
 */
final class FaultyDataSource {
  /** The state a connection was given back in. */
  record Returned(boolean autoCommit, int isolation) {}

  private final DataSource delegate;

  /** Commits left to fail, each with SQL state {@link #commitState}. */
  final AtomicInteger failCommits = new AtomicInteger();

  volatile String commitState = "40001";

  /** When set, every rollback fails (after rolling back) as on a broken connection. */
  volatile boolean failRollback;

  /**
   * When set, a commit in auto-commit mode fails, as the JDBC specification allows and PostgreSQL's
   * driver does (H2 accepts it).
   */
  volatile boolean strict;

  /** Connections left to refuse, as a pool that cannot reach its database. */
  final AtomicInteger failConnections = new AtomicInteger();

  /** When set, turning auto-commit back on fails, as on a connection the server dropped. */
  volatile boolean failAutoCommitOn;

  /** The isolation level each connection is handed out at (as a pool configured so would). */
  volatile int handOutAt = Connection.TRANSACTION_READ_COMMITTED;

  /** Run once, before the next update statement whose SQL starts with the given prefix. */
  final AtomicReference<String> beforeUpdatePrefix = new AtomicReference<>();

  volatile SqlAction beforeUpdate;

  /** When set, run before every update statement, given its SQL: another session's writes. */
  volatile SqlHook beforeEachUpdate;

  /** Statements of another session, run before one of ours. */
  @FunctionalInterface
  interface SqlHook {
    void run(String sql) throws SQLException;
  }

  final List<Returned> returned = new CopyOnWriteArrayList<>();

  /** A statement of another session, run on cue. */
  @FunctionalInterface
  interface SqlAction {
    void run() throws SQLException;
  }

  FaultyDataSource(DataSource delegate) {
    this.delegate = delegate;
  }

  /** The data source whose connections behave as above. */
  DataSource dataSource() {
    return (DataSource)
        Proxy.newProxyInstance(
            DataSource.class.getClassLoader(),
            new Class<?>[] {DataSource.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getConnection")) {
                if (failConnections.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                  throw new SQLException("injected: cannot connect", "08001");
                }
                Connection c = (Connection) invoke(delegate, method, args);
                c.setTransactionIsolation(handOutAt);
                return connection(c);
              }
              if (method.getName().equals("equals")) {
                return proxy == args[0];
              }
              if (method.getName().equals("hashCode")) {
                return System.identityHashCode(proxy);
              }
              if (method.getName().equals("toString")) {
                return "FaultyDataSource(" + delegate + ")";
              }
              return invoke(delegate, method, args);
            });
  }

  private Connection connection(Connection c) {
    InvocationHandler h =
        (proxy, method, args) -> {
          switch (method.getName()) {
            case "commit" -> {
              if (strict && c.getAutoCommit()) {
                throw new SQLException("Cannot commit when autoCommit is enabled.", "25000");
              }
              if (failCommits.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new SQLException("injected: could not serialize access", commitState);
              }
            }
            case "rollback" -> {
              if (failRollback) {
                invoke(c, method, args);
                throw new SQLException("injected: connection broken during rollback", "08006");
              }
            }
            case "setAutoCommit" -> {
              if (failAutoCommitOn && (Boolean) args[0]) {
                throw new SQLException("injected: connection dropped", "08006");
              }
            }
            case "close" -> {
              if (!c.isClosed()) {
                returned.add(new Returned(c.getAutoCommit(), c.getTransactionIsolation()));
              }
            }
            case "prepareStatement" -> {
              PreparedStatement ps = (PreparedStatement) invoke(c, method, args);
              return statement(ps, (String) args[0]);
            }
            default -> {}
          }
          return invoke(c, method, args);
        };
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, h);
  }

  private PreparedStatement statement(PreparedStatement ps, String sql) {
    InvocationHandler h =
        (proxy, method, args) -> {
          String prefix = beforeUpdatePrefix.get();
          if (method.getName().equals("executeUpdate")
              && prefix != null
              && sql.toUpperCase(Locale.ROOT).startsWith(prefix)
              && beforeUpdatePrefix.compareAndSet(prefix, null)) {
            beforeUpdate.run();
          }
          SqlHook each = beforeEachUpdate;
          if (each != null && method.getName().equals("executeUpdate")) {
            each.run(sql);
          }
          return invoke(ps, method, args);
        };
    return (PreparedStatement)
        Proxy.newProxyInstance(
            PreparedStatement.class.getClassLoader(), new Class<?>[] {PreparedStatement.class}, h);
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
