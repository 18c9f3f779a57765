package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.testing.KeyGenerators;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The writer that digests a table's JSON as UTF-8 while it is written: strings written in pieces
 * longer than its chunk, at an offset, give the digest of their UTF-8 bytes; the bound between two-
 * and three-byte characters; {@code flush} hands over what is buffered; a high surrogate left at
 * {@code close} is refused.
 */
class Utf8DigestWriterTest {

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
  void writeString_atAnOffset_inPiecesLongerThanAChunk() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int round = 0; round < 20; round++) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0, n = rnd.nextInt(5000); i < n; i++) {
        switch (rnd.nextInt(4)) {
          case 0 -> sb.append((char) rnd.nextInt(0x80));
          case 1 -> sb.append((char) (0x7F0 + rnd.nextInt(0x20))); // both sides of U+0800
          case 2 -> sb.append((char) (0xE000 + rnd.nextInt(0x1000)));
          default -> sb.appendCodePoint(0x10000 + rnd.nextInt(0x100000));
        }
      }
      String text = sb.toString();
      MessageDigest d = sha();
      Fingerprints.Utf8DigestWriter w = new Fingerprints.Utf8DigestWriter(d);
      w.write("xy" + text + "z", 2, text.length());
      w.close();
      assertArrayEquals(expected(text), d.digest(), "seed " + seed);
    }
  }

  @Test
  void twoAndThreeByteBound() {
    MessageDigest d = sha();
    Fingerprints.Utf8DigestWriter w = new Fingerprints.Utf8DigestWriter(d);
    w.write(new char[] {'\u07ff', '\u0800'}, 0, 2);
    w.close();
    assertArrayEquals(expected("\u07ff\u0800"), d.digest());
  }

  @Test
  void flush_handsOverTheBufferedBytes() {
    MessageDigest d = sha();
    Fingerprints.Utf8DigestWriter w = new Fingerprints.Utf8DigestWriter(d);
    w.write("orders \u00e9\u20ac", 0, 9);
    w.flush();
    assertArrayEquals(expected("orders \u00e9\u20ac"), d.digest());
  }

  @Test
  void close_withAHighSurrogateLeft_refused() {
    Fingerprints.Utf8DigestWriter w = new Fingerprints.Utf8DigestWriter(sha());
    w.write(new char[] {'a', '\ud83d'}, 0, 2);
    assertThrows(Fingerprints.LoneSurrogate.class, w::close);
    Fingerprints.Utf8DigestWriter pair = new Fingerprints.Utf8DigestWriter(sha());
    pair.write(new char[] {'\ud83d'}, 0, 1);
    pair.write(new char[] {'\ude00'}, 0, 1);
    pair.close();
  }

  // the ASCII path (AsciiMembers.Out), which an object read from a document writes its members
  // through: the bytes land after the chars buffered before them, only the given slice is digested,
  // and a high surrogate still waiting for its low half is refused

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
