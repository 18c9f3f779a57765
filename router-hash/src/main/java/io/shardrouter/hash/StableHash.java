package io.shardrouter.hash;

import io.shardrouter.core.StrategyParameters;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A 64-bit hash function whose output for given bytes never changes: across processes, machines,
 * JVM versions and languages. Hash strategies hash a key's canonical bytes with one of these.
 *
 * <p>Every overload is the hash of the key's canonical bytes ({@code docs/routing-spec.md} §2): a
 * {@code String} is hashed as its UTF-8 bytes (ASCII text is copied, not encoded, into a per-thread
 * scratch), a {@code long} as its 8 little-endian bytes. Get instances from {@link #byName} (or
 * {@link #xxh3}, the default), by the names routing documents use:
 *
 * <table>
 *   <caption>Registered hash functions</caption>
 *   <tr><th>name</th><th>function</th><th>seed</th></tr>
 *   <tr><td>{@code xxh3-64}</td><td>XXH3 64-bit (xxHash 0.8)</td><td>any 64-bit value; default 0</td></tr>
 *   <tr><td>{@code murmur3-64}</td><td>the first 64 bits (h1) of MurmurHash3_x64_128</td><td>0 to 2<sup>32</sup>-1; default 0</td></tr>
 *   <tr><td>{@code blake2b-64}</td><td>BLAKE2b with an 8-byte digest, read big-endian (the unkeyed hash of the vnode-named ring)</td><td>none</td></tr>
 * </table>
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
  /** XXH3 64-bit (xxHash 0.8); any 64-bit seed, default 0. */
  String XXH3_64 = "xxh3-64";

  /** The first 64 bits (h1) of MurmurHash3_x64_128; a seed in 0 to 2^32-1, default 0. */
  String MURMUR3_64 = "murmur3-64";

  /** BLAKE2b with an 8-byte digest, read big-endian; unkeyed, so it takes no seed. */
  String BLAKE2B_64 = "blake2b-64";

  /** Every registered name, sorted. */
  List<String> NAMES = List.of(BLAKE2B_64, MURMUR3_64, XXH3_64);

  /** {@code xxh3-64} with seed 0, the default. */
  static StableHash xxh3() {
    return StableHashes.xxh3();
  }

  /**
   * The function named {@code name} with {@code seed}.
   *
   * @throws IllegalArgumentException for an unknown name or a seed the function does not take
   */
  static StableHash byName(String name, long seed) {
    return StableHashes.byName(name, seed);
  }

  /**
   * Reads the {@code hash} (default {@code xxh3-64}) and {@code seed} (default 0) parameters of a
   * strategy that hashes its keys, as the built-in strategies do: an unknown name or a seed the
   * function does not take is reported on {@code params} under that parameter's path.
   *
   * @return the function, or null when a problem was reported
   */
  static @Nullable StableHash fromParameters(StrategyParameters params) {
    return StableHashes.fromParameters(params);
  }

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
