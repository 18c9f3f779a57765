package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decompression bombs inside the default limits: a snapshot of about 1 MB whose content expands to
 * nearly {@link ReadLimits#DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES} (whitespace, nesting, or a placement
 * of many tiny entries), read by a process with a 256 MiB heap, is refused with an {@link
 * InvalidRoutingTableException} naming the limit and the heap; the process goes on.
 */
class SnapshotBombTest {
  @TempDir Path dir;

  /** Reads the snapshot file {@code args[0]} in a 256 MiB heap; prints what happened. */
  public static final class Reader {
    public static void main(String[] args) throws IOException {
      byte[] snapshot = Files.readAllBytes(Path.of(args[0]));
      try {
        RoutingDocuments.read(snapshot);
        System.out.println("READ");
      } catch (InvalidRoutingTableException e) {
        System.out.println("REFUSED " + e.getMessage().replace('\n', ' '));
      }
      byte[] after = new byte[16 << 20]; // and the process goes on
      System.out.println("ALIVE " + after.length);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"whitespace", "nesting", "tiny-entries"})
  void aBombWithinTheLimits_isRefusedInA256MiBHeap_andTheProcessGoesOn(String kind)
      throws Exception {
    int length = ReadLimits.DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES - 64;
    byte[] content = new byte[length];
    switch (kind) {
      case "whitespace" -> {
        Arrays.fill(content, (byte) ' ');
        content[0] = '{';
        content[length - 1] = '}';
      }
      case "nesting" -> Arrays.fill(content, (byte) '[');
      default -> {
        byte[] head = "{\"format\":1,\"placement\":[".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(head, 0, content, 0, head.length);
        for (int i = head.length; i + 4 <= length; i += 4) {
          content[i] = '"';
          content[i + 1] = 'g';
          content[i + 2] = '"';
          content[i + 3] = ',';
        }
      }
    }
    byte[] snapshot = snapshot(content);
    assertTrue(snapshot.length < (4 << 20), kind + ": " + snapshot.length + " bytes on disk");
    Path file = dir.resolve(kind + ".snapshot");
    Files.write(file, snapshot);
    Process p =
        new ProcessBuilder(
                List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-Xmx256m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Reader.class.getName(),
                    file.toString()))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), kind);
    assertEquals(0, p.exitValue(), kind + ":\n" + out);
    assertTrue(out.contains("REFUSED "), kind + ":\n" + out);
    assertTrue(
        out.contains("maxSnapshotContentBytes") || out.contains("ReadLimits"), kind + ":\n" + out);
    assertTrue(out.contains("ALIVE "), kind + ":\n" + out);
  }

  /** A format-1 snapshot of {@code content}, as Snapshots.write frames it. */
  private static byte[] snapshot(byte[] content) {
    LZ4Compressor c = LZ4Factory.safeInstance().fastCompressor();
    byte[] compressed = c.compress(content);
    byte[] out = new byte[Snapshots.HEADER_BYTES + compressed.length];
    out[0] = 'S';
    out[1] = 'R';
    out[2] = 'T';
    out[3] = 'S';
    out[4] = (byte) Snapshots.FORMAT;
    putInt(out, 8, content.length);
    putInt(out, 12, compressed.length);
    CRC32C crc = new CRC32C();
    crc.update(out, 0, 16);
    crc.update(content, 0, content.length);
    putInt(out, 16, (int) crc.getValue());
    System.arraycopy(compressed, 0, out, Snapshots.HEADER_BYTES, compressed.length);
    return out;
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
    b[at + 2] = (byte) (v >>> 16);
    b[at + 3] = (byte) (v >>> 24);
  }
}
