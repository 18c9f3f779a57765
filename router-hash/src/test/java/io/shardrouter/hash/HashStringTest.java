package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.InvalidKeyException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code hashString} is the hash of the key's UTF-8 bytes, whichever path it takes: the ASCII copy
 * (any length), the encoder for non-ASCII text.
 */
class HashStringTest {
  private static final List<StableHash> HASHES =
      List.of(
          StableHash.xxh3(),
          StableHash.byName("xxh3-64", -7),
          StableHash.byName("murmur3-64", 0),
          StableHash.byName("murmur3-64", 42),
          StableHash.byName("blake2b-64", 0));

  private static void assertUtf8Hash(String key) {
    byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
    for (StableHash h : HASHES) {
      assertEquals(
          h.hash(utf8, 0, utf8.length),
          h.hashString(key),
          h + " of a key of " + key.length() + " chars");
    }
  }

  @Test
  void hashString_asciiEveryLengthAcrossTheScratchSize() {
    SplittableRandom r = new SplittableRandom(11);
    for (int n = 0; n <= 256 + 70; n++) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < n; i++) {
        b.append((char) r.nextInt(0x80)); // every ASCII char, controls and DEL included
      }
      assertUtf8Hash(b.toString());
    }
  }

  @Test
  void hashString_nonAscii_latin1_bmp_surrogatePairs() {
    List<String> keys =
        new ArrayList<>(
            List.of(
                "é",
                "müller",
                "\u00ff\u0080",
                "Ł",
                "\u0141\u0100ABC",
                "顧客-42",
                "emoji \uD83D\uDE00 key",
                "\u0080",
                "a\u07ffb\u0800c\uffff"));
    // a char whose low byte is ASCII must not be mistaken for that ASCII char
    keys.add("A\u0141");
    keys.add("x".repeat(300) + "é");
    for (String k : keys) {
      assertUtf8Hash(k);
    }
    assertEquals(StableHash.xxh3().hashString("AA"), StableHash.xxh3().hashString("A" + "A"));
    org.junit.jupiter.api.Assertions.assertNotEquals(
        StableHash.xxh3().hashString("AA"), StableHash.xxh3().hashString("A\u0141"));
  }

  @Test
  void hashString_sameResultOnEveryThread() throws InterruptedException {
    String key = "cust-0k3j9x2m1qa";
    long expected = StableHash.xxh3().hashString(key);
    long[] got = new long[1];
    Thread t = new Thread(() -> got[0] = StableHash.xxh3().hashString(key));
    t.start();
    t.join();
    assertEquals(expected, got[0]);
  }

  @Test
  void hashString_loneSurrogateAndNull_refused() {
    assertThrows(InvalidKeyException.class, () -> StableHash.xxh3().hashString("a\uD800b"));
    assertThrows(InvalidKeyException.class, () -> StableHash.xxh3().hashString(null));
  }
}
