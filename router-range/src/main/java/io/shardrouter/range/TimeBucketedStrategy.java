package io.shardrouter.range;

import io.shardrouter.core.GroupConstraint;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.NestedStrategies;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * {@code time_buckets}: route by tenant or device, then partition by time. The business key is
 * routed by any other strategy, nested as {@code strategy}; time is cut into {@link TimeBuckets}
 * that carry their names (per-bucket tables such as {@code metrics_202604}) and a retention period.
 * The partition of a key is the nested strategy's; {@link TimeBucketRoutes} adds the bucket of an
 * instant to a route and lists the (group, bucket) pairs a time window visits.
 *
 * <p>Good for: telemetry and events, written at the newest time by many business keys, read by time
 * window and dropped by age; new writes spread over the groups by the business key instead of
 * piling into one newest range (`shardctl split-point` reports such a hot tail). Not for: finding
 * rows by time alone, which visits every group for each bucket of the window.
 *
 * <pre>{@code
 * {"type": "time_buckets", "unit": "month", "zone": "UTC", "template": "metrics_{yyyyMM}", "retention": "P12M",
 *  "strategy": {"type": "jump", "hash": "xxh3-64", "partitions": 64}}
 * }</pre>
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable: partitions are the nested strategy's; buckets per {@code
 * docs/routing-spec.md} §7.6.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf} beyond the nested strategy's.
 *
 * @since 0.1
 */
public final class TimeBucketedStrategy
    implements PartitionStrategy, GroupConstraint, NestedStrategies {
  /** The registered type name. */
  public static final String TYPE = "time_buckets";

  private final PartitionStrategy strategy;
  private final TimeBuckets buckets;

  private TimeBucketedStrategy(PartitionStrategy strategy, TimeBuckets buckets) {
    this.strategy = Objects.requireNonNull(strategy, "strategy");
    this.buckets = Objects.requireNonNull(buckets, "buckets");
    if (strategy instanceof TimeBucketedStrategy) {
      throw new IllegalArgumentException(
          "a time_buckets strategy cannot nest another; give it the strategy of the business key");
    }
  }

  /** Keys routed by {@code strategy}, time cut into {@code buckets}. */
  public static TimeBucketedStrategy of(PartitionStrategy strategy, TimeBuckets buckets) {
    return new TimeBucketedStrategy(strategy, buckets);
  }

  @Override
  public String type() {
    return TYPE;
  }

  /** The strategy of the business key. */
  public PartitionStrategy strategy() {
    return strategy;
  }

  /** The business strategy, at {@code strategy} in this strategy's object. */
  @Override
  public List<Child> children() {
    return List.of(new Child("strategy", strategy));
  }

  public TimeBuckets buckets() {
    return buckets;
  }

  /** The bucket that holds {@code at}. */
  public TimeBuckets.Bucket bucketOf(Instant at) {
    return buckets.bucketOf(at);
  }

  @Override
  public @Nullable KeyType keyType() {
    return strategy.keyType();
  }

  @Override
  public int partitionCount() {
    return strategy.partitionCount();
  }

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    return strategy.partitionOf(canonical, offset, length);
  }

  @Override
  public int partitionOfLong(long value) {
    return strategy.partitionOfLong(value);
  }

  @Override
  public double shareOf(int partition) {
    return strategy.shareOf(partition);
  }

  /**
   * The nested strategy's account, e.g. {@code time_buckets: business key by hash_mod: xxh3-64 hash
   * 0x…, partition 4 of 8}.
   */
  @Override
  public String explain(byte[] canonical, int offset, int length) {
    return TYPE + ": business key by " + strategy.explain(canonical, offset, length);
  }

  /**
   * The pins of the nested strategy (a lookup with tenants pinned to a region), at their paths
   * below {@code strategy.strategy}; the partitions are the nested strategy's, so they carry over
   * as they are.
   */
  @Override
  public List<GroupConstraint.Pin> placementPins() {
    if (!(strategy instanceof GroupConstraint pc)) {
      return List.of();
    }
    List<GroupConstraint.Pin> out = new ArrayList<>();
    for (GroupConstraint.Pin p : pc.placementPins()) {
      out.add(
          new GroupConstraint.Pin(
              p.owner(),
              "strategy." + p.path(),
              p.firstPartition(),
              p.partitionCount(),
              p.labels()));
    }
    return List.copyOf(out);
  }

  @Override
  public Spec toSpec() {
    Spec.ObjectBuilder o =
        Spec.object()
            .put("type", TYPE)
            .put("unit", buckets.unit().documentName())
            .put("zone", buckets.zone().getId())
            .put("template", buckets.template());
    if (buckets.retention() != null) {
      o.put("retention", buckets.retention());
    }
    return o.put("strategy", strategy.toSpec()).build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimeBucketedStrategy s
        && strategy.equals(s.strategy)
        && buckets.equals(s.buckets);
  }

  @Override
  public int hashCode() {
    return 31 * strategy.hashCode() + buckets.hashCode();
  }

  /** The strategy object of the routing document. */
  @Override
  public String toString() {
    return toSpec().toString();
  }
}
