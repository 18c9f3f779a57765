package io.shardrouter.zookeeper.internal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The text form of manifests and census records: UTF-8, one {@code key=value} line per field, keys
 * in a fixed order, readable with any ZooKeeper shell. Reading refuses unknown, repeated or missing
 * keys with the key and the node it came from.
 *
 * <p><b>Thread-safety:</b> a writer or reader is used by one thread.
 *
 * <p><b>Stability:</b> internal.
 */
public final class KeyValueText {
  private final StringBuilder text = new StringBuilder();

  /** Appends {@code key=value}; the value must hold no line break. */
  public KeyValueText put(String key, Object value) {
    String v = String.valueOf(value);
    if (v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
      throw new IllegalArgumentException(key + " must not contain a line break, got '" + v + "'");
    }
    text.append(key).append('=').append(v).append('\n');
    return this;
  }

  /** The UTF-8 bytes written so far. */
  public byte[] toBytes() {
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The fields of {@code bytes}, which must have exactly the keys {@code keys}; {@code what} names
   * the node.
   */
  public static Map<String, String> parse(byte[] bytes, String what, String... keys) {
    String s;
    try {
      s =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw new FormatException(what + " is not UTF-8 text (" + bytes.length + " bytes)");
    }
    Map<String, String> fields = new LinkedHashMap<>();
    int lineNumber = 0;
    for (String line : s.split("\n", -1)) {
      lineNumber++;
      if (line.isEmpty()) {
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw new FormatException(
            what + " line " + lineNumber + " is not key=value: '" + abbreviate(line) + "'");
      }
      String key = line.substring(0, eq);
      if (!java.util.List.of(keys).contains(key)) {
        throw new FormatException(
            what
                + " line "
                + lineNumber
                + " has the unknown key '"
                + key
                + "'; known: "
                + String.join(", ", keys));
      }
      if (fields.put(key, line.substring(eq + 1)) != null) {
        throw new FormatException(what + " line " + lineNumber + " repeats the key '" + key + "'");
      }
    }
    for (String key : keys) {
      if (!fields.containsKey(key)) {
        throw new FormatException(what + " has no '" + key + "' line");
      }
    }
    return fields;
  }

  /**
   * True when {@code bytes} has a line {@code key=...}: tells a format by a key it alone has,
   * before {@link #parse} checks the keys of that format. Bytes that are not UTF-8 have none.
   */
  public static boolean hasKey(byte[] bytes, String key) {
    String prefix = key + "=";
    for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n", -1)) {
      if (line.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code fields.get(key)} of fields that {@link #parse} returned, {@code key} being one of the
   * keys it was given: parse refuses text without it, so the value is there.
   *
   * @throws IllegalArgumentException when {@code key} was not among the keys given to parse
   */
  public static String valueOf(Map<String, String> fields, String key) {
    String v = fields.get(key);
    if (v == null) {
      throw new IllegalArgumentException(
          "no field '"
              + key
              + "': it was not among the keys given to parse; known: "
              + fields.keySet());
    }
    return v;
  }

  /** {@code fields.get(key)} as a long, or a {@link FormatException} naming it. */
  public static long longOf(Map<String, String> fields, String key, String what) {
    String v = valueOf(fields, key);
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new FormatException(
          what + " field '" + key + "' is not an integer: '" + abbreviate(v) + "'");
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 80 ? s.substring(0, 80) + "..." : s;
  }

  /** A node's text is not what this library writes. */
  public static final class FormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** With {@code message}, which names the node and the field. */
    public FormatException(String message) {
      super(message);
    }
  }
}
