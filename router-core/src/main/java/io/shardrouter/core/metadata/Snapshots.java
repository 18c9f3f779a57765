package io.shardrouter.core.metadata;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violation;
import io.shardrouter.core.internal.LittleEndian;
import java.util.zip.CRC32C;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.jspecify.annotations.Nullable;

/**
 * The binary routing snapshot behind {@link RoutingDocuments#writeSnapshot} and the snapshot side
 * of {@link RoutingDocuments#read(byte[], StrategyRegistry, ReadLimits)}: the routing document of a
 * table, LZ4-compressed, framed by a magic number, a format version, both lengths and a CRC-32C
 * (layout in {@code docs/format.md}).
 *
 * <p>Reading never trusts the input: the declared length is checked against a limit and against
 * {@link #MAX_EXPANSION} times the compressed bytes present, and against a quarter of the heap
 * ({@link #contentBudget()}), before any buffer is allocated; decompression ({@link
 * Lz4BlockStream}) is bounded by the declared length and streams the content through a 64 KiB
 * window, so that its CRC-32C, its entry counts and its length without whitespace are known before
 * it is held, and then it is held without its whitespace; a checksum mismatch is an error. Every
 * such failure, and a snapshot over one of the caller's {@link ReadLimits}, is an {@link
 * InvalidRoutingTableException} with one violation; a snapshot whose content is an invalid table
 * gets the document's violations.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class Snapshots {
  /** The four bytes every snapshot starts with: ASCII {@code SRTS}. */
  private static final byte[] MAGIC = {'S', 'R', 'T', 'S'};

  /** The snapshot format this library writes and reads. */
  static final int FORMAT = 1;

  /**
   * The most an LZ4 block expands: each input byte yields at most 255 output bytes (a match length
   * grows by 255 per extra length byte), so a content length above {@code 255 × compressed + 255}
   * cannot be the block's and is refused before the content buffer is allocated; the buffer a
   * snapshot makes this library allocate is thereby bounded by its own size.
   */
  static final int MAX_EXPANSION = 255;

  static final int HEADER_BYTES = 20;

  /**
   * The share of the heap a snapshot's content may take while it is read: the content (without its
   * whitespace) may be at most {@code Runtime.maxMemory() / HEAP_SHARE} bytes.
   */
  static final int HEAP_SHARE = 4;

  private static final LZ4Factory LZ4 = LZ4Factory.safeInstance();

  private Snapshots() {}

  /** True when {@code bytes} starts with the snapshot magic. */
  static boolean isSnapshot(byte[] bytes) {
    return bytes.length >= 4
        && bytes[0] == MAGIC[0]
        && bytes[1] == MAGIC[1]
        && bytes[2] == MAGIC[2]
        && bytes[3] == MAGIC[3];
  }

  /** The snapshot of {@code table}. */
  static byte[] write(RoutingTable table) {
    byte[] content = RoutingDocuments.writeCompact(table);
    LZ4Compressor compressor = LZ4.fastCompressor();
    byte[] out = new byte[HEADER_BYTES + compressor.maxCompressedLength(content.length)];
    int compressed = compressor.compress(content, 0, content.length, out, HEADER_BYTES);
    System.arraycopy(MAGIC, 0, out, 0, 4);
    out[4] = (byte) FORMAT;
    out[5] = 0;
    out[6] = 0; // flags, reserved
    out[7] = 0;
    LittleEndian.putInt(out, 8, content.length);
    LittleEndian.putInt(out, 12, compressed);
    LittleEndian.putInt(out, 16, checksum(out, content));
    return java.util.Arrays.copyOf(out, HEADER_BYTES + compressed);
  }

  /**
   * The refusal of {@code bytes} when they are a snapshot whose magic bytes are damaged: at least
   * {@link #HEADER_BYTES} long and three of the four magic bytes in place (one damaged byte, the
   * likeliest damage, and bytes no JSON document starts with). Null for anything else, which is
   * then read as a document.
   */
  static @Nullable InvalidRoutingTableException damagedMagic(byte[] bytes) {
    if (bytes.length < HEADER_BYTES) {
      return null;
    }
    int same = 0;
    for (int i = 0; i < MAGIC.length; i++) {
      same += bytes[i] == MAGIC[i] ? 1 : 0;
    }
    return same != MAGIC.length - 1
        ? null
        : corrupt(
            "not a routing snapshot: magic is 0x"
                + io.shardrouter.core.internal.Hex.of(bytes, 0, 4)
                + ", expected 0x53525453 ('SRTS'), and not a JSON document either; the file is"
                + " damaged: copy it again from its source");
  }

  /**
   * Reads a snapshot, whose magic bytes the caller has checked, within {@code limits}: its declared
   * content length, then its content as a document (entries and partitions; the content's size
   * limit is the snapshot content limit).
   *
   * @throws InvalidRoutingTableException when the bytes are not an intact snapshot (at {@code
   *     snapshot}), the snapshot declares more content than {@code
   *     limits.maxSnapshotContentBytes()}, or its content is over another of {@code limits} or not
   *     a valid routing table
   */
  static RoutingTable read(byte[] snapshot, StrategyRegistry registry, ReadLimits limits) {
    int maxContentBytes = limits.maxSnapshotContentBytes();
    if (snapshot.length < HEADER_BYTES) {
      throw corrupt(
          "snapshot is truncated: "
              + snapshot.length
              + " bytes, shorter than the "
              + HEADER_BYTES
              + "-byte header; copy the file again from its source");
    }
    int format = (snapshot[4] & 0xFF) | (snapshot[5] & 0xFF) << 8;
    if (format != FORMAT) {
      throw corrupt(
          "snapshot format "
              + format
              + " is not supported; this library reads format "
              + FORMAT
              + ": read it with the library version that wrote it, or write it again as format "
              + FORMAT);
    }
    int flags = (snapshot[6] & 0xFF) | (snapshot[7] & 0xFF) << 8;
    if (flags != 0) {
      throw corrupt(
          "snapshot flags are 0x"
              + Integer.toHexString(flags)
              + "; format 1 defines none, so they must be 0");
    }
    long contentLength = LittleEndian.getInt(snapshot, 8) & 0xFFFFFFFFL;
    long compressedLength = LittleEndian.getInt(snapshot, 12) & 0xFFFFFFFFL;
    if (contentLength > maxContentBytes) {
      throw new InvalidRoutingTableException(
          new Violation(
              "$",
              "snapshot declares "
                  + contentLength
                  + " content bytes, over the limit of "
                  + maxContentBytes
                  + " (ReadLimits.maxSnapshotContentBytes); raise the limit where the table is"
                  + " read if the table is really that large"));
    }
    long available = snapshot.length - HEADER_BYTES;
    if (compressedLength != available) {
      throw corrupt(
          compressedLength > available
              ? "snapshot is truncated: header declares "
                  + compressedLength
                  + " compressed bytes, only "
                  + available
                  + " follow"
              : "snapshot has "
                  + (available - compressedLength)
                  + " trailing bytes after the declared "
                  + compressedLength
                  + " compressed bytes");
    }
    if (contentLength > compressedLength * MAX_EXPANSION + MAX_EXPANSION) {
      throw corrupt(
          "snapshot declares "
              + contentLength
              + " content bytes from "
              + compressedLength
              + " compressed bytes; LZ4 expands at most "
              + MAX_EXPANSION
              + " times (at most "
              + (compressedLength * MAX_EXPANSION + MAX_EXPANSION)
              + " bytes here), so the header is damaged or forged: copy the file again from its"
              + " source");
    }
    long budget = contentBudget();
    if (contentLength > budget) {
      throw overBudget(contentLength, budget, maxContentBytes);
    }
    // Checked first without holding the content: decompressed in chunks through a 64 KiB window
    // for its length, checksum, entries and length without whitespace. Only then is it held, in
    // an array of that length: whitespace-padded content is never held whole.
    SnapshotContent content =
        new SnapshotContent(snapshot, null, limits.maxEntries(), RoutingDocuments.MAX_NESTING);
    long produced;
    try {
      produced =
          Lz4BlockStream.decode(
              snapshot, HEADER_BYTES, (int) compressedLength, contentLength, content);
    } catch (Lz4BlockStream.MalformedBlockException e) {
      throw undecodable(contentLength, e);
    }
    if (produced != contentLength) {
      throw corrupt(
          "snapshot content decompresses to "
              + produced
              + " bytes, header declares "
              + contentLength);
    }
    int expected = LittleEndian.getInt(snapshot, 16);
    int actual = content.checksum();
    if (expected != actual) {
      throw corrupt(
          "snapshot checksum mismatch: header has CRC-32C 0x"
              + Integer.toHexString(expected)
              + ", content gives 0x"
              + Integer.toHexString(actual)
              + "; the file is damaged: copy it again from its source");
    }
    if (content.overEntries() != null) {
      throw content.overEntries();
    }
    byte[] json;
    try {
      json = new byte[content.keptLength()];
    } catch (OutOfMemoryError e) {
      throw heapTooSmall(contentLength, maxContentBytes, e); // the budget's backstop
    }
    try {
      if (json.length == contentLength) { // no whitespace, as the writer writes it
        Lz4BlockStream.decodeInto(snapshot, HEADER_BYTES, (int) compressedLength, json);
      } else {
        Lz4BlockStream.decode(
            snapshot,
            HEADER_BYTES,
            (int) compressedLength,
            contentLength,
            new SnapshotContent(snapshot, json, Integer.MAX_VALUE, RoutingDocuments.MAX_NESTING));
      }
    } catch (Lz4BlockStream.MalformedBlockException e) {
      throw undecodable(contentLength, e); // it decoded a moment ago: not expected
    }
    try {
      return RoutingDocuments.readDocument(
          json, registry, limits.withMaxDocumentBytes(maxContentBytes), true);
    } catch (OutOfMemoryError e) {
      throw heapTooSmall(contentLength, maxContentBytes, e); // the budget's backstop
    }
  }

  /**
   * The most content a snapshot read may hold, in bytes: a {@value #HEAP_SHARE}th of the most heap
   * this process may have. A routing document of that size fits in the heap with the table read
   * from it (the default 64 MiB document limit is a quarter of a 256 MiB heap, format.md §3.4).
   */
  static long contentBudget() {
    return Runtime.getRuntime().maxMemory() / HEAP_SHARE;
  }

  /** The refusal of a block that is not an LZ4 block of the declared content length. */
  private static InvalidRoutingTableException undecodable(
      long contentLength, Lz4BlockStream.MalformedBlockException e) {
    return corrupt(
        "snapshot content does not decompress within its declared "
            + contentLength
            + " bytes ("
            + e.getMessage()
            + "); the file is damaged: copy it again from its source",
        e);
  }

  /**
   * The refusal of a snapshot that declares more content than this process's budget for it ({@link
   * #contentBudget()}): within the limits, but a 1 MB snapshot may expand to 256 MiB, more than a
   * small heap holds with the table read from it. Refused before anything is decompressed.
   */
  private static InvalidRoutingTableException overBudget(
      long contentLength, long budget, int maxContentBytes) {
    return new InvalidRoutingTableException(
        new Violation(
            "$",
            "snapshot declares "
                + contentLength
                + " content bytes, over this process's heap budget for snapshot content of "
                + budget
                + " bytes (1/"
                + HEAP_SHARE
                + " of its "
                + (Runtime.getRuntime().maxMemory() >> 20)
                + " MiB heap, Runtime.maxMemory()); within ReadLimits.maxSnapshotContentBytes ("
                + maxContentBytes
                + ") but refused before it is decompressed, and the table served stays: if the"
                + " table is really that large give the process more heap (-Xmx, at least "
                + HEAP_SHARE
                + " times the content), else lower ReadLimits.maxSnapshotContentBytes where the"
                + " table is read"));
  }

  /**
   * The refusal of a snapshot whose content (within the limits) does not fit in this process's heap
   * with the table built from it: a snapshot inside {@link ReadLimits#defaults()} may still expand
   * to more than a small heap holds (1 MB of LZ4 to 256 MiB of content), and the process stays up
   * to serve its last good table.
   */
  private static InvalidRoutingTableException heapTooSmall(
      long contentLength, int maxContentBytes, OutOfMemoryError cause) {
    InvalidRoutingTableException e =
        new InvalidRoutingTableException(
            new Violation(
                "$",
                "snapshot content of "
                    + contentLength
                    + " bytes (within ReadLimits.maxSnapshotContentBytes, "
                    + maxContentBytes
                    + ") does not fit in this process's heap of "
                    + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB together with the table read from it; refused, and the table served"
                    + " stays: if the table is really that large give the process more heap"
                    + " (-Xmx), else lower ReadLimits.maxSnapshotContentBytes where the table is"
                    + " read so such input is refused before it is decompressed"));
    e.initCause(cause);
    return e;
  }

  /**
   * The refusal of a stored snapshot that is not what its writer wrote, explained by {@code
   * message}: a violation at {@code snapshot}.
   */
  private static InvalidRoutingTableException corrupt(String message) {
    return new InvalidRoutingTableException(new Violation("snapshot", message));
  }

  /** As {@link #corrupt(String)}, keeping {@code cause}. */
  private static InvalidRoutingTableException corrupt(String message, Throwable cause) {
    InvalidRoutingTableException e = corrupt(message);
    e.initCause(cause);
    return e;
  }

  /** CRC-32C over header bytes [0, 16) and the uncompressed content. */
  private static int checksum(byte[] header, byte[] content) {
    CRC32C crc = new CRC32C();
    crc.update(header, 0, 16);
    crc.update(content, 0, content.length);
    return (int) crc.getValue();
  }
}
