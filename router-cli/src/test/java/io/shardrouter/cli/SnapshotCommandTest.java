package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotCommandTest {
  @TempDir Path dir;

  private Path snapshotOf(String doc) {
    Path out = dir.resolve(Path.of(doc).getFileName() + ".snap");
    Cli.Result r = Cli.run("snapshot", doc, out.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(r.out().startsWith("wrote " + out + ": "), r::toString);
    return out;
  }

  @Test
  void snapshot_roundTrip_routeFromSnapshotGivesIdenticalOutput() throws IOException {
    for (String doc : new String[] {Cli.JUMP, Cli.HASH_MOD}) {
      Path snap = snapshotOf(doc);
      assertTrue(RoutingDocuments.isSnapshot(Files.readAllBytes(snap)));
      List<String> keys = new ArrayList<>();
      for (int i = -500; i < 500; i++) {
        keys.add(Integer.toString(i));
      }
      Path keysFile = dir.resolve("keys.txt");
      Files.write(keysFile, keys, StandardCharsets.UTF_8);
      Cli.Result fromDoc = Cli.run("route", doc, "--keys", keysFile.toString());
      Cli.Result fromSnap = Cli.run("route", snap.toString(), "--keys", keysFile.toString());
      assertEquals(ShardCtl.OK, fromDoc.status(), fromDoc::toString);
      assertEquals(1000, fromDoc.outLines().size());
      assertEquals(fromDoc.out(), fromSnap.out());
      assertEquals(fromDoc.status(), fromSnap.status());
    }
  }

  @Test
  void snapshot_roundTrip_sameTableAndSummary() {
    Path snap = snapshotOf(Cli.JUMP);
    Cli.Result a = Cli.run("validate", Cli.JUMP);
    Cli.Result b = Cli.run("validate", snap.toString());
    assertEquals(ShardCtl.OK, b.status(), b::toString);
    assertEquals(a.out(), b.out());
    RoutingTable doc = RoutingDocuments.read(Path.of(Cli.JUMP));
    RoutingTable fromSnap = RoutingDocuments.read(readAll(snap));
    assertEquals(doc, fromSnap);
  }

  @Test
  void snapshot_sameTable_sameBytes() {
    Path first = snapshotOf(Cli.JUMP);
    byte[] a = readAll(first);
    Path second = snapshotOf(Cli.JUMP);
    assertArrayEquals(a, readAll(second));
  }

  @Test
  void snapshot_corruptChecksum_status2ClearMessage() throws IOException {
    Path snap = snapshotOf(Cli.JUMP);
    byte[] b = readAll(snap);
    b[16] ^= 0x01; // the CRC-32C field of the header
    Files.write(snap, b);
    for (String command : new String[] {"validate", "route"}) {
      Cli.Result r =
          command.equals("route")
              ? Cli.run(command, snap.toString(), "k")
              : Cli.run(command, snap.toString());
      assertEquals(ShardCtl.INVALID, r.status(), r::toString);
      assertEquals("", r.out());
      assertEquals(
          "shardctl " + command + ": " + snap + " is not a valid routing table (1 violation):",
          r.errLines().get(0),
          r::toString);
      assertTrue(
          r.errLines()
              .get(1)
              .startsWith("snapshot: snapshot checksum mismatch: header has CRC-32C"),
          r::toString);
      assertEquals(2, r.errLines().size(), r::toString);
    }
  }

  @Test
  void snapshot_damagedContent_status2() throws IOException {
    Path snap = snapshotOf(Cli.JUMP);
    byte[] b = readAll(snap);
    b[b.length - 20] ^= 0x55;
    Files.write(snap, b);
    Cli.Result r = Cli.run("validate", snap.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(r.err().contains("\nsnapshot: snapshot checksum mismatch: "), r::toString);
  }

  @Test
  void snapshot_truncated_status2SaysTruncated() throws IOException {
    Path snap = snapshotOf(Cli.JUMP);
    byte[] b = readAll(snap);
    Files.write(snap, Arrays.copyOf(b, b.length - 10));
    Cli.Result r = Cli.run("validate", snap.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(r.err().contains("\nsnapshot: snapshot is truncated: "), r::toString);
  }

  @Test
  void snapshot_outInMissingDirectory_status2() {
    Cli.Result r = Cli.run("snapshot", Cli.JUMP, dir.resolve("no/such/dir/out.snap").toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(
        r.err()
            .startsWith(
                "shardctl snapshot: OUT "
                    + dir.resolve("no/such/dir/out.snap")
                    + ": directory "
                    + dir.resolve("no/such/dir").toAbsolutePath()
                    + " does not exist: create it first"),
        r::toString);
  }

  @Test
  void snapshot_invalidDocument_status2NothingWritten() throws IOException {
    Path doc = dir.resolve("bad.json");
    Files.writeString(doc, "{\"format\": 1}");
    Path out = dir.resolve("bad.snap");
    Cli.Result r = Cli.run("snapshot", doc.toString(), out.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(!Files.exists(out));
  }

  private static byte[] readAll(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
