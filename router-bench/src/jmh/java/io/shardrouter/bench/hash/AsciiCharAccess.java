package io.shardrouter.bench.hash;

import java.nio.ByteOrder;
import net.openhft.hashing.Access;

/**
 * A copy of the {@code Access} router-hash first used for ASCII strings: 8 {@code charAt} calls
 * packed into one little-endian {@code long}. Kept here so {@link StringHashBenchmark} can compare
 * it with what router-hash does now. Little-endian platforms only (the benchmarks run on x86-64 and
 * aarch64).
 */
final class AsciiCharAccess extends Access<String> {
  static final AsciiCharAccess INSTANCE = new AsciiCharAccess();

  private AsciiCharAccess() {}

  @Override
  public long getLong(String s, long offset) {
    int i = (int) offset;
    return (long) s.charAt(i)
        | (long) s.charAt(i + 1) << 8
        | (long) s.charAt(i + 2) << 16
        | (long) s.charAt(i + 3) << 24
        | (long) s.charAt(i + 4) << 32
        | (long) s.charAt(i + 5) << 40
        | (long) s.charAt(i + 6) << 48
        | (long) s.charAt(i + 7) << 56;
  }

  @Override
  public int getInt(String s, long offset) {
    int i = (int) offset;
    return s.charAt(i) | s.charAt(i + 1) << 8 | s.charAt(i + 2) << 16 | s.charAt(i + 3) << 24;
  }

  @Override
  public long getUnsignedInt(String s, long offset) {
    return getInt(s, offset) & 0xFFFFFFFFL;
  }

  @Override
  public int getShort(String s, long offset) {
    int i = (int) offset;
    return (short) (s.charAt(i) | s.charAt(i + 1) << 8);
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
    return ByteOrder.LITTLE_ENDIAN;
  }

  @Override
  protected Access<String> reverseAccess() {
    throw new UnsupportedOperationException("little-endian access only");
  }
}
