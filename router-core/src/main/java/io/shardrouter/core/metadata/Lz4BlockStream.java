package io.shardrouter.core.metadata;

/**
 * Decodes one LZ4 block (the LZ4 block format, no frame) in pieces, through a window of the last 64
 * KiB of output plus a chunk, so that the memory a snapshot's decompression takes does not grow
 * with its content: a 1 MB block that expands to 256 MiB of whitespace is decoded with about 1 MiB
 * of buffer, and its content is handed to a {@link Sink} chunk by chunk ({@code docs/format.md}
 * §3.3).
 *
 * <p>It accepts exactly the blocks lz4-java's safe decompressor (1.14.0, the one this library used
 * before) accepts for an output of {@code contentLength} bytes, with the same rules at the block's
 * end: literals that end within the last 12 bytes of the output, or whose run reaches the last 8
 * bytes of the block, must be the last sequence and end the block exactly; a match length's extra
 * bytes must stop 6 bytes before the block's end. The one difference: a match offset of 0, which
 * that decompressor fills with zero bytes, is refused here (no LZ4 compressor writes it, and a
 * routing document holds no zero byte).
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class Lz4BlockStream {
  /** The farthest back a match reaches: an offset is two bytes. */
  static final int WINDOW = 1 << 16;

  /**
   * The output handed to the sink at a time, after the first time (which hands {@link #WINDOW}
   * bytes more): the window buffer is {@code WINDOW + CHUNK} bytes, or the content's length.
   */
  static final int CHUNK = 1 << 20;

  /** LZ4's MFLIMIT: literals that end this close to the output's end must end the block. */
  private static final int MF_LIMIT = 12;

  /** lz4-java's COPY_LENGTH: literals that reach this close to the block's end must end it. */
  private static final int COPY_LENGTH = 8;

  /** A match length's last extra byte comes before the block's last this many bytes. */
  private static final int LAST_MATCH_LENGTH = 6;

  private static final int MIN_MATCH = 4;

  private Lz4BlockStream() {}

  /** Receives the decoded content in order, in chunks of about {@link #CHUNK} bytes. */
  interface Sink {
    void accept(byte[] bytes, int offset, int length);
  }

  /** The block is not a conforming LZ4 block for the declared content length. */
  static final class MalformedBlockException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedBlockException(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Decodes the block {@code src[srcOff, srcOff + srcLen)} into at most {@code contentLength}
   * bytes, handing them to {@code sink}; returns how many it produced (which the caller compares
   * with the declared length).
   *
   * @throws MalformedBlockException when the block would write past {@code contentLength} bytes,
   *     refers before its output's start, or is not a well-formed sequence of LZ4 sequences
   */
  static long decode(byte[] src, int srcOff, int srcLen, long contentLength, Sink sink)
      throws MalformedBlockException {
    return decode(
        src,
        srcOff,
        srcLen,
        contentLength,
        new Window(new byte[(int) Math.min(contentLength, WINDOW + CHUNK)], sink));
  }

  /**
   * Decodes the block {@code src[srcOff, srcOff + srcLen)} straight into {@code out}, whose length
   * is the content's; returns how many bytes it produced.
   *
   * @throws MalformedBlockException as {@link #decode(byte[], int, int, long, Sink)}
   */
  static long decodeInto(byte[] src, int srcOff, int srcLen, byte[] out)
      throws MalformedBlockException {
    return decode(src, srcOff, srcLen, out.length, new Window(out, (b, off, len) -> {}));
  }

  private static long decode(byte[] src, int srcOff, int srcLen, long contentLength, Window w)
      throws MalformedBlockException {
    if (contentLength == 0) {
      if (srcLen != 1 || src[srcOff] != 0) {
        throw new MalformedBlockException("output buffer too small");
      }
      return 0;
    }
    final int srcEnd = srcOff + srcLen;
    int s = srcOff;
    long produced = 0;
    while (true) {
      if (s >= srcEnd) {
        throw malformed("the block ends after a match, not with a run of literals", s, srcOff);
      }
      final int token = src[s++] & 0xFF;
      long literals = token >>> 4;
      if (literals == 15) {
        int b;
        do {
          if (s >= srcEnd) {
            throw malformed("a literal length runs past the block", s, srcOff);
          }
          b = src[s++] & 0xFF;
          literals += b;
        } while (b == 255);
      }
      long literalEnd = produced + literals;
      if (literalEnd > contentLength - MF_LIMIT || s + literals > srcEnd - COPY_LENGTH) {
        if (literalEnd > contentLength) {
          throw malformed(
              "literals reach past the declared " + contentLength + " bytes", s, srcOff);
        }
        if (s + literals != srcEnd) {
          throw malformed("the last literals do not end the block", s, srcOff);
        }
        w.literals(src, s, (int) literals);
        produced = literalEnd;
        break;
      }
      w.literals(src, s, (int) literals);
      s += (int) literals;
      produced = literalEnd;
      // s + 2 <= srcEnd - COPY_LENGTH here
      int offset = (src[s] & 0xFF) | (src[s + 1] & 0xFF) << 8;
      s += 2;
      if (offset == 0 || offset > produced) {
        throw malformed(
            "match offset " + offset + " after " + produced + " bytes of output", s, srcOff);
      }
      long match = token & 15;
      if (match == 15) {
        int b;
        do {
          if (s >= srcEnd - LAST_MATCH_LENGTH) {
            throw malformed("a match length runs into the block's last bytes", s, srcOff);
          }
          b = src[s++] & 0xFF;
          match += b;
        } while (b == 255);
      }
      match += MIN_MATCH;
      if (produced + match > contentLength) {
        throw malformed("a match reaches past the declared " + contentLength + " bytes", s, srcOff);
      }
      w.match(offset, match);
      produced += match;
    }
    w.flush();
    return produced;
  }

  private static MalformedBlockException malformed(String what, int at, int srcOff) {
    return new MalformedBlockException(
        "malformed LZ4 block at byte " + (at - srcOff) + " of the block: " + what);
  }

  /**
   * The output: the last {@link #WINDOW} bytes a match may copy from, then the bytes not yet handed
   * to the sink.
   */
  private static final class Window {
    private final byte[] buf;
    private final Sink sink;
    private int pos; // where the next output byte goes
    private int flushed; // buf[flushed, pos) has not been handed to the sink yet

    /** Over {@code buf}, at least as long as the content or {@link #WINDOW} + 1. */
    Window(byte[] buf, Sink sink) {
      this.buf = buf;
      this.sink = sink;
    }

    void literals(byte[] src, int from, int length) {
      while (length > 0) {
        room();
        int n = Math.min(length, buf.length - pos);
        System.arraycopy(src, from, buf, pos, n);
        pos += n;
        from += n;
        length -= n;
      }
    }

    /** Copies {@code length} bytes from {@code offset} back, which may overlap what it writes. */
    void match(int offset, long length) {
      while (length > 0) {
        room();
        int n = (int) Math.min(length, buf.length - pos);
        int from = pos - offset;
        if (offset >= n) {
          System.arraycopy(buf, from, buf, pos, n);
        } else {
          // The output repeats with period `offset`: copy whole periods, doubling each time.
          int done = 0;
          while (done < n) {
            int k = Math.min(offset + done, n - done);
            System.arraycopy(buf, from, buf, pos + done, k);
            done += k;
          }
        }
        pos += n;
        length -= n;
      }
    }

    /** Makes room for at least one byte, keeping the last {@link #WINDOW} bytes for matches. */
    private void room() {
      if (pos < buf.length) {
        return;
      }
      flush();
      System.arraycopy(buf, pos - WINDOW, buf, 0, WINDOW);
      pos = WINDOW;
      flushed = WINDOW;
    }

    void flush() {
      if (pos > flushed) {
        sink.accept(buf, flushed, pos - flushed);
        flushed = pos;
      }
    }
  }
}
