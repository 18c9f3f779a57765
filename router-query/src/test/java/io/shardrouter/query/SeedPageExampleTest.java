package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every assertion of a reference Python {@code page()} for the cross-partition newest K, with the
 * same data, through the Java API: each shard returns its first K rows after the cursor in the
 * shared total order, a k-way merge keeps the global K, and the cursor carries the whole sort key.
 */
class SeedPageExampleTest {
  /**
   * The seed's shards: (created_at, order_id), both descending, order_id globally unique; one shard
   * empty.
   */
  private static final List<List<Row>> SHARDS =
      List.of(
          List.of(Row.of(105, 9), Row.of(100, 8), Row.of(99, 7)),
          List.of(Row.of(104, 6), Row.of(100, 5), Row.of(98, 4)),
          List.of(Row.of(103, 3), Row.of(102, 2), Row.of(100, 1)),
          List.of());

  private final Pager<Row, Row> pager = Pager.of(Row.NEWEST_FIRST, CursorCodec.unsigned());

  /**
   * The seed's {@code page(shards, k, before)}, with an opaque cursor instead of the raw last row.
   */
  private Page<Row> page(List<List<Row>> shards, int k, String cursor) {
    PageRequest<Row, Row> req = pager.request(cursor, "", k, 1);
    List<List<Row>> candidates = new ArrayList<>();
    for (List<Row> shard : shards) {
      candidates.add(shard.stream().filter(req::admits).limit(req.fetchLimit()).toList());
    }
    return pager.page(req, candidates);
  }

  private List<Row> rows(List<List<Row>> shards, int k) {
    return page(shards, k, null).rows();
  }

  @Test
  void page_firstThree() {
    // seed: the first page of three is the three newest rows, one from each non-empty shard
    assertEquals(List.of(Row.of(105, 9), Row.of(104, 6), Row.of(103, 3)), rows(SHARDS, 3));
  }

  @Test
  void page_loopWithCursor_collectsTheSortedWholeOnce() {
    // seed: page by two, continuing after the last row of each batch, until nothing is left
    List<Row> collected = new ArrayList<>();
    String cursor = null;
    do {
      Page<Row> batch = page(SHARDS, 2, cursor);
      collected.addAll(batch.rows());
      cursor = batch.nextCursor().orElse(null);
    } while (cursor != null);
    // seed: what was collected is every row of every shard, sorted newest first
    List<Row> all = new ArrayList<>();
    SHARDS.forEach(all::addAll);
    all.sort(Row.ASCENDING.reversed());
    assertEquals(all, collected);
    // seed: nine rows, nine distinct ones
    assertEquals(9, collected.size());
    assertEquals(9, new HashSet<>(collected).size());
  }

  @Test
  void page_tiesAcrossAPageBoundary_noneLost() {
    // seed: one shard whose three rows share the timestamp 100
    List<List<Row>> ties = List.of(List.of(Row.of(100, 8), Row.of(100, 5), Row.of(100, 1)));
    // seed: the first page of two holds order ids 8 and 5
    Page<Row> first = page(ties, 2, null);
    assertEquals(List.of(Row.of(100, 8), Row.of(100, 5)), first.rows());
    // seed: the page after it, positioned by the whole key (100, 5), holds order 1
    assertEquals(List.of(Row.of(100, 1)), page(ties, 2, first.nextCursor().orElseThrow()).rows());
    // seed: a cursor holding only the time 100 would find no row before it, losing order 1
    long lastTime = first.rows().get(first.rows().size() - 1).createdAt();
    assertEquals(List.of(), ties.get(0).stream().filter(r -> r.createdAt() < lastTime).toList());
  }

  @Test
  void page_kNotPositive_raises() {
    // seed: a page size of zero or less is an error ("the page size must be positive")
    for (int k : new int[] {0, -3}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> page(SHARDS, k, null));
      assertEquals(
          "the page size K must be >= 1, got " + k + "; a page holds at least one row",
          e.getMessage());
    }
  }

  @Test
  void page_everyK_visitsEachRowOnce() {
    for (int k = 1; k <= 10; k++) {
      List<Row> collected = new ArrayList<>();
      String cursor = null;
      int pages = 0;
      Page<Row> batch;
      do {
        batch = page(SHARDS, k, cursor);
        collected.addAll(batch.rows());
        cursor = batch.nextCursor().orElse(null);
        pages++;
      } while (cursor != null);
      assertEquals(9, collected.size(), "k=" + k);
      assertEquals(9, new HashSet<>(collected).size(), "k=" + k);
      // full pages, then one short one; or, when the last full page's rows were all the last K of
      // one shard (an answer of exactly K rows, which could have been cut short), an empty one
      int full = (9 + k - 1) / k;
      assertEquals(
          batch.rows().isEmpty() ? full + 1 : full,
          pages,
          "k=" + k + ": full pages, then one short (or, after exactly K of one shard, empty) one");
    }
  }
}
