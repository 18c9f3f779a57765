package io.shardrouter.stats;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingException;
import io.shardrouter.stats.internal.Fields;
import io.shardrouter.stats.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One query of a query sample: a list of keys ({@code {"keys": [K, ...]}}) or a key range ({@code
 * {"from": K, "to": K}}, both ends included), one JSON object a line. Keys are written as in a key
 * file: a JSON string holds the key text, a JSON number a {@code long} or {@code int} key, a JSON
 * array a composite key.
 *
 * @param keys the canonical keys of a key list, or null for a range
 * @param from the canonical lower end of a range, or null for a key list
 * @param to the canonical upper end of a range, or null for a key list
 * @since 0.1
 */
public record KeyQuery(List<byte[]> keys, byte[] from, byte[] to) {
  /**
   * Parses one query line.
   *
   * @throws IllegalArgumentException saying what is wrong with the line and what a line looks like
   */
  public static KeyQuery parse(String line, KeyType keyType) {
    Map<String, Object> m;
    try {
      m = Fields.object(Json.parse(line), "query");
      Fields.only(m, "query", Set.of("keys", "from", "to"));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          e.getMessage() + "; a query line is {\"keys\": [K, ...]} or {\"from\": K, \"to\": K}", e);
    }
    if (m.containsKey("keys")) {
      if (m.size() != 1) {
        throw new IllegalArgumentException(
            "a query has either \"keys\" or \"from\" and \"to\", not both");
      }
      List<Object> a = Fields.array(m, "query", "keys");
      if (a.isEmpty()) {
        throw new IllegalArgumentException("query.keys: give at least one key");
      }
      List<byte[]> keys = new ArrayList<>(a.size());
      for (int i = 0; i < a.size(); i++) {
        keys.add(key(a.get(i), keyType, "query.keys[" + i + "]"));
      }
      return new KeyQuery(List.copyOf(keys), null, null);
    }
    if (!m.containsKey("from") || !m.containsKey("to")) {
      throw new IllegalArgumentException(
          "a query is {\"keys\": [K, ...]} or {\"from\": K, \"to\": K}; got fields " + m.keySet());
    }
    return new KeyQuery(
        null, key(m.get("from"), keyType, "query.from"), key(m.get("to"), keyType, "query.to"));
  }

  private static byte[] key(Object v, KeyType keyType, String path) {
    String text;
    if (v instanceof String s) {
      text = s;
    } else if (v instanceof Long l) {
      text = Long.toString(l);
    } else if (v instanceof List<?> parts) {
      StringBuilder sb = new StringBuilder("[");
      for (Object p : parts) {
        if (sb.length() > 1) {
          sb.append(',');
        }
        sb.append(p instanceof String s ? Json.quote(s) : String.valueOf(p));
      }
      text = sb.append(']').toString();
    } else {
      throw new IllegalArgumentException(path + ": a key is a string, an integer or an array");
    }
    try {
      return keyType.parseText(text);
    } catch (RoutingException e) {
      throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
    }
  }

  /** Whether this is a key range. */
  public boolean isRange() {
    return keys == null;
  }
}
