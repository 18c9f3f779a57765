package io.shardrouter.core.metadata;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Violation;

/**
 * Refuses a JSON document with an array or object of more entries than a limit, by one pass over
 * its bytes before anything is parsed: so a document of a few megabytes that lists tens of millions
 * of tiny entries (a placement of 2^24 group ids, a directory of millions of one-digit keys) never
 * makes the reader build them ({@code docs/format.md} §3.4).
 *
 * <p>The pass counts the top-level commas of each container, skipping strings (with their escapes),
 * and is lenient about everything else: a syntax error is the parser's to report, after this pass
 * finds no container too large. Containers nested deeper than {@code maxNesting} stop the pass for
 * the same reason.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class ContainerSizes {
  private ContainerSizes() {}

  /**
   * Throws {@link InvalidRoutingTableException} naming the first container of {@code json} with
   * more than {@code maxEntries} entries, by its line, column and byte offset; returns when there
   * is none.
   */
  public static void check(byte[] json, int maxEntries, int maxNesting) {
    int[] counts = new int[maxNesting + 1]; // commas seen in each open container
    int[] starts = new int[maxNesting + 1];
    int depth = 0;
    for (int i = 0; i < json.length; i++) {
      byte b = json[i];
      switch (b) {
        case '"' -> i = endOfString(json, i);
        case '[', '{' -> {
          if (depth == maxNesting) {
            return; // too deep: the parser refuses it, with its own message
          }
          depth++;
          counts[depth] = 0;
          starts[depth] = i;
        }
        case ']', '}' -> {
          if (depth == 0) {
            return; // unbalanced: the parser's to report
          }
          depth--;
        }
        case ',' -> {
          if (depth > 0 && ++counts[depth] >= maxEntries) { // commas + 1 entries
            throw over(json, starts[depth], maxEntries);
          }
        }
        default -> {}
      }
    }
  }

  /** The index of the quote that closes the string opened at {@code open}, or the last index. */
  private static int endOfString(byte[] json, int open) {
    for (int i = open + 1; i < json.length; i++) {
      if (json[i] == '\\') {
        i++;
      } else if (json[i] == '"') {
        return i;
      }
    }
    return json.length - 1;
  }

  private static InvalidRoutingTableException over(byte[] json, int start, int maxEntries) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < start; i++) {
      if (json[i] == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return over(json[start] == '[', line, start - lineStart + 1, start, maxEntries);
  }

  /**
   * The refusal of the array (or object) at {@code line}, {@code column} and {@code offset} (bytes,
   * from 1, 1 and 0) for having more than {@code maxEntries} entries: as {@link #check} words it,
   * for a reader that counts the entries some other way (a snapshot's content, while it is
   * decompressed).
   */
  public static InvalidRoutingTableException over(
      boolean array, long line, long column, long offset, int maxEntries) {
    return new InvalidRoutingTableException(
        new Violation(
            "$",
            "the "
                + (array ? "array" : "object")
                + " at line "
                + line
                + ", column "
                + column
                + " (byte offset "
                + offset
                + ") has more than "
                + maxEntries
                + " entries, over the limit of "
                + maxEntries
                + " (ReadLimits.maxEntries); raise the limit where the table is read if it is"
                + " genuine"));
  }
}
