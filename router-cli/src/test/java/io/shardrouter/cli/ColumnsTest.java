package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Columns}: cells padded by the columns a terminal shows them in, not by their length. */
class ColumnsTest {
  private static List<String> print(Columns c) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      c.print(out, "  ");
    }
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void print_wideKeyBesideAsciiKey_padsByDisplayWidth() {
    Columns c = new Columns("key", "frequency", "#n").row("東京都", 3, 30).row("tokyo", 2, 4);
    assertEquals(
        List.of(
            "  key     frequency   n", // 東京都 takes 6 columns: the key column is 6 wide
            "  東京都  3          30",
            "  tokyo   2           4"),
        print(c));
  }

  @Test
  void print_fullwidthAndCombiningMarks_padsByDisplayWidth() {
    // ＡＢ: fullwidth forms, 2 columns each; e + U+0301 (combining acute accent): 1 column
    Columns c = new Columns("key", "#n").row("ＡＢ", 1).row("e\u0301te\u0301", 22).row("ab", 3);
    assertEquals(
        List.of("  key    n", "  ＡＢ   1", "  e\u0301te\u0301   22", "  ab     3"), print(c));
  }

  @Test
  void width_countsColumnsNotChars() {
    assertEquals(0, Columns.width(""));
    assertEquals(5, Columns.width("tokyo"));
    assertEquals(6, Columns.width("東京都"));
    assertEquals(4, Columns.width("한국")); // Hangul syllables
    assertEquals(4, Columns.width("ＡＢ"));
    assertEquals(2, Columns.width("\uD840\uDC0B")); // U+2000B, a CJK ideograph past the BMP
    assertEquals(3, Columns.width("e\u0301te"));
    assertEquals(1, Columns.width("a\u200D")); // a zero-width joiner takes no column
  }
}
