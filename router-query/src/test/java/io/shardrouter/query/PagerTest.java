package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.query.InvalidCursorException.Reason;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PagerTest {
  private static final byte[] KEY = "k".repeat(32).getBytes(StandardCharsets.US_ASCII);
  private static final List<List<Row>> SHARDS =
      List.of(
          List.of(Row.of(9, 9), Row.of(7, 7), Row.of(5, 5)),
          List.of(Row.of(8, 8), Row.of(6, 6), Row.of(4, 4)));

  private final Pager<Row, Row> pager = Pager.of(Row.NEWEST_FIRST, CursorCodec.signed(KEY));

  private static List<List<Row>> candidates(List<List<Row>> shards, PageRequest<Row, Row> req) {
    return shards.stream()
        .map(s -> s.stream().filter(req::admits).limit(req.fetchLimit()).toList())
        .toList();
  }

  private String cursorAfterFirstPage(String filter, long routingVersion) {
    PageRequest<Row, Row> req = pager.first(filter, 2, routingVersion);
    return pager.page(req, candidates(SHARDS, req)).nextCursor().orElseThrow();
  }

  @Test
  void next_otherFilter_refused() {
    String cursor = cursorAfterFirstPage("user_id=7", 3);
    InvalidCursorException e =
        assertThrows(InvalidCursorException.class, () -> pager.next(cursor, "user_id=8", 2, 3));
    assertEquals(Reason.FILTER_MISMATCH, e.reason());
    assertTrue(e.getMessage().contains("the cursor was issued for another filter"), e.getMessage());
    assertTrue(
        e.getMessage().endsWith("start from the first page of the new filter"), e.getMessage());
  }

  @Test
  void next_otherSortOrDirection_refused() {
    String cursor = cursorAfterFirstPage("user_id=7", 3);
    Pager<Row, Row> ascending = Pager.of(Row.NEWEST_FIRST.reversed(), CursorCodec.signed(KEY));
    InvalidCursorException e =
        assertThrows(InvalidCursorException.class, () -> ascending.next(cursor, "user_id=7", 2, 3));
    assertEquals(Reason.SORT_MISMATCH, e.reason());
    assertTrue(
        e.getMessage().contains("this query sorts by 'created_at,order_id ASC'"), e.getMessage());
    Pager<Row, Row> byId =
        Pager.of(
            SortOrder.of("order_id", SortOrder.Direction.DESC, r -> r, Row.ASCENDING, Row.CODEC),
            CursorCodec.signed(KEY));
    assertEquals(
        Reason.SORT_MISMATCH,
        assertThrows(InvalidCursorException.class, () -> byId.next(cursor, "user_id=7", 2, 3))
            .reason());
  }

  @Test
  void next_routingVersionAhead_refusedButOlderAccepted() {
    String cursor = cursorAfterFirstPage("user_id=7", 5);
    InvalidCursorException e =
        assertThrows(InvalidCursorException.class, () -> pager.next(cursor, "user_id=7", 2, 4));
    assertEquals(Reason.ROUTING_VERSION_AHEAD, e.reason());
    assertEquals(
        "invalid cursor (ROUTING_VERSION_AHEAD): the cursor was issued under routing version 5, but this"
            + " process routes with version 4; its routing table is behind: let it load the newer table, then retry the request",
        e.getMessage());
    PageRequest<Row, Row> req = pager.next(cursor, "user_id=7", 2, 9);
    assertEquals(9, req.routingVersion());
    String next = pager.page(req, candidates(SHARDS, req)).nextCursor().orElseThrow();
    assertEquals(
        9,
        CursorCodec.signed(KEY).decode(next).routingVersion(),
        "the next cursor carries the current version");
  }

  @Test
  void snapshot_fixedOnTheFirstPage_carriedByEveryCursor() {
    PageRequest<Row, Row> req = pager.first("user_id=7", 1, 3, "read-ts-1700000000123");
    for (int i = 0; i < 4; i++) {
      assertEquals("read-ts-1700000000123", req.snapshot().orElseThrow());
      String next = pager.page(req, candidates(SHARDS, req)).nextCursor().orElseThrow();
      req = pager.next(next, "user_id=7", 1, 3);
    }
    assertFalse(pager.first("user_id=7", 1, 3).snapshot().isPresent());
  }

  @Test
  void page_limitMayChangeBetweenPages() {
    PageRequest<Row, Row> req = pager.first("", 4, 1);
    Page<Row> p1 = pager.page(req, candidates(SHARDS, req));
    assertEquals(List.of(Row.of(9, 9), Row.of(8, 8), Row.of(7, 7), Row.of(6, 6)), p1.rows());
    PageRequest<Row, Row> req2 = pager.next(p1.nextCursor().orElseThrow(), "", 1, 1);
    assertEquals(List.of(Row.of(5, 5)), pager.page(req2, candidates(SHARDS, req2)).rows());
  }

  @Test
  void page_fromPartialResult_noNextCursorUnlessGapAccepted() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      PageRequest<Row, Row> req = pager.first("", 2, 1);
      ScatterResult<Row> r =
          sg.<Row>fanOut(
                  List.of(Target.named("s0"), Target.named("s1")),
                  a ->
                      a.target().name().equals("s1")
                          ? CompletableFuture.failedFuture(new IOException("s1 down"))
                          : CompletableFuture.completedFuture(candidates(SHARDS, req).get(0)))
              .run();
      Page<Row> page = pager.page(req, r);
      assertTrue(page.partial());
      assertEquals(List.of(Row.of(9, 9), Row.of(7, 7)), page.rows());
      assertFalse(page.nextCursor().isPresent(), "continuing would skip s1's rows for good");
      assertTrue(page.nextCursorIgnoringMissing().isPresent());
      assertTrue(page.hasMore());
      assertEquals(List.of("s1"), page.missingTargets().stream().map(Target::name).toList());
    }
  }

  @Test
  void page_targetIgnoresTheCursor_refused() {
    String cursor = cursorAfterFirstPage("", 1);
    PageRequest<Row, Row> req = pager.next(cursor, "", 2, 1);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> pager.page(req, SHARDS));
    assertTrue(
        e.getMessage()
            .startsWith(
                "target #0 returned row (9, 9) at position 0, which is not after the cursor"
                    + " position (8, 8)"),
        e.getMessage());
  }

  @Test
  void page_codecWithoutTieBreaker_refusedWhenTheCursorIsWritten() {
    SortKeyCodec<Row> timeOnly =
        SortKeyCodec.of((k, out) -> out.putLong(k.createdAt()), in -> new Row(in.getLong(), 0));
    Pager<Row, Row> broken =
        Pager.of(
            SortOrder.of(
                "created_at,order_id", SortOrder.Direction.DESC, r -> r, Row.ASCENDING, timeOnly),
            CursorCodec.unsigned());
    PageRequest<Row, Row> req = broken.first("", 2, 1);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> broken.page(req, candidates(SHARDS, req)));
    assertTrue(
        e.getMessage().contains("does not read back what it wrote: wrote (8, 8), read (8, 0)"),
        e.getMessage());
  }

  @Test
  void next_codecReadsLessThanWritten_refusedAsMalformed() {
    String cursor = cursorAfterFirstPage("", 1);
    SortKeyCodec<Row> readsOneLong =
        SortKeyCodec.of(
            (k, out) -> out.putLong(k.createdAt()).putLong(k.orderId()),
            in -> new Row(in.getLong(), 0));
    Pager<Row, Row> other =
        Pager.of(
            SortOrder.of(
                "created_at,order_id",
                SortOrder.Direction.DESC,
                r -> r,
                Row.ASCENDING,
                readsOneLong),
            CursorCodec.signed(KEY));
    InvalidCursorException e =
        assertThrows(InvalidCursorException.class, () -> other.next(cursor, "", 2, 1));
    assertEquals(Reason.MALFORMED, e.reason());
    assertTrue(e.getMessage().contains("8 bytes the sort key codec did not read"), e.getMessage());
  }

  @Test
  void badInput_refused() {
    assertThrows(IllegalArgumentException.class, () -> pager.first("", 0, 1));
    assertThrows(IllegalArgumentException.class, () -> pager.first(null, 1, 1));
    String cursor = cursorAfterFirstPage("", 1);
    assertThrows(IllegalArgumentException.class, () -> pager.next(cursor, "", -1, 1));
    assertEquals(
        Reason.MALFORMED,
        assertThrows(InvalidCursorException.class, () -> pager.next("", "", 2, 1)).reason());
    Pager<Row, Row> other = Pager.of(Row.NEWEST_FIRST.reversed(), CursorCodec.unsigned());
    assertThrows(IllegalArgumentException.class, () -> other.page(pager.first("", 2, 1), SHARDS));
  }
}
