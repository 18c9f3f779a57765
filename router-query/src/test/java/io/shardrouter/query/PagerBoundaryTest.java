package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The page boundary: each target is asked for K + 1 rows, so the pager sees the first row of the
 * next page. A sort key without a unique tie-breaker whose tie crosses the boundary is refused
 * instead of losing rows; a row count that is a multiple of K spread over several targets ends
 * without an empty page; and an answer of exactly K rows, which a query limited to the page size
 * also gives when it has more, never ends the paging.
 */
class PagerBoundaryTest {
  /** Sorts by created_at alone: not total when two rows share a timestamp. */
  private static final SortOrder<Row, Long> TIME_ONLY =
      SortOrder.of(
          "created_at",
          SortOrder.Direction.DESC,
          Row::createdAt,
          Comparator.<Long>naturalOrder(),
          SortKeyCodec.of((k, out) -> out.putLong(k), SortKeyCodec.Reader::getLong));

  private static <K> Page<Row> page(
      Pager<Row, K> pager, List<List<Row>> shards, int k, String cursor) {
    PageRequest<Row, K> req = pager.request(cursor, "", k, 1);
    List<List<Row>> candidates = new ArrayList<>();
    for (List<Row> shard : shards) {
      candidates.add(shard.stream().filter(req::admits).limit(req.fetchLimit()).toList());
    }
    return pager.page(req, candidates);
  }

  private static <K> List<Row> pageThrough(
      Pager<Row, K> pager, List<List<Row>> shards, int k, List<Integer> sizes) {
    List<Row> out = new ArrayList<>();
    String cursor = null;
    do {
      Page<Row> p = page(pager, shards, k, cursor);
      sizes.add(p.rows().size());
      out.addAll(p.rows());
      cursor = p.nextCursor().orElse(null);
    } while (cursor != null);
    return out;
  }

