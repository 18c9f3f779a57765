package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.LittleEndian;
import io.shardrouter.core.metadata.Snapshots;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each header field of a snapshot (docs/format.md §3) read at its bounds: both bytes of the format
 * and of the flags, a content length of exactly the limit, trailing bytes counted, a content that
 * decompresses to fewer bytes than declared, a header with nothing after it, and the magic alone.
 */
class SnapshotHeaderTest {
  private static final RoutingTable TABLE = Tables.table(3, 64, 2);

  private static String corrupt(byte[] snapshot) {
    return assertThrows(
            CorruptSnapshotException.class,
            () ->
                Snapshots.read(
                    snapshot, ByteSumStrategy.REGISTRY, Snapshots.DEFAULT_MAX_CONTENT_BYTES))
        .getMessage();
  }

  @Test
  void magicAlone_isASnapshotsStart() {
    assertTrue(Snapshots.isSnapshot(new byte[] {'S', 'R', 'T', 'S'}));
    assertFalse(Snapshots.isSnapshot(new byte[] {'S', 'R', 'T'}));
    assertFalse(Snapshots.isSnapshot(new byte[] {'S', 'R', 'T', 'X'}));
  }

  @Test
  void highByteOfFormatAndFlags_read() {
    byte[] format = Snapshots.write(TABLE);
    format[5] = 1;
    assertTrue(corrupt(format).startsWith("snapshot format 257 is not supported"), corrupt(format));
    byte[] flags = Snapshots.write(TABLE);
    flags[7] = 1;
    assertEquals(
        "snapshot flags are 0x100; format 1 defines none, so they must be 0", corrupt(flags));
  }

  @Test
  void contentOfExactlyTheLimit_read_oneMoreRefused() {
    byte[] snap = Snapshots.write(TABLE);
    int content = LittleEndian.getInt(snap, 8);
    assertEquals(TABLE, Snapshots.read(snap, ByteSumStrategy.REGISTRY, content));
    LimitExceededException e =
        assertThrows(
            LimitExceededException.class,
            () -> Snapshots.read(snap, ByteSumStrategy.REGISTRY, content - 1));
    assertEquals(
        List.of(
            new Violation(
                "$",
                "snapshot declares "
                    + content
                    + " content bytes, over the limit of "
                    + (content - 1)
                    + " (ReadLimits.maxSnapshotContentBytes); raise the limit where the table is"
                    + " read if the table is really that large")),
        e.violations());
  }

  @Test
  void trailingBytes_counted() {
    byte[] snap = Snapshots.write(TABLE);
    int compressed = LittleEndian.getInt(snap, 12);
    assertEquals(
        "snapshot has 3 trailing bytes after the declared " + compressed + " compressed bytes",
        corrupt(Arrays.copyOf(snap, snap.length + 3)));
  }

  @Test
  void contentShorterThanDeclared_refused() {
    byte[] snap = Snapshots.write(TABLE);
    int content = LittleEndian.getInt(snap, 8);
    LittleEndian.putInt(snap, 8, content + 5);
    assertEquals(
        "snapshot content decompresses to " + content + " bytes, header declares " + (content + 5),
        corrupt(snap));
  }

  @Test
  void headerWithNothingAfterIt_notTakenForATruncatedHeader() {
    byte[] header = Arrays.copyOf(Snapshots.write(TABLE), 20);
    LittleEndian.putInt(header, 8, 0);
    LittleEndian.putInt(header, 12, 0);
    String m = corrupt(header);
    assertFalse(m.startsWith("snapshot is truncated"), m);
    assertEquals(
        "snapshot is truncated: 19 bytes, shorter than the 20-byte header; copy the file again"
            + " from its source",
        corrupt(Arrays.copyOf(header, 19)));
  }
}
