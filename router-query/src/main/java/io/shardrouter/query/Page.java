package io.shardrouter.query;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One page of a cross-partition listing: its rows in the sort order, the cursor of the next page,
 * and whether targets were missing.
 *
 * <p>When every target answered, paging with {@link #nextCursor()} until it is empty visits every
 * row exactly once (as long as the data does not change, or every page reads at the cursor's
 * snapshot). A {@link #partial()} page has no {@link #nextCursor()}: continuing past it would skip
 * the missing targets' rows for good. Retry the same request to fill it, or, when a gap is
 * acceptable, continue with {@link #nextCursorIgnoringMissing()}.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <R> the row type
 * @since 0.1
 */
public final class Page<R> {
  private final List<R> rows;
  private final @Nullable String cursor;
  private final boolean partial;
  private final List<Target> missing;

  Page(List<R> rows, @Nullable String cursor, boolean partial, List<Target> missing) {
    this.rows = List.copyOf(rows);
    this.cursor = cursor;
    this.partial = partial;
    this.missing = List.copyOf(missing);
  }

  /** The rows of the page, at most K, in the sort order. */
  public List<R> rows() {
    return rows;
  }

  /** The token of the next page; empty at the end, or when this page is {@link #partial()}. */
  public Optional<String> nextCursor() {
    return partial ? Optional.empty() : Optional.ofNullable(cursor);
  }

  /**
   * The token of the next page computed from the targets that answered; rows of the {@link
   * #missingTargets()} that sort before it will never be served.
   */
  public Optional<String> nextCursorIgnoringMissing() {
    return Optional.ofNullable(cursor);
  }

  /** True when at least one target did not answer, so rows may be missing from this page. */
  public boolean partial() {
    return partial;
  }

  /** The targets that did not answer. */
  public List<Target> missingTargets() {
    return missing;
  }

  /** True when there may be more rows: a next cursor, or a partial page to retry. */
  public boolean hasMore() {
    return cursor != null || partial;
  }

  @Override
  public String toString() {
    return "Page{"
        + rows.size()
        + " rows"
        + (partial ? ", partial, missing " + missing : "")
        + (cursor == null ? ", last page" : ", more")
        + "}";
  }
}
