package io.shardrouter.testing;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The canonical bytes of keys (docs/routing-spec.md §2), written with plain JDK code so that tests
 * check the library's encoders ({@code io.shardrouter.core.key}) instead of repeating them: text is
 * strict UTF-8, {@code long} and {@code int} little-endian two's complement, a UUID its 16 bytes
 * most significant first, a timestamp its microseconds since the epoch as a {@code long}, and a
 * composite its parts in order, with {@code String} and {@code byte[]} parts preceded by their byte
 * length as 4 bytes little-endian.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
public final class ReferenceEncoding {
  private ReferenceEncoding() {}

  /**
   * Strict UTF-8; throws {@link IllegalArgumentException} for text that is not well-formed UTF-16.
   */
  public static byte[] string(String s) {
    try {
      ByteBuffer b =
          StandardCharsets.UTF_8
              .newEncoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .encode(CharBuffer.wrap(s));
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return out;
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("test key has no UTF-8 form: " + e, e);
    }
  }

  public static byte[] longKey(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  public static byte[] intKey(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }

  public static byte[] uuid(UUID u) {
    return ByteBuffer.allocate(16)
        .order(ByteOrder.BIG_ENDIAN)
        .putLong(u.getMostSignificantBits())
        .putLong(u.getLeastSignificantBits())
        .array();
  }

  /**
   * Microseconds since 1970-01-01T00:00:00Z as 8 bytes little-endian (exact: refuses
   * sub-microsecond and out-of-range instants).
   */
  public static byte[] timestamp(Instant t) {
    if (t.getNano() % 1000 != 0) {
      throw new IllegalArgumentException("test timestamp " + t + " is finer than a microsecond");
    }
    BigInteger micros =
        BigInteger.valueOf(t.getEpochSecond())
            .multiply(BigInteger.valueOf(1_000_000L))
            .add(BigInteger.valueOf(t.getNano() / 1000));
    return longKey(micros.longValueExact());
  }

  /**
   * The canonical bytes of a key given as a Java value ({@link KeyGenerators#keyOf}): {@code
   * String}, {@code Long}, {@code Integer}, {@code UUID}, {@code byte[]} (as is), {@code Instant},
   * or an {@code Object[]} of the parts of a composite.
   */
  public static byte[] key(Object key) {
    if (key instanceof String s) {
      return string(s);
    } else if (key instanceof Long l) {
      return longKey(l);
    } else if (key instanceof Integer i) {
      return intKey(i);
    } else if (key instanceof UUID u) {
      return uuid(u);
    } else if (key instanceof byte[] b) {
      return b.clone();
    } else if (key instanceof Instant t) {
      return timestamp(t);
    } else if (key instanceof Object[] parts) {
      return composite(parts);
    }
    throw new IllegalArgumentException("unsupported test key " + key);
  }

  /**
   * A composite key of {@code String}, {@code Long}, {@code Integer}, {@code UUID}, {@code byte[]}
   * and {@code Instant} parts.
   */
  public static byte[] composite(Object... parts) {
    ByteBuffer out = ByteBuffer.allocate(sizeOf(parts)).order(ByteOrder.LITTLE_ENDIAN);
    for (Object p : parts) {
      if (p instanceof String s) {
        byte[] b = string(s);
        out.putInt(b.length).put(b);
      } else if (p instanceof byte[] b) {
        out.putInt(b.length).put(b);
      } else if (p instanceof Long l) {
        out.putLong(l);
      } else if (p instanceof Integer i) {
        out.putInt(i);
      } else if (p instanceof UUID u) {
        out.put(uuid(u));
      } else if (p instanceof Instant t) {
        out.put(timestamp(t));
      } else {
        throw new IllegalArgumentException("unsupported composite part " + p);
      }
    }
    return out.array();
  }

  private static int sizeOf(Object[] parts) {
    int n = 0;
    for (Object p : parts) {
      if (p instanceof String s) {
        n += 4 + string(s).length;
      } else if (p instanceof byte[] b) {
        n += 4 + b.length;
      } else if (p instanceof Long) {
        n += 8;
      } else if (p instanceof Integer) {
        n += 4;
      } else if (p instanceof UUID) {
        n += 16;
      } else if (p instanceof Instant) {
        n += 8;
      } else {
        throw new IllegalArgumentException("unsupported composite part " + p);
      }
    }
    return n;
  }

  /**
   * {@code key} copied to {@code offset} inside a larger array whose other bytes are random, so
   * that a slice overload that reads outside {@code [offset, offset + key.length)} gives another
   * answer.
   */
  public static byte[] embed(byte[] key, int offset, int trailing, SplittableRandom random) {
    byte[] big = new byte[offset + key.length + trailing];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) random.nextInt(256);
    }
    System.arraycopy(key, 0, big, offset, key.length);
    return big;
  }

  /** Lower-case hex, for messages. */
  public static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder(b.length * 2);
    for (byte x : b) {
      sb.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
    }
    return sb.toString();
  }
}
