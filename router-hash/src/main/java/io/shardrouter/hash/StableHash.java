package io.shardrouter.hash;

/**
 * A 64-bit hash function whose output for given bytes never changes: across processes, machines,
 * JVM versions and languages. Hash strategies hash a key's canonical bytes with one of these.
 *
 * <p>Every overload is the hash of the key's canonical bytes ({@code docs/routing-spec.md} §2): a
 * {@code String} is hashed as its UTF-8 bytes (ASCII text is copied, not encoded, into a per-thread
 * scratch), a {@code long} as its 8 little-endian bytes. Get instances from {@link
 * StableHashes#byName}.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable: a name's output is pinned by golden vectors; a fix is a new name.
 *
 * <p><b>Allocation:</b> none.
 *
 * @since 0.1
 */
public interface StableHash {

  /** The registered name, e.g. {@code xxh3-64}. */
  String name();

  /** The seed; 0 for unseeded functions. */
  long seed();

  /** Hash of {@code bytes[offset, offset + length)}. */
  long hash(byte[] bytes, int offset, int length);

  /** Hash of the UTF-8 bytes of {@code key}. */
  long hashString(String key);

  /** Hash of the 8 little-endian bytes of {@code key}. */
  long hashLong(long key);

  /** Hash of the 4 little-endian bytes of {@code key}. */
  long hashInt(int key);
}
