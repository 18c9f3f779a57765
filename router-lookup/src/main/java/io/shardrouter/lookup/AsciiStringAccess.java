package io.shardrouter.lookup;

import java.nio.ByteOrder;
import net.openhft.hashing.Access;

/**
 * Reads an all-ASCII {@link String} as the bytes of its UTF-8 form (which for ASCII are its chars),
 * so Zero-Allocation-Hashing functions hash the canonical bytes of a text key in place.
 * Only valid for strings that {@link io.shardrouter.core.key.Utf8#isAscii} accepts.
 *
 * <p>The same adapter as router-hash's, which router-lookup does not depend on at run time.
 */
final class AsciiStringAccess extends Access<String> {
  static final AsciiStringAccess LITTLE_ENDIAN = new AsciiStringAccess(false);
  private static final AsciiStringAccess BIG_ENDIAN = new AsciiStringAccess(true);

  private final boolean bigEndian;

  private AsciiStringAccess(boolean bigEndian) {
    this.bigEndian = bigEndian;
  }

  @Override
  public long getLong(String s, long offset) {
    int i = (int) offset;
    long v = (long) s.charAt(i)
        | (long) s.charAt(i + 1) << 8
        | (long) s.charAt(i + 2) << 16
        | (long) s.charAt(i + 3) << 24
        | (long) s.charAt(i + 4) << 32
        | (long) s.charAt(i + 5) << 40
        | (long) s.charAt(i + 6) << 48
        | (long) s.charAt(i + 7) << 56;
    return bigEndian ? Long.reverseBytes(v) : v;
  }

  @Override
  public int getInt(String s, long offset) {
    int i = (int) offset;
    int v = s.charAt(i) | s.charAt(i + 1) << 8 | s.charAt(i + 2) << 16 | s.charAt(i + 3) << 24;
    return bigEndian ? Integer.reverseBytes(v) : v;
  }

  @Override
  public long getUnsignedInt(String s, long offset) {
    return getInt(s, offset) & 0xFFFFFFFFL;
  }

  @Override
  public int getShort(String s, long offset) {
    int i = (int) offset;
    int v = bigEndian ? s.charAt(i) << 8 | s.charAt(i + 1) : s.charAt(i) | s.charAt(i + 1) << 8;
    return (short) v;
  }

  @Override
  public int getUnsignedShort(String s, long offset) {
    return getShort(s, offset) & 0xFFFF;
  }

  @Override
  public int getUnsignedByte(String s, long offset) {
    return s.charAt((int) offset);
  }

  @Override
  public int getByte(String s, long offset) {
    return s.charAt((int) offset);
  }

  @Override
  public ByteOrder byteOrder(String s) {
    return bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
  }

  @Override
  protected Access<String> reverseAccess() {
    return bigEndian ? LITTLE_ENDIAN : BIG_ENDIAN;
  }
}
