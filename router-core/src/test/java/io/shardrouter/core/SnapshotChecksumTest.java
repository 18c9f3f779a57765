package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.LittleEndian;
import io.shardrouter.core.metadata.Snapshots;
import java.util.Arrays;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;

/**
 * The snapshot checksum covers the content: a content byte changed and compressed again to the same
 * compressed length (so every header byte stays as written) is refused, not read as another table.
 */
class SnapshotChecksumTest {
  @Test
  void read_contentAlteredSameLengths_refusedByTheChecksum() {
    byte[] snap = Snapshots.write(Tables.table(42, 4096, 7));
    int contentLength = LittleEndian.getInt(snap, 8);
    int compressedLength = LittleEndian.getInt(snap, 12);
    byte[] content = new byte[contentLength];
    LZ4Factory lz4 = LZ4Factory.safeInstance();
    lz4.safeDecompressor().decompress(snap, 20, compressedLength, content, 0, contentLength);
    LZ4Compressor compressor = lz4.fastCompressor();
    byte[] out = new byte[compressor.maxCompressedLength(contentLength)];
    for (int i = 0; i < contentLength; i++) {
      byte[] altered = content.clone();
      altered[i] ^= 1;
      int n = compressor.compress(altered, 0, contentLength, out, 0);
      if (n == compressedLength) {
        byte[] forged = Arrays.copyOf(snap, snap.length);
        System.arraycopy(out, 0, forged, 20, n);
        CorruptSnapshotException e =
            assertThrows(
                CorruptSnapshotException.class,
                () ->
                    Snapshots.read(
                        forged, ByteSumStrategy.REGISTRY, Snapshots.DEFAULT_MAX_CONTENT_BYTES),
                "content byte " + i);
        assertTrue(e.getMessage().startsWith("snapshot checksum mismatch"), e.getMessage());
        return;
      }
    }
    throw new AssertionError("no single-bit change kept the compressed length; pick another table");
  }
}
