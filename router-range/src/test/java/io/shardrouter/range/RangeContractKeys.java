package io.shardrouter.range;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.ReferenceEncoding;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;

/**
 * The keys the strategy contract routes through a {@link RangeStrategy} (or a {@code time_buckets}
 * strategy over one): keys of its key type inside its span, {@code [first start, end)}: each
 * range's start exactly, keys a few steps either side of every boundary (the largest key below a
 * closed end among them), and random keys of the type that fall in the span. Boundaries are read
 * back from the strategy's canonical bytes with plain JDK code.
 */
final class RangeContractKeys {
  private RangeContractKeys() {}

  /**
   * A random key of {@code s}'s key type that one of its ranges holds, as a Java value (see
   * KeyGenerators.keyOf).
   */
  static Object keyFor(PartitionStrategy s, KeyGenerators g) {
    RangeStrategy r =
        s instanceof TimeBucketedStrategy t ? (RangeStrategy) t.strategy() : (RangeStrategy) s;
    KeyType type = r.keyType();
    for (int attempt = 0; attempt < 20; attempt++) {
      Object k =
          switch (g.random().nextInt(3)) {
            case 0 -> value(type, r.start(g.between(0, r.partitionCount() - 1)));
            case 1 -> near(type, boundary(r, g), g);
            default -> g.keyOf(type);
          };
      if (inSpan(r, k)) {
        return k;
      }
    }
    return value(type, r.start(g.between(0, r.partitionCount() - 1)));
  }

  /** A start, or the closed end. */
  private static Object boundary(RangeStrategy r, KeyGenerators g) {
    int n = r.partitionCount();
    int i = g.between(0, r.openEnded() ? n - 1 : n);
    return value(r.keyType(), i < n ? r.start(i) : r.end(n - 1));
  }

  private static boolean inSpan(RangeStrategy r, Object key) {
    byte[] k = ReferenceEncoding.key(key);
    int last = r.partitionCount() - 1;
    return r.order().compare(k, r.start(0)) >= 0
        && (r.openEnded() || r.order().compare(k, r.end(last)) < 0);
  }

  /**
   * A key a few steps from {@code v}: ±3 for numbers, timestamps and a uuid's low half, a suffix
   * added or a code point cut for text, a byte added or cut for bytes.
   */
  private static Object near(KeyType type, Object v, KeyGenerators g) {
    if (v instanceof Object[] parts) {
      Object[] copy = parts.clone();
      int i = g.random().nextInt(4) == 0 ? g.between(0, copy.length - 1) : copy.length - 1;
      copy[i] = near(KeyType.of(type.parts().get(i)), copy[i], g);
      return copy;
    }
    int d = g.between(-3, 3);
    if (v instanceof Long l) {
      return l + d;
    } else if (v instanceof Integer i) {
      return i + d;
    } else if (v instanceof Instant t) {
      long micros = micros(t);
      long m = micros + d;
      return (d > 0 && m < micros) || (d < 0 && m > micros) ? t : KeyGenerators.instantOfMicros(m);
    } else if (v instanceof String t) {
      if (d < 0 && !t.isEmpty()) {
        return t.substring(0, t.offsetByCodePoints(t.length(), -1));
      }
      return t + (d == 0 ? "\u0000" : g.text(6));
    } else if (v instanceof byte[] b) {
      return d < 0 && b.length > 0
          ? Arrays.copyOf(b, b.length - 1)
          : Arrays.copyOf(b, b.length + 1);
    }
    if (v instanceof UUID u) {
      return new UUID(u.getMostSignificantBits(), u.getLeastSignificantBits() + d);
    }
    return v;
  }

  private static long micros(Instant t) {
    return ByteBuffer.wrap(ReferenceEncoding.timestamp(t)).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  /**
   * The Java value of canonical key bytes of {@code type}: a composite as an Object[] of its parts.
   */
  static Object value(KeyType type, byte[] canonical) {
    ByteBuffer b = ByteBuffer.wrap(canonical).order(ByteOrder.LITTLE_ENDIAN);
    if (!type.isComposite()) {
      return part(type.kind(), b, canonical.length);
    }
    Object[] parts = new Object[type.parts().size()];
    for (int i = 0; i < parts.length; i++) {
      KeyType.Kind k = type.parts().get(i);
      int width = k.fixedWidth() >= 0 ? k.fixedWidth() : b.getInt();
      parts[i] = part(k, b, width);
    }
    return parts;
  }

  private static Object part(KeyType.Kind kind, ByteBuffer b, int width) {
    return switch (kind) {
      case LONG -> b.getLong();
      case INT -> b.getInt();
      case TIMESTAMP -> KeyGenerators.instantOfMicros(b.getLong());
      case UUID -> {
        UUID u = new UUID(b.order(ByteOrder.BIG_ENDIAN).getLong(), b.getLong());
        b.order(ByteOrder.LITTLE_ENDIAN);
        yield u;
      }
      case STRING, BYTES -> {
        byte[] v = new byte[width];
        b.get(v);
        yield kind == KeyType.Kind.STRING ? new String(v, StandardCharsets.UTF_8) : v;
      }
    };
  }
}
