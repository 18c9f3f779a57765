package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.LittleEndian;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
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

  /** The message of the one violation, at {@code snapshot}, that refuses {@code snapshot}. */
  private static String corrupt(byte[] snapshot) {
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> RoutingDocuments.read(snapshot, ByteSumStrategy.REGISTRY, ReadLimits.defaults()));
    assertEquals(1, e.violations().size(), e::getMessage);
    assertEquals("snapshot", e.violations().get(0).path(), e::getMessage);
    return e.violations().get(0).message();
  }

  @Test
  void magicAlone_isASnapshotsStart() {
    assertTrue(RoutingDocuments.isSnapshot(new byte[] {'S', 'R', 'T', 'S'}));
    assertFalse(RoutingDocuments.isSnapshot(new byte[] {'S', 'R', 'T'}));
    assertFalse(RoutingDocuments.isSnapshot(new byte[] {'S', 'R', 'T', 'X'}));
  }

  @Test
  void highByteOfFormatAndFlags_read() {
    byte[] format = RoutingDocuments.writeSnapshot(TABLE);
    format[5] = 1;
    assertTrue(corrupt(format).startsWith("snapshot format 257 is not supported"), corrupt(format));
    byte[] flags = RoutingDocuments.writeSnapshot(TABLE);
    flags[7] = 1;
    assertEquals(
        "snapshot flags are 0x100; format 1 defines none, so they must be 0", corrupt(flags));
  }

  @Test
  void contentOfExactlyTheLimit_read_oneMoreRefused() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    int content = LittleEndian.getInt(snap, 8);
    assertEquals(
        TABLE,
        RoutingDocuments.read(
            snap,
            ByteSumStrategy.REGISTRY,
            ReadLimits.defaults().withMaxSnapshotContentBytes(content)));
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () ->
                RoutingDocuments.read(
                    snap,
                    ByteSumStrategy.REGISTRY,
                    ReadLimits.defaults().withMaxSnapshotContentBytes(content - 1)));
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
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    int compressed = LittleEndian.getInt(snap, 12);
    assertEquals(
        "snapshot has 3 trailing bytes after the declared " + compressed + " compressed bytes",
        corrupt(Arrays.copyOf(snap, snap.length + 3)));
  }

  @Test
  void contentShorterThanDeclared_refused() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    int content = LittleEndian.getInt(snap, 8);
    LittleEndian.putInt(snap, 8, content + 5);
    assertEquals(
        "snapshot content decompresses to " + content + " bytes, header declares " + (content + 5),
        corrupt(snap));
  }

  @Test
  void headerWithNothingAfterIt_notTakenForATruncatedHeader() {
    byte[] header = Arrays.copyOf(RoutingDocuments.writeSnapshot(TABLE), 20);
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
