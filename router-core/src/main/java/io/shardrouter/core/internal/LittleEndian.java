package io.shardrouter.core.internal;

/**
 * Little-endian reads and writes of fixed-width numbers, the byte order of every number in the
 * canonical key encoding and in snapshots.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable.
 *
 * <p><b>Allocation:</b> none.
 *
 * @since 0.1
 */
public final class LittleEndian {
  private LittleEndian() {}

  public static void putLong(byte[] b, int off, long v) {
    for (int i = 0; i < 8; i++) {
      b[off + i] = (byte) (v >>> (8 * i));
    }
  }

  public static void putInt(byte[] b, int off, int v) {
    b[off] = (byte) v;
    b[off + 1] = (byte) (v >>> 8);
    b[off + 2] = (byte) (v >>> 16);
    b[off + 3] = (byte) (v >>> 24);
  }

  public static long getLong(byte[] b, int off) {
    long v = 0;
    for (int i = 7; i >= 0; i--) {
      v = (v << 8) | (b[off + i] & 0xFFL);
    }
    return v;
  }

  public static int getInt(byte[] b, int off) {
    return (b[off] & 0xFF)
        | (b[off + 1] & 0xFF) << 8
        | (b[off + 2] & 0xFF) << 16
        | (b[off + 3] & 0xFF) << 24;
  }
}
