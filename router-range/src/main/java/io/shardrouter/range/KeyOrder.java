package io.shardrouter.range;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.range.internal.CompositeParts;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The total order of the keys of one {@link KeyType}, read straight from their canonical bytes
 * ({@code docs/routing-spec.md} §7.1), the same in every language:
 *
 * <ul>
 *   <li>{@code long}, {@code int}, {@code timestamp}: signed numeric order (a timestamp by its
 *       microseconds, i.e. by time);
 *   <li>{@code string}: unsigned lexicographic order of the UTF-8 bytes, which is Unicode code
 *       point order (not Java's UTF-16 {@code String.compareTo}, which differs above U+FFFF); a
 *       proper prefix comes first;
 *   <li>{@code bytes}: unsigned lexicographic order; {@code uuid}: unsigned order of the 16 bytes
 *       in RFC 4122 order (not Java's signed {@code UUID.compareTo});
 *   <li>composite: part by part, each part in its kind's order (a string part by its bytes, not by
 *       its length prefix).
 * </ul>
 *
 * <p>Every key but the largest has an immediate {@link #successor}: the smallest key above it. That
 * is what makes an inclusive bound exactly equal to an exclusive one ({@code [a, b]} is {@code [a,
 * succ(b))}).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable: the order is part of the routing function.
 *
 * <p><b>Allocation:</b> none in {@code compare}; {@link #successor} and {@link #check} allocate.
 *
 * @since 0.1
 */
public final class KeyOrder implements Comparator<byte[]> {
  private final KeyType type;
  private final KeyType.Kind[] kinds;
  private final boolean composite;

  private KeyOrder(KeyType type) {
    this.type = type;
    this.composite = type.isComposite();
    this.kinds =
        composite ? type.parts().toArray(new KeyType.Kind[0]) : new KeyType.Kind[] {type.kind()};
  }

  /** The order of keys of {@code type}. */
  public static KeyOrder of(KeyType type) {
    return new KeyOrder(java.util.Objects.requireNonNull(type, "key type"));
  }

  public KeyType keyType() {
    return type;
  }

  @Override
  public int compare(byte[] a, byte[] b) {
    return compare(a, 0, a.length, b, 0, b.length);
  }

  /**
   * Compares two well-formed canonical keys of this type ({@link #check}): negative, zero or
   * positive as {@code a} is below, equal to or above {@code b}.
   *
   * <p><b>Allocation:</b> none.
   */
  public int compare(byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
    if (!composite) {
      return compareSingle(kinds[0], a, aOff, aLen, b, bOff, bLen);
    }
    int pa = aOff;
    int pb = bOff;
    for (KeyType.Kind k : kinds) {
      int wa;
      int wb;
      int c;
      if (k.fixedWidth() < 0) {
        wa = CanonicalBytes.readInt(a, pa);
        wb = CanonicalBytes.readInt(b, pb);
        pa += 4;
        pb += 4;
      } else {
        wa = k.fixedWidth();
        wb = wa;
      }
      c = compareSingle(k, a, pa, wa, b, pb, wb);
      if (c != 0) {
        return c;
      }
      pa += wa;
      pb += wb;
    }
    return 0;
  }

  private static int compareSingle(
      KeyType.Kind k, byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
    switch (k) {
      case LONG, TIMESTAMP:
        return Long.compare(CanonicalBytes.readLong(a, aOff), CanonicalBytes.readLong(b, bOff));
      case INT:
        return Integer.compare(CanonicalBytes.readInt(a, aOff), CanonicalBytes.readInt(b, bOff));
      default: // string, bytes, uuid
        return Arrays.compareUnsigned(a, aOff, aOff + aLen, b, bOff, bOff + bLen);
    }
  }

  /**
   * Checks that {@code key[off, off + len)} is a well-formed canonical key of this type: the width
   * of a fixed-width kind, and for a composite every length prefix inside the key and nothing after
   * the last part. Allocates only when it throws.
   *
   * @throws InvalidKeyException naming the type and what is wrong
   */
  public void check(byte[] key, int off, int len) {
    if (key == null) {
      throw new InvalidKeyException(
          "key is null; a null key has no partition: check the caller's value before routing");
    }
    if (!composite) {
      int w = kinds[0].fixedWidth();
      if (w >= 0 && len != w) {
        throw new InvalidKeyException(
            "a "
                + type
                + " key has "
                + w
                + " canonical bytes, got "
                + len
                + "; encode the key with CanonicalBytes for the table's key type");
      }
      return;
    }
    int p = off;
    int end = off + len;
    for (int i = 0; i < kinds.length; i++) {
      int w = kinds[i].fixedWidth();
      if (w < 0) {
        if (end - p < 4) {
          throw malformed(i, len, "its length prefix is cut off");
        }
        w = CanonicalBytes.readInt(key, p);
        p += 4;
        if (w < 0 || w > end - p) {
          throw malformed(
              i,
              len,
              "its length prefix says "
                  + (w & 0xFFFFFFFFL)
                  + " bytes, only "
                  + (end - p)
                  + " follow");
        }
      } else if (end - p < w) {
        throw malformed(i, len, "it needs " + w + " bytes, only " + (end - p) + " follow");
      }
      p += w;
    }
    if (p != end) {
      throw new InvalidKeyException(
          "canonical key of type "
              + type
              + " has "
              + (end - p)
              + " bytes after its last part; encode the key with CompositeKey.toBytes()");
    }
  }

  private InvalidKeyException malformed(int part, int len, String what) {
    return new InvalidKeyException(
        "canonical key of type "
            + type
            + " ("
            + len
            + " bytes) is malformed at part "
            + part
            + ": "
            + what
            + "; encode the key with CompositeKey.toBytes()");
  }

  /**
   * The smallest key above {@code key}, or null when {@code key} is the largest key of the type.
   */
  public byte @Nullable [] successor(byte[] key) {
    check(key, 0, key.length);
    if (!composite) {
      return successorOfPart(kinds[0], key);
    }
    List<byte[]> parts = CompositeParts.split(kinds, key);
    for (int i = kinds.length - 1; i >= 0; i--) {
      byte[] next = successorOfPart(kinds[i], parts.get(i));
      if (next != null) {
        parts.set(i, next);
        return CompositeParts.join(kinds, parts);
      }
      parts.set(i, minimumOfPart(kinds[i])); // carry into the part before, as in counting
    }
    return null;
  }

  private static byte @Nullable [] successorOfPart(KeyType.Kind k, byte[] v) {
    switch (k) {
      case LONG, TIMESTAMP:
        {
          long x = CanonicalBytes.readLong(v, 0);
          if (x == Long.MAX_VALUE) {
            return null;
          }
          byte[] b = new byte[8];
          CanonicalBytes.writeLong(x + 1, b, 0);
          return b;
        }
      case INT:
        {
          int x = CanonicalBytes.readInt(v, 0);
          if (x == Integer.MAX_VALUE) {
            return null;
          }
          byte[] b = new byte[4];
          CanonicalBytes.writeInt(x + 1, b, 0);
          return b;
        }
      case UUID:
        {
          byte[] b = v.clone();
          for (int i = 15; i >= 0; i--) {
            if (++b[i] != 0) {
              return b;
            }
          }
          return null;
        }
      default: // string, bytes: the key followed by one zero byte (U+0000 for text)
        return Arrays.copyOf(v, v.length + 1);
    }
  }

  private static byte[] minimumOfPart(KeyType.Kind k) {
    switch (k) {
      case LONG, TIMESTAMP:
        {
          byte[] b = new byte[8];
          CanonicalBytes.writeLong(Long.MIN_VALUE, b, 0);
          return b;
        }
      case INT:
        {
          byte[] b = new byte[4];
          CanonicalBytes.writeInt(Integer.MIN_VALUE, b, 0);
          return b;
        }
      case UUID:
        return new byte[16];
      default:
        return new byte[0];
    }
  }

  @Override
  public String toString() {
    return "KeyOrder(" + type + ")";
  }
}
