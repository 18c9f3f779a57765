package io.shardrouter.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A small text table for people: a header and rows of cells, printed with every column as wide as
 * its widest cell, two spaces apart; columns marked numeric are right-aligned.
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
      r[i] = String.valueOf(cells[i]);
    }
    rows.add(r);
    return this;
  }

  void print(PrintStream out, String indent) {
    int[] width = new int[header.length];
    for (int i = 0; i < header.length; i++) {
      width[i] = header[i].length();
      for (String[] r : rows) {
        width[i] = Math.max(width[i], r[i].length());
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
        sb.append(" ".repeat(width[i] - c.length())).append(c);
      } else {
        sb.append(c);
        if (!last) {
          sb.append(" ".repeat(width[i] - c.length()));
        }
      }
      if (!last) {
        sb.append("  ");
      }
    }
    return sb.toString();
  }
}
