package io.shardrouter.zookeeper.internal;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a published version is made of: the entity, version and fingerprint of the table, the blob
 * that holds its binary snapshot in {@code chunks} chunks of {@code chunkBytes} (the last may be
 * shorter), the snapshot's length and CRC-32C, the CRC-32C of every chunk, and when and by whom it
 * was published. The text form is {@link KeyValueText}; the fields are listed in {@code
 * docs/fleet.md}.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> internal.
 *
 * @param entity the entity of the table
 * @param version the table's version
 * @param fingerprint the table's content fingerprint
 * @param blob the name of the blob node under {@code blobs}
 * @param chunkBytes the length of every chunk but the last
 * @param snapshotBytes the length of the whole snapshot
 * @param crc32c the CRC-32C of the whole snapshot
 * @param chunkCrc32c the CRC-32C of each chunk, in order
 * @param publishedAt when the publisher committed it
 * @param publisher who published it
 */
public record Manifest(
    String entity,
    long version,
    String fingerprint,
    String blob,
    int chunkBytes,
    int snapshotBytes,
    int crc32c,
    List<Integer> chunkCrc32c,
    Instant publishedAt,
    String publisher) {
  /** The manifest format this library writes and reads. */
  public static final int FORMAT = 1;

  private static final String[] KEYS = {
    "format",
    "entity",
    "version",
    "fingerprint",
    "blob",
    "chunks",
    "chunk_bytes",
    "snapshot_bytes",
    "crc32c",
    "chunk_crc32c",
    "published_at",
    "publisher"
  };

  /** Copies the chunk checksums. */
  public Manifest {
    chunkCrc32c = List.copyOf(chunkCrc32c);
  }

  /** The number of chunks. */
  public int chunks() {
    return chunkCrc32c.size();
  }

  /** The length of chunk {@code index}. */
  public int chunkLength(int index) {
    return index < chunks() - 1 ? chunkBytes : snapshotBytes - chunkBytes * (chunks() - 1);
  }

  /** The text form. */
  public byte[] toBytes() {
    StringBuilder crcs = new StringBuilder();
    for (int i = 0; i < chunkCrc32c.size(); i++) {
      crcs.append(i == 0 ? "" : ",").append(Integer.toHexString(chunkCrc32c.get(i)));
    }
    return new KeyValueText()
        .put("format", FORMAT)
        .put("entity", entity)
        .put("version", version)
        .put("fingerprint", fingerprint)
        .put("blob", blob)
        .put("chunks", chunks())
        .put("chunk_bytes", chunkBytes)
        .put("snapshot_bytes", snapshotBytes)
        .put("crc32c", Integer.toHexString(crc32c))
        .put("chunk_crc32c", crcs)
        .put("published_at", publishedAt)
        .put("publisher", publisher)
        .toBytes();
  }

  /**
   * Reads the text form found at {@code path}.
   *
   * @throws KeyValueText.FormatException naming the field when the text is not a manifest
   */
  public static Manifest parse(byte[] bytes, String path) {
    String what = "manifest " + path;
    Map<String, String> f = KeyValueText.parse(bytes, what, KEYS);
    long format = KeyValueText.longOf(f, "format", what);
    if (format != FORMAT) {
      throw new KeyValueText.FormatException(
          what
              + " has format "
              + format
              + "; this library reads format "
              + FORMAT
              + ": read it with the library version that published it");
    }
    long version = KeyValueText.longOf(f, "version", what);
    long chunks = KeyValueText.longOf(f, "chunks", what);
    long chunkBytes = KeyValueText.longOf(f, "chunk_bytes", what);
    long snapshotBytes = KeyValueText.longOf(f, "snapshot_bytes", what);
    if (version < 0
        || chunks < 1
        || chunkBytes < 1
        || snapshotBytes < 1
        || snapshotBytes > Integer.MAX_VALUE
        || chunkBytes > Integer.MAX_VALUE
        || (chunks - 1) * chunkBytes >= snapshotBytes
        || chunks * chunkBytes < snapshotBytes) {
      throw new KeyValueText.FormatException(
          what
              + " is inconsistent: version "
              + version
              + ", "
              + chunks
              + " chunks of "
              + chunkBytes
              + " bytes cannot hold a snapshot of "
              + snapshotBytes
              + " bytes");
    }
    List<Integer> crcs = new ArrayList<>();
    for (String hex : KeyValueText.valueOf(f, "chunk_crc32c").split(",", -1)) {
      crcs.add(hex32(hex, "chunk_crc32c", what));
    }
    if (crcs.size() != chunks) {
      throw new KeyValueText.FormatException(
          what + " lists " + crcs.size() + " chunk checksums for " + chunks + " chunks");
    }
    Instant publishedAt;
    try {
      publishedAt = Instant.parse(KeyValueText.valueOf(f, "published_at"));
    } catch (DateTimeParseException e) {
      throw new KeyValueText.FormatException(
          what
              + " field 'published_at' is not an ISO-8601 instant: '"
              + f.get("published_at")
              + "'");
    }
    return new Manifest(
        KeyValueText.valueOf(f, "entity"),
        version,
        KeyValueText.valueOf(f, "fingerprint"),
        KeyValueText.valueOf(f, "blob"),
        (int) chunkBytes,
        (int) snapshotBytes,
        hex32(KeyValueText.valueOf(f, "crc32c"), "crc32c", what),
        crcs,
        publishedAt,
        KeyValueText.valueOf(f, "publisher"));
  }

  private static int hex32(String hex, String key, String what) {
    try {
      return Integer.parseUnsignedInt(hex, 16);
    } catch (NumberFormatException e) {
      throw new KeyValueText.FormatException(
          what + " field '" + key + "' is not a 32-bit hex number: '" + hex + "'");
    }
  }
}
