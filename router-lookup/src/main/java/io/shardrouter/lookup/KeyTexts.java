package io.shardrouter.lookup;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Violations;

/**
 * Canonical key bytes back to the text form {@link KeyType#parseText} reads (a directory writes its
 * keys this way), the first part of a composite key's canonical bytes, and JSON paths of entries.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class KeyTexts {
  private KeyTexts() {}

  /** The text of the key of {@code type} whose canonical bytes are {@code b[off, off + len)}. */
  static String format(KeyType type, byte[] b, int off, int len) {
    return type.format(b, off, len);
  }

  /**
   * The text of a key for a message: {@link #format}, or {@code 0x} and the hex of the bytes when
   * they are no key of the type (a probe that {@code explain} or a refusal names must not throw).
   */
  static String shown(KeyType type, byte[] b, int off, int len) {
    try {
      return type.format(b, off, len);
    } catch (IllegalArgumentException notAKey) {
      return "0x" + KeyText.hex(b, off, len);
    }
  }

  /** The text of the key whose canonical bytes are {@code b}. */
  static String format(KeyType type, byte[] b) {
    return type.format(b, 0, b.length);
  }

  /**
   * Where the first part of a composite key of {@code type} lies in {@code c[off, off + len)}: its
   * offset in the high 32 bits and its length in the low 32, in the first part's single-key form (a
   * {@code string} part without its length prefix).
   *
   * <p><b>Allocation:</b> none, unless the bytes are no key of the type.
   */
  static long firstPart(KeyType.Kind first, KeyType type, byte[] c, int off, int len) {
    int width = first.fixedWidth();
    if (width >= 0) {
      if (len < width) {
        throw shortKey(type, len, width);
      }
      return (long) off << 32 | width;
    }
    if (len < 4) {
      throw shortKey(type, len, 4);
    }
    int n =
        (c[off] & 0xFF)
            | (c[off + 1] & 0xFF) << 8
            | (c[off + 2] & 0xFF) << 16
            | (c[off + 3] & 0xFF) << 24;
    if (n < 0 || n > len - 4) {
      throw new InvalidKeyException(
          "key bytes are no composite key of type "
              + type
              + ": the first part declares "
              + (n & 0xFFFFFFFFL)
              + " bytes but only "
              + (len - 4)
              + " follow; route keys of the table's key type");
    }
    return (long) (off + 4) << 32 | n;
  }

  private static InvalidKeyException shortKey(KeyType type, int len, int needed) {
    return new InvalidKeyException(
        "key bytes are no composite key of type "
            + type
            + ": "
            + len
            + " bytes, the first part needs "
            + needed
            + "; route keys of the table's key type");
  }

  /**
   * The path of the directory entry for {@code keyText} below {@code entries}: {@code entries.acme}
   * or {@code entries["a.b"]} ({@link Violations#member}).
   */
  static String entryPath(String keyText) {
    return Violations.member("entries", keyText);
  }
}
