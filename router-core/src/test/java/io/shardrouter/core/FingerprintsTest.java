package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.testing.KeyGenerators;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The streamed fingerprint equals the old one computed over the whole text, and refuses what it
 * refused.
 */
class FingerprintsTest {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  @Test
  void of_randomContent_equalsWholeTextDigest() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 200; i++) {
      ObjectNode content = F.objectNode();
      ArrayNode a = content.putArray("placement");
      // Long enough, now and then, to cross the writer's 8 KiB buffer and Jackson's chunks
      // mid-character.
      int n = rnd.nextInt(i % 10 == 0 ? 20_000 : 50);
      for (int j = 0; j < n; j++) {
        if (rnd.nextInt(4) == 0) {
          a.add(rnd.nextLong());
        } else {
          a.add(text(rnd));
        }
      }
      content.put(text(rnd), text(rnd));
      assertEquals(Fingerprints.ofText(content), Fingerprints.of(content), "seed " + seed);
    }
  }

  @Test
  void of_goldenContent_knownDigest() {
    ObjectNode content = F.objectNode();
    content.put("entity", "orders");
    content.putObject("key").put("type", "string");
    content
        .putObject("strategy")
        .put("type", "hash_mod")
        .put("hash", "xxh3-64")
        .put("partitions", 2);
    content.putArray("groups").addObject().put("id", "g0").put("primary", "db0:5432");
    content.putArray("placement").add("g0").add("g0");
    // docs/format.md §2.3, computed with Python's hashlib.
    assertEquals(
        "db76e343f03fe44f3169953fda7b466f66a4a7f9fbbafdcb00012717e8ecbc14",
        Fingerprints.of(content));
  }

  @Test
  void of_loneSurrogate_refusedAsBefore() {
    for (String bad : new String[] {"ord\uD800", "\uDC00x", "a\uD800b"}) {
      ObjectNode content = F.objectNode().put("entity", bad);
      InvalidKeyException old =
          assertThrows(InvalidKeyException.class, () -> Fingerprints.ofText(content));
      InvalidKeyException now =
          assertThrows(InvalidKeyException.class, () -> Fingerprints.of(content));
      assertEquals(old.getMessage(), now.getMessage());
    }
  }

  private static String text(SplittableRandom rnd) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0, n = rnd.nextInt(12); i < n; i++) {
      switch (rnd.nextInt(6)) {
        case 0 -> sb.append((char) rnd.nextInt(0x20)); // control characters, escaped
        case 1 -> sb.append((char) (0x80 + rnd.nextInt(0x780))); // two UTF-8 bytes
        case 2 ->
            sb.append((char) (0x800 + rnd.nextInt(0xD000))); // three bytes, below the surrogates
        case 3 ->
            sb.appendCodePoint(0x10000 + rnd.nextInt(0xFFFFF)); // a surrogate pair, four bytes
        case 4 -> sb.append("\"\\/");
        default -> sb.append((char) ('a' + rnd.nextInt(26)));
      }
    }
    return sb.toString();
  }
}
