package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code shardctl validate} of a decompression bomb inside the default limits (issue 34): a 1 MB
 * snapshot whose content is 256 MiB of spaces, validated by {@code shardctl} in a JVM of its own
 * with a 256 MiB heap and {@code -XX:+ExitOnOutOfMemoryError}, ends with status 2 and one line that
 * names the limit, not with {@link OutOfMemoryError}.
 */
class ValidateBombTest {
  private static final int CONTENT = 256 << 20; // ReadLimits.DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES

  @TempDir Path dir;

  @Test
  void validate_whitespaceBomb_status2NamingTheHeapBudget_inA256MiBHeap() throws Exception {
    Path bomb = dir.resolve("bomb.snapshot");
    Files.write(bomb, whitespaceSnapshot(CONTENT));
    assertTrue(Files.size(bomb) < (2 << 20), Files.size(bomb) + " bytes");
    Process p =
        new ProcessBuilder(
                List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-Xmx256m",
                    "-XX:+ExitOnOutOfMemoryError",
                    "-cp",
                    System.getProperty("java.class.path"),
                    ShardCtl.class.getName(),
                    "validate",
                    bomb.toString()))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
    assertEquals(ShardCtl.INVALID, p.exitValue(), "(3: OutOfMemoryError)\n" + out);
    assertFalse(out.contains("OutOfMemoryError"), out);
    List<String> lines = out.lines().toList();
    assertEquals(
        "shardctl validate: " + bomb + " is not a valid routing table (1 violation):",
        lines.get(0),
        out);
    assertTrue(
        lines.get(1).startsWith("$: snapshot declares " + CONTENT + " content bytes, over this"),
        out);
    assertTrue(lines.get(1).contains("ReadLimits.maxSnapshotContentBytes"), out);
    assertTrue(lines.get(1).contains("-Xmx"), out);
  }

  /**
   * A format-1 snapshot of {@code length} spaces: one LZ4 block of a literal space, one match of
   * offset 1 for all but the last 6 bytes, and 5 literal spaces (about {@code length / 255} bytes).
   */
  static byte[] whitespaceSnapshot(int length) {
    ByteArrayOutputStream block = new ByteArrayOutputStream();
    block.write(0x1F); // 1 literal, match length 15 + extra bytes
    block.write(' ');
    block.write(1); // offset 1
    block.write(0);
    int rest = length - 6 - 4 - 15;
    byte[] ff = new byte[rest / 255];
    Arrays.fill(ff, (byte) 0xFF);
    block.write(ff, 0, ff.length);
    block.write(rest % 255);
    block.write(0x50); // 5 literals, the end
    block.write(new byte[] {' ', ' ', ' ', ' ', ' '}, 0, 5);
    byte[] compressed = block.toByteArray();
    byte[] out = new byte[20 + compressed.length];
    out[0] = 'S';
    out[1] = 'R';
    out[2] = 'T';
    out[3] = 'S';
    out[4] = 1;
    putInt(out, 8, length);
    putInt(out, 12, compressed.length);
    CRC32C crc = new CRC32C();
    crc.update(out, 0, 16);
    byte[] spaces = new byte[1 << 20];
    Arrays.fill(spaces, (byte) ' ');
    for (int left = length; left > 0; left -= spaces.length) {
      crc.update(spaces, 0, Math.min(left, spaces.length));
    }
    putInt(out, 16, (int) crc.getValue());
    System.arraycopy(compressed, 0, out, 20, compressed.length);
    return out;
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
    b[at + 2] = (byte) (v >>> 16);
    b[at + 3] = (byte) (v >>> 24);
  }
}
