package io.shardrouter.query;

import java.nio.charset.StandardCharsets;

/**
 * Reads back, in order, the components a {@link SortKeyWriter} wrote into a cursor. Reading past
 * the end, or a length that does not fit, throws {@link InvalidCursorException} ({@code
 * MALFORMED}).
 *
 * <p><b>Thread-safety:</b> mutable; confined to the thread decoding one cursor.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class SortKeyReader {
  private final byte[] bytes;
  private int pos;

  SortKeyReader(byte[] bytes) {
    this.bytes = bytes;
  }

  public long getLong() {
    need(8, "a long");
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v |= (bytes[pos++] & 0xFFL) << (8 * i);
    }
    return v;
  }

  public int getInt() {
    need(4, "an int");
    int v = 0;
    for (int i = 0; i < 4; i++) {
      v |= (bytes[pos++] & 0xFF) << (8 * i);
    }
    return v;
  }

  public boolean getBoolean() {
    need(1, "a boolean");
    int b = bytes[pos++];
    if (b != 0 && b != 1) {
      throw new InvalidCursorException(
          InvalidCursorException.Reason.MALFORMED,
          "the cursor's sort key holds "
              + b
              + " where a boolean (0 or 1) was expected; start from the first page");
    }
    return b == 1;
  }

  public String getString() {
    return new String(getBytes(), StandardCharsets.UTF_8);
  }

  public byte[] getBytes() {
    int n = getInt();
    if (n < 0) {
      throw new InvalidCursorException(
          InvalidCursorException.Reason.MALFORMED,
          "the cursor's sort key declares a component of "
              + n
              + " bytes; start from the first page");
    }
    need(n, "a component of " + n + " bytes");
    byte[] out = new byte[n];
    System.arraycopy(bytes, pos, out, 0, n);
    pos += n;
    return out;
  }

  /** Bytes not read yet. */
  public int remaining() {
    return bytes.length - pos;
  }

  private void need(int n, String what) {
    if (bytes.length - pos < n) {
      throw new InvalidCursorException(
          InvalidCursorException.Reason.MALFORMED,
          "the cursor's sort key ends after "
              + bytes.length
              + " bytes where "
              + what
              + " was expected at byte "
              + pos
              + ": the sort key codec does not match the one that wrote the cursor; start from the first page");
    }
  }
}
