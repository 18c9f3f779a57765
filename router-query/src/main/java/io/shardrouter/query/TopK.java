package io.shardrouter.query;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The global top K of several targets: a k-way merge of each target's rows, sorted in one total
 * order, that returns the first K distinct rows.
 *
 * <p>Seed 000's rule: every target returns at most K candidates, in the same total order and under
 * the same filter, and the merge picks K of them. A target's (K+1)-th row already has K rows of its
 * own ahead of it, so it cannot be in the global top K; the merge therefore reads at most K rows of
 * each target (P×K candidates for P targets, whatever the lists hold) and keeps one head per target
 * in a heap.
 *
 * <p>Rows that appear twice (the same row from two replicas or two buckets) are returned once. By
 * default, two rows that compare equal and are {@code equals()} are the same row, and two rows that
 * compare equal but are not {@code equals()} prove the order is not total, which is refused rather
 * than silently dropping one. With a {@code uniqueId} function, rows with the same id are the same
 * row (the first in the order wins, even when a stale copy carries another sort key), and two rows
 * that compare equal with different ids are refused.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class TopK {
  private TopK() {}

  /**
   * The first {@code k} distinct rows of {@code perTarget} in {@code order}; equal rows count once.
   */
  public static <R> List<R> merge(
      List<? extends List<? extends R>> perTarget, Comparator<? super R> order, int k) {
    return merge(perTarget, order, k, null);
  }

  /**
   * The first {@code k} distinct rows of {@code perTarget} in {@code order}, distinct by {@code
   * uniqueId}.
   *
   * @param perTarget each target's rows, sorted in {@code order}; only the first {@code k} of each
   *     are read
   * @param order a total order (sort key plus unique tie-breaker), direction applied
   * @param k the page size, >= 1
   * @param uniqueId the id of a row, or null to treat rows that compare equal and are {@code
   *     equals()} as one
   * @throws IllegalArgumentException when {@code k < 1}, a target's rows are not sorted in {@code
   *     order}, or two different rows compare equal
   */
  public static <R> List<R> merge(
      List<? extends List<? extends R>> perTarget,
      Comparator<? super R> order,
      int k,
      @Nullable Function<? super R, ?> uniqueId) {
    Objects.requireNonNull(perTarget, "perTarget");
    Objects.requireNonNull(order, "order");
    checkK(k);
    int p = perTarget.size();
    int[] limit = new int[p];
    for (int t = 0; t < p; t++) {
      List<? extends R> rows = perTarget.get(t);
      if (rows == null) {
        throw new IllegalArgumentException(
            "the rows of target #" + t + " are null; give an empty list for a target without rows");
      }
      limit[t] = Math.min(k, rows.size());
      for (int i = 1; i < limit[t]; i++) {
        if (order.compare(rows.get(i - 1), rows.get(i)) > 0) {
          throw new IllegalArgumentException(
              "the rows of target #"
                  + t
                  + " are not sorted in the merge order: row "
                  + (i - 1)
                  + " ("
                  + rows.get(i - 1)
                  + ") comes after row "
                  + i
                  + " ("
                  + rows.get(i)
                  + "); every target must return its"
                  + " rows in the same order and direction as the merge (the same ORDER BY)");
        }
      }
    }
    PriorityQueue<int[]> heads =
        new PriorityQueue<>(
            Math.max(1, p),
            (a, b) -> {
              int c = order.compare(perTarget.get(a[0]).get(a[1]), perTarget.get(b[0]).get(b[1]));
              return c != 0 ? c : Integer.compare(a[0], b[0]);
            });
    for (int t = 0; t < p; t++) {
      if (limit[t] > 0) {
        heads.add(new int[] {t, 0});
      }
    }
    List<R> out = new ArrayList<>(Math.min(k, 64));
    Set<Object> seen = uniqueId == null ? Set.of() : new HashSet<>(); // read with uniqueId only
    R last = null;
    while (out.size() < k && !heads.isEmpty()) {
      int[] h = heads.poll();
      R row = perTarget.get(h[0]).get(h[1]);
      if (++h[1] < limit[h[0]]) {
        heads.add(h);
      }
      if (row == null) {
        throw new IllegalArgumentException(
            "target #" + h[0] + " returned a null row at position " + (h[1] - 1));
      }
      if (uniqueId == null) {
        if (last != null && order.compare(last, row) == 0) {
          if (!last.equals(row)) {
            throw new IllegalArgumentException(
                "rows "
                    + last
                    + " and "
                    + row
                    + " compare equal but are not equal():"
                    + " the order is not total; end the sort key with a unique tie-breaker such as the row's id"
                    + " (or, when the row type has no value equals(), pass a uniqueId function)");
          }
          continue;
        }
      } else {
        boolean equalToLast = last != null && order.compare(last, row) == 0;
        Object id = uniqueId.apply(row);
        if (equalToLast && !Objects.equals(id, uniqueId.apply(last))) {
          throw new IllegalArgumentException(
              "rows "
                  + last
                  + " and "
                  + row
                  + " have different ids but compare equal:"
                  + " the order is not total; end the sort key with a unique tie-breaker such as the row's id");
        }
        if (!seen.add(id)) {
          continue;
        }
      }
      out.add(row);
      last = row;
    }
    return out;
  }

  static void checkK(int k) {
    if (k < 1) {
      throw new IllegalArgumentException(
          "the page size K must be >= 1, got " + k + "; a page holds at least one row");
    }
  }
}
