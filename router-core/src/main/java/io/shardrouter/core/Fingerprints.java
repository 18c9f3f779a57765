package io.shardrouter.core;

import io.shardrouter.core.internal.Hex;
import java.io.IOException;
import java.io.Writer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * SHA-256 over the compact JSON of a table's content, in the field order the table writes it
 * (docs/format.md §1.9): the text of {@link CanonicalJson}, which is char for char what the codec's
 * JSON library wrote when it computed fingerprints, so they are unchanged (FingerprintsTest pins
 * them).
 *
 * <p>The text is encoded to UTF-8 and digested as it is written, in small chunks, so a table with a
 * directory of millions of entries never has its content as one string or byte array, and the
 * strategy is written field by field from its {@link PartitionStrategy#toSpec()} (see {@link
 * RoutingTableSpec#content}), so such a directory is never an object tree either. Text with a lone
 * surrogate has no UTF-8 form: it is handed to the computation over the whole text, which refuses
 * it with the strict encoder's message.
 */
final class Fingerprints {
  private Fingerprints() {}

  static String of(RoutingTable table) {
    return of(RoutingTableSpec.content(table));
  }

  /** The fingerprint of {@code content}, a table's document without format and version. */
  static String of(Spec content) {
    MessageDigest sha = sha256();
    try (Utf8DigestWriter w = new Utf8DigestWriter(sha)) {
      CanonicalJson.write(content, w);
    } catch (LoneSurrogate e) {
      return ofText(content);
    } catch (IOException e) {
      throw new IllegalStateException("cannot fingerprint a routing table: " + e, e);
    }
    return Hex.of(sha.digest());
  }

  /** The computation over the whole text, as one string and one byte array. */
  static String ofText(Spec content) {
    // Strict: a lone surrogate must not turn into '?' and collide with another table's content.
    return Hex.of(sha256().digest(CanonicalKeys.of(CanonicalJson.of(content))));
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("cannot fingerprint a routing table: " + e, e);
    }
  }

  /** Thrown by {@link Utf8DigestWriter} on text with no UTF-8 form. */
  static final class LoneSurrogate extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LoneSurrogate() {
      super("lone surrogate", null, false, false);
    }
  }

  /**
   * Encodes chars to UTF-8 (surrogate pairs as one 4-byte sequence) into a digest, through a small
   * buffer.
   */
  static final class Utf8DigestWriter extends Writer implements AsciiMembers.Out {
    private final MessageDigest digest;
    private final byte[] buf = new byte[8192];
    private final char[] single = new char[1];
    private final char[] chunk = new char[1024];
    private int n;
    private char high; // a high surrogate whose low half comes in the next write; 0 when none

    Utf8DigestWriter(MessageDigest digest) {
      this.digest = digest;
    }

    @Override
    public void write(char[] chars, int off, int len) {
      for (int i = off, end = off + len; i < end; i++) {
        char c = chars[i];
        if (n > buf.length - 4) {
          drain();
        }
        if (high != 0) {
          if (!Character.isLowSurrogate(c)) {
            throw new LoneSurrogate();
          }
          int cp = Character.toCodePoint(high, c);
          high = 0;
          buf[n++] = (byte) (0xF0 | (cp >> 18));
          buf[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
          buf[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
          buf[n++] = (byte) (0x80 | (cp & 0x3F));
        } else if (c < 0x80) {
          buf[n++] = (byte) c;
        } else if (c < 0x800) {
          buf[n++] = (byte) (0xC0 | (c >> 6));
          buf[n++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c)) {
          high = c;
        } else if (Character.isLowSurrogate(c)) {
          throw new LoneSurrogate();
        } else {
          buf[n++] = (byte) (0xE0 | (c >> 12));
          buf[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
          buf[n++] = (byte) (0x80 | (c & 0x3F));
        }
      }
    }

    @Override
    public void write(int c) {
      single[0] = (char) c;
      write(single, 0, 1);
    }

    @Override
    public Writer append(char c) {
      write(c);
      return this;
    }

    @Override
    public Writer append(CharSequence csq) {
      String s = String.valueOf(csq);
      write(s, 0, s.length());
      return this;
    }

    @Override
    public Writer append(CharSequence csq, int start, int end) {
      String s = String.valueOf(csq);
      write(s, start, end - start);
      return this;
    }

    @Override
    public void write(String s, int off, int len) {
      for (int i = 0; i < len; i += chunk.length) {
        int m = Math.min(chunk.length, len - i);
        s.getChars(off + i, off + i + m, chunk, 0);
        write(chunk, 0, m);
      }
    }

    /** ASCII text, whose bytes are its UTF-8: digested as it is, after what the buffer holds. */
    @Override
    public void write(byte[] ascii, int offset, int length) {
      if (high != 0) {
        throw new LoneSurrogate();
      }
      drain();
      digest.update(ascii, offset, length);
    }

    private void drain() {
      digest.update(buf, 0, n);
      n = 0;
    }

    @Override
    public void flush() {
      drain();
    }

    @Override
    public void close() {
      if (high != 0) {
        throw new LoneSurrogate();
      }
      drain();
    }
  }
}
