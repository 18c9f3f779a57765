package io.shardrouter.migrate.internal;

/**
 * The canary bucket of a key: a 64-bit FNV-1a of its canonical bytes, finished with a SplitMix64
 * mix, modulo 100 (see {@code docs/migration.md}). Text keys are hashed as their UTF-8 bytes,
 * encoded on the fly, so a {@code String} and its canonical bytes land in the same bucket.
 *
 * <p><b>Allocation:</b> none.
 *
 * <p><b>Stability:</b> internal; the function is pinned by {@code docs/migration.md}.
 */
public final class KeyHash {
  private static final long OFFSET = 0xCBF29CE484222325L;
  private static final long PRIME = 0x100000001B3L;

  private KeyHash() {}

  /** Bucket in [0, 100) of canonical bytes. */
  public static int bucket(byte[] canonical, int offset, int length) {
    long h = OFFSET;
    for (int i = offset; i < offset + length; i++) {
      h = (h ^ (canonical[i] & 0xFF)) * PRIME;
    }
    return finish(h);
  }

  /** Bucket in [0, 100) of a text key, hashed as UTF-8. */
  public static int bucket(CharSequence s) {
    long h = OFFSET;
    int n = s.length();
    for (int i = 0; i < n; i++) {
      int c = s.charAt(i);
      if (c < 0x80) {
        h = (h ^ c) * PRIME;
      } else if (c < 0x800) {
        h = (h ^ (0xC0 | (c >> 6))) * PRIME;
        h = (h ^ (0x80 | (c & 0x3F))) * PRIME;
      } else if (Character.isHighSurrogate((char) c)
          && i + 1 < n
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint((char) c, s.charAt(++i));
        h = (h ^ (0xF0 | (cp >> 18))) * PRIME;
        h = (h ^ (0x80 | ((cp >> 12) & 0x3F))) * PRIME;
        h = (h ^ (0x80 | ((cp >> 6) & 0x3F))) * PRIME;
        h = (h ^ (0x80 | (cp & 0x3F))) * PRIME;
      } else {
        if (Character.isSurrogate((char) c)) {
          c = '?'; // a lone surrogate encodes as '?' in UTF-8 (as String.getBytes does)
          h = (h ^ c) * PRIME;
          continue;
        }
        h = (h ^ (0xE0 | (c >> 12))) * PRIME;
        h = (h ^ (0x80 | ((c >> 6) & 0x3F))) * PRIME;
        h = (h ^ (0x80 | (c & 0x3F))) * PRIME;
      }
    }
    return finish(h);
  }

  private static int finish(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z = z ^ (z >>> 31);
    return (int) Long.remainderUnsigned(z, 100);
  }
}
