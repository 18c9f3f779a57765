package io.shardrouter.range.internal;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyParameters;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Converts canonical keys of a {@link KeyType} to and from their JSON values in routing documents
 * (range boundaries), their text form ({@code docs/routing-spec.md} §2.4) and Java values, and
 * shows them in messages: a string quoted as JSON, so that {@code ""} and a text with a comma stay
 * readable.
 */
public final class KeyValues {
  private KeyValues() {}

  /**
   * The canonical bytes of the key written as {@code value} in a document: a JSON integer for
   * {@code long} and {@code int}, a JSON string for {@code string}, {@code uuid}, {@code bytes}
   * (hex) and {@code timestamp} (ISO-8601 with an offset), a JSON array of parts for a composite.
   *
   * @throws InvalidKeyException naming the value and the type when it is no key of the type
   */
  public static byte[] fromSpec(KeyType type, Spec value) {
    KeyType.Kind k = type.kind();
    if (k == null) { // composite
      if (!value.isArray()) {
        throw new InvalidKeyException(
            "key "
                + value
                + " must be a JSON array of "
                + type.parts().size()
                + " parts for type "
                + type);
      }
      return type.parseText(value.toString());
    }

    if (k == KeyType.Kind.LONG || k == KeyType.Kind.INT) {
      if (!value.isIntegral()) {
        throw new InvalidKeyException(
            "key " + value + " must be a JSON integer for type " + k.documentName());
      }
      return type.parseText(value.bigIntegerValue().toString());
    }
    if (!value.isText()) {
      throw new InvalidKeyException(
          "key "
              + value
              + " must be a JSON string for type "
              + k.documentName()
              + (k == KeyType.Kind.TIMESTAMP ? ", such as \"2026-04-01T00:00:00Z\"" : ""));
    }
    return type.parseText(value.text());
  }

  /** The document value of a canonical key of {@code type}, as {@link #fromSpec} reads it back. */
  public static Spec toSpec(KeyType type, byte[] key) {
    KeyType.Kind k = type.kind();
    if (k != null) {
      return single(k, key);
    }
    KeyType.Kind[] kinds = type.parts().toArray(new KeyType.Kind[0]);
    List<byte[]> parts = CompositeParts.split(kinds, key);
    List<Spec> a = new ArrayList<>(kinds.length);
    for (int i = 0; i < kinds.length; i++) {
      a.add(single(kinds[i], parts.get(i)));
    }
    return Spec.array(a);
  }

  private static Spec single(KeyType.Kind k, byte[] v) {
    return switch (k) {
      case LONG -> Spec.of(CanonicalBytes.readLong(v, 0));
      case INT -> Spec.of(CanonicalBytes.readInt(v, 0));
      case STRING, UUID, BYTES, TIMESTAMP -> Spec.of(KeyType.of(k).format(v));
    };
  }

  /**
   * The text form of a key, as {@link KeyType#parseText} reads it (a string as is, a composite as a
   * JSON array).
   */
  public static String text(KeyType type, byte[] key) {
    return formatted(type, key);
  }

  /**
   * {@link KeyType#format}, or {@code 0x} and the hex of the bytes when they are no key of the
   * type: a message (a refusal, an interval) must never throw in its place.
   */
  private static String formatted(KeyType type, byte[] key) {
    try {
      return type.format(key);
    } catch (IllegalArgumentException notAKey) {
      return "0x" + KeyText.hex(key);
    }
  }

  /**
   * A key for messages: numbers and timestamps as they are, strings quoted as JSON, bytes as {@code
   * 0x} and hex, composites as a JSON array.
   */
  public static String show(KeyType type, byte[] key) {
    String text;
    try {
      text = type.format(key);
    } catch (IllegalArgumentException notAKey) {
      return "0x" + KeyText.hex(key);
    }
    if (!type.isComposite() && type.kind() == KeyType.Kind.STRING) {
      return Spec.of(text).toString();
    }
    if (!type.isComposite() && type.kind() == KeyType.Kind.BYTES) {
      return "0x" + text;
    }
    return text;
  }

  /**
   * The canonical bytes of a Java value of {@code type}: {@code Long}, {@code Integer}, {@code
   * String}, {@code UUID}, {@code byte[]}, {@code Instant}, or a {@link CompositeKey} whose parts
   * have the type's kinds.
   *
   * @throws IllegalArgumentException when the value is of another type
   */
  public static byte[] fromValue(KeyType type, Object value) {
    if (value == null) {
      throw new IllegalArgumentException("key is null; give a " + type + " key");
    }
    KeyType.Kind k = type.kind();
    if (k == null) { // composite
      if (value instanceof CompositeKey c && type.accepts(c)) {
        return c.toBytes();
      }
      throw wrongValue(type, value, "a CompositeKey with parts of kinds " + type.parts());
    }
    return switch (k) {
      case LONG ->
          value instanceof Long l ? CanonicalBytes.ofLong(l) : wrong(type, value, "a Long");
      case INT ->
          value instanceof Integer i ? CanonicalBytes.ofInt(i) : wrong(type, value, "an Integer");
      case STRING ->
          value instanceof String s ? CanonicalBytes.of(s) : wrong(type, value, "a String");
      case UUID -> value instanceof UUID u ? CanonicalBytes.of(u) : wrong(type, value, "a UUID");
      case BYTES -> value instanceof byte[] b ? b.clone() : wrong(type, value, "a byte[]");
      case TIMESTAMP ->
          value instanceof Instant t ? CanonicalBytes.of(t) : wrong(type, value, "an Instant");
    };
  }

  private static byte[] wrong(KeyType type, Object value, String wanted) {
    throw wrongValue(type, value, wanted);
  }

  private static IllegalArgumentException wrongValue(KeyType type, Object value, String wanted) {
    return new IllegalArgumentException(
        "a key of type "
            + type
            + " is "
            + wanted
            + ", got "
            + value.getClass().getSimpleName()
            + " "
            + value
            + "; the same value in another type is another key");
  }

  /**
   * The canonical key of strategy parameter {@code name} ({@code v}); null, with a violation at
   * {@code name}, when it is missing, null or no key of {@code type}.
   */
  public static byte @Nullable [] parameter(
      StrategyParameters params, String name, @Nullable Spec v, KeyType type, boolean isEnd) {
    if (v == null || v.isNull()) {
      params.violation(
          name,
          "missing; give a " + type + " key" + (isEnd ? ", or null for +∞ on the last range" : ""));
      return null;
    }
    try {
      return fromSpec(type, v);
    } catch (InvalidKeyException e) {
      params.violation(name, Objects.requireNonNullElse(e.getMessage(), e.toString()));
      return null;
    }
  }
}
