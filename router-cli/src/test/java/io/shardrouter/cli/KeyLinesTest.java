package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyLinesTest {

  private static List<String> read(byte[] input) throws IOException {
    return read(new ByteArrayInputStream(input));
  }

  private static List<String> read(InputStream in) throws IOException {
    KeyLines lines = new KeyLines(in);
    List<String> out = new ArrayList<>();
    while (lines.next()) {
      out.add(lines.lineNumber() + ":" + lines.text());
    }
    return out;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void next_emptyInput_noLines() throws IOException {
    assertEquals(List.of(), read(new byte[0]));
  }

  @Test
  void next_finalNewline_noExtraLine() throws IOException {
    assertEquals(List.of("1:a", "2:b"), read(utf8("a\nb\n")));
    assertEquals(List.of("1:a", "2:b"), read(utf8("a\nb")));
  }

  @Test
  void next_emptyLines_areEmptyKeys() throws IOException {
    assertEquals(List.of("1:", "2:a", "3:"), read(utf8("\na\n\n")));
  }

  @Test
  void next_crlfAndBom_stripped() throws IOException {
    byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    byte[] rest = utf8("é\r\nx\r\n");
    byte[] all = Arrays.copyOf(bom, 3 + rest.length);
    System.arraycopy(rest, 0, all, 3, rest.length);
    assertEquals(List.of("1:é", "2:x"), read(all));
  }

  @Test
  void next_bomAfterFirstLine_kept() throws IOException {
    assertEquals(List.of("1:a", "2:\uFEFFb"), read(utf8("a\n\uFEFFb\n")));
  }

  @Test
  void next_nonAscii_decodedStrictly() throws IOException {
    assertEquals(
        List.of("1:東京", "2:🎉", "3:null", "4:ok"),
        read(
            new byte[] {
              (byte) 0xE6,
              (byte) 0x9D,
              (byte) 0xB1,
              (byte) 0xE4,
              (byte) 0xBA,
              (byte) 0xAC,
              '\n',
              (byte) 0xF0,
              (byte) 0x9F,
              (byte) 0x8E,
              (byte) 0x89,
              '\n',
              (byte) 0xED,
              (byte) 0xA0,
              (byte) 0x80,
              '\n', // an encoded lone surrogate is not UTF-8
              'o',
              'k'
            }));
  }

  @Test
  void next_linesAcrossBufferBoundaries_intact() throws IOException {
    String longKey = "k".repeat(200_000);
    StringBuilder sb = new StringBuilder();
    List<String> expected = new ArrayList<>();
    for (int i = 1; i <= 20_000; i++) {
      String k = i == 7_000 ? longKey : "key-" + i;
      sb.append(k).append('\n');
      expected.add(i + ":" + k);
    }
    // a stream that returns at most 1,000 bytes per read, so lines are split between reads
    InputStream trickle =
        new ByteArrayInputStream(utf8(sb.toString())) {
          @Override
          public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, 1000));
          }
        };
    assertEquals(expected, read(trickle));
  }

  @Test
  void next_crAtTheEndOfALine_oneDropped_alsoAtTheEndOfTheFile() throws IOException {
    assertEquals(List.of("1:a", "2:last"), read(utf8("a\r\nlast\r")));
    assertEquals(List.of("1:a\r", "2:b\r"), read(utf8("a\r\r\nb\r\r")));
    assertEquals(List.of("1:a\rb", "2:\rc"), read(utf8("a\rb\n\rc")));
    assertEquals(List.of("1:"), read(utf8("\r")));
    assertEquals(List.of("1:", "2:"), read(utf8("\r\n\r")));
  }

  private static byte[] line(String before, int repeat, String after) {
    byte[] head = utf8(before);
    byte[] tail = utf8(after);
    byte[] all = new byte[head.length + repeat + tail.length];
    System.arraycopy(head, 0, all, 0, head.length);
    Arrays.fill(all, head.length, head.length + repeat, (byte) 'k');
    System.arraycopy(tail, 0, all, head.length + repeat, tail.length);
    return all;
  }

  /** Each line as its number and its key's length, or its refusal. */
  private static List<String> lengths(InputStream in) throws IOException {
    KeyLines lines = new KeyLines(in);
    List<String> out = new ArrayList<>();
    while (lines.next()) {
      out.add(
          lines.lineNumber()
              + ":"
              + (lines.text() == null ? lines.refusal() : lines.text().length()));
    }
    return out;
  }

  private static List<String> lengths(byte[] input) throws IOException {
    return lengths(new ByteArrayInputStream(input));
  }

  @Test
  void next_keyOfExactly16MiB_read() throws IOException {
    int max = KeyLines.MAX_KEY_BYTES;
    assertEquals(16_777_216, max);
    assertEquals(List.of("1:" + max), lengths(line("", max, "")));
    assertEquals(List.of("1:" + max), lengths(line("", max, "\n")));
    assertEquals(List.of("1:" + max, "2:1"), lengths(line("", max, "\r\nz")));
    assertEquals(List.of("1:" + max), lengths(line("\uFEFF", max, "\r\n")));
    assertEquals(List.of("1:" + max), lengths(line("\uFEFF", max, "\r")));
    assertEquals(List.of("1:1", "2:" + max, "3:1"), lengths(line("a\n", max, "\r\nb")));
  }

  @Test
  void next_keyOver16MiB_refusedAlone_nextLinesRead() throws IOException {
    int max = KeyLines.MAX_KEY_BYTES;
    String refusal =
        " bytes, more than the 16777216 (16 MiB) a line of a key file may hold besides its \\n or"
            + " \\r\\n; a key file holds one key per line: route a longer key through the library"
            + " (RoutingTable.routeCanonical)";
    assertEquals(
        List.of("1:1", "2:the line holds 16777217" + refusal, "3:1"),
        lengths(line("a\n", max + 1, "\r\nb\n")));
    assertEquals(
        List.of("1:the line holds 16777217" + refusal), lengths(line("\uFEFF", max + 1, "")));
    assertEquals(
        List.of("1:1", "2:the line holds 16777217" + refusal), lengths(line("a\n", max + 1, "\r")));
    // a line beyond what the reader holds is skipped as it streams past, in pieces
    byte[] far = line("a\n", max + 1_000_003, "\r\nb\n\nc");
    InputStream trickle =
        new ByteArrayInputStream(far) {
          @Override
          public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, 77_777));
          }
        };
    assertEquals(
        List.of("1:1", "2:the line holds 17777219" + refusal, "3:1", "4:0", "5:1"),
        lengths(trickle));
    assertEquals(
        List.of("1:the line holds 20000000" + refusal, "2:1"),
        lengths(line("\uFEFF", 20_000_000, "\nz")));
  }

  @Test
  void next_endlessLine_refusedWhenItEnds_withoutHoldingIt() throws IOException {
    long total = 64L << 20;
    InputStream endless =
        new InputStream() {
          long left = total;

          @Override
          public int read() {
            return left-- > 0 ? 'x' : -1;
          }

          @Override
          public int read(byte[] b, int off, int len) {
            if (left <= 0) {
              return -1;
            }
            int n = (int) Math.min(len, left);
            Arrays.fill(b, off, off + n, (byte) 'x');
            left -= n;
            return n;
          }
        };
    List<String> got = lengths(endless);
    assertEquals(1, got.size());
    assertTrue(got.get(0).startsWith("1:the line holds " + total + " bytes"), got.get(0));
  }
}
