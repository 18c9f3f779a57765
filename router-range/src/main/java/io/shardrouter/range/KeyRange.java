package io.shardrouter.range;

import io.shardrouter.core.KeyType;
import io.shardrouter.range.internal.KeyValues;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A range of keys of one {@link KeyType} for a range query: a lower and an upper bound, each
 * inclusive, exclusive or absent (unbounded), ordered by {@link KeyOrder}. Written in interval
 * notation: {@code [950, 1050]} is SQL's {@code BETWEEN 950 AND 1050}, {@code [a, b)} is {@code >=
 * a AND < b}, {@code (-∞, 5)} is {@code < 5}.
 *
 * <p>Bounds are Java values of the key type ({@code Long}, {@code Integer}, {@code String}, {@code
 * UUID}, {@code byte[]}, {@code Instant}, a {@code CompositeKey}) or canonical bytes ({@link #of}).
 * A range whose lower bound is above its upper bound is valid and empty, as {@code BETWEEN 10 AND
 * 5} is.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class KeyRange {
  private final KeyType type;
  private final byte @Nullable [] lower; // null: unbounded below
  private final boolean lowerInclusive;
  private final byte @Nullable [] upper; // null: unbounded above
  private final boolean upperInclusive;

  private KeyRange(
      KeyType type,
      byte @Nullable [] lower,
      boolean lowerInclusive,
      byte @Nullable [] upper,
      boolean upperInclusive) {
    this.type = Objects.requireNonNull(type, "key type");
    KeyOrder order = KeyOrder.of(type);
    if (lower != null) {
      order.check(lower, 0, lower.length);
    }
    if (upper != null) {
      order.check(upper, 0, upper.length);
    }
    this.lower = lower == null ? null : lower.clone();
    this.lowerInclusive = lower != null && lowerInclusive;
    this.upper = upper == null ? null : upper.clone();
    this.upperInclusive = upper != null && upperInclusive;
  }

  /**
   * The range between canonical bounds; a null bound is unbounded on its side.
   *
   * @throws io.shardrouter.core.InvalidKeyException when a bound is no canonical key of {@code
   *     type}
   */
  public static KeyRange of(
      KeyType type,
      byte @Nullable [] lower,
      boolean lowerInclusive,
      byte @Nullable [] upper,
      boolean upperInclusive) {
    return new KeyRange(type, lower, lowerInclusive, upper, upperInclusive);
  }

  /** {@code [lower, upper]}: SQL's {@code BETWEEN lower AND upper}. */
  public static KeyRange closed(KeyType type, Object lower, Object upper) {
    return new KeyRange(
        type, KeyValues.fromValue(type, lower), true, KeyValues.fromValue(type, upper), true);
  }

  /** {@code [lower, upper)}. */
  public static KeyRange closedOpen(KeyType type, Object lower, Object upper) {
    return new KeyRange(
        type, KeyValues.fromValue(type, lower), true, KeyValues.fromValue(type, upper), false);
  }

  /** {@code (lower, upper)}. */
  public static KeyRange open(KeyType type, Object lower, Object upper) {
    return new KeyRange(
        type, KeyValues.fromValue(type, lower), false, KeyValues.fromValue(type, upper), false);
  }

  /** {@code (lower, upper]}. */
  public static KeyRange openClosed(KeyType type, Object lower, Object upper) {
    return new KeyRange(
        type, KeyValues.fromValue(type, lower), false, KeyValues.fromValue(type, upper), true);
  }

  /** {@code [lower, +∞)}. */
  public static KeyRange atLeast(KeyType type, Object lower) {
    return new KeyRange(type, KeyValues.fromValue(type, lower), true, null, false);
  }

  /** {@code (lower, +∞)}. */
  public static KeyRange greaterThan(KeyType type, Object lower) {
    return new KeyRange(type, KeyValues.fromValue(type, lower), false, null, false);
  }

  /** {@code (-∞, upper]}. */
  public static KeyRange atMost(KeyType type, Object upper) {
    return new KeyRange(type, null, false, KeyValues.fromValue(type, upper), true);
  }

  /** {@code (-∞, upper)}. */
  public static KeyRange lessThan(KeyType type, Object upper) {
    return new KeyRange(type, null, false, KeyValues.fromValue(type, upper), false);
  }

  /** Every key of the type: {@code (-∞, +∞)}. */
  public static KeyRange all(KeyType type) {
    return new KeyRange(type, null, false, null, false);
  }

  public KeyType keyType() {
    return type;
  }

  /** The canonical lower bound, or null when unbounded below; a new array. */
  public byte @Nullable [] lower() {
    return lower == null ? null : lower.clone();
  }

  public boolean lowerInclusive() {
    return lowerInclusive;
  }

  /** The canonical upper bound, or null when unbounded above; a new array. */
  public byte @Nullable [] upper() {
    return upper == null ? null : upper.clone();
  }

  public boolean upperInclusive() {
    return upperInclusive;
  }

  /** True when {@code canonical}, a key of this range's type, is in the range. */
  public boolean contains(byte[] canonical) {
    KeyOrder order = KeyOrder.of(type);
    order.check(canonical, 0, canonical.length);
    if (lower != null) {
      int c = order.compare(canonical, lower);
      if (c < 0 || (c == 0 && !lowerInclusive)) {
        return false;
      }
    }
    if (upper != null) {
      int c = order.compare(canonical, upper);
      return c < 0 || (c == 0 && upperInclusive);
    }
    return true;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeyRange r
        && type.equals(r.type)
        && Arrays.equals(lower, r.lower)
        && lowerInclusive == r.lowerInclusive
        && Arrays.equals(upper, r.upper)
        && upperInclusive == r.upperInclusive;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        type, Arrays.hashCode(lower), lowerInclusive, Arrays.hashCode(upper), upperInclusive);
  }

  /** Interval notation, e.g. {@code [950, 1050]}, {@code ("a", +∞)}. */
  @Override
  public String toString() {
    return (lower == null ? "(-∞" : (lowerInclusive ? "[" : "(") + KeyValues.show(type, lower))
        + ", "
        + (upper == null ? "+∞)" : KeyValues.show(type, upper) + (upperInclusive ? "]" : ")"));
  }
}
