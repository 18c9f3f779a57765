package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileStateStoreTest {
  @TempDir Path dir;

  private static MigrationState sample() {
    return MigrationState.planned("orders-4to5", "abc123", 7)
        .enter(Phase.DUAL_WRITE, 9)
        .withStep("fence")
        .withCursor("p3>g5", new byte[] {1, 2, (byte) 0xFF})
        .withReports(List.of(new PartReport("p3>g5", 10, 8, 1, 1, 0, List.of("6b31"))));
  }

  @Test
  void save_thenLoad_roundTrips() {
    FileStateStore s = new FileStateStore(dir);
    assertNull(s.load("orders-4to5"));
    MigrationState st = sample();
    s.save(st);
    assertEquals(st, s.load("orders-4to5"));
    s.save(st.withRollback());
    assertTrue(s.load("orders-4to5").rollingBack());
  }

  @Test
  void load_corruptFile_saysChecksum() throws Exception {
    FileStateStore s = new FileStateStore(dir);
    s.save(sample());
    Path f = s.fileOf("orders-4to5");
    String text = Files.readString(f, StandardCharsets.UTF_8).replace("DUAL_WRITE", "CUT_OVER");
    Files.writeString(f, text, StandardCharsets.UTF_8);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> s.load("orders-4to5"));
    assertTrue(e.getMessage().contains("fails its checksum"), e.getMessage());
  }

  @Test
  void load_tornFile_saysNoChecksumLine() throws Exception {
    FileStateStore s = new FileStateStore(dir);
    Files.writeString(s.fileOf("m1"), "{\"format\":1", StandardCharsets.UTF_8);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.load("m1"));
    assertTrue(e.getMessage().contains("no 'crc32' line"), e.getMessage());
  }

  @Test
  void fileOf_badId_explains() {
    FileStateStore s = new FileStateStore(dir);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> s.fileOf("../etc/passwd"));
    assertTrue(e.getMessage().contains("names a file"), e.getMessage());
  }

  @Test
  void partReport_inconsistentCounts_explains() {
    assertThrows(
        IllegalArgumentException.class, () -> new PartReport("p", 5, 1, 1, 1, 1, List.of()));
  }
}