  @Test
  void page_issueReproducer_timeOnlySortWithATieAtTheBoundary_refusedNotDropped() {
    // one shard [(101,9),(100,8),(100,5)], page size 2, sort created_at only: the first page
    // would end at (100,8), and "after 100" would skip (100,5) for good
    Pager<Row, Long> pager = Pager.of(TIME_ONLY, CursorCodec.unsigned());
    List<List<Row>> shard = List.of(List.of(Row.of(101, 9), Row.of(100, 8), Row.of(100, 5)));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> page(pager, shard, 2, null));
    assertEquals(
        "rows (100, 8) and (100, 5) compare equal but are not equal(): the order is not total;"
            + " end the sort key with a unique tie-breaker such as the row's id (or, when the row"
            + " type has no value equals(), pass a uniqueId function)",
        e.getMessage());
  }

  @Test
  void page_timeOnlySort_heavyTiesOverSeveralShards_refusedAtEveryPageSize() {
    Pager<Row, Long> pager = Pager.of(TIME_ONLY, CursorCodec.unsigned());
    List<List<Row>> shards = new ArrayList<>();
    for (int s = 0; s < 3; s++) {
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        rows.add(Row.of(100, s * 10L + i));
      }
      shards.add(rows);
    }
    for (int k = 1; k <= 16; k++) {
      int kk = k;
      assertThrows(
          IllegalArgumentException.class,
          () -> pageThrough(pager, shards, kk, new ArrayList<>()),
          "K=" + k + ": fifteen rows of one timestamp cannot be paged by the timestamp alone");
    }
  }

  @Test
  void page_timeOnlySort_uniqueIdGiven_tieStillRefused() {
    Pager<Row, Long> pager = Pager.of(TIME_ONLY, CursorCodec.unsigned()).withUniqueId(Row::orderId);
    List<List<Row>> shards =
        List.of(List.of(Row.of(101, 9), Row.of(100, 8)), List.of(Row.of(100, 5)));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> page(pager, shards, 2, null));
    assertTrue(e.getMessage().contains("the order is not total"), e.getMessage());
  }

  @Test
  void page_timeOnlySort_withoutTies_pagesEveryRow() {
    Pager<Row, Long> pager = Pager.of(TIME_ONLY, CursorCodec.unsigned());
    List<List<Row>> shards =
        List.of(List.of(Row.of(105, 1), Row.of(103, 2)), List.of(Row.of(104, 3), Row.of(102, 4)));
    List<Integer> sizes = new ArrayList<>();
    assertEquals(
        List.of(Row.of(105, 1), Row.of(104, 3), Row.of(103, 2), Row.of(102, 4)),
        pageThrough(pager, shards, 3, sizes));
    assertEquals(List.of(3, 1), sizes);
  }

  @Test
  void page_totalOrder_heavyTiesAcrossTheBoundary_everyRowOnce() {
    Pager<Row, Row> pager = Pager.of(Row.NEWEST_FIRST, CursorCodec.unsigned());
    List<List<Row>> shards = new ArrayList<>();
    List<Row> all = new ArrayList<>();
    for (int s = 0; s < 4; s++) {
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        rows.add(Row.of(100 + (i % 2), s * 100L + i)); // two timestamps for 24 rows
      }
      rows.sort(Row.NEWEST_FIRST.rows());
      shards.add(rows);
      all.addAll(rows);
    }
    all.sort(Row.NEWEST_FIRST.rows());
    for (int k = 1; k <= 25; k++) {
      List<Integer> sizes = new ArrayList<>();
      List<Row> got = pageThrough(pager, shards, k, sizes);
      assertEquals(all, got, "K=" + k);
      assertEquals(got.size(), new HashSet<>(got).size(), "K=" + k);
      boolean endsEmpty = sizes.get(sizes.size() - 1) == 0;
      assertEquals(
          (24 + k - 1) / k + (endsEmpty ? 1 : 0), sizes.size(), "K=" + k + ": pages " + sizes);
      assertFalse(
          sizes.subList(0, sizes.size() - 1).contains(0), "K=" + k + ": an empty page " + sizes);
      if (endsEmpty) {
        assertEquals(
            k,
            (int) sizes.get(sizes.size() - 2),
            "K=" + k + ": only a full page is followed by an empty one " + sizes);
      }
    }
  }

  @Test
  void page_rowCountAMultipleOfK_lastFullPageHasNoNextCursor() {
    Pager<Row, Row> pager = Pager.of(Row.NEWEST_FIRST, CursorCodec.unsigned());
    List<List<Row>> shards =
        List.of(List.of(Row.of(4, 4), Row.of(2, 2)), List.of(Row.of(3, 3), Row.of(1, 1)));
    Page<Row> first = page(pager, shards, 2, null);
    assertTrue(first.hasMore());
    Page<Row> second = page(pager, shards, 2, first.nextCursor().orElseThrow());
    assertEquals(List.of(Row.of(2, 2), Row.of(1, 1)), second.rows());
    assertFalse(second.nextCursor().isPresent(), "four rows at K=2 are two pages, not three");
    assertFalse(second.hasMore());
  }

  @Test
  void page_oneTargetWithExactlyKRowsLeft_hasANextCursor_andTheEmptyPageAfterItEnds() {
    // a target with exactly K rows after the cursor answers K, as does a query limited to K that
    // has more: the pager cannot tell them apart, so it does not end the paging on that answer
    Pager<Row, Row> pager = Pager.of(Row.NEWEST_FIRST, CursorCodec.unsigned());
    List<List<Row>> shards = List.of(List.of(Row.of(4, 4), Row.of(3, 3)), List.of());
    Page<Row> first = page(pager, shards, 2, null);
    assertEquals(List.of(Row.of(4, 4), Row.of(3, 3)), first.rows());
    assertTrue(first.nextCursor().isPresent(), "exactly K rows from one target: maybe more");
    Page<Row> second = page(pager, shards, 2, first.nextCursor().orElseThrow());
    assertEquals(List.of(), second.rows());
    assertFalse(second.hasMore(), "no target answered K rows: the paging ends");
  }

  @Test
  void page_targetLimitedToThePageSize_losesNoRow() {
    // the trap: a target's query given the page size K as its LIMIT, not fetchLimit() = K + 1.
    // With K = 2 and one shard of three rows, it answers [(5,5), (4,4)] and holds (3,3) back;
    // ending the paging on that answer would lose (3,3)
    Pager<Row, Row> pager = Pager.of(Row.NEWEST_FIRST, CursorCodec.unsigned());
    List<Row> shard = List.of(Row.of(5, 5), Row.of(4, 4), Row.of(3, 3));
    List<Row> got = new ArrayList<>();
    String cursor = null;
    List<Integer> sizes = new ArrayList<>();
    do {
      PageRequest<Row, Row> req = pager.request(cursor, "", 2, 1);
      Page<Row> p =
          pager.page(
              req, List.of(shard.stream().filter(req::admits).limit(req.pageSize()).toList()));
      got.addAll(p.rows());
      sizes.add(p.rows().size());
      cursor = p.nextCursor().orElse(null);
    } while (cursor != null);
    assertEquals(shard, got);
    assertEquals(List.of(2, 1), sizes);
  }

  @Test
  void page_targetReturnsMoreThanFetchLimit_onlyFetchLimitRead() {
    Pager<Row, Row> pager = Pager.of(Row.NEWEST_FIRST, CursorCodec.unsigned());
    PageRequest<Row, Row> req = pager.first("", 2, 1);
    assertEquals(3, req.fetchLimit());
    List<Row> many = List.of(Row.of(9, 9), Row.of(8, 8), Row.of(7, 7), Row.of(1, 1));
    Page<Row> p = pager.page(req, List.of(many));
    assertEquals(List.of(Row.of(9, 9), Row.of(8, 8)), p.rows());
    assertTrue(p.nextCursor().isPresent());
  }

  @Test
  void first_pageSizeWithNoRoomForTheExtraRow_refused() {
    Pager<Row, Row> pager = Pager.of(Row.NEWEST_FIRST, CursorCodec.unsigned());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> pager.first("", Integer.MAX_VALUE, 1));
    assertTrue(e.getMessage().contains("each target is asked for K + 1 rows"), e.getMessage());
  }
}
