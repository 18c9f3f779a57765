package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@link Pager} checks of its caller's arguments and of the sort key codec, with messages. */
class PagerChecksTest {
  private static final byte[] KEY =
      "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private static final List<List<Row>> SHARDS =
      List.of(List.of(Row.of(9, 9), Row.of(7, 7)), List.of(Row.of(8, 8), Row.of(6, 6)));

  @Test
  void signsCursors_onlyWhenBuiltWithAKey() {
    assertTrue(Pager.signed(Row.NEWEST_FIRST, KEY).signsCursors());
    assertFalse(Pager.unsigned(Row.NEWEST_FIRST).signsCursors());
  }

  @Test
  void first_snapshotIdOfOneTo255Bytes() {
    Pager<Row, Row> pager = Pager.unsigned(Row.NEWEST_FIRST);
    assertEquals("s".repeat(255), pager.first("", 2, 1, "s".repeat(255)).snapshot().orElseThrow());
    IllegalArgumentException empty =
        assertThrows(IllegalArgumentException.class, () -> pager.first("", 2, 1, ""));
    assertEquals(
        "a snapshot id must be 1 to 255 bytes of UTF-8 (or null for none), got 0 bytes",
        empty.getMessage());
    IllegalArgumentException over =
        assertThrows(IllegalArgumentException.class, () -> pager.first("", 2, 1, "é".repeat(128)));
    assertEquals(
        "a snapshot id must be 1 to 255 bytes of UTF-8 (or null for none), got 256 bytes",
        over.getMessage());
  }

  @Test
  void next_nullFilter_refusedBeforeTheCursorIsRead() {
    Pager<Row, Row> pager = Pager.unsigned(Row.NEWEST_FIRST);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> pager.next("not-a-cursor", null, 2, 1));
    assertEquals(
        "filter must not be null; give the canonical text of the query's filter (\"\" for none),"
            + " e.g. \"user_id=42;status=PAID\"",
        e.getMessage());
  }

  private static IllegalStateException writingTheCursor(SortKeyCodec<Row> codec) {
    Pager<Row, Row> pager =
        Pager.unsigned(
            SortOrder.of(
                "created_at,order_id", SortOrder.Direction.DESC, r -> r, Row.ASCENDING, codec));
    PageRequest<Row, Row> req = pager.first("", 2, 1);
    List<List<Row>> candidates =
        SHARDS.stream().map(s -> s.stream().limit(req.fetchLimit()).toList()).toList();
    return assertThrows(IllegalStateException.class, () -> pager.page(req, candidates));
  }

  @Test
  void page_codecThatLeavesBytesUnread_refusedSayingHowMany() {
    IllegalStateException e =
        writingTheCursor(
            SortKeyCodec.of(
                (k, out) -> out.putLong(k.createdAt()).putLong(k.orderId()).putInt(0),
                in -> new Row(in.getLong(), in.getLong())));
    assertEquals(
        "the sort key codec of 'created_at,order_id DESC' does not read back what it wrote: wrote"
            + " (8, 8), read (8, 8) with 4 bytes left; write every component of the key"
            + " (tie-breaker included) and read them in the same order",
        e.getMessage());
  }

  @Test
  void page_codecThatReadsAnotherKey_refusedWithoutALeftoverCount() {
    IllegalStateException e =
        writingTheCursor(
            SortKeyCodec.of(
                (k, out) -> out.putLong(k.createdAt()), in -> new Row(in.getLong(), 0)));
    assertEquals(
        "the sort key codec of 'created_at,order_id DESC' does not read back what it wrote: wrote"
            + " (8, 8), read (8, 0); write every component of the key (tie-breaker included) and"
            + " read them in the same order",
        e.getMessage());
  }
}
