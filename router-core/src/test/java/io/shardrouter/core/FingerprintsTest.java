package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.internal.Hex;
import io.shardrouter.core.internal.SpecJson;
import io.shardrouter.testing.KeyGenerators;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The streamed fingerprint equals the one over the whole text, and the digest of the text the
 * codec's JSON library writes (which computed every fingerprint before): no fingerprint changed
 * when the library stopped being used for them. Lone surrogates are refused as before.
 */
class FingerprintsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void of_randomContent_equalsWholeTextDigest_andTheJsonLibrarysText() throws Exception {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 200; i++) {
      List<Spec> a = new ArrayList<>();
      // Long enough, now and then, to cross the writer's 8 KiB buffer mid-character.
      int n = rnd.nextInt(i % 10 == 0 ? 20_000 : 50);
      for (int j = 0; j < n; j++) {
        a.add(rnd.nextInt(4) == 0 ? Spec.of(rnd.nextLong()) : Spec.of(text(rnd)));
      }
      Spec content =
          Spec.object().put("placement", Spec.array(a)).put(text(rnd), text(rnd)).build();
      String streamed = Fingerprints.of(content);
      assertEquals(Fingerprints.ofText(content), streamed, "seed " + seed);
      assertEquals(jsonLibrarys(content), streamed, "seed " + seed);
    }
  }

  @Test
  void of_goldenContent_knownDigest() {
    Spec content =
        Spec.object()
            .put("entity", "orders")
            .put("key", Spec.object().put("type", "string").build())
            .put(
                "strategy",
                Spec.object()
                    .put("type", "hash_mod")
                    .put("hash", "xxh3-64")
                    .put("partitions", 2)
                    .build())
            .put(
                "groups",
                Spec.array(
                    List.of(Spec.object().put("id", "g0").put("primary", "db0:5432").build())))
            .put("placement", Spec.array(List.of(Spec.of("g0"), Spec.of("g0"))))
            .build();
    // docs/format.md §2.3, computed with Python's hashlib.
    assertEquals(
        "db76e343f03fe44f3169953fda7b466f66a4a7f9fbbafdcb00012717e8ecbc14",
        Fingerprints.of(content));
  }

  @Test
  void of_loneSurrogate_refusedAsBefore() {
    for (String bad : new String[] {"ord\uD800", "\uDC00x", "a\uD800b"}) {
      Spec content = Spec.object().put("entity", bad).build();
      InvalidKeyException old =
          assertThrows(InvalidKeyException.class, () -> Fingerprints.ofText(content));
      InvalidKeyException now =
          assertThrows(InvalidKeyException.class, () -> Fingerprints.of(content));
      assertEquals(old.getMessage(), now.getMessage());
    }
  }

  /** SHA-256 of the UTF-8 of the text the JSON library writes for {@code content}. */
  private static String jsonLibrarys(Spec content) throws Exception {
    byte[] text =
        JSON.writeValueAsString(SpecJson.toJson(content)).getBytes(StandardCharsets.UTF_8);
    return Hex.of(MessageDigest.getInstance("SHA-256").digest(text));
  }

  private static String text(SplittableRandom rnd) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0, n = rnd.nextInt(12); i < n; i++) {
      switch (rnd.nextInt(6)) {
        case 0 -> sb.append((char) rnd.nextInt(0x20)); // control characters, escaped
        case 1 -> sb.append((char) (0x7F + rnd.nextInt(0x781))); // DEL and two UTF-8 bytes
        case 2 ->
            sb.append((char) (0x800 + rnd.nextInt(0xD000))); // three bytes, below the surrogates
        case 3 -> sb.appendCodePoint(0x10000 + rnd.nextInt(0x100000)); // a surrogate pair
        case 4 -> sb.append("\"\\/");
        default -> sb.append((char) (0x20 + rnd.nextInt(0x5F))); // printable ASCII
      }
    }
    return sb.toString();
  }
}
