package io.shardrouter.spring;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.migrate.Phase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The health of the sharded table and its routing source, as the {@code shardrouter} health
 * contributor: UP while the table is healthy ({@link ShardedTable.Status#healthy()}: it serves its
 * router's version and the source has a table) and the source took the last table it read; DOWN,
 * with the reasons in the detail {@code reason}, when the source has no table, refused a table (a
 * document that did not validate, an older version, another entity or key type), or the table could
 * not follow a version (a group's pool or table could not be opened). The details name the routing
 * version served, the router's version, the source's version and fingerprint, whether a
 * last-known-good copy is in use, and the table's counters.
 */
final class ShardRouterHealthIndicator extends AbstractHealthIndicator {
  private final ShardedTable<?> table;
  private final @Nullable RoutingSource source;

  /** The health of {@code table}, which follows {@code source} (null when it is not a bean). */
  ShardRouterHealthIndicator(ShardedTable<?> table, @Nullable RoutingSource source) {
    super("ShardRouter health check failed");
    this.table = table;
    this.source = source;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    ShardedTable.Status s = table.status();
    RoutingSource.Status src = s.source();
    RoutingTable served = table.routes().table();
    List<String> reasons = new ArrayList<>();
    if (!src.hasTable()) {
      reasons.add(
          "the routing source has no table"
              + (src.lastError() == null ? "" : ": " + oneLine(src.lastError())));
    } else if (src.lastError() != null) {
      reasons.add(
          "the routing source refused a table and keeps version "
              + src.version()
              + ": "
              + oneLine(src.lastError()));
    }
    if (!s.followsRouter()) {
      reasons.add(
          "sharded table '"
              + table.table()
              + "' serves version "
              + s.version()
              + " but its router has version "
              + s.routerVersion()
              + (s.lastError() == null
                  ? ""
                  : ": applying version "
                      + s.failedVersion()
                      + " failed: "
                      + oneLine(s.lastError())));
    }
    if (reasons.isEmpty()) {
      builder.up();
    } else {
      builder.down().withDetail("reason", String.join("; ", reasons));
    }
    builder
        .withDetail("entity", served.entity())
        .withDetail("table", table.table())
        .withDetail("version", s.version())
        .withDetail("routerVersion", s.routerVersion())
        .withDetail("migration", migration(s))
        .withDetail("fingerprint", served.fingerprint())
        .withDetail("source", source(src))
        .withDetail("failedUpdates", s.failedUpdates())
        .withDetail("movedRetries", s.movedRetries())
        .withDetail("serializationRetries", s.serializationRetries())
        .withDetail("canaryMismatches", s.canaryMismatches());
  }

  /** A refusal's message on one line: a table's violations are listed one per line. */
  static String oneLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    return m.replaceAll("\\s*\\n\\s*", "; ");
  }

  /**
   * {@code none} when no migration has touched the served version (the table logs {@code no
   * migration}, its status has no phase), else the migration's phase.
   */
  static String migration(ShardedTable.Status status) {
    Phase phase = status.phase();
    return phase == null ? "none" : phase.toString();
  }

  private Map<String, Object> source(RoutingSource.Status src) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("status", !src.hasTable() ? "no table" : src.lastError() == null ? "ok" : "refused");
    m.put("version", src.version());
    if (src.fingerprint() != null) {
      m.put("fingerprint", src.fingerprint());
    }
    if (src.lastGoodAge() != null) {
      m.put("lastGoodAge", src.lastGoodAge().toString());
    }
    m.put("lastKnownGood", source != null && LastKnownGood.inUse(source));
    if (src.lastError() != null) {
      m.put("lastError", oneLine(src.lastError()));
    }
    return m;
  }
}
