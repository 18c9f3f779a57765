package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.LittleEndian;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
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
    byte[] snap = RoutingDocuments.writeSnapshot(Tables.table(42, 4096, 7));
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
        InvalidRoutingTableException e =
            assertThrows(
                InvalidRoutingTableException.class,
                () ->
                    RoutingDocuments.read(forged, ByteSumStrategy.REGISTRY, ReadLimits.defaults()),
                "content byte " + i);
        assertEquals("snapshot", e.violations().get(0).path(), e::getMessage);
        assertTrue(
            e.violations().get(0).message().startsWith("snapshot checksum mismatch"),
            e::getMessage);
        return;
      }
    }
    throw new AssertionError("no single-bit change kept the compressed length; pick another table");
  }
}
