package io.shardrouter.query;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Writes a sort key into a cursor and reads it back: the caller's part of the cursor format. Write
 * every component of the key, the unique tie-breaker included (a cursor that holds only the
 * timestamp loses the other rows of that timestamp at a page boundary), and read them back in the
 * same order, so that {@code read(write(k))} equals {@code k}.
 *
 * <pre>{@code
 * SortKeyCodec<OrderKey> codec = SortKeyCodec.of(
 *     (k, out) -> out.putLong(k.createdAt()).putString(k.orderId()),
 *     in -> new OrderKey(in.getLong(), in.getString()));
 * }</pre>
 *
 * <p>What is written is part of every cursor handed out: change it only together with the {@link
 * SortOrder#name() sort name}, so that old cursors are refused instead of misread.
 *
 * <p><b>Thread-safety:</b> implementations must be stateless or immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <K> the sort key type
 * @since 0.1
 */
public interface SortKeyCodec<K> {

  /** Writes every component of {@code key}. */
  void write(K key, Writer out);

  /** Reads a key written by {@link #write}; the reader refuses reads past the end. */
  K read(Reader in);

  /** A codec from two functions. */
  static <K> SortKeyCodec<K> of(
      BiConsumer<? super K, Writer> write, Function<Reader, ? extends K> read) {
    Objects.requireNonNull(write, "write");
    Objects.requireNonNull(read, "read");
    return new SortKeyCodec<>() {
      @Override
      public void write(K key, Writer out) {
        write.accept(key, out);
      }

      @Override
      public K read(Reader in) {
        return read.apply(in);
      }
    };
  }

  /**
   * Reads back, in order, the components a {@link Writer} wrote into a cursor. Reading past the
   * end, or a length that does not fit, throws {@link InvalidCursorException} ({@code MALFORMED}).
   *
   * <p><b>Thread-safety:</b> mutable; confined to the thread decoding one cursor.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @since 0.1
   */
  final class Reader {
    private final byte[] bytes;
    private int pos;

    Reader(byte[] bytes) {
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

  /**
   * Collects the components of one sort key for a cursor: numbers little-endian, text as UTF-8 with
   * its length, in the order written. A {@link SortKeyCodec.Reader} reads them back in the same
   * order.
   *
   * <p><b>Thread-safety:</b> mutable; confined to the thread encoding one cursor.
   *
   * <p><b>Stability:</b> evolving; the byte layout is part of cursor format 1.
   *
   * @since 0.1
   */
  final class Writer {
    /** The largest encoded sort key, in bytes. */
    public static final int MAX_BYTES = 1024;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream(32);

    Writer() {}

    /** 8 bytes, little-endian. */
    public Writer putLong(long v) {
      for (int i = 0; i < 8; i++) {
        out.write((int) (v >>> (8 * i)));
      }
      return check();
    }

    /** 4 bytes, little-endian. */
    public Writer putInt(int v) {
      for (int i = 0; i < 4; i++) {
        out.write(v >>> (8 * i));
      }
      return check();
    }

    /** 1 byte: 1 or 0. */
    public Writer putBoolean(boolean v) {
      out.write(v ? 1 : 0);
      return check();
    }

    /** The UTF-8 bytes with their length (4 bytes, little-endian) first. */
    public Writer putString(String s) {
      Objects.requireNonNull(
          s,
          "a sort key component must not be null; encode absence explicitly, e.g. with putBoolean");
      return putBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** The bytes with their length (4 bytes, little-endian) first. */
    public Writer putBytes(byte[] b) {
      Objects.requireNonNull(b, "a sort key component must not be null");
      putInt(b.length);
      out.write(b, 0, b.length);
      return check();
    }

    private Writer check() {
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
}
