package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The caller's {@link ReadLimits}: entries of one container, partitions, document and snapshot
 * bytes, each refused with {@link InvalidRoutingTableException} before the table is built, at the
 * limit accepted, and raised by the caller when the input is genuine.
 */
class ReadLimitsTest {
  /** The minimal document with {@code p} partitions placed on g0. */
  private static String document(int p) {
    StringBuilder placement = new StringBuilder();
    for (int i = 0; i < p; i++) {
      placement.append(i == 0 ? "\"g0\"" : ",\"g0\"");
    }
    return "{\"format\": 1, \"routing_version\": 7, \"entity\": \"orders\",\n"
        + " \"key\": {\"type\": \"string\"},\n"
        + " \"strategy\": {\"type\": \"test_byte_sum\", \"partitions\": "
        + p
        + "},\n"
        + " \"groups\": [{\"id\": \"g0\", \"primary\": \"db0:5432\"}],\n"
        + " \"placement\": ["
        + placement
        + "]}\n";
  }

  /** Reads {@code snapshot} with the test registry within {@code limits}. */
  private static RoutingTable read(byte[] snapshot, ReadLimits limits) {
    return RoutingDocuments.read(snapshot, ByteSumStrategy.REGISTRY, limits);
  }

  private static RoutingTable read(String json, ReadLimits limits) {
    return RoutingDocuments.read(
        json.getBytes(StandardCharsets.UTF_8), ByteSumStrategy.REGISTRY, limits);
  }

