package io.shardrouter.spring;

import io.shardrouter.jdbc.JdbcStoreException;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Prints a start that failed on a group's database (a table without the columns the settings name,
 * a fence table that is not there) as Spring Boot prints its own start failures: what the sharded
 * table could not do, then what to do, without the stack of bean creation exceptions around it. A
 * failure that a setting caused is left to {@link ShardRouterFailureAnalyzer}, which names it.
 */
final class ShardRouterStoreFailureAnalyzer extends AbstractFailureAnalyzer<JdbcStoreException> {

  @Override
  protected @Nullable FailureAnalysis analyze(Throwable root, JdbcStoreException cause) {
    if (findCause(root, InvalidShardRouterPropertyException.class) != null) {
      return null; // a setting's failure: that analyzer names the setting
    }
    StringBuilder what = new StringBuilder("ShardRouter cannot start: ").append(cause.getMessage());
    for (Throwable t = cause.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
      if (t.getMessage() != null && !what.toString().contains(t.getMessage())) {
        what.append("\nCaused by: ").append(t.getMessage());
      }
    }
    return new FailureAnalysis(
        what.toString(),
        "fix what the message names on that group's database (docs/sharded-table.md shows the"
            + " table and its fence table; shardrouter.table.create-tables=true creates the fence"
            + " table), then start again",
        cause);
  }
}
