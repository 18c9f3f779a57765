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
 * <p>Unlike a {@link java.io.BufferedReader}, a line that is not well-formed UTF-8 is reported
 * ({@link #text()} is null) instead of being read with replacement characters, which would route a
 * key nobody wrote; the lines after it are read as usual.
 *
 * <p><b>Thread-safety:</b> mutable; one thread.
 */
final class KeyLines {
  /** The longest line accepted, in bytes; a longer one is surely not a key file. */
  static final int MAX_LINE_BYTES = 16 << 20;

  private final InputStream in;
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

  KeyLines(InputStream in) {
    this.in = in;
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
      fill();
    }
  }

  /** The current line's key, or null when the line is not well-formed UTF-8. */
  String text() {
    return text;
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
      if (buf.length >= MAX_LINE_BYTES) {
        throw new IOException(
            "line "
                + (line + 1)
                + " is longer than "
                + MAX_LINE_BYTES
                + " bytes; a key file has one key per line");
      }
      buf = Arrays.copyOf(buf, buf.length * 2);
    }
    int n = in.read(buf, limit, buf.length - limit);
    if (n < 0) {
      eof = true;
    } else {
      limit += n;
    }
  }

  private void take(int from, int to) {
    line++;
    if (to > from && buf[to - 1] == '\r') {
      to--;
    }
    if (line == 1
        && to - from >= 3
        && buf[from] == (byte) 0xEF
        && buf[from + 1] == (byte) 0xBB
        && buf[from + 2] == (byte) 0xBF) {
      from += 3;
    }
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
    }
  }
}
