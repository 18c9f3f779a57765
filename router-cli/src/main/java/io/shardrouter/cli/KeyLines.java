package io.shardrouter.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a key file ({@code docs/format.md} §7): one key per line, UTF-8, lines ending in {@code \n}
 * or {@code \r\n}, a byte order mark at the start ignored. Every line is a key, an empty one
 * included.
 *
 * <p>A line is split off at each {@code \n}; one {@code \r} at the end of a line is dropped, the
 * one before its {@code \n} or, on a last line with no {@code \n}, the last byte of the file.
 *
 * <p>A line that is no key of a key file is reported instead of read: {@link #text()} is null and
 * {@link #refusal()} says why. That is a line that is not well-formed UTF-8 (a {@link
 * java.io.BufferedReader} would read it with replacement characters and route a key nobody wrote),
 * or whose key is longer than {@value #MAX_KEY_BYTES} bytes; such a line is skipped without being
 * held in memory, and the lines after it are read as usual.
 *
 * <p><b>Thread-safety:</b> mutable; one thread.
 */
final class KeyLines {
  /**
   * The longest key a line may hold, in bytes of UTF-8: 16 MiB, counted after the line's {@code
   * \n}, the {@code \r} dropped before it and a byte order mark at the start of the file are taken
   * off.
   */
  static final int MAX_KEY_BYTES = 16 << 20;

  /** The longest line held: a byte order mark, the longest key, {@code \r} and {@code \n}. */
  private static final int MAX_HELD = MAX_KEY_BYTES + 5;

  private final InputStream in;
  private final String kind;
  private final String item;
  private final CharsetDecoder utf8 =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private byte[] buf = new byte[1 << 16];
  private int pos;
  private int scanned;
  private int limit;
  private boolean eof;
  private long line;
  private String text;
  private String refusal;

  /** The lines of a key file. */
  KeyLines(InputStream in) {
    this(in, "key file", "key");
  }

  /**
   * The lines of a file of the same form that holds something else, for the messages: {@code "query
   * file"} of {@code "query"} lines.
   */
  KeyLines(InputStream in, String kind, String item) {
    this.in = in;
    this.kind = kind;
    this.item = item;
  }

  /** Advances to the next line; false at the end of the input. */
  boolean next() throws IOException {
    while (true) {
      for (int i = scanned; i < limit; i++) {
        if (buf[i] == '\n') {
          take(pos, i);
          pos = i + 1;
          scanned = pos;
          return true;
        }
      }
      scanned = limit;
      if (eof) {
        if (pos < limit) {
          take(pos, limit);
          pos = limit;
          scanned = limit;
          return true;
        }
        return false;
      }
      if (limit - pos >= MAX_HELD) {
        skipLongLine();
        return true;
      }
      fill();
    }
  }

  /** The current line's key, or null when the line is refused ({@link #refusal()} says why). */
  String text() {
    return text;
  }

  /**
   * Why the current line holds no key, for an error line after {@code line N: }; null when {@link
   * #text()} is the key.
   */
  String refusal() {
    return refusal;
  }

  /** The current line's number, from 1. */
  long lineNumber() {
    return line;
  }

  private void fill() throws IOException {
    if (pos > 0) {
      System.arraycopy(buf, pos, buf, 0, limit - pos);
      limit -= pos;
      scanned -= pos;
      pos = 0;
    }
    if (limit == buf.length) {
      buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, MAX_HELD));
    }
    int n = in.read(buf, limit, buf.length - limit);
    if (n < 0) {
      eof = true;
    } else {
      limit += n;
    }
  }

  /**
   * Refuses the line that starts at {@code pos} and fills the whole buffer without a {@code \n}:
   * its key is longer than {@link #MAX_KEY_BYTES} whatever follows. Reads on to its end, keeping
   * only its length, so that the next line starts where it ends.
   */
  private void skipLongLine() throws IOException {
    line++;
    long length = limit - pos;
    boolean bom = line == 1 && startsWithBom(pos, limit);
    byte last = buf[limit - 1];
    pos = 0;
    scanned = 0;
    limit = 0;
    while (true) {
      int n = in.read(buf, 0, buf.length);
      if (n < 0) {
        eof = true;
        break;
      }
      int end = 0;
      while (end < n && buf[end] != '\n') {
        end++;
      }
      length += end;
      if (end > 0) {
        last = buf[end - 1];
      }
      if (end < n) { // the line ends here; what follows is the next line
        pos = end + 1;
        scanned = pos;
        limit = n;
        break;
      }
    }
    refuseLong(length - (last == '\r' ? 1 : 0) - (bom ? 3 : 0));
  }

  private void refuseLong(long keyBytes) {
    text = null;
    refusal =
        "the line holds "
            + keyBytes
            + " bytes, more than the "
            + MAX_KEY_BYTES
            + " (16 MiB) a line of a "
            + kind
            + " may hold besides its \\n or \\r\\n; a "
            + kind
            + " holds one "
            + item
            + " per line"
            + (item.equals("key")
                ? ": route a longer key through the library (RoutingTable.routeCanonical)"
                : "");
  }

  private boolean startsWithBom(int from, int to) {
    return to - from >= 3
        && buf[from] == (byte) 0xEF
        && buf[from + 1] == (byte) 0xBB
        && buf[from + 2] == (byte) 0xBF;
  }

  private void take(int from, int to) {
    line++;
    if (to > from && buf[to - 1] == '\r') {
      to--;
    }
    if (line == 1 && startsWithBom(from, to)) {
      from += 3;
    }
    if (to - from > MAX_KEY_BYTES) {
      refuseLong(to - from);
      return;
    }
    refusal = null;
    int acc = 0;
    for (int i = from; i < to; i++) {
      acc |= buf[i];
    }
    if (acc >= 0) { // no byte has its top bit set: ASCII, whose UTF-8 and Latin-1 forms agree
      text = new String(buf, from, to - from, StandardCharsets.ISO_8859_1);
      return;
    }
    try {
      text = utf8.decode(ByteBuffer.wrap(buf, from, to - from)).toString();
    } catch (CharacterCodingException e) {
      text = null;
      refusal = "not well-formed UTF-8; a " + kind + " holds UTF-8 text, one " + item + " per line";
    }
  }
}
