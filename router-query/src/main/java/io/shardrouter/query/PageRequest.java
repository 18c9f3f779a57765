package io.shardrouter.query;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One page to fetch, as a {@link Pager} decoded it: the filter, the page size K, the position to
 * continue after (none on the first page), and the snapshot to read at. Each target's query uses it
 * to return at most {@link #fetchLimit()} rows (K + 1) strictly after {@link #after()} in the sort
 * order, under the same filter, read at {@link #snapshot()} when there is one. The one row beyond
 * the page tells the {@link Pager} whether another page follows and whether the page's last row
 * shares its sort key with the next one (an order that is not total, refused rather than losing the
 * row).
 *
 * <p>{@link #fetchLimit()} is the only limit here, the number for the query's {@code LIMIT ?}; the
 * page size is {@link #pageSize()}. A target that returns only K rows when it has more (a query
 * limited to the page size) loses nothing: the {@link Pager} never ends the paging on an answer of
 * exactly K rows, since it cannot tell it from a cut one, but it then needs one more call to learn
 * that the target is done, and cannot see a tie at the page boundary in that target.
 *
 * <p><b>Thread-safety:</b> immutable when the sort key is; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <R> the row type
 * @param <K> the sort key type
 * @since 0.1
 */
public final class PageRequest<R, K> {
  private final SortOrder<R, K> order;
  private final String filter;
  private final int pageSize;
  private final @Nullable K after;
  private final @Nullable String snapshot;
  private final long routingVersion;

  PageRequest(
      SortOrder<R, K> order,
      String filter,
      int pageSize,
      @Nullable K after,
      @Nullable String snapshot,
      long routingVersion) {
    this.order = order;
    this.filter = filter;
    this.pageSize = pageSize;
    this.after = after;
    this.snapshot = snapshot;
    this.routingVersion = routingVersion;
  }

  public SortOrder<R, K> order() {
    return order;
  }

  /** The filter text the cursor is bound to. */
  public String filter() {
    return filter;
  }

  /**
   * K: the page size, the most rows the page holds. Not a target query's {@code LIMIT}: that is
   * {@link #fetchLimit()}.
   */
  public int pageSize() {
    return pageSize;
  }

  /**
   * K + 1: the most rows each target's query returns, its {@code LIMIT ?}. A target that returns K
   * + 1 rows says that rows follow the page; fewer than K, that it has no more after the position.
   * Exactly K is what a target has when K rows are left, and also what a query limited to the page
   * size returns when it has more: the {@link Pager} takes it as "maybe more" and gives a next
   * cursor, so a query limited to K loses no rows, but ends with one more call than needed.
   */
  public int fetchLimit() {
    return pageSize + 1;
  }

  /** The sort key of the last row already served; empty on the first page. */
  public Optional<K> after() {
    return Optional.ofNullable(after);
  }

  public boolean isFirstPage() {
    return after == null;
  }

  /** The snapshot or read version every page reads at, when the first page fixed one. */
  public Optional<String> snapshot() {
    return Optional.ofNullable(snapshot);
  }

  /** The routing version this page is fetched under (and its cursor will carry). */
  public long routingVersion() {
    return routingVersion;
  }

  /**
   * True when {@code row} belongs on this page or a later one: always on the first page, else when
   * it comes strictly after {@link #after()} in the sort order. For targets filtered in memory; a
   * database query says the same in its WHERE clause.
   */
  public boolean admits(R row) {
    return after == null || order.isAfter(row, after);
  }

  @Override
  public String toString() {
    return "PageRequest{"
        + order.fingerprintText()
        + ", pageSize="
        + pageSize
        + ", fetchLimit="
        + fetchLimit()
        + (after == null ? ", first page" : ", after=" + after)
        + (snapshot == null ? "" : ", snapshot=" + snapshot)
        + ", routingVersion="
        + routingVersion
        + "}";
  }
}
