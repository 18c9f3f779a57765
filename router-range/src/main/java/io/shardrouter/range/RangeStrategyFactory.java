package io.shardrouter.range;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import io.shardrouter.core.Violations;
import io.shardrouter.range.internal.KeyValues;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@link StrategyFactory} of {@code range}, registered through {@code META-INF/services}: reads
 * {@code {"type": "range", "ranges": [{"start": k, "end": k}, ..., {"start": k, "end": null}]}},
 * each key in the JSON form of the document's key type (format.md §6.1), and refuses unsorted,
 * empty, gapped or overlapping ranges naming both ranges.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class RangeStrategyFactory implements StrategyFactory {
  private static final Set<String> RANGE_FIELDS = Set.of("start", "end");

  @Override
  public String type() {
    return RangeStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return Set.of(RangeStrategy.RANGES);
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    KeyType type = params.keyType();
    if (type == null) {
      params.violation(
          RangeStrategy.RANGES,
          "cannot be read without the document's key type, which is missing or"
              + " invalid; give \"key\" such as {\"type\": \"long\"}");
      throw params.refusal();
    }
    Spec ranges = params.get(RangeStrategy.RANGES);
    if (ranges == null || !ranges.isArray()) {
      params.violation(
          RangeStrategy.RANGES,
          (ranges == null ? "missing" : "must be an array, got " + ranges)
              + "; give the ranges in key order, e.g. [{\"start\": 0, \"end\": 1000}, {\"start\": 1000, \"end\": null}]");
      throw params.refusal();
    }
    RangeList list = new RangeList(type);
    boolean complete = true;
    for (int i = 0; i < ranges.size(); i++) {
      String name = RangeStrategy.RANGES + "[" + i + "]";
      Spec r = ranges.elements().get(i);
      if (!r.isObject()) {
        params.violation(name, "must be an object {\"start\": ..., \"end\": ...}, got " + r);
        complete = false;
        continue;
      }
      for (String f : r.fields().keySet()) {
        if (!RANGE_FIELDS.contains(f)) {
          params.violation(
              Violations.member(name, f),
              "unknown field; known fields: "
                  + new TreeSet<>(RANGE_FIELDS)
                  + " (a range is [start, end): the end is never part of it)");
        }
      }
      byte[] start = KeyValues.parameter(params, name + ".start", r.get("start"), type, false);
      Spec endSpec = r.get("end");
      boolean openEnd = endSpec != null && endSpec.isNull();
      byte[] end = openEnd ? null : KeyValues.parameter(params, name + ".end", endSpec, type, true);
      if (start == null || (end == null && !openEnd)) {
        complete = false;
        continue;
      }
      list.add(new RangeList.Entry(name, name, start, end, RangeList.interval(type, start, end)));
    }
    RangeStrategy s = list.check(RangeStrategy.RANGES, complete, params::violation);
    if (s == null) {
      throw params.refusal();
    }
    return s;
  }
}
