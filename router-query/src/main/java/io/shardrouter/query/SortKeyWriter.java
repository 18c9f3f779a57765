package io.shardrouter.query;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Collects the components of one sort key for a cursor: numbers little-endian, text as UTF-8 with
 * its length, in the order written. A {@link SortKeyReader} reads them back in the same order.
 *
 * <p><b>Thread-safety:</b> mutable; confined to the thread encoding one cursor.
 *
 * <p><b>Stability:</b> evolving; the byte layout is part of cursor format 1.
 *
 * @since 0.1
 */
public final class SortKeyWriter {
  /** The largest encoded sort key, in bytes. */
  public static final int MAX_BYTES = 1024;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream(32);

  SortKeyWriter() {}

  /** 8 bytes, little-endian. */
  public SortKeyWriter putLong(long v) {
    for (int i = 0; i < 8; i++) {
      out.write((int) (v >>> (8 * i)));
    }
    return check();
  }

  /** 4 bytes, little-endian. */
  public SortKeyWriter putInt(int v) {
    for (int i = 0; i < 4; i++) {
      out.write(v >>> (8 * i));
    }
    return check();
  }

  /** 1 byte: 1 or 0. */
  public SortKeyWriter putBoolean(boolean v) {
    out.write(v ? 1 : 0);
    return check();
  }

  /** The UTF-8 bytes with their length (4 bytes, little-endian) first. */
  public SortKeyWriter putString(String s) {
    Objects.requireNonNull(
        s,
        "a sort key component must not be null; encode absence explicitly, e.g. with putBoolean");
    return putBytes(s.getBytes(StandardCharsets.UTF_8));
  }

  /** The bytes with their length (4 bytes, little-endian) first. */
  public SortKeyWriter putBytes(byte[] b) {
    Objects.requireNonNull(b, "a sort key component must not be null");
    putInt(b.length);
    out.write(b, 0, b.length);
    return check();
  }

  private SortKeyWriter check() {
    if (out.size() > MAX_BYTES) {
      throw new IllegalArgumentException(
          "the encoded sort key has "
              + out.size()
              + " bytes, over the limit of "
              + MAX_BYTES
              + "; a cursor carries the sort key of one row: keep it to the sort columns and the unique id");
    }
    return this;
  }

  byte[] toByteArray() {
    return out.toByteArray();
  }
}
