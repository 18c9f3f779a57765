package io.shardrouter.micrometer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.ShardedTable;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The meters of one router-jdbc {@link ShardedTable}, for any Micrometer registry: what its {@link
 * ShardedTable#status()} reports, read when the registry reads the meter. Names are lowercase and
 * dot-separated; every meter has the tags {@code entity} (the routing table's entity) and {@code
 * table} (the SQL table), and the retries a {@code reason}:
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>name</th><th>type</th><th>what</th></tr>
 *   <tr><td>{@code shardrouter.sharded.table.version}</td><td>gauge</td>
 *       <td>the routing version the table serves</td></tr>
 *   <tr><td>{@code shardrouter.sharded.table.router.version}</td><td>gauge</td>
 *       <td>the version its router has: above the served version while an update is applied, or
 *       after one failed</td></tr>
 *   <tr><td>{@code shardrouter.sharded.table.updates.failed}</td><td>function counter</td>
 *       <td>versions the table could not apply (a pool or a group's table could not be opened)</td></tr>
 *   <tr><td>{@code shardrouter.sharded.table.retries}</td><td>function counter, tag
 *       {@code reason}: {@code moved}, {@code serialization}</td>
 *       <td>calls retried after a fence refused them, or after a serialization failure</td></tr>
 *   <tr><td>{@code shardrouter.sharded.table.canary.mismatches}</td><td>function counter</td>
 *       <td>compared canary reads whose two groups answered differently</td></tr>
 *   <tr><td>{@code shardrouter.sharded.table.healthy}</td><td>gauge</td>
 *       <td>1 when the table serves its router's version, its last update succeeded and its
 *       routing source has a table ({@link ShardedTable.Status#healthy()}), else 0</td></tr>
 *   <tr><td>{@code shardrouter.sharded.table.source.healthy}</td><td>gauge</td>
 *       <td>1 when the routing source has a table and did not refuse the last one it read
 *       ({@link RoutingSource.Status#healthy()}), else 0</td></tr>
 * </table>
 *
 * <p>The router the table follows has meters of its own: bind {@link RouterMetrics#of
 * RouterMetrics.of(table.router())} beside these.
 *
 * <p><b>Thread-safety:</b> safe; bind it to any number of registries.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ShardedTableMetrics implements MeterBinder {
  // What the meters hold, weakly as Micrometer does by default (a table that is dropped does not
  // stay alive through its meters), and how its status is read.
  private final Object owner;
  private final Function<Object, ShardedTable.Status> status;
  private final String tableName;
  private final Tags tags;

  /**
   * Meters of the table {@code tableName} of {@code entity}, each reading {@code status} of {@code
   * owner} when the registry reads it (tests give a status of their own).
   */
  @SuppressWarnings("unchecked") // the meters only ever hand owner back to status
  <T> ShardedTableMetrics(
      T owner, Function<? super T, ShardedTable.Status> status, String entity, String tableName) {
    this.owner = Objects.requireNonNull(owner, "owner");
    this.status = o -> status.apply((T) o);
    this.tableName = tableName;
    this.tags = Tags.of("entity", entity, "table", tableName);
  }

  /** The meters of {@code table}. */
  public static ShardedTableMetrics of(ShardedTable<?> table) {
    Objects.requireNonNull(table, "table");
    return new ShardedTableMetrics(
        table, ShardedTable::status, table.router().table().entity(), table.table());
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    gauge(registry, "version", "the routing version the sharded table serves", s -> s.version());
    gauge(
        registry,
        "router.version",
        "the routing version the sharded table's router has",
        s -> s.routerVersion());
    gauge(
        registry,
        "healthy",
        "1 when the sharded table serves its router's version, its last update succeeded and its"
            + " routing source has a table",
        s -> s.healthy() ? 1 : 0);
    gauge(
        registry,
        "source.healthy",
        "1 when the routing source has a table and did not refuse the last one it read",
        s -> s.source().healthy() ? 1 : 0);
    counter(
        registry,
        "updates.failed",
        Tags.empty(),
        "routing versions the sharded table could not apply",
        s -> s.failedUpdates());
    counter(
        registry,
        "retries",
        Tags.of("reason", "moved"),
        "calls retried after a fence refused them or a serialization failure",
        s -> s.movedRetries());
    counter(
        registry,
        "retries",
        Tags.of("reason", "serialization"),
        "calls retried after a fence refused them or a serialization failure",
        s -> s.serializationRetries());
    counter(
        registry,
        "canary.mismatches",
        Tags.empty(),
        "compared canary reads whose two groups answered differently",
        s -> s.canaryMismatches());
  }

  private void gauge(
      MeterRegistry registry,
      String name,
      String description,
      ToDoubleFunction<ShardedTable.Status> value) {
    Gauge.builder(
            "shardrouter.sharded.table." + name, owner, o -> value.applyAsDouble(status.apply(o)))
        .tags(tags)
        .description(description)
        .register(registry);
  }

  private void counter(
      MeterRegistry registry,
      String name,
      Tags extra,
      String description,
      ToDoubleFunction<ShardedTable.Status> value) {
    FunctionCounter.builder(
            "shardrouter.sharded.table." + name, owner, o -> value.applyAsDouble(status.apply(o)))
        .tags(tags.and(extra))
        .description(description)
        .register(registry);
  }

  @Override
  public String toString() {
    return "ShardedTableMetrics{" + tableName + "}";
  }
}
