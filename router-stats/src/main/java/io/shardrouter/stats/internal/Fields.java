package io.shardrouter.stats.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Typed reads of fields of a parsed JSON object ({@link Json}), each failing with an {@code
 * IllegalArgumentException} that names the field's path, what was found and what was expected.
 */
public final class Fields {
  private Fields() {}

  /** {@code value} as an object, or an error naming {@code path}. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> object(@Nullable Object value, String path) {
    if (value instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    throw wrong(path, value, "an object");
  }

  /** Refuses any field of {@code m} not in {@code known}. */
  public static void only(Map<String, Object> m, String path, Set<String> known) {
    for (String k : m.keySet()) {
      if (!known.contains(k)) {
        throw new IllegalArgumentException(
            path + "." + k + ": unknown field; known: " + new java.util.TreeSet<>(known));
      }
    }
  }

  /** The required field {@code name}. */
  public static @Nullable Object required(Map<String, Object> m, String path, String name) {
    if (!m.containsKey(name)) {
      throw new IllegalArgumentException(path + "." + name + ": missing; it is required");
    }
    return m.get(name);
  }

  /** The required string field {@code name}. */
  public static String string(Map<String, Object> m, String path, String name) {
    Object v = required(m, path, name);
    if (v instanceof String s) {
      return s;
    }
    throw wrong(path + "." + name, v, "a string");
  }

  /** The required integer field {@code name}, in {@code [min, max]}. */
  public static long integer(Map<String, Object> m, String path, String name, long min, long max) {
    Object v = required(m, path, name);
    return integer(v, path + "." + name, min, max);
  }

  /** {@code v} as an integer in {@code [min, max]}. */
  public static long integer(@Nullable Object v, String path, long min, long max) {
    if (v instanceof Long l) {
      if (l < min || l > max) {
        throw new IllegalArgumentException(
            path + ": must be in [" + min + ", " + max + "], got " + l);
      }
      return l;
    }
    throw wrong(path, v, "an integer");
  }

  /** {@code v} as a finite number. */
  public static double number(@Nullable Object v, String path) {
    if (v instanceof Long l) {
      return l;
    }
    if (v instanceof Double d && Double.isFinite(d)) {
      return d;
    }
    throw wrong(path, v, "a number");
  }

  /** The required array field {@code name}. */
  @SuppressWarnings("unchecked")
  public static List<Object> array(Map<String, Object> m, String path, String name) {
    Object v = required(m, path, name);
    if (v instanceof List<?> l) {
      return (List<Object>) l;
    }
    throw wrong(path + "." + name, v, "an array");
  }

  /** The required array of non-negative integers {@code name}, of exactly {@code n} entries. */
  public static long[] counts(Map<String, Object> m, String path, String name, int n) {
    List<Object> a = array(m, path, name);
    if (a.size() != n) {
      throw new IllegalArgumentException(
          path + "." + name + ": must have one entry per partition (" + n + "), got " + a.size());
    }
    long[] out = new long[n];
    for (int k = 0; k < n; k++) {
      out[k] = integer(a.get(k), path + "." + name + "[" + k + "]", 0, Long.MAX_VALUE);
    }
    return out;
  }

  private static IllegalArgumentException wrong(String path, @Nullable Object v, String expected) {
    String found =
        v == null
            ? "null"
            : v instanceof String
                ? "a string"
                : v instanceof Map ? "an object" : v instanceof List ? "an array" : v.toString();
    return new IllegalArgumentException(path + ": must be " + expected + ", got " + found);
  }
}
