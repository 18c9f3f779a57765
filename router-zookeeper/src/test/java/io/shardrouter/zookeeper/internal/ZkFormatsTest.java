package io.shardrouter.zookeeper.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Violation;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The manifest text, chunking and znode names: every way they can be wrong, with its message. */
class ZkFormatsTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20261201L);

  private static Manifest manifest() {
    return new Manifest(
        "orders",
        7,
        "ab12",
        "0000000000000000007-00ff",
        4,
        10,
        0x1234abcd,
        List.of(1, 2, 0xffffffff),
        Instant.parse("2026-12-01T00:00:00Z"),
        "tool");
  }

  private static String text() {
    return new String(manifest().toBytes(), StandardCharsets.UTF_8);
  }

  private static String parseError(String text) {
    return assertThrows(
            KeyValueText.FormatException.class,
            () -> Manifest.parse(text.getBytes(StandardCharsets.UTF_8), "/m"))
        .getMessage();
  }

  @Test
  void manifest_roundTrip() {
    Manifest m = manifest();
    assertEquals(m, Manifest.parse(m.toBytes(), "/m"));
    assertEquals(4, m.chunkLength(0));
    assertEquals(2, m.chunkLength(2));
  }

  @Test
  void manifest_badText_namesTheLineAndField() {
    assertEquals(
        "manifest /m line 1 has the unknown key 'colour'; known: format, entity, version,"
            + " fingerprint, blob, chunks, chunk_bytes, snapshot_bytes, crc32c, chunk_crc32c,"
            + " published_at, publisher",
        parseError("colour=red\n" + text()));
    assertEquals("manifest /m line 2 repeats the key 'format'", parseError("format=1\n" + text()));
    assertEquals("manifest /m line 1 is not key=value: 'hello'", parseError("hello\n" + text()));
    assertEquals(
        "manifest /m has no 'publisher' line", parseError(text().replaceAll("publisher=.*\n", "")));
    assertEquals(
        "manifest /m has format 2; this library reads format 1: read it with the library version"
            + " that published it",
        parseError(text().replace("format=1", "format=2")));
    assertEquals(
        "manifest /m field 'version' is not an integer: 'seven'",
        parseError(text().replace("version=7", "version=seven")));
    assertEquals(
        "manifest /m is inconsistent: version 7, 3 chunks of 4 bytes cannot hold a snapshot of 13"
            + " bytes",
        parseError(text().replace("snapshot_bytes=10", "snapshot_bytes=13")));
    assertEquals(
        "manifest /m lists 3 chunk checksums for 2 chunks",
        parseError(
            text()
                .replace("chunks=3", "chunks=2")
                .replace("snapshot_bytes=10", "snapshot_bytes=7")));
    assertEquals(
        "manifest /m field 'crc32c' is not a 32-bit hex number: 'xyz'",
        parseError(text().replace("crc32c=1234abcd", "crc32c=xyz")));
    assertEquals(
        "manifest /m field 'published_at' is not an ISO-8601 instant: 'yesterday'",
        parseError(text().replace("2026-12-01T00:00:00Z", "yesterday")));
    assertEquals(
        "manifest /m is not UTF-8 text (2 bytes)",
        assertThrows(
                KeyValueText.FormatException.class,
                () -> Manifest.parse(new byte[] {(byte) 0xc3, (byte) 0x28}, "/m"))
            .getMessage());
  }

  @Test
  void chunks_splitAndJoin_randomLengths() {
    SplittableRandom random = new SplittableRandom(SEED);
    for (int round = 0; round < 200; round++) {
      byte[] bytes = new byte[1 + random.nextInt(5000)];
      random.nextBytes(bytes);
      int chunkBytes = 1 + random.nextInt(700);
      List<byte[]> chunks = Chunks.split(bytes, chunkBytes);
      List<Integer> crcs = new ArrayList<>();
      for (byte[] c : chunks) {
        crcs.add(Chunks.crc32c(c));
      }
      Manifest m =
          new Manifest(
              "e",
              1,
              "f",
              "b",
              chunkBytes,
              bytes.length,
              Chunks.crc32c(bytes),
              crcs,
              Instant.EPOCH,
              "t");
      assertArrayEquals(bytes, Chunks.join(m, chunks, "/b"), "seed " + SEED + " round " + round);
      assertEquals(m, Manifest.parse(m.toBytes(), "/m"), "seed " + SEED);
    }
  }

  @Test
  void requireSnapshot_refusesAnyOtherForm_atSnapshot_namingWhat() {
    byte[] json = "{\"format\": 1}".getBytes(StandardCharsets.UTF_8);
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class, () -> Chunks.requireSnapshot(json, "blob /b"));
    assertEquals(
        List.of(
            new Violation(
                "snapshot",
                "blob /b is not a routing snapshot: it starts with 0x7b22666f, not 'SRTS'; publish"
                    + " the version again")),
        e.violations());
    byte[] snapshot = {'S', 'R', 'T', 'S', 1, 0};
    assertSame(snapshot, Chunks.requireSnapshot(snapshot, "blob /b"));
    assertEquals(
        "blob /b is not a routing snapshot: it starts with 0x53, not 'SRTS'; publish the version"
            + " again",
        assertThrows(
                InvalidRoutingTableException.class,
                () -> Chunks.requireSnapshot(new byte[] {'S'}, "blob /b"))
            .violations()
            .get(0)
            .message());
  }

  @Test
  void chunks_join_eachMismatch_namesTheChunk() {
    byte[] bytes = "0123456789".getBytes(StandardCharsets.US_ASCII);
    List<byte[]> chunks = Chunks.split(bytes, 4);
    List<Integer> crcs = new ArrayList<>();
    for (byte[] c : chunks) {
      crcs.add(Chunks.crc32c(c));
    }
    Manifest m =
        new Manifest("e", 3, "f", "b", 4, 10, Chunks.crc32c(bytes), crcs, Instant.EPOCH, "t");
    assertEquals(
        "blob /b has 2 chunks, its manifest (version 3) lists 3; publish the version again",
        assertThrows(
                InvalidRoutingTableException.class,
                () -> Chunks.join(m, chunks.subList(0, 2), "/b"))
            .violations()
            .get(0)
            .message());
    List<byte[]> shortOne = new ArrayList<>(chunks);
    shortOne.set(1, new byte[] {1, 2});
    assertEquals(
        "chunk 1 of blob /b is 2 bytes, its manifest (version 3) says 4; publish the version again",
        assertThrows(InvalidRoutingTableException.class, () -> Chunks.join(m, shortOne, "/b"))
            .violations()
            .get(0)
            .message());
    List<byte[]> flipped = new ArrayList<>(chunks);
    flipped.set(2, new byte[] {'8', '8'});
    String message =
        assertThrows(InvalidRoutingTableException.class, () -> Chunks.join(m, flipped, "/b"))
            .violations()
            .get(0)
            .message();
    assertEquals(true, message.startsWith("chunk 2 of blob /b has CRC-32C "), message);
    Manifest wrongTotal =
        new Manifest("e", 3, "f", "b", 4, 10, Chunks.crc32c(bytes) + 1, crcs, Instant.EPOCH, "t");
    assertEquals(
        true,
        assertThrows(
                InvalidRoutingTableException.class, () -> Chunks.join(wrongTotal, chunks, "/b"))
            .violations()
            .get(0)
            .message()
            .startsWith("snapshot of blob /b has CRC-32C "));
    assertEquals(
        "chunk size must be >= 1 byte, got 0",
        assertThrows(IllegalArgumentException.class, () -> Chunks.split(bytes, 0)).getMessage());
  }

  @Test
  void znodePaths_layoutAndNames() {
    ZnodePaths p = ZnodePaths.of("/sr", "orders");
    assertEquals("/sr/entities/orders/manifest", p.manifest());
    assertEquals("/sr/entities/orders/versions/0000000000000000042", p.version(42));
    assertEquals("/sr/entities/orders/blobs/b/c-000003", p.chunk("b", 3));
    assertEquals("/sr/entities/orders/census/i-1", p.census("i-1"));
    assertEquals(42, ZnodePaths.versionOf("0000000000000000042-abc"));
    assertEquals(-1, ZnodePaths.versionOf("42"));
    assertEquals(-1, ZnodePaths.versionOf("000000000000000004x"));
    assertEquals(
        "entity '' is empty; use letters, digits, '-', '_' or '.'",
        assertThrows(IllegalArgumentException.class, () -> ZnodePaths.of("/sr", "")).getMessage());
    assertEquals(
        "entity '..' is '..', which ZooKeeper does not allow as a node name; use letters, digits,"
            + " '-', '_' or '.'",
        assertThrows(IllegalArgumentException.class, () -> ZnodePaths.of("/sr", ".."))
            .getMessage());
    assertEquals(
        "entity 'a\tb' has the character U+0009 at index 1, which a znode name cannot; use letters,"
            + " digits, '-', '_' or '.'",
        assertThrows(IllegalArgumentException.class, () -> ZnodePaths.of("/sr", "a\tb"))
            .getMessage());
    assertEquals(
        true,
        assertThrows(IllegalArgumentException.class, () -> ZnodePaths.of("/sr", "x".repeat(201)))
            .getMessage()
            .contains("is 201 characters long, over 200"));
    for (String base : new String[] {"sr", "/", "/sr/", "//sr", "/a//b"}) {
      assertEquals(
          "base path must be an absolute ZooKeeper path such as /shardrouter, without a trailing"
              + " slash, got '"
              + base
              + "'",
          assertThrows(IllegalArgumentException.class, () -> ZnodePaths.checkBase(base))
              .getMessage());
    }
  }
}
