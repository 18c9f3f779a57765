package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingTable;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decompression bombs inside the default limits ({@code docs/format.md} §3.3 step 6b, issue 34):
 * snapshots of a few megabytes whose content expands to up to {@link
 * ReadLimits#DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES}, each read from its file by a JVM of its own with
 * a 256 MiB heap and {@code -XX:+ExitOnOutOfMemoryError}, so that an {@link OutOfMemoryError}
 * anywhere ends the run with status 3 rather than being caught: each is refused with an {@link
 * InvalidRoutingTableException} that names its limit, and the process goes on.
 */
class SnapshotBombTest {
  private static final int MIB = 1 << 20;
  private static final String ONE_GROUP_TAIL = "\"test_one_group\":\"g0\",\"routing_version\":3}";

  @TempDir Path dir;

  /** Reads the snapshot file {@code args[0]}; prints what happened, then allocates 16 MiB. */
  public static final class Reader {
    public static void main(String[] args) {
      try {
        RoutingTable t = RoutingDocuments.read(Path.of(args[0]));
        System.out.println("READ version " + t.version());
      } catch (InvalidRoutingTableException e) {
        System.out.println("REFUSED " + e.getMessage().replace('\n', ' '));
      }
      byte[] after = new byte[16 << 20]; // and the process goes on
      System.out.println("ALIVE " + after.length);
    }
  }

  /** What the reader printed, after checking it exited 0 and went on. */
  private String readIn256MiB(String name, byte[] snapshot)
      throws IOException, InterruptedException {
    Path file = dir.resolve(name + ".snapshot");
    Files.write(file, snapshot);
    Process p =
        new ProcessBuilder(
                List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-Xmx256m",
                    "-XX:+ExitOnOutOfMemoryError",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Reader.class.getName(),
                    file.toString()))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), name);
    assertEquals(0, p.exitValue(), name + " (3: OutOfMemoryError):\n" + out);
    assertFalse(out.contains("OutOfMemoryError"), name + ":\n" + out);
    assertFalse(out.contains("StackOverflowError"), name + ":\n" + out);
    assertTrue(out.contains("ALIVE "), name + ":\n" + out);
    return out;
  }

  private static void assertRefused(String out, String... fragments) {
    assertTrue(out.startsWith("REFUSED "), out);
    for (String f : fragments) {
      assertTrue(out.contains(f), "no '" + f + "' in:\n" + out);
    }
  }

  @Test
  void whitespace256MiB_in1MB_refusedByTheHeapBudgetBeforeDecompressing() throws Exception {
    int length = ReadLimits.DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES;
    byte[] snapshot = SnapshotBombs.run("", " ", length - 5, "     ");
    assertTrue(snapshot.length < 2 * MIB, snapshot.length + " bytes on disk");
    String out = readIn256MiB("whitespace", snapshot);
    assertRefused(
        out,
        "snapshot declares " + length + " content bytes, over this process's heap budget",
        "ReadLimits.maxSnapshotContentBytes (" + length + ")",
        "-Xmx");
  }

  @Test
  void whitespaceAroundADocument40MiB_readWithoutHoldingTheWhitespace() throws Exception {
    byte[] snapshot = SnapshotBombs.run("{", " ", 40 * MIB, ONE_GROUP_TAIL);
    assertEquals("READ version 3", readIn256MiB("padded", snapshot).lines().findFirst().get());
  }

  @Test
  void nesting10MillionBrackets_refusedByTheNestingLimit() throws Exception {
    byte[] snapshot = SnapshotBombs.run("", "[", 10_000_000 - 5, "[[[[[");
    String out = readIn256MiB("nesting", snapshot);
    assertRefused(out, "nesting depth", "" + RoutingDocuments.MAX_NESTING);
  }

  @Test
  void nesting256MiB_refusedByTheHeapBudget() throws Exception {
    byte[] snapshot =
        SnapshotBombs.run("", "[", ReadLimits.DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES - 5, "[[[[[");
    assertRefused(readIn256MiB("nesting-256", snapshot), "heap budget", "-Xmx");
  }

  @Test
  void eightMillionTinyLz4Sequences_refusedByTheEntriesLimitWithoutHoldingTheContent()
      throws Exception {
    // 40 MB of "g", entries (10 million) in 8 million sequences of 4 bytes: a 32 MB block
    byte[] snapshot =
        SnapshotBombs.tiny("{\"format\":1,\"placement\":[", "\"g\",", 8_000_001, "\"g\",\"g\"]}");
    assertTrue(snapshot.length > 32_000_000, "" + snapshot.length);
    String out = readIn256MiB("tiny", snapshot);
    assertRefused(
        out,
        "the array at line 1, column 25 (byte offset 24) has more than "
            + ReadLimits.DEFAULT_MAX_ENTRIES
            + " entries",
        "ReadLimits.maxEntries");
  }

  @Test
  void aFileOverTheHeapBudget_refusedBeforeItIsRead() throws Exception {
    byte[] spaces = new byte[100_000_000]; // within the 256 MiB a file may have, over 64 MiB
    java.util.Arrays.fill(spaces, (byte) ' ');
    assertRefused(
        readIn256MiB("large-file", spaces),
        "is 100000000 bytes, over this process's heap budget",
        "refused before it is read",
        "-Xmx");
  }

  /** Bytes allocated by this thread so far (HotSpot's per-thread counter). */
  private static long allocated() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  @Test
  void whitespaceWithinTheBudget_isNeverHeld() {
    byte[] snapshot = SnapshotBombs.run("{", " ", 64 * MIB, ONE_GROUP_TAIL);
    RoutingDocuments.read(snapshot); // warm up
    long before = allocated();
    RoutingTable t = RoutingDocuments.read(snapshot);
    long used = allocated() - before;
    assertEquals(3, t.version());
    assertTrue(used < 4 * MIB, "reading 64 MiB of content allocated " + used + " bytes");
  }

  @Test
  void whitespaceNeverJoinsTwoTokens() {
    byte[] joined =
        SnapshotBombs.run(
            "{\"test_one_group\":\"g0\",\"routing_version\":1", " ", 100, "2                 }");
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> RoutingDocuments.read(joined));
    assertTrue(e.getMessage().contains("malformed JSON"), e.getMessage());
    // Whitespace inside strings is content: kept.
    byte[] inString =
        SnapshotBombs.run("{\"test_one_group\":\"g0\",\"test_warn\":\"a", " ", 5, "b\"          }");
    InvalidRoutingTableException e2 =
        assertThrows(InvalidRoutingTableException.class, () -> RoutingDocuments.read(inString));
    assertTrue(e2.getMessage().contains("test_warn: a     b"), e2.getMessage());
  }
}
