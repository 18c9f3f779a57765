package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.query.InvalidCursorException.Reason;
import org.junit.jupiter.api.Test;

/**
 * The bytes {@link SortKeyCodec.Writer} writes (docs/queries.md: little-endian numbers, 1 or 0 for
 * a boolean, a 4-byte length before bytes and text) and what {@link SortKeyCodec.Reader} makes of
 * them, short or wrong input included.
 */
class SortKeyCodecBytesTest {
  static byte[] written(java.util.function.Consumer<SortKeyCodec.Writer> w) {
    SortKeyCodec.Writer out = new SortKeyCodec.Writer();
    w.accept(out);
    return out.toByteArray();
  }

  static InvalidCursorException malformed(
      byte[] bytes, java.util.function.Consumer<SortKeyCodec.Reader> r) {
    InvalidCursorException e =
        assertThrows(InvalidCursorException.class, () -> r.accept(new SortKeyCodec.Reader(bytes)));
    assertEquals(Reason.MALFORMED, e.reason());
    return e;
  }

  @Test
  void writer_numbersLittleEndian_booleansOneOrZero_lengthsFirst() {
    assertArrayEquals(
        new byte[] {8, 7, 6, 5, 4, 3, 2, 1}, written(w -> w.putLong(0x0102030405060708L)));
    assertArrayEquals(new byte[] {4, 3, 2, (byte) 0x81}, written(w -> w.putInt(0x81020304)));
    assertArrayEquals(new byte[] {1, 0}, written(w -> w.putBoolean(true).putBoolean(false)));
    assertArrayEquals(
        new byte[] {2, 0, 0, 0, (byte) 0xC3, (byte) 0xA9}, written(w -> w.putString("é")));
    assertArrayEquals(new byte[] {0, 0, 0, 0}, written(w -> w.putBytes(new byte[0])));
  }

  @Test
  void writer_limitIsInclusive() {
    assertEquals(
        SortKeyCodec.Writer.MAX_BYTES,
        written(w -> w.putBytes(new byte[SortKeyCodec.Writer.MAX_BYTES - 4])).length);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> written(w -> w.putBytes(new byte[SortKeyCodec.Writer.MAX_BYTES - 3])));
    assertEquals(
        "the encoded sort key has 1025 bytes, over the limit of 1024; a cursor carries the sort"
            + " key of one row: keep it to the sort columns and the unique id",
        e.getMessage());
  }

  @Test
  void reader_readsWhatTheWriterWrote() {
    byte[] b =
        written(
            w ->
                w.putLong(-2)
                    .putInt(0x81020304)
                    .putBoolean(true)
                    .putBoolean(false)
                    .putString("ann")
                    .putBytes(new byte[0]));
    SortKeyCodec.Reader r = new SortKeyCodec.Reader(b);
    assertEquals(-2, r.getLong());
    assertEquals(0x81020304, r.getInt());
    assertTrue(r.getBoolean());
    assertFalse(r.getBoolean());
    assertEquals(4 + 3 + 4, r.remaining(), "the text with its length, and the empty bytes' length");
    assertEquals("ann", r.getString());
    assertArrayEquals(new byte[0], r.getBytes());
    assertEquals(0, r.remaining());
  }

  @Test
  void reader_pastTheEnd_refusedNamingWhatWasExpectedAndWhere() {
    assertEquals(
        "invalid cursor (MALFORMED): the cursor's sort key ends after 7 bytes where a long was"
            + " expected at byte 0: the sort key codec does not match the one that wrote the cursor;"
            + " start from the first page",
        malformed(new byte[7], SortKeyCodec.Reader::getLong).getMessage());
    assertEquals(
        "invalid cursor (MALFORMED): the cursor's sort key ends after 5 bytes where an int was"
            + " expected at byte 2: the sort key codec does not match the one that wrote the cursor;"
            + " start from the first page",
        malformed(
                new byte[5],
                r -> {
                  r.getBoolean();
                  r.getBoolean();
                  r.getInt();
                })
            .getMessage());
    assertTrue(
        malformed(new byte[0], SortKeyCodec.Reader::getBoolean)
            .getMessage()
            .contains("where a boolean was expected at byte 0"));
    assertTrue(
        malformed(new byte[] {3, 0, 0, 0, 'a', 'b'}, SortKeyCodec.Reader::getBytes)
            .getMessage()
            .contains("ends after 6 bytes where a component of 3 bytes was expected at byte 4"));
  }

  @Test
  void reader_booleanOtherThanOneOrZero_refused() {
    assertEquals(
        "invalid cursor (MALFORMED): the cursor's sort key holds 2 where a boolean (0 or 1) was"
            + " expected; start from the first page",
        malformed(new byte[] {2}, SortKeyCodec.Reader::getBoolean).getMessage());
    assertTrue(
        malformed(new byte[] {-1}, SortKeyCodec.Reader::getBoolean)
            .getMessage()
            .contains("holds -1 where a boolean"));
  }

  @Test
  void reader_negativeLength_refused_emptyComponentRead() {
    assertEquals(
        "invalid cursor (MALFORMED): the cursor's sort key declares a component of -1 bytes;"
            + " start from the first page",
        malformed(new byte[] {-1, -1, -1, -1}, SortKeyCodec.Reader::getBytes).getMessage());
    SortKeyCodec.Reader r = new SortKeyCodec.Reader(new byte[] {0, 0, 0, 0, 9});
    assertArrayEquals(new byte[0], r.getBytes());
    assertEquals(1, r.remaining());
  }
}
