package io.shardrouter.core.metadata;

import io.shardrouter.core.InvalidRoutingTableException;
import java.util.zip.CRC32C;
import org.jspecify.annotations.Nullable;

/**
 * What a snapshot's content is found to be while it is decompressed, chunk by chunk ({@link
 * Lz4BlockStream.Sink}), without holding it: its CRC-32C (after the header's first 16 bytes), its
 * length without whitespace, and its first array or object over {@code maxEntries} entries (the
 * check {@link ContainerSizes#check} makes on a document, positions counted in the content as
 * decompressed). When given a buffer it also keeps the content there without its whitespace, so
 * that a content that is mostly whitespace is never held whole ({@code docs/format.md} §3.3).
 *
 * <p>Whitespace outside strings is dropped, except that one space stays between two bytes that are
 * neither structural ({@code {}[],:}) nor a quote, so that no two tokens join ({@code 1 2} stays
 * {@code 1 2}, never {@code 12}): the kept bytes are the same JSON value, or, for input that is not
 * JSON, still not JSON. A content that {@link RoutingDocuments#writeCompact} wrote has no such
 * whitespace and is kept byte for byte.
 *
 * <p><b>Thread-safety:</b> not thread-safe (one per read).
 */
final class SnapshotContent implements Lz4BlockStream.Sink {
  private final CRC32C crc = new CRC32C();
  private final byte @Nullable [] out; // null: count the kept bytes, keep none
  private final int maxEntries;
  private final int maxNesting;

  private int kept; // bytes kept (or that would be)
  private int position; // offset in the content of the next byte handed in
  private int line = 1;
  private int lineStart;
  private boolean inString;
  private boolean escaped;
  private boolean afterWord; // the last byte kept outside a string is part of a number or literal
  private boolean gap; // whitespace was dropped after such a byte

  private boolean counting = true; // false once the pass ContainerSizes makes would have stopped
  private int depth;
  private final int[] commas;
  private final int[] starts;
  private final int[] startLines;
  private final int[] startColumns;
  private final boolean[] arrays;
  private @Nullable InvalidRoutingTableException overEntries;

  /**
   * @param header the snapshot, whose bytes 0 to 15 start the checksum
   * @param out where to keep the content without its whitespace, as long as that (as a first pass
   *     with a null {@code out} measured it); null to keep nothing
   */
  SnapshotContent(byte[] header, byte @Nullable [] out, int maxEntries, int maxNesting) {
    crc.update(header, 0, 16);
    this.out = out;
    this.maxEntries = maxEntries;
    this.maxNesting = maxNesting;
    commas = new int[maxNesting + 1];
    starts = new int[maxNesting + 1];
    startLines = new int[maxNesting + 1];
    startColumns = new int[maxNesting + 1];
    arrays = new boolean[maxNesting + 1];
  }

  /** The CRC-32C of header bytes 0 to 15 and the content handed in. */
  int checksum() {
    return (int) crc.getValue();
  }

  /** The length of the content handed in, without its whitespace. */
  int keptLength() {
    return kept;
  }

  /** The refusal of the first container over {@code maxEntries} entries; null when none is. */
  @Nullable InvalidRoutingTableException overEntries() {
    return overEntries;
  }

  @Override
  public void accept(byte[] b, int offset, int length) {
    crc.update(b, offset, length);
    final byte[] out = this.out;
    final int end = offset + length;
    final int base = position - offset; // the content offset of b[i] is base + i
    int n = kept;
    int i = offset;
    while (i < end) {
      if (inString) {
        if (escaped) {
          byte c = b[i];
          escaped = false;
          if (c == '\n') {
            line++;
            lineStart = base + i + 1;
          }
          if (out != null) {
            out[n] = c;
          }
          n++;
          i++;
          continue;
        }
        int j = i;
        byte c = 0;
        while (j < end) {
          c = b[j];
          if (c == '"' || c == '\\' || c == '\n') {
            break;
          }
          j++;
        }
        if (out != null) {
          System.arraycopy(b, i, out, n, j - i);
        }
        n += j - i;
        if (j == end) {
          break;
        }
        if (c == '"') {
          inString = false;
        } else if (c == '\\') {
          escaped = true;
        } else {
          line++;
          lineStart = base + j + 1;
        }
        if (out != null) {
          out[n] = c;
        }
        n++;
        i = j + 1;
        continue;
      }
      byte c = b[i];
      switch (c) {
        case ' ', '\t', '\r' -> gap |= afterWord;
        case '\n' -> {
          line++;
          lineStart = base + i + 1;
          gap |= afterWord;
        }
        default -> {
          boolean word = false;
          switch (c) {
            case '"' -> inString = true;
            case '[', '{' -> {
              if (counting) {
                open(c == '[', base + i);
              }
            }
            case ']', '}' -> {
              if (counting) {
                if (depth == 0) {
                  counting = false; // unbalanced: the parser's to report
                } else {
                  depth--;
                }
              }
            }
            case ',' -> {
              if (counting && depth > 0 && ++commas[depth] >= maxEntries) { // commas + 1 entries
                overEntries =
                    ContainerSizes.over(
                        arrays[depth],
                        startLines[depth],
                        startColumns[depth],
                        starts[depth],
                        maxEntries);
                counting = false;
              }
            }
            case ':' -> {}
            default -> {
              word = true;
              if (gap) {
                if (out != null) {
                  out[n] = ' ';
                }
                n++;
              }
            }
          }
          if (out != null) {
            out[n] = c;
          }
          n++;
          afterWord = word;
          gap = false;
        }
      }
      i++;
    }
    kept = n;
    position += length;
  }

  private void open(boolean array, int at) {
    if (depth == maxNesting) {
      counting = false; // too deep: the parser refuses it, with its own message
      return;
    }
    depth++;
    commas[depth] = 0;
    starts[depth] = at;
    startLines[depth] = line;
    startColumns[depth] = at - lineStart + 1;
    arrays[depth] = array;
  }
}
