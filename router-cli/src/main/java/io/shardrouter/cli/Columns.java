package io.shardrouter.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A small text table for people: a header and rows of cells, printed with every column as wide as
 * its widest cell, two spaces apart; columns marked numeric are right-aligned. Widths are the
 * columns a terminal shows a cell in ({@link #width}): a CJK key takes two a character. Every cell
 * is printed escaped ({@link Printed}): a key or id with a tab, a line break or a bidirectional
 * override cannot shift, break or reorder its row.
 */
final class Columns {
  private final String[] header;
  private final boolean[] numeric;
  private final List<String[]> rows = new ArrayList<>();

  /**
   * Columns named by {@code header}; a name starting with {@code #} is a numeric column (the {@code
   * #} is dropped).
   */
  Columns(String... header) {
    this.header = new String[header.length];
    this.numeric = new boolean[header.length];
    for (int i = 0; i < header.length; i++) {
      numeric[i] = header[i].startsWith("#");
      this.header[i] = numeric[i] ? header[i].substring(1) : header[i];
    }
  }

  Columns row(Object... cells) {
    if (cells.length != header.length) {
      throw new IllegalArgumentException(
          "row has " + cells.length + " cells, the table " + header.length + " columns");
    }
    String[] r = new String[cells.length];
    for (int i = 0; i < cells.length; i++) {
      r[i] = Printed.line(String.valueOf(cells[i]));
    }
    rows.add(r);
    return this;
  }

  void print(PrintStream out, String indent) {
    int[] width = new int[header.length];
    for (int i = 0; i < header.length; i++) {
      width[i] = width(header[i]);
      for (String[] r : rows) {
        width[i] = Math.max(width[i], width(r[i]));
      }
    }
    out.println(line(header, width, indent));
    for (String[] r : rows) {
      out.println(line(r, width, indent));
    }
  }

  private String line(String[] cells, int[] width, String indent) {
    StringBuilder sb = new StringBuilder(indent);
    for (int i = 0; i < cells.length; i++) {
      String c = cells[i];
      boolean last = i == cells.length - 1;
      if (numeric[i]) {
        sb.append(" ".repeat(width[i] - width(c))).append(c);
      } else {
        sb.append(c);
        if (!last) {
          sb.append(" ".repeat(width[i] - width(c)));
        }
      }
      if (!last) {
        sb.append("  ");
      }
    }
    return sb.toString();
  }

  /**
   * The columns a terminal shows {@code s} in, as {@code wcwidth} counts them: an East Asian wide
   * or fullwidth code point (CJK ideographs, kana, Hangul syllables, fullwidth forms, the emoji
   * blocks) takes 2, a combining mark, a format character (a zero-width joiner) or a Hangul vowel
   * or final consonant jamo takes 0, any other code point 1.
   */
  static int width(String s) {
    int columns = 0;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      columns += width(cp);
    }
    return columns;
  }

  private static int width(int cp) {
    int type = Character.getType(cp);
    if (type == Character.NON_SPACING_MARK
        || type == Character.ENCLOSING_MARK
        || (type == Character.FORMAT && cp != 0x00AD) // a soft hyphen shows as one
        || (cp >= 0x1160 && cp <= 0x11FF)) { // Hangul jamo that join the syllable before
      return 0;
    }
    return isWide(cp) ? 2 : 1;
  }

  /** East Asian Width W or F (Unicode Standard Annex #11), by block. */
  private static boolean isWide(int cp) {
    return cp >= 0x1100
        && (cp <= 0x115F // Hangul leading consonant jamo
            || cp == 0x2329
            || cp == 0x232A
            || (cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F) // CJK radicals .. Yi
            || (cp >= 0xA960 && cp <= 0xA97F) // Hangul jamo extended-A
            || (cp >= 0xAC00 && cp <= 0xD7A3) // Hangul syllables
            || (cp >= 0xF900 && cp <= 0xFAFF) // CJK compatibility ideographs
            || (cp >= 0xFE10 && cp <= 0xFE19) // vertical forms
            || (cp >= 0xFE30 && cp <= 0xFE6F) // CJK compatibility forms, small forms
            || (cp >= 0xFF00 && cp <= 0xFF60) // fullwidth forms
            || (cp >= 0xFFE0 && cp <= 0xFFE6) // fullwidth signs
            || (cp >= 0x16FE0 && cp <= 0x18AFF) // Tangut
            || (cp >= 0x1B000 && cp <= 0x1B2FF) // kana supplement and extensions, Nushu
            || (cp >= 0x1F300 && cp <= 0x1F64F) // pictographs, emoticons
            || (cp >= 0x1F900 && cp <= 0x1F9FF) // supplemental pictographs
            || (cp >= 0x20000 && cp <= 0x3FFFD)); // CJK ideographs, planes 2 and 3
  }
}
