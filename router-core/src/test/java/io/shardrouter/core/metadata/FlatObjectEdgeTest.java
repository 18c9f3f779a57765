package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link FlatObject} on a document that ends inside a string, and its name hash, which depends on
 * the name's bytes only, wherever they are (at the very end of the document too).
 */
class FlatObjectEdgeTest {
  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void findAll_documentEndingInsideAString_findsWhatCameBefore() {
    for (String tail : new String[] {"\"abc", "\"", "\"ab\\", "\"entries"}) {
      byte[] doc = utf8("{\"entries\": {\"a\": 1, \"b\": 2}, " + tail);
      List<FlatObject> found = FlatObject.findAll(doc, "entries", 1);
      assertEquals(1, found.size(), tail);
      assertEquals(12, found.get(0).start(), tail);
      assertEquals(2, found.get(0).size(), tail);
    }
  }

  @Test
  void hash_dependsOnTheNamesBytesOnly() {
    for (int len = 0; len <= 40; len++) {
      byte[] name = new byte[len];
      for (int i = 0; i < len; i++) {
        name[i] = (byte) ('a' + (i * 7) % 26);
      }
      byte[] inside = new byte[len + 20];
      java.util.Arrays.fill(inside, (byte) '"');
      System.arraycopy(name, 0, inside, 5, len);
      byte[] otherAround = new byte[len + 20];
      java.util.Arrays.fill(otherAround, (byte) 'z');
      System.arraycopy(name, 0, otherAround, 11, len);
      long h = FlatObject.hash(name, 0, len); // the name ends the array
      assertEquals(h, FlatObject.hash(inside, 5, len), "length " + len);
      assertEquals(h, FlatObject.hash(otherAround, 11, len), "length " + len);
      if (len > 0) {
        byte[] changed = name.clone();
        changed[len - 1] ^= 1;
        assertNotEquals(h, FlatObject.hash(changed, 0, len), "length " + len);
      }
    }
  }
}
