package io.shardrouter.query;

import io.shardrouter.query.InvalidCursorException.Reason;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Pages through rows spread over several targets with opaque cursors: decodes and checks the cursor
 * of a request ({@link #first}, {@link #next}), and turns each target's candidates into one page
 * and the cursor of the next ({@link #page}).
 *
 * <p>A page is the {@link TopK} merge of the targets' candidates (each target returns at most
 * {@link PageRequest#fetchLimit()}, K + 1, rows strictly after the cursor, under the same filter
 * and order). The page holds the first K of the merge; the (K+1)-th row, when there is one, says
 * that another page follows and is compared with the page's last row: when the two share a sort
 * key, the order is not total and a cursor after the last row would skip the next one, so the page
 * is refused with an {@link IllegalArgumentException} instead of dropping a row.
 *
 * <p>The paging ends only when no answer could have been cut short. A target that returns fewer
 * than K rows has no more; one that returns exactly K may have more, if its query was limited to
 * the page size instead of {@link PageRequest#fetchLimit()}, so a page that is not followed by a
 * (K+1)-th row still gets a next cursor when a target returned exactly K rows. A row count that is
 * a multiple of K spread over several targets ends without an empty page; when the last K rows all
 * come from one target, one more page, empty, says that it is done.
 *
 * <p>The next cursor holds the whole sort key of the page's last row, tie-breaker included, so rows
 * that share a timestamp across a page boundary are neither lost nor repeated; it is bound to the
 * filter and the sort by fingerprints, so a cursor presented with another filter or sort is
 * refused, and it carries the routing version and the snapshot of the first page.
 *
 * <pre>{@code
 * PageRequest<Order, OrderKey> req = pager.request(cursorOrNull, "user_id=" + userId, 20, router.version());
 * ScatterResult<Order> r = scatter.fanOut(buckets, a -> dao.newestAfter(a, userId, req, req.fetchLimit())).run();
 * Page<Order> page = pager.page(req, r);   // page.rows(), page.nextCursor()
 * }</pre>
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <R> the row type
 * @param <K> the sort key type
 * @since 0.1
 */
public final class Pager<R, K> {
  private final SortOrder<R, K> order;
  private final CursorCodec codec;
  private final @Nullable Function<? super R, ?> uniqueId;
  private final long sortFingerprint;

  private Pager(
      SortOrder<R, K> order, CursorCodec codec, @Nullable Function<? super R, ?> uniqueId) {
    this.order = Objects.requireNonNull(order, "order");
    this.codec = Objects.requireNonNull(codec, "codec");
    this.uniqueId = uniqueId;
    this.sortFingerprint = Fingerprint.of(order.fingerprintText());
  }

  /**
   * A pager over {@code order} whose cursors are signed with HMAC-SHA256 under {@code key}; it
   * accepts only cursors signed with {@code key} or one of {@code previousKeys}. Keys rotate: sign
   * with the new key and keep the old ones here until their cursors expire. Sign cursors whenever
   * the sort key or the snapshot must not be chosen by the client (docs/queries.md §5).
   *
   * @param key at least 32 random bytes (e.g. from {@link java.security.SecureRandom}), the same in
   *     every instance of the service
   * @throws IllegalArgumentException when a key is shorter than 32 bytes, naming which
   */
  public static <R, K> Pager<R, K> signed(
      SortOrder<R, K> order, byte[] key, byte[]... previousKeys) {
    return of(order, CursorCodec.signed(key, previousKeys));
  }

  /**
   * A pager over {@code order} whose cursors are checksummed, not signed: the checksum catches
   * damage, but a client can read an unsigned cursor and write another. For internal callers, or
   * where the sort key and the snapshot are not secret; otherwise use {@link #signed}.
   */
  public static <R, K> Pager<R, K> unsigned(SortOrder<R, K> order) {
    return of(order, CursorCodec.unsigned());
  }

  /** A pager over {@code order} whose cursors {@code codec} writes and reads. */
  static <R, K> Pager<R, K> of(SortOrder<R, K> order, CursorCodec codec) {
    return new Pager<>(order, codec, null);
  }

  /** True when this pager signs its cursors and accepts only signed ones. */
  public boolean signsCursors() {
    return codec.signs();
  }

  /**
   * This pager, with rows of the same id served once (see {@link TopK#merge(List,
   * java.util.Comparator, int, Function)}).
   */
  public Pager<R, K> withUniqueId(Function<? super R, ?> uniqueId) {
    return new Pager<>(order, codec, Objects.requireNonNull(uniqueId, "uniqueId"));
  }

  public SortOrder<R, K> order() {
    return order;
  }

  /** The first page of {@code filter}, {@code pageSize} rows, with no snapshot. */
  public PageRequest<R, K> first(String filter, int pageSize, long routingVersion) {
    return first(filter, pageSize, routingVersion, null);
  }

  /**
   * The first page of {@code filter}, {@code pageSize} rows, read at {@code snapshot} (a snapshot
   * or read version id that every later page will read at; null for none).
   *
   * @param filter the query's filter as canonical text: the same filter always gives the same text
   *     (e.g. parameters sorted by name), different filters different text
   */
  public PageRequest<R, K> first(
      String filter, int pageSize, long routingVersion, @Nullable String snapshot) {
    checkFilter(filter);
    checkPageSize(pageSize);
    Cursor.checkSnapshot(snapshot);
    return new PageRequest<>(order, filter, pageSize, null, snapshot, routingVersion);
  }

  /**
   * The page after {@code cursor}, checked against this query.
   *
   * @throws InvalidCursorException when the cursor is malformed, truncated, of an unknown version,
   *     altered or forged, issued for another sort or filter, or under a newer routing version than
   *     {@code routingVersion}
   */
  public PageRequest<R, K> next(String cursor, String filter, int pageSize, long routingVersion) {
    checkFilter(filter);
    checkPageSize(pageSize);
    Cursor c = codec.decode(cursor);
    if (c.sortFingerprint() != sortFingerprint) {
      throw new InvalidCursorException(
          Reason.SORT_MISMATCH,
          "the cursor was issued for another sort order (fingerprint "
              + Fingerprint.hex(c.sortFingerprint())
              + ", this query sorts by '"
              + order.fingerprintText()
              + "', fingerprint "
              + Fingerprint.hex(sortFingerprint)
              + "); a cursor continues only the query that issued it: start from the first page");
    }
    long filterFingerprint = Fingerprint.of(filter);
    if (c.filterFingerprint() != filterFingerprint) {
      throw new InvalidCursorException(
          Reason.FILTER_MISMATCH,
          "the cursor was issued for another filter (fingerprint "
              + Fingerprint.hex(c.filterFingerprint())
              + ", this query's filter has fingerprint "
              + Fingerprint.hex(filterFingerprint)
              + "); a cursor continues only the query that issued it: start from the first page of the new filter");
    }
    if (c.routingVersion() > routingVersion) {
      throw new InvalidCursorException(
          Reason.ROUTING_VERSION_AHEAD,
          "the cursor was issued under routing version "
              + c.routingVersion()
              + ", but this process routes with version "
              + routingVersion
              + "; its routing table is behind: let it load the newer table, then retry the request");
    }
    SortKeyCodec.Reader in = new SortKeyCodec.Reader(c.sortKeyUnsafe());
    K after;
    try {
      after = order.codec().read(in);
    } catch (InvalidCursorException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new InvalidCursorException(
          Reason.MALFORMED,
          "the sort key codec of '"
              + order.fingerprintText()
              + "' cannot read the cursor's sort key ("
              + e
              + "); start from the first page");
    }
    if (after == null || in.remaining() != 0) {
      throw new InvalidCursorException(
          Reason.MALFORMED,
          after == null
              ? "the sort key codec read a null key"
              : "the cursor's sort key has "
                  + in.remaining()
                  + " bytes the sort key codec did not read; start from the first page");
    }
    return new PageRequest<>(
        order, filter, pageSize, after, c.snapshot().orElse(null), routingVersion);
  }

  /** {@link #first(String, int, long)} when {@code cursorOrNull} is null, else {@link #next}. */
  public PageRequest<R, K> request(
      @Nullable String cursorOrNull, String filter, int pageSize, long routingVersion) {
    return cursorOrNull == null
        ? first(filter, pageSize, routingVersion)
        : next(cursorOrNull, filter, pageSize, routingVersion);
  }

  /**
   * The page of {@code request} from every target's candidates, all targets having answered.
   *
   * @param perTarget each target's rows strictly after the request's position, sorted in the order;
   *     only the first {@link PageRequest#fetchLimit()} of each are read, and a target that gave
   *     exactly {@link PageRequest#pageSize()} is taken to have more
   * @throws IllegalArgumentException when a target's rows are not sorted, or not after the cursor,
   *     or two different rows among the first K + 1 share a sort key (the order is not total)
   */
  public Page<R> page(PageRequest<R, K> request, List<? extends List<? extends R>> perTarget) {
    return page(request, perTarget, false, List.of());
  }

  /** The page of {@code request} from a fan-out's result; partial when the result is. */
  public Page<R> page(PageRequest<R, K> request, ScatterResult<R> result) {
    return page(request, result.rowsPerTarget(), result.partial(), result.missingTargets());
  }

  private Page<R> page(
      PageRequest<R, K> request,
      List<? extends List<? extends R>> perTarget,
      boolean partial,
      List<Target> missing) {
    Objects.requireNonNull(request, "request");
    if (request.order() != order) {
      throw new IllegalArgumentException(
          "the request was made by a pager of another sort order ("
              + request.order()
              + "); page it with the pager that made it");
    }
    boolean mayHaveMore = false; // a target answered with exactly K rows: done, or cut at K
    for (int t = 0; t < perTarget.size(); t++) {
      List<? extends R> rows = perTarget.get(t);
      int n = rows == null ? 0 : Math.min(rows.size(), request.fetchLimit());
      mayHaveMore |= n == request.pageSize();
      for (int i = 0; i < n; i++) {
        R row = rows.get(i);
        if (row != null && !request.admits(row)) {
          throw new IllegalArgumentException(
              "target #"
                  + t
                  + " returned row "
                  + row
                  + " at position "
                  + i
                  + ", which is"
                  + " not after the cursor position "
                  + request.after().orElse(null)
                  + " in '"
                  + order.fingerprintText()
                  + "'; each target's query must return only rows strictly after the cursor, or pages repeat rows");
        }
      }
    }
    List<R> merged = TopK.merge(perTarget, order.rows(), request.fetchLimit(), uniqueId);
    if (merged.size() <= request.pageSize()) {
      // No (K+1)-th row. The paging ends here only if no target may have more: a target's query
      // limited to K, not K + 1, returns K rows whether or not more follow. All its K rows are on
      // this page, so a cursor after the page's last row asks it for exactly the rows it held back.
      String next =
          mayHaveMore && !merged.isEmpty()
              ? cursorAfter(request, merged.get(merged.size() - 1))
              : null;
      return new Page<>(merged, next, partial, missing);
    }
    List<R> rows = List.copyOf(merged.subList(0, request.pageSize()));
    return new Page<>(rows, cursorAfter(request, rows.get(rows.size() - 1)), partial, missing);
  }

  private String cursorAfter(PageRequest<R, K> request, R last) {
    K key = order.keyOf(last);
    SortKeyCodec.Writer out = new SortKeyCodec.Writer();
    order.codec().write(key, out);
    byte[] bytes = out.toByteArray();
    SortKeyCodec.Reader back = new SortKeyCodec.Reader(bytes);
    K read = order.codec().read(back);
    if (read == null || back.remaining() != 0 || order.keys().compare(read, key) != 0) {
      throw new IllegalStateException(
          "the sort key codec of '"
              + order.fingerprintText()
              + "' does not read back what it"
              + " wrote: wrote "
              + key
              + ", read "
              + read
              + (back.remaining() == 0 ? "" : " with " + back.remaining() + " bytes left")
              + "; write every component of the key (tie-breaker included) and read them in the same order");
    }
    return codec.encode(
        new Cursor(
            request.routingVersion(),
            Fingerprint.of(request.filter()),
            sortFingerprint,
            request.snapshot().orElse(null),
            bytes));
  }

  /** A page size the pager can fetch one row beyond: 1 to {@code Integer.MAX_VALUE - 1}. */
  private static void checkPageSize(int pageSize) {
    TopK.checkK(pageSize);
    if (pageSize == Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "the page size K must be < "
              + Integer.MAX_VALUE
              + ", got "
              + pageSize
              + "; each target is asked for K + 1 rows, to see whether another page follows");
    }
  }

  private static void checkFilter(String filter) {
    if (filter == null) {
      throw new IllegalArgumentException(
          "filter must not be null; give the canonical text of the query's filter"
              + " (\"\" for none), e.g. \"user_id=42;status=PAID\"");
    }
  }

  @Override
  public String toString() {
    return "Pager{" + order.fingerprintText() + ", " + codec + "}";
  }
}
