package io.shardrouter.core;

import io.shardrouter.core.internal.Hex;
import io.shardrouter.core.internal.LittleEndian;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * A tuple key such as {@code (tenant_id, device_id)}: parts are {@link String}, {@link Long},
 * {@link Integer}, {@link UUID}, {@code byte[]} or {@link Instant} (a {@code timestamp}), encoded
 * part by part in the order given.
 *
 * <p>Encoding (see {@code docs/routing-spec.md} §2.3): a {@code string} or {@code bytes} part is
 * its byte length (4 bytes little-endian) followed by its bytes; {@code long}, {@code int}, {@code
 * uuid} and {@code timestamp} parts are written in their fixed-width single-key form. Since the
 * entity's key type fixes the kind of every part, the encoding is unambiguous: {@code ("a:b", "c")}
 * and {@code ("a", "b:c")} never share bytes.
 *
 * <p>For the common two-part shapes, the {@code Router.route(a, b)} overloads avoid building this
 * object.
 *
 * <p><b>Thread-safety:</b> immutable (byte-array parts are copied in).
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class CompositeKey {
  private final Object[] parts;
  private final KeyType.Kind[] kinds;

  private CompositeKey(Object[] parts, KeyType.Kind[] kinds) {
    this.parts = parts;
    this.kinds = kinds;
  }

  /**
   * A composite key of {@code parts}.
   *
   * @throws InvalidKeyException when there are no parts, a part is null or of an unsupported class
   */
  public static CompositeKey of(Object... parts) {
    if (parts == null || parts.length == 0) {
      throw new InvalidKeyException(
          "composite key has no parts; give at least one part, e.g. CompositeKey.of(tenantId, deviceId)");
    }
    Object[] copy = new Object[parts.length];
    KeyType.Kind[] kinds = new KeyType.Kind[parts.length];
    for (int i = 0; i < parts.length; i++) {
      Object p = parts[i];
      if (p == null) {
        throw new InvalidKeyException(
            "composite key part " + i + " is null; every part must have a value");
      } else if (p instanceof String) {
        Utf8.encodedLength((String) p); // refuses lone surrogates now, not when routing
        kinds[i] = KeyType.Kind.STRING;
      } else if (p instanceof Long) {
        kinds[i] = KeyType.Kind.LONG;
      } else if (p instanceof Integer) {
        kinds[i] = KeyType.Kind.INT;
      } else if (p instanceof UUID) {
        kinds[i] = KeyType.Kind.UUID;
      } else if (p instanceof Instant) {
        Timestamps.micros(
            (Instant) p); // refuses sub-microsecond and out-of-range instants now, not when routing
        kinds[i] = KeyType.Kind.TIMESTAMP;
      } else if (p instanceof byte[]) {
        p = ((byte[]) p).clone();
        kinds[i] = KeyType.Kind.BYTES;
      } else {
        throw new InvalidKeyException(
            "composite key part "
                + i
                + " has unsupported class "
                + p.getClass().getName()
                + "; parts must be String, Long, Integer, UUID, byte[] or Instant");
      }
      copy[i] = p;
    }
    return new CompositeKey(copy, kinds);
  }

  public int size() {
    return parts.length;
  }

  /** The kinds of the parts, in order. */
  public List<KeyType.Kind> kinds() {
    return List.of(kinds);
  }

  boolean hasKinds(List<KeyType.Kind> expected) {
    if (expected.size() != kinds.length) {
      return false;
    }
    for (int i = 0; i < kinds.length; i++) {
      if (expected.get(i) != kinds[i]) {
        return false;
      }
    }
    return true;
  }

  /** Length of the canonical encoding in bytes. */
  public int encodedLength() {
    int n = 0;
    for (int i = 0; i < parts.length; i++) {
      switch (kinds[i]) {
        case STRING -> n += CanonicalKeys.compositeStringLength((String) parts[i]);
        case BYTES -> n += 4 + ((byte[]) parts[i]).length;
        default -> n += kinds[i].fixedWidth();
      }
    }
    return n;
  }

  /** Writes the canonical encoding at {@code off}; returns the offset after it. */
  public int writeTo(byte[] dst, int off) {
    int p = off;
    for (int i = 0; i < parts.length; i++) {
      Object part = parts[i];
      switch (kinds[i]) {
        case STRING -> p = CanonicalKeys.writeCompositeString((String) part, dst, p);
        case BYTES -> p = CanonicalKeys.writeCompositeBytes((byte[]) part, dst, p);
        case LONG -> {
          LittleEndian.putLong(dst, p, (Long) part);
          p += 8;
        }
        case INT -> {
          LittleEndian.putInt(dst, p, (Integer) part);
          p += 4;
        }
        case UUID -> {
          CanonicalKeys.writeUuid((UUID) part, dst, p);
          p += 16;
        }
        case TIMESTAMP -> {
          LittleEndian.putLong(dst, p, Timestamps.micros((Instant) part));
          p += 8;
        }
      }
    }
    return p;
  }

  /** A new array holding the canonical encoding. */
  public byte[] toBytes() {
    byte[] b = new byte[encodedLength()];
    writeTo(b, 0);
    return b;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CompositeKey other && Arrays.deepEquals(parts, other.parts);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(parts);
  }

  @Override
  public String toString() {
    List<String> shown = new ArrayList<>(parts.length);
    for (Object p : parts) {
      shown.add(
          p instanceof byte[] b
              ? "0x" + Hex.of(b)
              : p instanceof String s ? '"' + s + '"' : String.valueOf(p));
    }
    return "(" + String.join(", ", shown) + ")";
  }
}
