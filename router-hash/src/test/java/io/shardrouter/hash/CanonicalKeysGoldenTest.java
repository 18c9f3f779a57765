package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyScratch;
import io.shardrouter.core.KeyType;
import io.shardrouter.testing.Keys;
import io.shardrouter.testing.ReferenceEncoding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The canonical bytes of {@code golden/canonical-keys.json} (Python's UTF-8, {@code int.to_bytes}
 * and {@code uuid.UUID.bytes}) through router-core's encoders: {@link CanonicalKeys}, {@link
 * KeyScratch}, {@link CompositeKey} and {@link KeyType#parseText}; and the strings that have no
 * canonical form refused.
 */
class CanonicalKeysGoldenTest {
  private static final JsonNode DOC = Golden.load("canonical-keys.json");
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void encoders_goldenKeys_writeCanonicalBytes() throws Exception {
    List<String> failures = new ArrayList<>();
    int kinds = 0;
    for (JsonNode k : DOC.get("keys")) {
      String expected = k.get("canonical_hex").asText();
      String kind = k.get("kind").asText();
      KeyScratch scratch = KeyScratch.get();
      switch (kind) {
        case "string" -> {
          String text = k.get("text").asText();
          compare(failures, kind, text, "Keys.of(String)", expected, Keys.of(text));
          compare(
              failures,
              kind,
              text,
              "KeyScratch.putString",
              expected,
              written(scratch, scratch.putString(text)));
          compare(
              failures,
              kind,
              text,
              "KeyType.STRING.parseText",
              expected,
              KeyType.STRING.parseText(text));
          compare(
              failures,
              kind,
              text,
              "ReferenceEncoding.string",
              expected,
              ReferenceEncoding.string(text));
        }
        case "long" -> {
          long v = Long.parseLong(k.get("value").asText());
          compare(failures, kind, v, "Keys.of(long)", expected, Keys.of(v));
          compare(
              failures,
              kind,
              v,
              "KeyScratch.putLong",
              expected,
              written(scratch, scratch.putLong(v)));
          compare(
              failures,
              kind,
              v,
              "KeyType.LONG.parseText",
              expected,
              KeyType.LONG.parseText(k.get("value").asText()));
        }
        case "int" -> {
          int v = Integer.parseInt(k.get("value").asText());
          compare(failures, kind, v, "Keys.of(int)", expected, Keys.of(v));
          compare(
              failures,
              kind,
              v,
              "KeyScratch.putInt",
              expected,
              written(scratch, scratch.putInt(v)));
          compare(
              failures,
              kind,
              v,
              "KeyType.INT.parseText",
              expected,
              KeyType.INT.parseText(k.get("value").asText()));
        }
        case "uuid" -> {
          UUID v = UUID.fromString(k.get("value").asText());
          compare(failures, kind, v, "Keys.of(UUID)", expected, Keys.of(v));
          compare(
              failures,
              kind,
              v,
              "KeyScratch.putUuid",
              expected,
              written(scratch, scratch.putUuid(v)));
          compare(
              failures,
              kind,
              v,
              "KeyType.UUID_KEY.parseText",
              expected,
              KeyType.UUID_KEY.parseText(k.get("value").asText()));
        }
        case "composite" -> {
          Object[] parts = Golden.parts(k.get("parts"));
          CompositeKey key = CompositeKey.of(parts);
          compare(failures, kind, key, "CompositeKey.toBytes", expected, key.toBytes());
          compare(
              failures,
              kind,
              key,
              "KeyScratch.putComposite(CompositeKey)",
              expected,
              written(scratch, scratch.putComposite(key)));
          compare(
              failures,
              kind,
              key,
              "ReferenceEncoding.composite",
              expected,
              ReferenceEncoding.composite(parts));
          if (parts.length == 2 && parts[0] instanceof String a && parts[1] instanceof String b) {
            compare(
                failures,
                kind,
                key,
                "KeyScratch.putComposite(String, String)",
                expected,
                written(scratch, scratch.putComposite(a, b)));
          } else if (parts.length == 2
              && parts[0] instanceof String a
              && parts[1] instanceof Long b) {
            compare(
                failures,
                kind,
                key,
                "KeyScratch.putComposite(String, long)",
                expected,
                written(scratch, scratch.putComposite(a, (long) b)));
          } else if (parts.length == 2
              && parts[0] instanceof Long a
              && parts[1] instanceof Long b) {
            compare(
                failures,
                kind,
                key,
                "KeyScratch.putComposite(long, long)",
                expected,
                written(scratch, scratch.putComposite((long) a, (long) b)));
          }
          List<KeyType.Kind> partKinds = new ArrayList<>();
          ArrayNode text = JSON.createArrayNode();
          for (JsonNode p : k.get("parts")) {
            KeyType.Kind pk = KeyType.Kind.fromDocumentName(p.get(0).asText());
            partKinds.add(pk);
            if (pk == KeyType.Kind.LONG || pk == KeyType.Kind.INT) {
              text.add(new java.math.BigInteger(p.get(1).asText()));
            } else {
              text.add(p.get(1).asText());
            }
          }
          compare(
              failures,
              kind,
              key,
              "KeyType.composite(...).parseText(" + text + ")",
              expected,
              KeyType.composite(partKinds).parseText(JSON.writeValueAsString(text)));
        }
        default -> failures.add("golden file: unknown kind " + kind);
      }
      kinds |= 1 << List.of("string", "long", "int", "uuid", "composite").indexOf(kind);
    }
    assertEquals(0b11111, kinds, "golden file covers string, long, int, uuid and composite keys");
    assertTrue(
        failures.isEmpty(),
        () -> Golden.report("canonical bytes vs golden/canonical-keys.json", failures));
  }

  @Test
  void encoders_stringsWithoutUtf8Form_throwInvalidKey() {
    int checked = 0;
    for (JsonNode bad : DOC.get("invalid_strings")) {
      byte[] units = Golden.bytes(bad.get("utf16_hex").asText());
      char[] chars = new char[units.length / 2];
      for (int i = 0; i < chars.length; i++) {
        chars[i] = (char) ((units[2 * i] & 0xFF) << 8 | (units[2 * i + 1] & 0xFF));
      }
      String s = new String(chars);
      String why = bad.get("why").asText() + " (" + bad.get("utf16_hex").asText() + ")";
      assertThrows(InvalidKeyException.class, () -> Keys.of(s), "CanonicalKeys.of: " + why);
      assertThrows(
          InvalidKeyException.class,
          () -> KeyScratch.get().putString(s),
          "KeyScratch.putString: " + why);
      assertThrows(
          InvalidKeyException.class, () -> CompositeKey.of(s, 1L), "CompositeKey.of: " + why);
      assertThrows(
          InvalidKeyException.class,
          () -> KeyType.STRING.parseText(s),
          "KeyType.STRING.parseText: " + why);
      for (String name : StableHash.NAMES) {
        assertThrows(
            InvalidKeyException.class,
            () -> StableHash.byName(name, 0).hashString(s),
            name + ".hashString: " + why);
        assertThrows(
            InvalidKeyException.class,
            () -> JumpHashStrategy.of(StableHash.byName(name, 0), 8).partitionOf(Keys.of(s)),
            "jump(" + name + ").partitionOf: " + why);
      }
      checked++;
    }
    assertTrue(checked >= 6, "golden file lists only " + checked + " invalid strings");
  }

  private static void compare(
      List<String> failures,
      String kind,
      Object key,
      String entry,
      String expected,
      byte[] actual) {
    String hex = Golden.HEX.formatHex(actual);
    if (!hex.equals(expected)) {
      failures.add(kind + " " + key + " via " + entry + ": expected " + expected + ", got " + hex);
    }
  }

  /**
   * The first {@code n} bytes of the scratch, read after the put that returned {@code n} (a put may
   * replace the array, so {@code Arrays.copyOf(s.bytes(), s.put...)} would copy the one before).
   */
  private static byte[] written(KeyScratch s, int n) {
    return Arrays.copyOf(s.bytes(), n);
  }
}
