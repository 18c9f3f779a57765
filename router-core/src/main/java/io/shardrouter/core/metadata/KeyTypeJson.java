package io.shardrouter.core.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Violations;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads the {@code key} object of a routing document (format.md §1.3), reporting problems at paths
 * under {@code key}. Used by {@link io.shardrouter.core.metadata.RoutingDocuments} and by {@link
 * DocumentReader}s whose shape names its key type the same way.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
final class KeyTypeJson {
  private KeyTypeJson() {}

  /**
   * The key type of a {@code key} object such as {@code {"type": "string"}} or {@code {"type":
   * "composite", "parts": ["string", "long"]}}; null, with violations at paths under {@code key},
   * when it is invalid, and null without one when {@code key} is null (absent).
   */
  public static @Nullable KeyType read(@Nullable JsonNode key, Violations v) {
    if (key == null) {
      return null;
    }
    if (!key.isObject()) {
      v.add("key", "must be an object such as {\"type\": \"string\"}, got " + key);
      return null;
    }
    JsonFields.unknownFields(key, "key", Set.of("type", "parts"), v);
    JsonNode type = key.get("type");
    String names = "[string, long, int, uuid, bytes, timestamp, composite]";
    if (type == null || !type.isTextual()) {
      v.add("key.type", "missing or not a string; one of " + names);
      return null;
    }
    if (type.textValue().equals("composite")) {
      JsonNode parts = key.get("parts");
      if (parts == null || !parts.isArray() || parts.isEmpty()) {
        v.add(
            "key.parts",
            "a composite key needs a non-empty array of part kinds, e.g. [\"string\", \"long\"]");
        return null;
      }
      List<KeyType.Kind> kinds = new ArrayList<>();
      for (int i = 0; i < parts.size(); i++) {
        KeyType.Kind k =
            parts.get(i).isTextual()
                ? KeyType.Kind.fromDocumentName(parts.get(i).textValue())
                : null;
        if (k == null) {
          v.add(
              "key.parts[" + i + "]",
              "unknown key kind "
                  + parts.get(i)
                  + "; one of [string, long, int, uuid, bytes, timestamp]");
        }
        kinds.add(k);
      }
      return kinds.contains(null) ? null : KeyType.composite(kinds);
    }
    if (key.has("parts")) {
      v.add("key.parts", "only a composite key has parts; key type is '" + type.textValue() + "'");
    }
    KeyType.Kind k = KeyType.Kind.fromDocumentName(type.textValue());
    if (k == null) {
      v.add("key.type", "unknown key type '" + type.textValue() + "'; one of " + names);
      return null;
    }
    return KeyType.of(k);
  }
}