  @Test
  void entries_overTheLimit_refusedWithLineColumnAndOffset_atTheLimitRead() {
    ReadLimits limits = ReadLimits.defaults().withMaxEntries(16);
    assertEquals(16, read(document(16), limits).partitionCount());
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> read(document(17), limits));
    String json = document(17);
    int offset = json.indexOf("[\"g0\"");
    assertTrue(
        e.getMessage()
            .contains(
                "the array at line 5, column 15 (byte offset "
                    + offset
                    + ") has more than 16 entries, over the limit of 16 (ReadLimits.maxEntries)"),
        e.getMessage());
  }

  @Test
  void entries_commasAndBracketsInsideStrings_doNotCount() {
    ReadLimits limits = ReadLimits.defaults().withMaxEntries(8);
    String json =
        document(8).replace("\"primary\": \"db0:5432\"", "\"primary\": \"db0:5432,\\\"[,,,,,,,,\"");
    RoutingTable t = read(json, limits);
    assertEquals("db0:5432,\"[,,,,,,,,", t.groups().get(0).primary().endpoint());
  }

  @Test
  void entries_anObjectOverTheLimit_isNamedAnObject() {
    String json =
        document(2).replace("\"primary\": \"db0:5432\"", "\"primary\": \"db0:5432\", \"a\": 1");
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> read(json, ReadLimits.defaults().withMaxEntries(2)));
    assertTrue(e.getMessage().contains("the object at line 1, column 1"), e.getMessage());
  }

  @Test
  void partitions_overTheLimit_refusedAtPlacement_atTheLimitRead() {
    ReadLimits limits = ReadLimits.defaults().withMaxPartitions(12);
    assertEquals(12, read(document(12), limits).partitionCount());
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> read(document(13), limits));
    assertEquals("placement", e.violations().get(0).path());
    assertTrue(
        e.getMessage().contains("has 13 entries, one per partition, over the limit of 12"),
        e.getMessage());
  }

  @Test
  void defaults_refuseAPlacementOfMoreThan2Pow21_raisedLimitsReadIt() {
    int p = ReadLimits.DEFAULT_MAX_PARTITIONS + 1;
    String json = document(p);
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> read(json, ReadLimits.defaults()));
    // the placement array is over the entries limit (also 2^21) before it is read as partitions
    assertEquals("$", e.violations().get(0).path(), e::getMessage);
    assertTrue(
        e.violations()
            .get(0)
            .message()
            .contains(
                "has more than "
                    + ReadLimits.DEFAULT_MAX_ENTRIES
                    + " entries, over the limit of "
                    + ReadLimits.DEFAULT_MAX_ENTRIES
                    + " (ReadLimits.maxEntries)"),
        e::getMessage);
    RoutingTable t = read(json, ReadLimits.defaults().withMaxEntries(p).withMaxPartitions(p));
    assertEquals(p, t.partitionCount());
  }

  @Test
  void documentBytes_overTheLimit_refused() {
    String json = document(4);
    int n = json.getBytes(StandardCharsets.UTF_8).length;
    assertEquals(4, read(json, ReadLimits.defaults().withMaxDocumentBytes(n)).partitionCount());
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> read(json, ReadLimits.defaults().withMaxDocumentBytes(n - 1)));
    assertTrue(e.getMessage().contains("over the limit of " + (n - 1)), e.getMessage());
  }

  @Test
  void snapshot_declaredContentOverTheLimit_isALimitNotCorruption() {
    byte[] snapshot = RoutingDocuments.writeSnapshot(Tables.table(3, 8, 2));
    int content =
        (snapshot[8] & 0xFF)
            | (snapshot[9] & 0xFF) << 8
            | (snapshot[10] & 0xFF) << 16
            | (snapshot[11] & 0xFF) << 24;
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> read(snapshot, ReadLimits.defaults().withMaxSnapshotContentBytes(content - 1)));
    assertTrue(e.getMessage().contains("ReadLimits.maxSnapshotContentBytes"), e.getMessage());
    assertEquals(
        8,
        read(snapshot, ReadLimits.defaults().withMaxSnapshotContentBytes(content))
            .partitionCount());
  }

  @Test
  void snapshot_contentOverThePartitionLimit_refused() {
    byte[] snapshot = RoutingDocuments.writeSnapshot(Tables.table(3, 64, 2));
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> read(snapshot, ReadLimits.defaults().withMaxPartitions(63)));
    assertEquals("placement", e.violations().get(0).path(), e::getMessage);
    assertTrue(
        e.violations()
            .get(0)
            .message()
            .contains("64 entries, one per partition, over the limit of 63"),
        e::getMessage);
  }

  @Test
  void fileSource_aTableOverItsLimits_isRefused_andTheRouterKeepsItsTable(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("orders.json");
    Files.writeString(file, document(8));
    Router router = Router.create(Tables.table(1, 8, 1));
    try (RoutingFileSource source =
        RoutingFileSource.of(
            file, router, ByteSumStrategy.REGISTRY, ReadLimits.defaults().withMaxPartitions(4))) {
      assertEquals(RoutingFileSource.Outcome.REFUSED, source.refresh());
      assertEquals(1, router.table().version());
      InvalidRoutingTableException e =
          assertInstanceOf(
              InvalidRoutingTableException.class, source.lastError(), source.status()::toString);
      assertTrue(
          e.violations().get(0).message().contains("over the limit of 4 partitions"),
          e::getMessage);
    }
  }

  @Test
  void badLimits_refusedWithTheNameAndTheRange() {
    ReadLimits d = ReadLimits.defaults();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> d.withMaxPartitions(0));
    assertEquals("maxPartitions must be at least 1, got 0", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> d.withMaxPartitions(ReadLimits.PARTITIONS_CEILING + 1));
    assertTrue(e.getMessage().contains("at most 16777216"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> d.withMaxEntries(0));
    assertEquals("maxEntries must be at least 1, got 0", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> d.withMaxDocumentBytes(1));
    assertEquals("maxDocumentBytes must be at least 2, got 1", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> d.withMaxSnapshotContentBytes(-5));
    assertEquals("maxSnapshotContentBytes must be at least 2, got -5", e.getMessage());
  }

  @Test
  void values_equalByTheirLimits() {
    assertEquals(ReadLimits.defaults(), ReadLimits.defaults().withMaxEntries(1 << 21));
    assertEquals(
        ReadLimits.defaults().hashCode(), ReadLimits.defaults().withMaxEntries(1 << 21).hashCode());
    assertTrue(!ReadLimits.defaults().equals(ReadLimits.largest()));
    assertEquals(16_777_216, ReadLimits.largest().maxPartitions());
  }
}
