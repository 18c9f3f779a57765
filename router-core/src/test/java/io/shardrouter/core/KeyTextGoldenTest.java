package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.internal.Hex;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * Keys written as text against {@code golden/key-text.json}, which {@code
 * tools/golden/gen_key_text_vectors.py} computes from the grammars of {@code docs/routing-spec.md}
 * §2.4 written as Python regular expressions and Python integer arithmetic, independently of this
 * code: every accepted text gives the same canonical bytes, every refused one is refused.
 */
class KeyTextGoldenTest {
  private static JsonNode vectors() throws IOException {
    try (InputStream in = KeyTextGoldenTest.class.getResourceAsStream("/golden/key-text.json")) {
      return new ObjectMapper().readTree(in).get("vectors");
    }
  }

  private static KeyType type(String name) {
    return switch (name) {
      case "long" -> KeyType.LONG;
      case "int" -> KeyType.INT;
      case "bytes" -> KeyType.BYTES;
      case "timestamp" -> KeyType.TIMESTAMP;
      default -> throw new IllegalArgumentException("no key type " + name + " in this test");
    };
  }

  @Test
  void parseText_everyGoldenVector() throws IOException {
    int accepted = 0;
    int refused = 0;
    for (JsonNode v : vectors()) {
      KeyType type = type(v.get("type").textValue());
      String text = v.get("text").textValue();
      String context = type + " '" + text + "'";
      if (v.has("refused")) {
        InvalidKeyException e =
            assertThrows(InvalidKeyException.class, () -> type.parseText(text), context);
        assertTrue(e.getMessage().contains("is not a"), context + ": " + e.getMessage());
        refused++;
      } else {
        assertEquals(v.get("canonical_hex").textValue(), Hex.of(type.parseText(text)), context);
        accepted++;
      }
    }
    assertTrue(accepted > 250 && refused > 60, accepted + " accepted, " + refused + " refused");
  }
}
