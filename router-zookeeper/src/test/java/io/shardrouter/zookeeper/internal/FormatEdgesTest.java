package io.shardrouter.zookeeper.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edges of what the text and file formats accept: the last value accepted and the first
 * refused, for znode names, key=value lines, manifest sizes and last-known-good files.
 */
class FormatEdgesTest {
  @TempDir Path dir;

  private static String nameError(String name) {
    return assertThrows(IllegalArgumentException.class, () -> ZnodePaths.checkName("n", name))
        .getMessage();
  }

  @Test
  void znodeNames_controlCharactersRefused_theirNeighboursAccepted() {
    for (char ok : new char[] {' ', '~', '\u00a0', '\ufffd', 'é'}) {
      String name = "a" + ok + "b";
      assertEquals(name, ZnodePaths.checkName("n", name), "U+" + Integer.toHexString(ok));
    }
    for (char bad : new char[] {'\u001f', '\u007f', '\u0080', '\u009f', '\ufffe', '\uffff', '/'}) {
      assertEquals(
          String.format(
              java.util.Locale.ROOT,
              "n 'a%cb' has the character U+%04X at index 1, which a znode name cannot; use"
                  + " letters, digits, '-', '_' or '.'",
              bad,
              (int) bad),
          nameError("a" + bad + "b"));
    }
    assertEquals("/a", ZnodePaths.checkBase("/a"), "the shortest base path");
  }

  @Test
  void versionOf_everyDigitCounts_otherCharactersDoNot() {
    assertEquals(0, ZnodePaths.versionOf(ZnodePaths.versionName(0)));
    assertEquals(9, ZnodePaths.versionOf("0000000000000000009-blob"));
    assertEquals(1_090_909_090L, ZnodePaths.versionOf(ZnodePaths.versionName(1_090_909_090L)));
    assertEquals(-1, ZnodePaths.versionOf("000000000000000000/"), "'/' sorts just before '0'");
    assertEquals(-1, ZnodePaths.versionOf("000000000000000000:"), "':' sorts just after '9'");
    assertEquals(-1, ZnodePaths.versionOf("-0000000000000000009"));
  }

  @Test
  void keyValue_lineBreakAtTheStartOfAValue_refused() {
    for (String v : new String[] {"\nx", "\rx"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> new KeyValueText().put("k", v));
      assertEquals("k must not contain a line break, got '" + v + "'", e.getMessage());
    }
  }

  @Test
  void keyValue_lineWithoutKey_refused_longLinesAbbreviatedAfter80() {
    assertEquals(
        "/n line 1 is not key=value: '=x'",
        assertThrows(
                KeyValueText.FormatException.class,
                () -> KeyValueText.parse("=x\n".getBytes(StandardCharsets.UTF_8), "/n", "k"))
            .getMessage());
    String eighty = "x".repeat(80);
    assertEquals(
        "/n line 1 is not key=value: '" + eighty + "'",
        assertThrows(
                KeyValueText.FormatException.class,
                () -> KeyValueText.parse(eighty.getBytes(StandardCharsets.UTF_8), "/n", "k"))
            .getMessage());
    assertEquals(
        "/n line 1 is not key=value: '" + eighty + "...'",
        assertThrows(
                KeyValueText.FormatException.class,
                () ->
                    KeyValueText.parse((eighty + "y").getBytes(StandardCharsets.UTF_8), "/n", "k"))
            .getMessage());
  }

  private static Manifest manifest(long version, int chunks, int chunkBytes, int snapshotBytes) {
    List<Integer> crcs = new ArrayList<>();
    for (int i = 0; i < chunks; i++) {
      crcs.add(i);
    }
    return new Manifest(
        "e", version, "f", "b", chunkBytes, snapshotBytes, 1, crcs, Instant.EPOCH, "t");
  }

  @Test
  void manifest_sizesAtTheirEdges_accepted_oneBeyond_refused() {
    for (Manifest m :
        List.of(
            manifest(0, 1, 1, 1),
            manifest(5, 3, 4, 12),
            manifest(5, 3, 4, 9),
            manifest(5, 1, 7, 7),
            manifest(5, 1, 7, 1))) {
      assertEquals(m, Manifest.parse(m.toBytes(), "/m"), m.toString());
    }
    for (Manifest m :
        List.of(
            manifest(-1, 1, 1, 1),
            manifest(5, 3, 4, 8),
            manifest(5, 3, 4, 13),
            manifest(5, 1, 0, 1),
            manifest(5, 1, 7, 0))) {
      KeyValueText.FormatException e =
          assertThrows(KeyValueText.FormatException.class, () -> Manifest.parse(m.toBytes(), "/m"));
      assertEquals(
          "manifest /m is inconsistent: version "
              + m.version()
              + ", "
              + m.chunks()
              + " chunks of "
              + m.chunkBytes()
              + " bytes cannot hold a snapshot of "
              + m.snapshotBytes()
              + " bytes",
          e.getMessage());
    }
  }

  private static RoutingTable table() {
    return RoutingDocuments.read(
        "{\"format\":1,\"routing_version\":3,\"entity\":\"orders\",\"key\":{\"type\":\"string\"},"
            + "\"strategy\":{\"type\":\"hash_mod\",\"partitions\":2},"
            + "\"groups\":[{\"id\":\"g0\",\"primary\":\"db0\"}],\"placement\":[\"g0\",\"g0\"]}");
  }

  @Test
  void lastKnownGood_writtenAtAltered_refusedByTheChecksum() throws Exception {
    LastKnownGood lkg = new LastKnownGood(dir, "orders", ReadLimits.defaults());
    lkg.write(RoutingDocuments.writeSnapshot(table()), Instant.parse("2026-12-01T10:00:00Z"));
    byte[] bytes = Files.readAllBytes(lkg.file());
    bytes[9] ^= 0x01; // the written-at time, which only the checksum covers
    Files.write(lkg.file(), bytes);
    RoutingException e = assertThrows(RoutingException.class, lkg::read);
    assertTrue(e.getMessage().contains(" was altered: CRC-32C "), e.getMessage());
  }

  @Test
  void lastKnownGood_headerOnly_readPastTheHeader_refusedAsNoSnapshot() throws Exception {
    LastKnownGood lkg = new LastKnownGood(dir, "orders", ReadLimits.defaults());
    ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
    header.put(new byte[] {'S', 'R', 'L', 'K'}).putShort((short) 1).putShort((short) 0);
    header.putLong(0L).putInt(0);
    CRC32C crc = new CRC32C();
    crc.update(header.array(), 0, 20);
    header.putInt((int) crc.getValue());
    Files.write(lkg.file(), header.array());
    RoutingException e = assertThrows(RoutingException.class, lkg::read);
    assertTrue(
        e.getMessage().contains("orders.lkg is not a routing snapshot: it starts with 0x,"),
        e.getMessage());
  }
}
