package io.shardrouter.range;

import io.shardrouter.core.PartitionSet;

/**
 * The exact set of partitions of a {@link RangeStrategy} that a {@link KeyRange} touches ({@code
 * docs/routing-spec.md} §7.4). Partitions are consecutive in key order, so the answer is one run
 * {@code [first, last]}: the partition of the query's smallest key that some range covers, up to
 * the partition of its largest. An exclusive lower bound is first made inclusive with {@link
 * KeyOrder#successor}, which is exact because every key has an immediate successor; so {@code (5,
 * 6)} over {@code long} keys holds no key and touches nothing.
 */
final class Pruning {
  private Pruning() {}

  static PartitionSet prune(RangeStrategy s, KeyRange r) {
    if (!r.keyType().equals(s.keyType())) {
      throw new IllegalArgumentException(
          "key range "
              + r
              + " is of key type "
              + r.keyType()
              + " but the strategy ranges keys of type "
              + s.keyType()
              + "; build the range with the table's key type");
    }
    KeyOrder order = s.order();
    byte[] lo = r.lower();
    if (lo != null && !r.lowerInclusive()) {
      lo = order.successor(lo);
      if (lo == null) {
        return PartitionSet.empty(); // (max, ...) holds no key
      }
    }
    int first;
    byte[] smallest; // the smallest key of the query that a range covers
    if (lo == null) {
      first = 0;
      smallest = s.rawStart(0);
    } else {
      byte[] end = s.rawEnd();
      if (end != null && order.compare(lo, end) >= 0) {
        return PartitionSet.empty();
      }
      int atOrBelow = s.countStarts(lo, true);
      first = atOrBelow == 0 ? 0 : atOrBelow - 1;
      smallest = atOrBelow == 0 ? s.rawStart(0) : lo;
    }
    byte[] hi = r.upper();
    if (hi != null) {
      int c = order.compare(smallest, hi);
      if (c > 0 || (c == 0 && !r.upperInclusive())) {
        return PartitionSet.empty();
      }
    }
    int last = hi == null ? s.partitionCount() - 1 : s.countStarts(hi, r.upperInclusive()) - 1;
    return PartitionSet.range(first, last + 1);
  }
}
