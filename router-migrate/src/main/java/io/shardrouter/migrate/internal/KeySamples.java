package io.shardrouter.migrate.internal;

import io.shardrouter.core.key.KeyType;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Random canonical keys of a key type, for estimating the share of keys a strategy change moves.
 *
 * <p><b>Stability:</b> internal.
 */
public final class KeySamples {
  private KeySamples() {}

  /** True when {@link #next} can make keys of this type. */
  public static boolean supports(KeyType type) {
    return type.equals(KeyType.STRING)
        || type.equals(KeyType.LONG)
        || type.equals(KeyType.INT)
        || type.equals(KeyType.UUID_KEY);
  }

  /** One random key's canonical bytes. */
  public static byte[] next(KeyType type, SplittableRandom rnd) {
    String text;
    if (type.equals(KeyType.STRING)) {
      text = "key-" + Long.toHexString(rnd.nextLong());
    } else if (type.equals(KeyType.LONG)) {
      text = Long.toString(rnd.nextLong());
    } else if (type.equals(KeyType.INT)) {
      text = Integer.toString(rnd.nextInt());
    } else if (type.equals(KeyType.UUID_KEY)) {
      text = new UUID(rnd.nextLong(), rnd.nextLong()).toString();
    } else {
      throw new IllegalArgumentException("no key samples for key type " + type);
    }
    return type.parseText(text);
  }
}
