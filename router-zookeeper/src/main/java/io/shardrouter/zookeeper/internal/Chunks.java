package io.shardrouter.zookeeper.internal;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Splits a snapshot into chunks that each fit a znode, and joins and verifies them against their
 * {@link Manifest}: every chunk's length and CRC-32C, then the whole snapshot's length and CRC-32C.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> internal.
 */
public final class Chunks {
  private Chunks() {}

  /**
   * {@code bytes} in pieces of {@code chunkBytes} (the last may be shorter); at least one piece.
   */
  public static List<byte[]> split(byte[] bytes, int chunkBytes) {
    if (chunkBytes < 1) {
      throw new IllegalArgumentException("chunk size must be >= 1 byte, got " + chunkBytes);
    }
    List<byte[]> chunks = new ArrayList<>();
    for (int from = 0; from < bytes.length || chunks.isEmpty(); from += chunkBytes) {
      chunks.add(Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + chunkBytes)));
    }
    return chunks;
  }

  /** The CRC-32C of {@code bytes}. */
  public static int crc32c(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length);
    return (int) crc.getValue();
  }

  /**
   * The snapshot that {@code chunks} make up, after checking each of them and the whole against
   * {@code manifest}; {@code where} names the blob in errors.
   *
   * @throws InvalidRoutingTableException at {@code snapshot}, naming the chunk and what differs
   */
  public static byte[] join(Manifest manifest, List<byte[]> chunks, String where) {
    if (chunks.size() != manifest.chunks()) {
      throw corrupt(
          "blob "
              + where
              + " has "
              + chunks.size()
              + " chunks, its manifest (version "
              + manifest.version()
              + ") lists "
              + manifest.chunks()
              + "; publish the version again");
    }
    byte[] out = new byte[manifest.snapshotBytes()];
    int at = 0;
    for (int i = 0; i < chunks.size(); i++) {
      byte[] c = chunks.get(i);
      if (c.length != manifest.chunkLength(i)) {
        throw corrupt(
            "chunk "
                + i
                + " of blob "
                + where
                + " is "
                + c.length
                + " bytes, its manifest (version "
                + manifest.version()
                + ") says "
                + manifest.chunkLength(i)
                + "; publish the version again");
      }
      int crc = crc32c(c);
      if (crc != manifest.chunkCrc32c().get(i)) {
        throw corrupt(
            "chunk "
                + i
                + " of blob "
                + where
                + " has CRC-32C "
                + Integer.toHexString(crc)
                + ", its manifest (version "
                + manifest.version()
                + ") says "
                + Integer.toHexString(manifest.chunkCrc32c().get(i))
                + "; the chunk is damaged: publish the version again");
      }
      System.arraycopy(c, 0, out, at, c.length);
      at += c.length;
    }
    int crc = crc32c(out);
    if (crc != manifest.crc32c()) {
      throw corrupt(
          "snapshot of blob "
              + where
              + " has CRC-32C "
              + Integer.toHexString(crc)
              + ", its manifest (version "
              + manifest.version()
              + ") says "
              + Integer.toHexString(manifest.crc32c())
              + "; publish the version again");
    }
    return out;
  }

  /**
   * {@code bytes}, verified against their checksum, when they are a routing snapshot, the only form
   * the fleet stores (docs/fleet.md); otherwise the refusal, naming {@code what}, so that no other
   * form is read from a store where only a snapshot can have been written.
   */
  public static byte[] requireSnapshot(byte[] bytes, String what) {
    if (!RoutingDocuments.isSnapshot(bytes)) {
      throw corrupt(
          what
              + " is not a routing snapshot: it starts with 0x"
              + HexFormat.of().formatHex(bytes, 0, Math.min(4, bytes.length))
              + ", not 'SRTS'; publish the version again");
    }
    return bytes;
  }

  /**
   * The refusal of a stored snapshot that is not what its writer wrote, explained by {@code
   * message}: a violation at {@code snapshot}.
   */
  public static InvalidRoutingTableException corrupt(String message) {
    return new InvalidRoutingTableException(new Violation("snapshot", message));
  }

  /** As {@link #corrupt(String)}, keeping {@code cause}. */
  public static InvalidRoutingTableException corrupt(String message, Throwable cause) {
    InvalidRoutingTableException e = corrupt(message);
    e.initCause(cause);
    return e;
  }
}
