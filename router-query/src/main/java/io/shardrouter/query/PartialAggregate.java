package io.shardrouter.query;

import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The count, sum, minimum and maximum of a {@code long} column over one target's rows, and their
 * merge across targets: what {@code SELECT count(x), sum(x), min(x), max(x)} returns per partition,
 * combined into the answer over all of them.
 *
 * <p>Averages merge only through sums and counts: the average of the targets' averages is wrong
 * whenever they hold different numbers of rows, so {@link #average()} divides the merged sum by the
 * merged count. Merge only complete results: a missing target's rows are simply absent from the
 * sum.
 *
 * <pre>{@code
 * PartialAggregate total = PartialAggregate.mergeAll(scatter.fanOut(targets, a -> dao.amountStats(a))
 *     .requireComplete().run().rows());
 * }</pre>
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class PartialAggregate {
  private static final PartialAggregate EMPTY =
      new PartialAggregate(0, 0, Long.MAX_VALUE, Long.MIN_VALUE);

  private final long count;
  private final long sum;
  private final long min;
  private final long max;

  private PartialAggregate(long count, long sum, long min, long max) {
    this.count = count;
    this.sum = sum;
    this.min = min;
    this.max = max;
  }

  /** No rows: the identity of {@link #merge}. */
  public static PartialAggregate empty() {
    return EMPTY;
  }

  /**
   * What one target reported. For {@code count == 0}, {@code min} and {@code max} are ignored (SQL
   * returns NULL for them).
   *
   * @throws IllegalArgumentException when {@code count < 0} or {@code min > max} for a non-empty
   *     target
   */
  public static PartialAggregate of(long count, long sum, long min, long max) {
    if (count < 0) {
      throw new IllegalArgumentException("a partial aggregate's count must be >= 0, got " + count);
    }
    if (count == 0) {
      if (sum != 0) {
        throw new IllegalArgumentException(
            "a partial aggregate of no rows must have sum 0, got " + sum);
      }
      return EMPTY;
    }
    if (min > max) {
      throw new IllegalArgumentException(
          "a partial aggregate's min " + min + " is above its max " + max);
    }
    return new PartialAggregate(count, sum, min, max);
  }

  /** The aggregate of {@code values}. */
  public static PartialAggregate ofValues(long... values) {
    PartialAggregate a = EMPTY;
    for (long v : values) {
      a = a.merge(new PartialAggregate(1, v, v, v));
    }
    return a;
  }

  /** The merge of all {@code parts}, e.g. the rows of a complete {@link ScatterResult}. */
  public static PartialAggregate mergeAll(Iterable<PartialAggregate> parts) {
    PartialAggregate a = EMPTY;
    for (PartialAggregate p : parts) {
      a = a.merge(Objects.requireNonNull(p, "a partial aggregate in the list is null"));
    }
    return a;
  }

  /**
   * The aggregate over the rows of both.
   *
   * @throws ArithmeticException when the count or the sum overflows a {@code long}
   */
  public PartialAggregate merge(PartialAggregate other) {
    if (other.count == 0) {
      return this;
    }
    if (count == 0) {
      return other;
    }
    try {
      return new PartialAggregate(
          Math.addExact(count, other.count),
          Math.addExact(sum, other.sum),
          Math.min(min, other.min),
          Math.max(max, other.max));
    } catch (ArithmeticException e) {
      throw new ArithmeticException(
          "merging "
              + this
              + " and "
              + other
              + " overflows a long; aggregate in a wider"
              + " unit or sum per target in BigDecimal");
    }
  }

  public long count() {
    return count;
  }

  /** The sum; 0 for no rows. */
  public long sum() {
    return sum;
  }

  /** The minimum; empty for no rows. */
  public OptionalLong min() {
    return count == 0 ? OptionalLong.empty() : OptionalLong.of(min);
  }

  /** The maximum; empty for no rows. */
  public OptionalLong max() {
    return count == 0 ? OptionalLong.empty() : OptionalLong.of(max);
  }

  /** {@code sum / count} as a double; empty for no rows. */
  public OptionalDouble average() {
    return count == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) sum / count);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PartialAggregate a
        && count == a.count
        && sum == a.sum
        && min == a.min
        && max == a.max;
  }

  @Override
  public int hashCode() {
    return Objects.hash(count, sum, min, max);
  }

  @Override
  public String toString() {
    return count == 0
        ? "PartialAggregate{empty}"
        : "PartialAggregate{count="
            + count
            + ", sum="
            + sum
            + ", min="
            + min
            + ", max="
            + max
            + "}";
  }
}
