package io.shardrouter.core.metadata;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * Format-1 snapshots whose LZ4 blocks are written by hand, without holding their content: a head, a
 * region that repeats one pattern, and a tail. So a test makes a snapshot of 256 MiB of content in
 * a few megabytes of its own heap.
 */
final class SnapshotBombs {
  private SnapshotBombs() {}

  /**
   * The content {@code head}, then {@code pattern} repeated to {@code length} bytes, then {@code
   * tail} (at least 5 bytes; the head and the pattern end at least 12 bytes before the end), as one
   * match of offset {@code pattern.length}: a 255-fold expansion.
   */
  static byte[] run(String head, String pattern, long length, String tail) {
    byte[] h = ascii(head);
    byte[] p = ascii(pattern);
    byte[] t = ascii(tail);
    ByteArrayOutputStream block = new ByteArrayOutputStream();
    byte[] first = concat(h, p);
    long match = length - p.length;
    sequence(block, first, p.length, match);
    lastLiterals(block, t);
    return frame(h, p, length, t, block.toByteArray());
  }

  /**
   * The same content as {@link #run} with {@code 5 × sequences + 3} repeated bytes of a 4-byte
   * {@code pattern}, but as that many minimal sequences (after the first, one literal and a match
   * of 4, 4 bytes each): the most sequences a block of its size holds. {@code tail} is at least 8
   * bytes, so that the last match's literal ends 12 bytes before the end, as LZ4 requires.
   */
  static byte[] tiny(String head, String pattern, int sequences, String tail) {
    byte[] h = ascii(head);
    byte[] p = ascii(pattern);
    byte[] t = ascii(tail);
    if (p.length != 4) {
      throw new IllegalArgumentException("a 4-byte pattern");
    }
    long length = 5L * sequences + 3;
    ByteArrayOutputStream block = new ByteArrayOutputStream();
    byte[] first = concat(h, p);
    sequence(block, first, 4, 4);
    long at = 8; // repeated bytes written so far
    for (int i = 1; i < sequences; i++) {
      sequence(block, new byte[] {p[(int) (at % p.length)]}, p.length, 4);
      at += 5;
    }
    lastLiterals(block, t);
    if (at != length) {
      throw new IllegalStateException(at + " != " + length);
    }
    return frame(h, p, length, t, block.toByteArray());
  }

  /** One sequence: {@code literals}, then a match of {@code match} bytes at {@code offset}. */
  private static void sequence(ByteArrayOutputStream out, byte[] literals, int offset, long match) {
    long m = match - 4;
    out.write((int) (Math.min(literals.length, 15) << 4 | Math.min(m, 15)));
    length(out, literals.length);
    out.write(literals, 0, literals.length);
    out.write(offset & 0xFF);
    out.write(offset >>> 8);
    length(out, m);
  }

  private static void lastLiterals(ByteArrayOutputStream out, byte[] literals) {
    out.write(Math.min(literals.length, 15) << 4);
    length(out, literals.length);
    out.write(literals, 0, literals.length);
  }

  /** The extra bytes of a length whose 4 bits in the token are 15. */
  private static void length(ByteArrayOutputStream out, long n) {
    if (n < 15) {
      return;
    }
    long rest = n - 15;
    byte[] ff = new byte[4096];
    java.util.Arrays.fill(ff, (byte) 0xFF);
    while (rest >= 255L * ff.length) {
      out.write(ff, 0, ff.length);
      rest -= 255L * ff.length;
    }
    while (rest >= 255) {
      out.write(0xFF);
      rest -= 255;
    }
    out.write((int) rest);
  }

  /**
   * A format-1 header declaring {@code content} bytes of content in a block of {@code blockBytes}
   * (no checksum written), followed by {@code blockBytes} zero bytes for the block.
   */
  static byte[] header(long content, int blockBytes) {
    byte[] out = new byte[Snapshots.HEADER_BYTES + blockBytes];
    out[0] = 'S';
    out[1] = 'R';
    out[2] = 'T';
    out[3] = 'S';
    out[4] = (byte) Snapshots.FORMAT;
    putInt(out, 8, (int) content);
    putInt(out, 12, blockBytes);
    return out;
  }

  private static byte[] frame(byte[] h, byte[] p, long length, byte[] t, byte[] block) {
    long content = h.length + length + t.length;
    byte[] out = header(content, block.length);
    CRC32C crc = new CRC32C();
    crc.update(out, 0, 16);
    crc.update(h);
    byte[] chunk = new byte[p.length << 16];
    for (int i = 0; i < chunk.length; i++) {
      chunk[i] = p[i % p.length];
    }
    for (long left = length; left > 0; left -= chunk.length) {
      crc.update(chunk, 0, (int) Math.min(left, chunk.length));
    }
    crc.update(t);
    putInt(out, 16, (int) crc.getValue());
    System.arraycopy(block, 0, out, Snapshots.HEADER_BYTES, block.length);
    return out;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
    b[at + 2] = (byte) (v >>> 16);
    b[at + 3] = (byte) (v >>> 24);
  }
}
