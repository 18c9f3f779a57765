package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
  void next_lineOverLimit_throws() {
    InputStream endless =
        new InputStream() {
          @Override
          public int read() {
            return 'x';
          }

          @Override
          public int read(byte[] b, int off, int len) {
            Arrays.fill(b, off, off + len, (byte) 'x');
            return len;
          }
        };
    assertThrows(IOException.class, () -> read(endless));
  }
}
