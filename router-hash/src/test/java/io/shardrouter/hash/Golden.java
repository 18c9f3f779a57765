package io.shardrouter.hash;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * Reads the golden files under {@code src/test/resources/golden/}, written by {@code
 * tools/golden/gen_hash_vectors.py} from implementations independent of this library.
 */
final class Golden {
  static final HexFormat HEX = HexFormat.of();
  private static final ObjectMapper JSON = new ObjectMapper();

  private Golden() {}

  /** The golden file {@code name}; fails the test when it is missing or malformed. */
  static JsonNode load(String name) {
    try (InputStream in = Golden.class.getResourceAsStream("/golden/" + name)) {
      if (in == null) {
        throw new IllegalStateException(
            "golden file /golden/"
                + name
                + " is not on the test class path; "
                + "regenerate it with /usr/bin/python3 tools/golden/gen_hash_vectors.py");
      }
      return JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read golden file " + name + ": " + e.getMessage(), e);
    }
  }

  /**
   * The seed of a golden hash configuration as a Java long ({@code seed_int64}); 0 when there is
   * none.
   */
  static long seed(JsonNode config) {
    JsonNode s = config.get("seed_int64");
    return s == null || s.isNull() ? 0 : Long.parseLong(s.asText());
  }

  /** The stable hash a golden configuration names ({@code name} or {@code hash}, and the seed). */
  static StableHash hash(JsonNode config) {
    String name = config.has("name") ? config.get("name").asText() : config.get("hash").asText();
    return StableHash.byName(name, seed(config));
  }

  /** {@code name(seed=...)} for messages. */
  static String label(JsonNode config) {
    String name = config.has("name") ? config.get("name").asText() : config.get("hash").asText();
    JsonNode s = config.get("seed");
    return s == null || s.isNull() ? name : name + "(seed=" + s.asText() + ")";
  }

  /** An unsigned 64-bit decimal string as a long, checked against its 16 hex digits when given. */
  static long unsigned(String decimal, String hex) {
    long v = Long.parseUnsignedLong(decimal);
    if (hex != null && v != Long.parseUnsignedLong(hex, 16)) {
      throw new IllegalStateException(
          "golden file is inconsistent: " + decimal + " is not 0x" + hex);
    }
    return v;
  }

  static byte[] bytes(String hex) {
    return HEX.parseHex(hex);
  }

  /** Joins up to 40 failure lines under a headline, for one assertion message per golden file. */
  static String report(String headline, List<String> failures) {
    StringBuilder sb =
        new StringBuilder(headline).append(": ").append(failures.size()).append(" mismatch(es)");
    for (int i = 0; i < Math.min(40, failures.size()); i++) {
      sb.append("\n  ").append(failures.get(i));
    }
    if (failures.size() > 40) {
      sb.append("\n  ... and ").append(failures.size() - 40).append(" more");
    }
    return sb.toString();
  }

  /**
   * The parts of a golden composite key, {@code [[kind, value], ...]}, as the Java objects {@code
   * CompositeKey.of} takes: {@code String}, {@code Long}, {@code Integer}, {@code UUID}, {@code
   * byte[]}.
   */
  static Object[] parts(JsonNode parts) {
    Object[] out = new Object[parts.size()];
    for (int i = 0; i < out.length; i++) {
      String kind = parts.get(i).get(0).asText();
      String value = parts.get(i).get(1).asText();
      out[i] =
          switch (kind) {
            case "string" -> value;
            case "long" -> Long.valueOf(value);
            case "int" -> Integer.valueOf(value);
            case "uuid" -> UUID.fromString(value);
            case "bytes" -> HEX.parseHex(value);
            default ->
                throw new IllegalStateException(
                    "golden file: unknown part kind " + kind + " in " + parts);
          };
    }
    return out;
  }
}
