package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.junit.jupiter.api.Test;

/**
 * The streaming LZ4 block decoder gives what lz4-java gives for every block lz4-java's compressors
 * write, across window slides, and accepts no damaged block that lz4-java's safe decompressor (the
 * snapshot reader's decoder before it) refuses.
 */
class Lz4BlockStreamTest {
  private static final LZ4Factory LZ4 = LZ4Factory.safeInstance();

  /** Compressible bytes: runs, repeats at random distances within 64 KiB, and noise. */
  private static byte[] content(SplittableRandom r, int length) {
    byte[] b = new byte[length];
    int i = 0;
    while (i < length) {
      int n = Math.min(length - i, 1 + r.nextInt(300));
      switch (r.nextInt(4)) {
        case 0 -> Arrays.fill(b, i, i + n, (byte) (' ' + r.nextInt(3)));
        case 1 -> {
          int back = 1 + r.nextInt(Math.min(Math.max(i, 1), 65535));
          for (int k = 0; k < n; k++) {
            b[i + k] = i + k - back >= 0 ? b[i + k - back] : (byte) 'x';
          }
        }
        default -> {
          for (int k = 0; k < n; k++) {
            b[i + k] = (byte) ('a' + r.nextInt(r.nextBoolean() ? 4 : 26));
          }
        }
      }
      i += n;
    }
    return b;
  }

