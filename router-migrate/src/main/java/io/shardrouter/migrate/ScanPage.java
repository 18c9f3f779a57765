package io.shardrouter.migrate;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;

/**
 * One page of a part's rows in store order (key, then id), and where the next page starts.
 *
 * <p>Keys and ids compare as unsigned bytes, lexicographically. {@code cursor} names the last row
 * the store examined (which may be a row the part's filter rejected); passing it back resumes after
 * it. A store may choose its cursor's bytes, but {@link #cursorOf(byte[], byte[])} gives every
 * store a form that names a (key, id) pair, sorts as the pairs do, and survives a restart of the
 * store and of the coordinator: the key with each 0x00 written as 0x00 0xFF, then 0x00 0x01, then
 * the id.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param rows rows of the part, in store order
 * @param cursor where the next page starts, or null when nothing was examined
 * @param done true when the part has no row after {@code cursor}
 */
public record ScanPage(List<Row> rows, byte[] cursor, boolean done) {
  /** Copies the row list. */
  public ScanPage {
    rows = List.copyOf(rows);
    cursor = cursor == null ? null : cursor.clone();
  }

  /**
   * The cursor after the row (key, id): unsigned byte order of cursors is the store order of the
   * pairs, and every cursor of one key starts with {@link #keyPrefix(byte[])} of it.
   *
   * @param key a row's key
   * @param id the row's id (empty for the only row of a key)
   * @return the cursor
   */
  public static byte[] cursorOf(byte[] key, byte[] id) {
    byte[] prefix = keyPrefix(key);
    byte[] out = Arrays.copyOf(prefix, prefix.length + id.length);
    System.arraycopy(id, 0, out, prefix.length, id.length);
    return out;
  }

  /**
   * The bytes every cursor of {@code key} starts with (the escaped key and its terminator).
   *
   * @param key a row's key
   * @return the prefix
   */
  public static byte[] keyPrefix(byte[] key) {
    ByteArrayOutputStream b = new ByteArrayOutputStream(key.length + 4);
    for (byte x : key) {
      b.write(x);
      if (x == 0) {
        b.write(0xFF);
      }
    }
    b.write(0);
    b.write(1);
    return b.toByteArray();
  }

  /**
   * The key of a cursor made by {@link #cursorOf}.
   *
   * @param cursor the cursor
   * @return the key
   * @throws IllegalArgumentException when the bytes are not such a cursor
   */
  public static byte[] cursorKey(byte[] cursor) {
    ByteArrayOutputStream b = new ByteArrayOutputStream(cursor.length);
    for (int i = 0; i < cursor.length; i++) {
      if (cursor[i] != 0) {
        b.write(cursor[i]);
        continue;
      }
      int next = i + 1 < cursor.length ? cursor[i + 1] & 0xFF : -1;
      if (next == 0xFF) {
        b.write(0);
        i++;
      } else if (next == 1) {
        return b.toByteArray();
      } else {
        break;
      }
    }
    throw new IllegalArgumentException(
        "scan cursor of "
            + cursor.length
            + " bytes is not a (key, id) cursor: a 0x00 byte must be followed by 0xFF (inside the"
            + " key) or 0x01 (its end); pass back the cursor a scan returned");
  }

  /**
   * The id of a cursor made by {@link #cursorOf}.
   *
   * @param cursor the cursor
   * @return the id (empty for the only row of a key)
   * @throws IllegalArgumentException when the bytes are not such a cursor
   */
  public static byte[] cursorId(byte[] cursor) {
    int keyBytes = keyPrefix(cursorKey(cursor)).length;
    return Arrays.copyOfRange(cursor, keyBytes, cursor.length);
  }
}
