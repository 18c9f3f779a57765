package io.shardrouter.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link DataSource} that opens a new connection to one JDBC URL for every call, through {@link
 * DriverManager}: what {@code migrate start} gives each group's migration store. Credentials go in
 * the URL ({@code ;USER=...;PASSWORD=...} on H2, {@code ?user=...&password=...} on PostgreSQL). Not
 * a pool: the coordinator makes a few calls per batch, so a connection per call costs little beside
 * the batch.
 */
final class UrlDataSource implements DataSource {
  private final String url;
  private PrintWriter log;
  private int loginTimeout;

  UrlDataSource(String url) {
    this.url = url;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return DriverManager.getConnection(url);
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    return DriverManager.getConnection(url, user, password);
  }

  @Override
  public PrintWriter getLogWriter() {
    return log;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    this.log = out;
  }

  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeout = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeout;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException(
        "UrlDataSource logs nothing through java.util.logging");
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new SQLException("UrlDataSource is not a " + type.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }

  @Override
  public String toString() {
    return url;
  }
}
