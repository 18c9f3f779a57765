package io.shardrouter.zookeeper.internal;

import static io.shardrouter.zookeeper.internal.Chunks.corrupt;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.zip.CRC32C;
import org.jspecify.annotations.Nullable;

/**
 * The local copy of the last table an instance applied, one file per entity ({@code ENTITY.lkg}),
 * so that it can route when it starts while ZooKeeper is unreachable.
 *
 * <p>Layout (little-endian): the magic {@code SRLK}, format (u16, 1), flags (u16, 0), when it was
 * written (i64, epoch milliseconds), the snapshot's length (i32), a CRC-32C (i32) over the first 20
 * header bytes and the snapshot, then the binary snapshot. It is written to a temporary file,
 * forced to disk, and renamed over the old one, so the file is always the old copy or all of the
 * new one. A file that is truncated, altered or of another entity is refused.
 *
 * <p><b>Thread-safety:</b> writes of one entity must not run concurrently (the source writes from
 * its one thread).
 *
 * <p><b>Stability:</b> internal.
 */
public final class LastKnownGood {
  private static final byte[] MAGIC = {'S', 'R', 'L', 'K'};
  private static final int FORMAT = 1;
  private static final int HEADER_BYTES = 24;

  private final Path file;
  private final String entity;
  private final ReadLimits limits;

  /** The copy of {@code entity} in {@code directory}, read within {@code limits}. */
  public LastKnownGood(Path directory, String entity, ReadLimits limits) {
    this.file = directory.resolve(ZnodePaths.checkName("entity", entity) + ".lkg");
    this.entity = entity;
    this.limits = limits;
  }

  /** The file. */
  public Path file() {
    return file;
  }

  /** A table read back from the file, and when the file was written. */
  public record Copy(RoutingTable table, Instant writtenAt) {}

  /** Writes {@code snapshot} (the binary snapshot of the applied table) written at {@code at}. */
  public void write(byte[] snapshot, Instant at) {
    ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    header.put(MAGIC).putShort((short) FORMAT).putShort((short) 0);
    header.putLong(at.toEpochMilli()).putInt(snapshot.length);
    header.putInt(crc(header.array(), snapshot));
    header.flip();
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.createDirectories(file.getParent());
      try (FileChannel ch =
          FileChannel.open(
              tmp,
              StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING,
              StandardOpenOption.WRITE)) {
        ByteBuffer body = ByteBuffer.wrap(snapshot);
        while (header.hasRemaining() || body.hasRemaining()) {
          ch.write(new ByteBuffer[] {header, body});
        }
        ch.force(true);
      }
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new RoutingException(
          "cannot write the last-known-good copy "
              + file
              + ": "
              + e
              + "; check that the directory exists and is writable",
          e);
    }
  }

  /**
   * The copy in the file, or null when there is none.
   *
   * @throws InvalidRoutingTableException when the file is truncated, altered, or of another entity
   *     (at {@code snapshot}), or its table is invalid
   * @throws RoutingException when the file cannot be read
   */
  public @Nullable Copy read() {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new RoutingException("cannot read the last-known-good copy " + file + ": " + e, e);
    }
    String fix = "; delete it: the instance waits for ZooKeeper and writes a new copy";
    if (bytes.length < HEADER_BYTES
        || bytes[0] != MAGIC[0]
        || bytes[1] != MAGIC[1]
        || bytes[2] != MAGIC[2]
        || bytes[3] != MAGIC[3]) {
      throw corrupt(
          "last-known-good copy "
              + file
              + " is not one ("
              + bytes.length
              + " bytes, no SRLK header)"
              + fix);
    }
    ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int format = in.getShort(4) & 0xFFFF;
    if (format != FORMAT || in.getShort(6) != 0) {
      throw corrupt(
          "last-known-good copy "
              + file
              + " has format "
              + format
              + ", this library reads "
              + FORMAT
              + fix);
    }
    long writtenAt = in.getLong(8);
    int length = in.getInt(16);
    if (length != bytes.length - HEADER_BYTES) {
      throw corrupt(
          "last-known-good copy "
              + file
              + " is truncated or extended: its header declares "
              + length
              + " snapshot bytes, "
              + (bytes.length - HEADER_BYTES)
              + " follow"
              + fix);
    }
    byte[] snapshot = java.util.Arrays.copyOfRange(bytes, HEADER_BYTES, bytes.length);
    int expected = in.getInt(20);
    int actual = crc(bytes, snapshot);
    if (expected != actual) {
      throw corrupt(
          "last-known-good copy "
              + file
              + " was altered: CRC-32C "
              + Integer.toHexString(actual)
              + ", its header says "
              + Integer.toHexString(expected)
              + fix);
    }
    RoutingTable table =
        RoutingDocuments.read(
            Chunks.requireSnapshot(snapshot, "last-known-good copy " + file),
            StrategyRegistry.defaultRegistry(),
            limits);
    if (!table.entity().equals(entity)) {
      throw corrupt(
          "last-known-good copy "
              + file
              + " holds entity '"
              + table.entity()
              + "', expected '"
              + entity
              + "'"
              + fix);
    }
    return new Copy(table, Instant.ofEpochMilli(writtenAt));
  }

  private static int crc(byte[] header, byte[] snapshot) {
    CRC32C crc = new CRC32C();
    crc.update(header, 0, 20);
    crc.update(snapshot, 0, snapshot.length);
    return (int) crc.getValue();
  }
}
