package io.shardrouter.query;

import java.util.Comparator;
import java.util.Objects;
import java.util.function.Function;

/**
 * A total order over rows, through their sort key: how to take the key of a row, how keys compare
 * (ascending), the {@link Direction}, and how the key travels in a cursor ({@link SortKeyCodec}).
 *
 * <p>The order must be total: the key ends with a unique tie-breaker (the row's id), so that no two
 * different rows compare equal. Seed 000 shows why: with {@code created_at} alone, orders of the
 * same millisecond straddling a page boundary are lost. {@link TopK} refuses an order it catches
 * not being total.
 *
 * <pre>{@code
 * SortOrder<Order, OrderKey> newestFirst = SortOrder.of("created_at,order_id", Direction.DESC,
 *     o -> new OrderKey(o.createdAt(), o.id()),
 *     Comparator.comparingLong(OrderKey::createdAt).thenComparing(OrderKey::orderId),
 *     OrderKey.CODEC);
 * }</pre>
 *
 * <p><b>Thread-safety:</b> immutable when its functions are; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <R> the row type
 * @param <K> the sort key type
 * @since 0.1
 */
public final class SortOrder<R, K> {
  private final String name;
  private final Direction direction;
  private final Function<? super R, ? extends K> keyOf;
  private final Comparator<? super K> ascending;
  private final SortKeyCodec<K> codec;
  private final Comparator<K> keys;
  private final Comparator<R> rows;

  private SortOrder(
      String name,
      Direction direction,
      Function<? super R, ? extends K> keyOf,
      Comparator<? super K> ascending,
      SortKeyCodec<K> codec) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          "a sort order needs a non-blank name such as \"created_at,order_id\", got "
              + (name == null ? "null" : "'" + name + "'")
              + "; the name is part of every cursor's fingerprint");
    }
    this.name = name;
    this.direction = Objects.requireNonNull(direction, "direction");
    this.keyOf = Objects.requireNonNull(keyOf, "keyOf");
    this.ascending = Objects.requireNonNull(ascending, "ascending");
    this.codec = Objects.requireNonNull(codec, "codec");
    Comparator<K> asc = ascending::compare;
    this.keys = direction == Direction.ASC ? asc : asc.reversed();
    this.rows = (a, b) -> keys.compare(keyOf.apply(a), keyOf.apply(b));
  }

  /**
   * A sort order.
   *
   * @param name the columns of the order, e.g. {@code created_at,order_id}; with the direction it
   *     is fingerprinted into every cursor, so change it whenever the key or its codec changes
   * @param direction {@link Direction#ASC} keeps {@code ascending}, {@link Direction#DESC} reverses
   *     it
   * @param keyOf the sort key of a row, tie-breaker included
   * @param ascending the ascending order of keys; must be total
   * @param codec writes keys into cursors and reads them back
   */
  public static <R, K> SortOrder<R, K> of(
      String name,
      Direction direction,
      Function<? super R, ? extends K> keyOf,
      Comparator<? super K> ascending,
      SortKeyCodec<K> codec) {
    return new SortOrder<>(name, direction, keyOf, ascending, codec);
  }

  public String name() {
    return name;
  }

  public Direction direction() {
    return direction;
  }

  /** The same order the other way round. */
  public SortOrder<R, K> reversed() {
    return new SortOrder<>(
        name, direction == Direction.ASC ? Direction.DESC : Direction.ASC, keyOf, ascending, codec);
  }

  /** The sort key of {@code row}. */
  public K keyOf(R row) {
    return keyOf.apply(row);
  }

  /** Rows in this order, direction applied. */
  public Comparator<R> rows() {
    return rows;
  }

  /** Keys in this order, direction applied. */
  public Comparator<K> keys() {
    return keys;
  }

  public SortKeyCodec<K> codec() {
    return codec;
  }

  /** True when {@code row} comes strictly after the position {@code key} in this order. */
  public boolean isAfter(R row, K key) {
    return keys.compare(keyOf.apply(row), key) > 0;
  }

  /** The text fingerprinted into cursors: {@code name + " " + direction}. */
  String fingerprintText() {
    return name + " " + direction;
  }

  @Override
  public String toString() {
    return "SortOrder{" + fingerprintText() + "}";
  }

  /**
   * The direction of a {@link SortOrder}: {@link #ASC} keeps the key comparator's order, {@link
   * #DESC} reverses it (newest first, for a key that starts with a timestamp).
   *
   * <p><b>Thread-safety:</b> immutable; safe to share.
   *
   * <p><b>Stability:</b> evolving; the names are part of the cursor fingerprint.
   *
   * @since 0.1
   */
  public enum Direction {
    /** Smallest key first. */
    ASC,
    /** Largest key first. */
    DESC
  }
}
