package io.shardrouter.range;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.ExactMovement;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;
import io.shardrouter.core.SplittableRanges;
import io.shardrouter.core.Violations;
import io.shardrouter.range.internal.KeyValues;
import io.shardrouter.range.internal.PrefixIndex;
import io.shardrouter.range.internal.RadixIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * {@code range}: partition p holds the keys in {@code [start(p), end(p))}, left-closed and
 * right-open, with the partitions in key order and each one's end the next one's start; the last
 * range may be open-ended ({@code end} +∞). Keys are ordered by {@link KeyOrder}: numbers and
 * timestamps by value, text by its UTF-8 bytes, composites part by part. A key below the first
 * start, or at or above a closed last end, has no partition: {@link NoRouteException}, never the
 * nearest range. Keys of 64 bits or less are found in a {@code RadixIndex} of the boundaries (a
 * cell table over their span, then a few comparisons: the same cost at 16 or 1,024 boundaries
 * spread evenly or by month, a few loads more than a binary search at worst), text, bytes and uuids
 * in a {@code PrefixIndex} of their first 8 bytes, composites by binary search.
 *
 * <p>Good for: ordered access, where a range query ({@link #prune}) visits only the partitions its
 * key range can touch ({@code BETWEEN 950 AND 1050} over {@code [0,1000)}, {@code [1000,2000)}
 * visits both, a narrower range one); time ranges whose old partitions are dropped or archived
 * whole. Not for: keys that increase (time, sequences) under heavy writes, where the last range
 * takes every new write; splitting it does not help, the writes follow to the new last range
 * (`shardctl split-point` reports such a hot tail). Add a hash dimension or a time bucket to the
 * key instead. Partition numbers are positions in key order and shift when a range is split or
 * merged (`shardctl split`, `shardctl merge`).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable. The partition of a key depends only on the boundaries; see {@code
 * docs/routing-spec.md} §7.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf}, except when it throws.
 *
 * @since 0.1
 */
public final class RangeStrategy implements PartitionStrategy, SplittableRanges, ExactMovement {
  /** The registered type name. */
  public static final String TYPE = "range";

  /** The one parameter: the ranges, in key order, each {@code {"start": k, "end": k or null}}. */
  public static final String RANGES = "ranges";

  private final KeyType keyType;
  private final KeyOrder order;
  private final byte[][] starts;
  private final byte @Nullable [] end; // null: the last range is open-ended
  private final byte[][] bounds; // starts, then end when not null
  private final @Nullable RadixIndex index; // for long, int and timestamp keys; else null
  private final @Nullable PrefixIndex prefixIndex; // for string, bytes and uuid keys; else null
  private final int ranges; // starts.length: the routing path reads one int, not the array's length
  private final boolean intKeys;
  private final boolean eightByteKeys;

  private RangeStrategy(KeyType keyType, byte[][] starts, byte @Nullable [] end) {
    this.keyType = keyType;
    this.order = KeyOrder.of(keyType);
    this.starts = starts;
    this.end = end;
    this.ranges = starts.length;
    this.bounds = end == null ? starts : Arrays.copyOf(starts, starts.length + 1);
    if (end != null) {
      bounds[starts.length] = end;
    }
    KeyType.Kind k = keyType.kind();
    this.intKeys = k == KeyType.Kind.INT;
    this.eightByteKeys = k == KeyType.Kind.LONG || k == KeyType.Kind.TIMESTAMP;
    if (intKeys || eightByteKeys) {
      long[] values = new long[bounds.length];
      for (int i = 0; i < values.length; i++) {
        values[i] =
            intKeys ? CanonicalBytes.readInt(bounds[i], 0) : CanonicalBytes.readLong(bounds[i], 0);
      }
      this.index = new RadixIndex(values);
    } else {
      this.index = null;
    }
    this.prefixIndex =
        k == KeyType.Kind.STRING || k == KeyType.Kind.BYTES || k == KeyType.Kind.UUID
            ? new PrefixIndex(bounds)
            : null;
  }

  /**
   * Ranges over keys of {@code keyType}: range i is {@code [starts[i], starts[i+1])}, the last one
   * {@code [starts[n-1], end)}, with {@code end} null for +∞. Values are Java values of the key
   * type ({@code Long}, {@code Integer}, {@code String}, {@code UUID}, {@code byte[]}, {@code
   * Instant}, a {@code CompositeKey}).
   *
   * @throws IllegalArgumentException when a value is of another type, the starts are not strictly
   *     increasing, the list is empty, or {@code end} is not above the last start
   */
  public static RangeStrategy of(KeyType keyType, List<?> starts, @Nullable Object end) {
    List<byte[]> keys = new ArrayList<>(starts.size());
    for (Object start : starts) {
      keys.add(KeyValues.fromValue(keyType, start));
    }
    byte[] last = end == null ? null : KeyValues.fromValue(keyType, end);
    RangeList list = new RangeList(keyType);
    for (int i = 0; i < keys.size(); i++) {
      byte[] s = keys.get(i);
      byte[] e = i + 1 < keys.size() ? keys.get(i + 1) : last;
      list.add(
          new RangeList.Entry(
              "ranges[" + i + "]", "ranges[" + i + "]", s, e, RangeList.interval(keyType, s, e)));
    }
    Violations v = new Violations();
    RangeStrategy s = list.check("ranges", true, v::add);
    if (s == null) {
      throw new IllegalArgumentException(
          String.join("; ", v.asList().stream().map(Object::toString).toList()));
    }
    return s;
  }

  /**
   * Ranges over canonical keys of {@code keyType} (docs/routing-spec.md §2): range i is {@code
   * [starts[i], starts[i+1])}, the last one {@code [starts[n-1], end)}, with {@code end} null for
   * +∞. The arrays are copied. For tools that hold keys as bytes, such as split points found in a
   * key sample.
   *
   * @throws IllegalArgumentException naming the range when a key is no canonical key of the type,
   *     the starts are not strictly increasing in the type's order, the list is empty, or {@code
   *     end} is not above the last start
   */
  public static RangeStrategy ofCanonical(
      KeyType keyType, List<byte[]> starts, byte @Nullable [] end) {
    if (starts.isEmpty()) {
      throw new IllegalArgumentException("no ranges: give at least one start");
    }
    KeyOrder order = KeyOrder.of(keyType);
    byte[][] copy = new byte[starts.size()][];
    for (int i = 0; i < copy.length; i++) {
      byte[] k = starts.get(i);
      if (k == null) {
        throw new IllegalArgumentException("ranges[" + i + "]: the start is null");
      }
      checkKey(keyType, order, k, "ranges[" + i + "]: the start");
      if (i > 0 && order.compare(copy[i - 1], k) >= 0) {
        throw new IllegalArgumentException(
            "ranges["
                + i
                + "]: the start "
                + KeyValues.show(keyType, k)
                + " is not above the start before it, "
                + KeyValues.show(keyType, copy[i - 1])
                + "; give the starts strictly increasing");
      }
      copy[i] = k.clone();
    }
    if (end != null) {
      checkKey(keyType, order, end, "the end");
      if (order.compare(copy[copy.length - 1], end) >= 0) {
        throw new IllegalArgumentException(
            "the end "
                + KeyValues.show(keyType, end)
                + " is not above the last start "
                + KeyValues.show(keyType, copy[copy.length - 1]));
      }
    }
    return new RangeStrategy(keyType, copy, end == null ? null : end.clone());
  }

  private static void checkKey(KeyType keyType, KeyOrder order, byte[] key, String what) {
    try {
      order.check(key, 0, key.length);
      keyType.format(key); // text parts must be UTF-8, or the strategy could not be written
    } catch (InvalidKeyException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          what + " is no key of the strategy's type: " + e.getMessage(), e);
    }
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public KeyType keyType() {
    return keyType;
  }

  /** The order of this strategy's keys. */
  public KeyOrder order() {
    return order;
  }

  @Override
  public int partitionCount() {
    return starts.length;
  }

  /** The canonical start of partition {@code p} (inclusive); a new array. */
  public byte[] start(int p) {
    return starts[p].clone();
  }

  /**
   * The canonical end of partition {@code p} (exclusive), or null when p is the open-ended last
   * range.
   */
  public byte @Nullable [] end(int p) {
    byte[] e = p + 1 < starts.length ? starts[p + 1] : end;
    return e == null ? null : e.clone();
  }

  /** True when the last range is open-ended (its end is +∞). */
  @Override
  public boolean openEnded() {
    return end == null;
  }

  /** Partition {@code p} in interval notation, e.g. {@code [1000, 2000)} or {@code ["m", +∞)}. */
  @Override
  public String interval(int p) {
    return RangeList.interval(keyType, starts[p], p + 1 < starts.length ? starts[p + 1] : end);
  }

  /**
   * E.g. {@code range: key in [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z), partition 0 of 2};
   * throws as {@link #partitionOf}.
   */
  @Override
  public String explain(byte[] canonical, int offset, int length) {
    int p = partitionOf(canonical, offset, length);
    return TYPE + ": key in " + interval(p) + ", partition " + p + " of " + starts.length;
  }

  /**
   * A key of this strategy's type for messages: numbers and timestamps as they are, strings quoted.
   */
  public String show(byte[] canonical) {
    return KeyValues.show(keyType, canonical);
  }

  // ---- routing

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    int p = find(canonical, offset, length);
    if (p < 0) {
      throw noRoute(canonical, offset, length);
    }
    return p;
  }

  @Override
  public int partitionOfLong(long value) {
    return eightByteKeys ? partitionOfValue(value) : PartitionStrategy.super.partitionOfLong(value);
  }

  /**
   * The partition of a long or timestamp key given as its 64-bit value.
   *
   * <p><b>Allocation:</b> none.
   */
  @SuppressWarnings("NullAway") // index is set whenever eightByteKeys is, which callers check
  private int partitionOfValue(long key) {
    int p = partitionOfCount(index.countAtOrBelow(key));
    if (p < 0) {
      throw noRoute(key);
    }
    return p;
  }

  /**
   * The partition of the key {@code canonical[offset, offset + length)}, or -1 when no range covers
   * it; never throws {@link NoRouteException}.
   *
   * @throws io.shardrouter.core.InvalidKeyException when the bytes are no canonical key of the key
   *     type
   */
  public int find(byte[] canonical, int offset, int length) {
    order.check(canonical, offset, length);
    if (index != null) {
      return partitionOfCount(
          index.countAtOrBelow(
              intKeys
                  ? CanonicalBytes.readInt(canonical, offset)
                  : CanonicalBytes.readLong(canonical, offset)));
    }
    if (prefixIndex != null) {
      return partitionOfCount(prefixIndex.countAtOrBelow(canonical, offset, length));
    }
    return partitionOfCount(countAtOrBelow(bounds, canonical, offset, length));
  }

  /**
   * With {@code count} boundaries at or below a key: the range it is in, or -1 (below the first
   * start, or at a closed end).
   */
  private int partitionOfCount(int count) {
    int p =
        count
            - 1; // the last start at or below the key: -1 below the first start, ranges at or above
    // a closed end
    return Integer.compareUnsigned(p, ranges) < 0 ? p : -1;
  }

  /** {@link #find(byte[], int, int)} of a whole array. */
  @Override
  public int find(byte[] canonical) {
    return find(canonical, 0, canonical.length);
  }

  /**
   * The weighted median of the sampled keys of {@code partition} (what {@code shardctl split-point}
   * suggests); see {@link SplittableRanges#splitPoint}.
   */
  @Override
  public Optional<SplitPoint> splitPoint(
      int partition, List<byte[]> sample, long @Nullable [] weights) {
    return SplitPoints.suggest(this, partition, sample, weights);
  }

  /**
   * This strategy with partition {@code partition} split at {@code at}, the strategy of {@link
   * RangeSplits#split}'s next table.
   *
   * @throws IllegalArgumentException when the partition does not exist or {@code at} is not
   *     strictly inside it, saying where {@code at} is
   */
  @Override
  public RangeStrategy withSplit(int partition, byte[] at) {
    return RangeSplits.withSplit(this, partition, at);
  }

  /**
   * The key ranges laid over {@code previous}, a range strategy of the same key type: the
   * boundaries of both together cut the key space into ranges that each keep one partition (or
   * none) in both, in key order. Exact across splits and merges, which renumber partitions. Null
   * for a strategy that is not a range strategy.
   *
   * <p><b>Allocation:</b> allocates; a tool path.
   */
  @Override
  public ExactMovement.@Nullable Pieces piecesFrom(PartitionStrategy previous) {
    return previous instanceof RangeStrategy a && a.keyType().equals(keyType)
        ? RangePieces.between(a, this)
        : null;
  }

  /** The number of {@code sorted} keys at or below the key (binary search). */
  private int countAtOrBelow(byte[][] sorted, byte[] key, int off, int len) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      byte[] b = sorted[mid];
      if (order.compare(b, 0, b.length, key, off, len) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The number of starts at or below ({@code inclusive}) or strictly below the key. */
  int countStarts(byte[] key, boolean inclusive) {
    int lo = 0;
    int hi = starts.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int c = order.compare(starts[mid], key);
      if (c < 0 || (inclusive && c == 0)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  byte[] rawStart(int p) {
    return starts[p];
  }

  /** The exclusive end of the whole span, or null for +∞. */
  byte @Nullable [] rawEnd() {
    return end;
  }

  /** The refusal of a long or timestamp key given as its value (only those reach it). */
  private NoRouteException noRoute(long key) {
    byte[] k = new byte[8];
    CanonicalBytes.writeLong(key, k, 0);
    return noRoute(k, 0, k.length);
  }

  private NoRouteException noRoute(byte[] canonical, int offset, int length) {
    byte[] k = Arrays.copyOfRange(canonical, offset, offset + length);
    String shown = KeyValues.show(keyType, k) + " (" + keyType + ")";
    int last = starts.length - 1;
    String message;
    if (order.compare(k, starts[0]) < 0) {
      message =
          "key "
              + shown
              + " is in no range: it is below the first range "
              + interval(0)
              + " (partition 0)"
              + (starts.length > 1 ? ", followed by " + interval(1) : "")
              + "; add a range that covers it, or check the key";
    } else { // at or above the end, so there is an end
      byte[] end = Objects.requireNonNull(this.end, "the end of a key above every range");
      message =
          "key "
              + shown
              + " is in no range: it is at or above the end of the last range "
              + interval(last)
              + " (partition "
              + last
              + ")"
              + (last > 0 ? ", after " + interval(last - 1) : "")
              + ", and no range covers "
              + RangeList.interval(keyType, end, null)
              + "; extend the last range (an end of null is +∞), add a range,"
              + " or check the key";
    }
    return new NoRouteException(KeyValues.text(keyType, k), message);
  }

  // ---- pruning

  /**
   * The partitions a range query over {@code range} can touch: exactly those whose range holds at
   * least one key of {@code range} (the keys of the query that are in no range touch nothing).
   *
   * @throws IllegalArgumentException when {@code range} is of another key type
   */
  public PartitionSet prune(KeyRange range) {
    return Pruning.prune(this, range);
  }

  // ---- the document form

  @Override
  public Spec toSpec() {
    List<Spec> rs = new ArrayList<>(starts.length);
    for (int p = 0; p < starts.length; p++) {
      byte[] e = p + 1 < starts.length ? starts[p + 1] : end;
      rs.add(
          Spec.object()
              .put("start", KeyValues.toSpec(keyType, starts[p]))
              .put("end", e == null ? Spec.nullValue() : KeyValues.toSpec(keyType, e))
              .build());
    }
    return Spec.object().put("type", TYPE).put(RANGES, Spec.array(rs)).build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RangeStrategy s
        && keyType.equals(s.keyType)
        && Arrays.deepEquals(starts, s.starts)
        && Arrays.equals(end, s.end);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * keyType.hashCode() + Arrays.deepHashCode(starts)) + Arrays.hashCode(end);
  }

  /**
   * The strategy object of the routing document, e.g. {@code
   * {"type":"range","ranges":[{"start":0,"end":null}]}}.
   */
  @Override
  public String toString() {
    return toSpec().toString();
  }
}
