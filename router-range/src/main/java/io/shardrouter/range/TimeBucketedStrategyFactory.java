package io.shardrouter.range;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Set;

/**
 * The {@link StrategyFactory} of {@code time_buckets}, registered through {@code
 * META-INF/services}: {@code unit} (hour, day, week, month), {@code zone} (default {@code UTC}),
 * {@code template}, {@code retention} (optional) and the nested {@code strategy} of the business
 * key (format.md §6.2).
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class TimeBucketedStrategyFactory implements StrategyFactory {
  @Override
  public String type() {
    return TimeBucketedStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return Set.of("strategy", "unit", "zone", "template", "retention");
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    String unitName = params.optionalString("unit");
    TimeBuckets.Unit unit = unitName == null ? null : TimeBuckets.Unit.fromDocumentName(unitName);
    if (unitName == null && !params.has("unit")) {
      params.violation("unit", "missing; one of [hour, day, week, month]");
    } else if (unitName != null && unit == null) {
      params.violation("unit", "unknown unit '" + unitName + "'; one of [hour, day, week, month]");
    }
    ZoneId zone = null;
    String zoneName = params.optionalString("zone", "UTC");
    try {
      zone = TimeBuckets.zone(zoneName);
    } catch (IllegalArgumentException e) {
      params.violation("zone", Objects.requireNonNullElse(e.getMessage(), e.toString()));
    }
    String template = params.optionalString("template");
    if (template == null && !params.has("template")) {
      params.violation(
          "template", "missing; name the buckets, e.g. \"metrics_{yyyyMM}\" for monthly tables");
    }
    String retention = params.optionalString("retention");
    TimeBuckets buckets = null;
    if (unit != null && zone != null && template != null) {
      try {
        buckets = TimeBuckets.of(unit, zone, template, retention);
      } catch (IllegalArgumentException e) {
        String problem = Objects.requireNonNullElse(e.getMessage(), e.toString());
        params.violation(problem.startsWith("retention") ? "retention" : "template", problem);
      }
    }
    Spec nestedSpec = params.get("strategy");
    if (nestedSpec != null && Spec.of(TimeBucketedStrategy.TYPE).equals(nestedSpec.get("type"))) {
      params.violation(
          "strategy",
          "a time_buckets strategy cannot nest another; give the strategy of the business key");
      throw params.refusal();
    }
    PartitionStrategy nested = params.nestedStrategy("strategy");
    if (nested == null || buckets == null || params.hasViolations()) {
      throw params.refusal();
    }
    return TimeBucketedStrategy.of(nested, buckets);
  }
}
