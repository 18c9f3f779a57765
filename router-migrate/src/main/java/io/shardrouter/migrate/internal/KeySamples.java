package io.shardrouter.migrate.internal;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Random keys of any key type, as canonical bytes, for estimating what share of the keys a strategy
 * change moves. Only the routing of the keys matters, so they need not look like real keys.
 *
 * <p><b>Stability:</b> internal.
 */
public final class KeySamples {
  private static final long YEAR_2000 = 946_684_800L;
  private static final long CENTURY_SECONDS = 3_155_760_000L;

  private KeySamples() {}

  /** One random key's canonical bytes. */
  public static byte[] next(KeyType type, SplittableRandom rnd) {
    if (type.isComposite()) {
      List<KeyType.Kind> kinds = type.parts();
      Object[] parts = new Object[kinds.size()];
      for (int i = 0; i < parts.length; i++) {
        parts[i] = value(kinds.get(i), rnd);
      }
      return CompositeKey.of(parts).toBytes();
    }
    KeyType.Kind kind = Objects.requireNonNull(type.kind(), "a single key type has a kind");
    return type.parseText(text(kind, rnd));
  }

  private static Object value(KeyType.Kind kind, SplittableRandom rnd) {
    switch (kind) {
      case STRING:
        return "key-" + Long.toHexString(rnd.nextLong());
      case LONG:
        return rnd.nextLong();
      case INT:
        return rnd.nextInt();
      case UUID:
        return new UUID(rnd.nextLong(), rnd.nextLong());
      case BYTES:
        byte[] b = new byte[8 + rnd.nextInt(9)];
        rnd.nextBytes(b);
        return b;
      case TIMESTAMP:
        return Instant.ofEpochSecond(YEAR_2000 + rnd.nextLong(CENTURY_SECONDS));
    }
    throw new IllegalArgumentException("no key samples for key kind " + kind);
  }

  private static String text(KeyType.Kind kind, SplittableRandom rnd) {
    Object v = value(kind, rnd);
    if (v instanceof byte[] b) {
      StringBuilder hex = new StringBuilder(2 * b.length);
      for (byte x : b) {
        hex.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
      }
      return hex.toString();
    }
    return v.toString();
  }
}
