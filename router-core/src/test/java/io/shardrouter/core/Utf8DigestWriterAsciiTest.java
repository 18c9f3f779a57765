package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.junit.jupiter.api.Test;

/**
 * The digest writer's ASCII path ({@link AsciiMembers.Out}), which an object read from a document
 * writes its members through: the bytes land after the chars buffered before them, only the given
 * slice of the array is digested, and a high surrogate still waiting for its low half is refused.
 */
class Utf8DigestWriterAsciiTest {

  private static MessageDigest sha() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] expected(String s) {
    return sha().digest(s.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void asciiBytes_followTheCharsBufferedBeforeThem_andTheCharsAfter() {
    MessageDigest d = sha();
    Fingerprints.Utf8DigestWriter w = new Fingerprints.Utf8DigestWriter(d);
    w.write("{\"\u00e9\":", 0, 5);
    byte[] ascii = "xx\"abc\"}yy".getBytes(StandardCharsets.US_ASCII);
    w.write(ascii, 2, 6);
    w.write("\u20ac", 0, 1);
    w.close();
    assertArrayEquals(expected("{\"\u00e9\":\"abc\"}\u20ac"), d.digest());
  }

  @Test
  void asciiBytes_alone() {
    MessageDigest d = sha();
    Fingerprints.Utf8DigestWriter w = new Fingerprints.Utf8DigestWriter(d);
    w.write("[1,2]".getBytes(StandardCharsets.US_ASCII), 0, 5);
    w.close();
    assertArrayEquals(expected("[1,2]"), d.digest());
  }

  @Test
  void asciiBytes_afterAHighSurrogate_refused() {
    Fingerprints.Utf8DigestWriter w = new Fingerprints.Utf8DigestWriter(sha());
    w.write(new char[] {'a', '\ud83d'}, 0, 2);
    byte[] ascii = {'b'};
    assertThrows(Fingerprints.LoneSurrogate.class, () -> w.write(ascii, 0, 1));
  }
}
