package io.shardrouter.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingListener;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StaleRoutingVersionException;
import io.shardrouter.stats.RouteStats;
import io.shardrouter.stats.Skew;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The meters of one {@link Router}, for any Micrometer registry. Names are lowercase and
 * dot-separated; tags are only {@code entity}, {@code group} and {@code result}, never a key or a
 * partition:
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>name</th><th>type</th><th>tags</th><th>what</th></tr>
 *   <tr><td>{@code shardrouter.routes}</td><td>function counter</td><td>entity, group</td>
 *       <td>routes recorded to the group's partitions (needs {@link RouteStats})</td></tr>
 *   <tr><td>{@code shardrouter.table.version}</td><td>gauge</td><td>entity</td>
 *       <td>the version of the table served</td></tr>
 *   <tr><td>{@code shardrouter.updates}</td><td>counter</td><td>entity, result</td>
 *       <td>updates by result: {@code accepted}, {@code stale} (an older version, or the same
 *       version with other content), {@code refused} (another entity or key type)</td></tr>
 *   <tr><td>{@code shardrouter.update.age}</td><td>time gauge, seconds</td><td>entity</td>
 *       <td>time since the last accepted update (since binding, before one)</td></tr>
 *   <tr><td>{@code shardrouter.skew.groups}, {@code shardrouter.skew.partitions}</td>
 *       <td>gauge</td><td>entity</td><td>peak/mean load since the statistics started</td></tr>
 *   <tr><td>{@code shardrouter.stats.sampling}</td><td>gauge</td><td>entity</td>
 *       <td>1 while hot keys are sampled, 0 when paused</td></tr>
 *   <tr><td>{@code shardrouter.stats.samples.dropped}</td><td>function counter</td>
 *       <td>entity</td><td>samples dropped because a sketch was busy</td></tr>
 * </table>
 *
 * <p>Routes per group stay monotonic across placement changes: at each update and each read the
 * counts since the last fold are credited to the group that served each partition then. Hot keys
 * are not meters; read them from {@link RouteStats#snapshot}.
 *
 * <p><b>Thread-safety:</b> safe; bind it to any number of registries.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RouterMetrics implements MeterBinder, RoutingListener {
  private final Router router;
  private final @Nullable RouteStats stats; // null: no route statistics
  private final LongSupplier nanos;
  private final String entity;
  private final Map<String, long[]> groupRoutes = new HashMap<>();
  private long[] folded = new long[0];
  private RoutingTable foldedUnder;
  private volatile long lastUpdateNanos;
  private volatile MeterRegistry[] registries = new MeterRegistry[0];
  private final Map<MeterRegistry, Counter[]> updates = new HashMap<>();

  private RouterMetrics(Router router, @Nullable RouteStats stats, LongSupplier nanos) {
    this.router = Objects.requireNonNull(router, "router");
    this.stats = stats;
    this.nanos = nanos;
    this.entity = router.table().entity();
    this.lastUpdateNanos = nanos.getAsLong();
    this.foldedUnder = router.table();
    router.addListener(this);
  }

  /** The meters of {@code router} without route statistics: version, updates, update age. */
  public static RouterMetrics of(Router router) {
    return new RouterMetrics(router, null, System::nanoTime);
  }

  /** The meters of {@code router} with the routes, skew and sampling of {@code stats}. */
  public static RouterMetrics of(Router router, RouteStats stats) {
    return new RouterMetrics(router, Objects.requireNonNull(stats, "stats"), System::nanoTime);
  }

  /** As {@link #of(Router, RouteStats)} ({@code stats} may be null) with a nanosecond clock. */
  static RouterMetrics of(Router router, @Nullable RouteStats stats, LongSupplier nanos) {
    return new RouterMetrics(router, stats, nanos);
  }

  @Override
  public synchronized void bindTo(MeterRegistry registry) {
    Gauge.builder("shardrouter.table.version", router, r -> r.version())
        .tag("entity", entity)
        .description("the version of the routing table served")
        .register(registry);
    Counter[] byResult = new Counter[3];
    String[] results = {"accepted", "stale", "refused"};
    for (int i = 0; i < 3; i++) {
      byResult[i] =
          Counter.builder("shardrouter.updates")
              .tags("entity", entity, "result", results[i])
              .description("routing table updates by result")
              .register(registry);
    }
    updates.put(registry, byResult);
    TimeGauge.builder(
            "shardrouter.update.age",
            this,
            TimeUnit.NANOSECONDS,
            m -> m.nanos.getAsLong() - m.lastUpdateNanos)
        .tag("entity", entity)
        .description("time since the last accepted routing table update")
        .register(registry);
    MeterRegistry[] grown = java.util.Arrays.copyOf(registries, registries.length + 1);
    grown[grown.length - 1] = registry;
    registries = grown;
    if (stats == null) {
      return;
    }
    for (var g : router.table().groups()) {
      registerGroup(registry, g.id());
    }
    Gauge.builder("shardrouter.skew.groups", this, m -> m.peakToMean(true))
        .tag("entity", entity)
        .description("peak/mean load over groups since the statistics started")
        .register(registry);
    Gauge.builder("shardrouter.skew.partitions", this, m -> m.peakToMean(false))
        .tag("entity", entity)
        .description("peak/mean load over partitions since the statistics started")
        .register(registry);
    Gauge.builder("shardrouter.stats.sampling", stats, s -> s.sampling() ? 1 : 0)
        .tag("entity", entity)
        .description("1 while hot keys are sampled, 0 when paused")
        .register(registry);
    FunctionCounter.builder("shardrouter.stats.samples.dropped", stats, s -> s.droppedSamples())
        .tag("entity", entity)
        .description("hot key samples dropped because a sketch was busy")
        .register(registry);
  }

  private void registerGroup(MeterRegistry registry, String group) {
    FunctionCounter.builder("shardrouter.routes", this, m -> m.routes(group))
        .tags("entity", entity, "group", group)
        .description("routes recorded to the group's partitions")
        .register(registry);
  }

  /** The routes credited to {@code group} so far. */
  synchronized double routes(String group) {
    fold(foldedUnder);
    long[] c = groupRoutes.get(group);
    return c == null ? 0 : c[0];
  }

  /** Peak/mean since the statistics started: over groups when {@code groups}, else partitions. */
  private double peakToMean(boolean groups) {
    RoutingTable t = router.table();
    // bindTo registers the skew gauges only when there are statistics
    long[] loads = Objects.requireNonNull(stats, "skew without statistics").loads();
    if (loads.length != t.partitionCount()) {
      return 0; // the statistics are restarting for the new partition count
    }
    long total = 0;
    long peak = 0;
    for (long l : loads) {
      total += l;
      peak = Math.max(peak, l);
    }
    int n = loads.length;
    if (groups) {
      Map<String, Long> g = Skew.groupLoads(loads, t);
      peak = 0;
      for (long l : g.values()) {
        peak = Math.max(peak, l);
      }
      n = g.size();
    }
    return total == 0 ? 0 : peak / ((double) total / n);
  }

  /** Credits the counts since the last fold to the groups of {@code table}. */
  private void fold(RoutingTable table) {
    if (stats == null) {
      return;
    }
    long[] now = stats.loads();
    if (now.length != folded.length) {
      folded = new long[now.length]; // the statistics restarted over another partition count
    }
    if (now.length != table.partitionCount()) {
      folded = now;
      return;
    }
    for (int p = 0; p < now.length; p++) {
      long d = now[p] - folded[p];
      if (d > 0) {
        groupRoutes.computeIfAbsent(table.groupOf(p).id(), k -> new long[1])[0] += d;
      }
    }
    folded = now;
  }

  @Override
  public synchronized void onUpdate(RoutingTable previous, RoutingTable current) {
    fold(foldedUnder);
    foldedUnder = current;
    lastUpdateNanos = nanos.getAsLong();
    for (Counter[] c : updates.values()) {
      c[0].increment();
    }
    if (stats != null) {
      for (var g : current.groups()) {
        if (previous == null || previous.group(g.id()) == null) {
          for (MeterRegistry r : registries) {
            registerGroup(r, g.id());
          }
        }
      }
    }
  }

  @Override
  public synchronized void onRefused(
      RoutingTable current, RoutingTable offered, RoutingException reason) {
    int i = reason instanceof StaleRoutingVersionException ? 1 : 2;
    for (Counter[] c : updates.values()) {
      c[i].increment();
    }
  }

  @Override
  public String toString() {
    return "RouterMetrics{" + entity + (stats == null ? "" : ", with statistics") + "}";
  }
}
