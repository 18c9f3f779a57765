package io.shardrouter.hash;

import io.shardrouter.core.KeyScratch;

/**
 * BLAKE2b (RFC 7693) with an 8-byte digest and no key, salt or personalization, read as a
 * big-endian unsigned 64-bit integer: exactly {@code int.from_bytes(hashlib.blake2b(data,
 * digest_size=8).digest(), "big")}: the hash {@code blake2b-64} ({@code docs/routing-spec.md} §3.3)
 * and the token function of the vnode-named ring.
 *
 * <p>Slower than xxh3-64 (a 128-byte block and twelve rounds per key); use it where the vnode-named
 * ring's placements must be reproduced.
 *
 * <p><b>Thread-safety:</b> immutable; working state lives in a per-thread array.
 *
 * <p><b>Allocation:</b> none after the first call on a thread.
 */
final class Blake2b64 implements StableHash {
  public static final Blake2b64 INSTANCE = new Blake2b64();

  private static final long[] IV = {
    0x6a09e667f3bcc908L, 0xbb67ae8584caa73bL, 0x3c6ef372fe94f82bL, 0xa54ff53a5f1d36f1L,
    0x510e527fade682d1L, 0x9b05688c2b3e6c1fL, 0x1f83d9abfb41bd6bL, 0x5be0cd19137e2179L,
  };

  private static final byte[][] SIGMA = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
  };

  /** Parameter block word 0 for an 8-byte digest, no key, fanout 1, depth 1: 0x01010008. */
  private static final long PARAM0 = 0x01010000L | 8;

  /** Per thread: h[0..8), v[8..24), m[24..40). */
  private static final ThreadLocal<long[]> STATE = ThreadLocal.withInitial(() -> new long[40]);

  private Blake2b64() {}

  @Override
  public String name() {
    return StableHash.BLAKE2B_64;
  }

  @Override
  public long seed() {
    return 0;
  }

  @Override
  public long hash(byte[] data, int offset, int length) {
    long[] s = STATE.get();
    for (int i = 0; i < 8; i++) {
      s[i] = IV[i];
    }
    s[0] ^= PARAM0;
    int done = 0;
    while (length - done > 128) {
      compress(s, data, offset + done, 128, done + 128L, false);
      done += 128;
    }
    compress(s, data, offset + done, length - done, length, true);
    return Long.reverseBytes(s[0]); // the digest is h[0]'s 8 little-endian bytes, read big-endian
  }

  @Override
  public long hashString(String key) {
    KeyScratch scratch = KeyScratch.get();
    int n = scratch.putString(key);
    return hash(scratch.bytes(), 0, n);
  }

  @Override
  public long hashLong(long key) {
    KeyScratch scratch = KeyScratch.get();
    int n = scratch.putLong(key);
    return hash(scratch.bytes(), 0, n);
  }

  @Override
  public long hashInt(int key) {
    KeyScratch scratch = KeyScratch.get();
    int n = scratch.putInt(key);
    return hash(scratch.bytes(), 0, n);
  }

  /** Compresses one block of {@code len <= 128} bytes (zero-padded) with byte counter {@code t}. */
  private static void compress(long[] s, byte[] data, int off, int len, long t, boolean last) {
    for (int w = 0; w < 16; w++) {
      long word = 0;
      int base = w * 8;
      for (int b = 7; b >= 0; b--) {
        int i = base + b;
        word = (word << 8) | (i < len ? data[off + i] & 0xFFL : 0L);
      }
      s[24 + w] = word;
    }
    for (int i = 0; i < 8; i++) {
      s[8 + i] = s[i];
      s[16 + i] = IV[i];
    }
    s[8 + 12] ^= t;
    if (last) {
      s[8 + 14] = ~s[8 + 14];
    }
    for (int r = 0; r < 12; r++) {
      byte[] sg = SIGMA[r % 10];
      g(s, 0, 4, 8, 12, s[24 + sg[0]], s[24 + sg[1]]);
      g(s, 1, 5, 9, 13, s[24 + sg[2]], s[24 + sg[3]]);
      g(s, 2, 6, 10, 14, s[24 + sg[4]], s[24 + sg[5]]);
      g(s, 3, 7, 11, 15, s[24 + sg[6]], s[24 + sg[7]]);
      g(s, 0, 5, 10, 15, s[24 + sg[8]], s[24 + sg[9]]);
      g(s, 1, 6, 11, 12, s[24 + sg[10]], s[24 + sg[11]]);
      g(s, 2, 7, 8, 13, s[24 + sg[12]], s[24 + sg[13]]);
      g(s, 3, 4, 9, 14, s[24 + sg[14]], s[24 + sg[15]]);
    }
    for (int i = 0; i < 8; i++) {
      s[i] ^= s[8 + i] ^ s[16 + i];
    }
  }

  private static void g(long[] s, int a, int b, int c, int d, long x, long y) {
    a += 8;
    b += 8;
    c += 8;
    d += 8;
    s[a] = s[a] + s[b] + x;
    s[d] = Long.rotateRight(s[d] ^ s[a], 32);
    s[c] = s[c] + s[d];
    s[b] = Long.rotateRight(s[b] ^ s[c], 24);
    s[a] = s[a] + s[b] + y;
    s[d] = Long.rotateRight(s[d] ^ s[a], 16);
    s[c] = s[c] + s[d];
    s[b] = Long.rotateRight(s[b] ^ s[c], 63);
  }

  @Override
  public String toString() {
    return name();
  }
}
