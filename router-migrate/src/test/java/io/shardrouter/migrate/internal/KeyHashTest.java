package io.shardrouter.migrate.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The canary bucket is pinned by docs/migration.md §2 (FNV-1a 64 of the canonical bytes, the
 * SplitMix64 mix, modulo 100): every process must send the same keys to the target, so the buckets
 * below are golden values, and a text key must land where its UTF-8 bytes land.
 */
class KeyHashTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20_261_206L);

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void bucket_ofPinnedKeys_isTheDocumentedFunction() {
    String[] keys = {"", "a", "order-5", "k0", "k1", "user:42", "é", "€", "😀", "tenant-7|user-9"};
    int[] buckets = {3, 36, 48, 14, 22, 72, 90, 42, 88, 37};
    for (int i = 0; i < keys.length; i++) {
      byte[] b = utf8(keys[i]);
      assertEquals(buckets[i], KeyHash.bucket(b, 0, b.length), keys[i]);
      assertEquals(buckets[i], KeyHash.bucket(keys[i]), keys[i]);
    }
    int[] orders = {27, 27, 43, 57, 70, 48, 9, 48, 7, 15, 18, 8, 57, 52, 1, 0, 31, 38, 47, 72};
    for (int i = 0; i < orders.length; i++) {
      assertEquals(orders[i], KeyHash.bucket("order-" + i), "order-" + i);
    }
  }

  @Test
  void bucket_ofASlice_hashesOnlyTheSlice() {
    byte[] key = utf8("order-5");
    byte[] padded = new byte[key.length + 7];
    padded[0] = 'x';
    padded[1] = 'y';
    padded[2] = 'z';
    System.arraycopy(key, 0, padded, 3, key.length);
    padded[padded.length - 1] = 'q';
    assertEquals(48, KeyHash.bucket(padded, 3, key.length));
    assertEquals(3, KeyHash.bucket(padded, 5, 0), "an empty slice is the empty key");
  }

  /** Characters at every UTF-8 width bound, surrogate pairs, and lone surrogates. */
  private static final char[] CHARS = {
    'a', '0', 0x00, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x20AC, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0xD83D,
    0xDE00, 0xDBFF, 0xDFFF, 0xD800, 0xDC00
  };

  @Test
  void bucket_ofText_isTheBucketOfItsUtf8Bytes_forRandomText() {
    System.out.println("KeyHashTest seed " + SEED);
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int n = 0; n < 20_000; n++) {
      StringBuilder sb = new StringBuilder();
      int len = rnd.nextInt(12);
      for (int i = 0; i < len; i++) {
        sb.append(
            rnd.nextInt(3) == 0 ? (char) rnd.nextInt(0x10000) : CHARS[rnd.nextInt(CHARS.length)]);
      }
      String s = sb.toString();
      byte[] b = utf8(s);
      int bucket = KeyHash.bucket(b, 0, b.length);
      assertTrue(bucket >= 0 && bucket < 100, s);
      assertEquals(bucket, KeyHash.bucket(s), () -> "seed " + SEED + ": " + escape(s));
      assertEquals(bucket, KeyHash.bucket(new StringBuilder(s)), () -> escape(s));
    }
  }

  @Test
  void bucket_ofLoneSurrogates_isTheBucketOfQuestionMarks_asUtf8EncodesThem() {
    String[] texts = {
      "\uD83D", "a\uD83D", "\uD83Db", "\uDE00", "\uDE00\uD83D", "\uD83D\uD83D\uDE00"
    };
    for (String s : texts) {
      byte[] b = utf8(s);
      assertEquals(KeyHash.bucket(b, 0, b.length), KeyHash.bucket(s), escape(s));
    }
    assertEquals(KeyHash.bucket("?"), KeyHash.bucket("\uD83D"));
    assertEquals(KeyHash.bucket("a?"), KeyHash.bucket("a\uD83D"));
    assertEquals(KeyHash.bucket("?b"), KeyHash.bucket("\uDE00b"));
  }

  private static String escape(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      sb.append("\\u").append(Integer.toHexString(0x10000 | s.charAt(i)).substring(1));
    }
    return sb.toString();
  }
}