  private static byte[] streamed(byte[] block, long contentLength)
      throws Lz4BlockStream.MalformedBlockException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long n = Lz4BlockStream.decode(block, 0, block.length, contentLength, out::write);
    byte[] b = out.toByteArray();
    assertEquals(n, b.length);
    return b;
  }

  @Test
  void decodesWhatLz4JavaWrites_acrossWindowSlides() throws Exception {
    SplittableRandom r = new SplittableRandom(34);
    int[] lengths = {
      1,
      2,
      7,
      8,
      13,
      100,
      65535,
      65536,
      65537,
      Lz4BlockStream.WINDOW + Lz4BlockStream.CHUNK + 1,
      3 << 20
    };
    for (LZ4Compressor c : new LZ4Compressor[] {LZ4.fastCompressor(), LZ4.highCompressor()}) {
      for (int length : lengths) {
        byte[] content = content(r, length);
        byte[] block = c.compress(content);
        assertArrayEquals(content, streamed(block, length), "length " + length);
        byte[] into = new byte[length];
        assertEquals(length, Lz4BlockStream.decodeInto(block, 0, block.length, into));
        assertArrayEquals(content, into, "length " + length);
      }
    }
  }

  @Test
  void aLongRepeatOfOneByte_isCopiedWhole() throws Exception {
    byte[] content = new byte[5 << 20];
    Arrays.fill(content, (byte) ' ');
    content[content.length - 1] = '}';
    byte[] block = LZ4.fastCompressor().compress(content);
    assertArrayEquals(content, streamed(block, content.length));
  }

  @Test
  void emptyContent_onlyTheOneZeroToken() throws Exception {
    assertEquals(0, streamed(new byte[] {0}, 0).length);
    assertThrows(
        Lz4BlockStream.MalformedBlockException.class, () -> streamed(new byte[] {0, 0}, 0));
    assertThrows(Lz4BlockStream.MalformedBlockException.class, () -> streamed(new byte[] {1}, 0));
  }

  @Test
  void damagedBlocks_acceptedOnlyWhenLz4JavaAcceptsThemAlike() {
    SplittableRandom r = new SplittableRandom(3434);
    LZ4SafeDecompressor lz4java = LZ4.safeDecompressor();
    int accepted = 0;
    for (int trial = 0; trial < 20_000; trial++) {
      byte[] content = content(r, 1 + r.nextInt(3000));
      byte[] block = LZ4.fastCompressor().compress(content);
      switch (r.nextInt(4)) {
        case 0 -> block[r.nextInt(block.length)] = (byte) r.nextInt(256);
        case 1 -> block = Arrays.copyOf(block, Math.max(1, block.length - 1 - r.nextInt(8)));
        case 2 -> block = Arrays.copyOf(block, block.length + 1 + r.nextInt(8));
        default -> {
          for (int k = 0; k < 3; k++) {
            block[r.nextInt(block.length)] ^= (byte) (1 << r.nextInt(8));
          }
        }
      }
      int contentLength = Math.max(0, content.length + r.nextInt(17) - 8);
      byte[] mine;
      try {
        mine = streamed(block, contentLength);
      } catch (Lz4BlockStream.MalformedBlockException refused) {
        continue;
      }
      accepted++;
      // A read past the block's end is a refusal too: the snapshot's block ends its array.
      byte[] theirs = new byte[contentLength];
      int n = lz4java.decompress(block, 0, block.length, theirs, 0, contentLength);
      assertArrayEquals(Arrays.copyOf(theirs, n), mine, "trial " + trial);
    }
    assertTrue(accepted > 100, "only " + accepted + " damaged blocks decoded");
  }

  /** A length's token nibble and extra bytes. */
  private static void length(ByteArrayOutputStream out, int n) {
    if (n >= 15) {
      int rest = n - 15;
      while (rest >= 255) {
        out.write(255);
        rest -= 255;
      }
      out.write(rest);
    }
  }

  /**
   * Blocks written sequence by sequence with random lengths and offsets near every rule at the
   * block's end, some of them broken, read for a random content length near what they produce: the
   * streaming decoder and lz4-java's safe decompressor accept the same blocks (but a match offset
   * of 0, which only lz4-java accepts) and decode them to the same bytes.
   */
  @Test
  void synthesizedBlocks_acceptedExactlyWhenLz4JavaAcceptsThem() {
    SplittableRandom r = new SplittableRandom(1234);
    LZ4SafeDecompressor lz4java = LZ4.safeDecompressor();
    int accepted = 0;
    int refused = 0;
    for (int trial = 0; trial < 200_000; trial++) {
      ByteArrayOutputStream block = new ByteArrayOutputStream();
      int produced = 0;
      boolean zeroOffset = false;
      int sequences = r.nextInt(4);
      for (int q = 0; q <= sequences; q++) {
        boolean last = q == sequences;
        int literals = r.nextInt(r.nextBoolean() ? 4 : 40);
        int match = r.nextInt(r.nextBoolean() ? 8 : 300);
        block.write(Math.min(literals, 15) << 4 | (last ? 0 : Math.min(match, 15)));
        length(block, literals);
        for (int k = 0; k < literals; k++) {
          block.write('a' + r.nextInt(3));
        }
        produced += literals;
        if (!last) {
          int offset = r.nextInt(10) == 0 ? r.nextInt(3) : 1 + r.nextInt(Math.max(1, produced + 2));
          zeroOffset |= offset == 0;
          block.write(offset & 0xFF);
          block.write(offset >>> 8);
          length(block, match);
          produced += match + 4;
        }
      }
      byte[] b = block.toByteArray();
      if (r.nextInt(8) == 0) {
        b = Arrays.copyOf(b, Math.max(1, b.length + r.nextInt(5) - 3));
      }
      int contentLength = Math.max(0, produced + (r.nextBoolean() ? 0 : r.nextInt(25) - 12));
      byte[] mine;
      try {
        mine = streamed(b, contentLength);
      } catch (Lz4BlockStream.MalformedBlockException e) {
        mine = null;
      }
      byte[] theirs = new byte[contentLength];
      int n;
      try {
        n = lz4java.decompress(b, 0, b.length, theirs, 0, contentLength);
      } catch (RuntimeException e) {
        n = -1;
      }
      String what =
          "trial " + trial + ", content length " + contentLength + ", block " + Arrays.toString(b);
      if (mine != null) {
        accepted++;
        assertTrue(n >= 0, what + " accepted here only");
        assertArrayEquals(Arrays.copyOf(theirs, n), mine, what);
      } else {
        refused++;
        assertTrue(n < 0 || zeroOffset, what + " accepted by lz4-java only");
      }
    }
    assertTrue(accepted > 10_000 && refused > 10_000, accepted + " accepted, " + refused);
  }
}
