package io.shardrouter.hash;

import java.util.function.ToLongFunction;

/**
 * A test {@link StableHash} defined by its hash of text alone, for checks that need chosen hash
 * values (collisions, a hash that does not refuse null); every other entry point throws, so a test
 * also fails when the code under test hashes by another one.
 */
record TextHash(String name, ToLongFunction<String> text) implements StableHash {

  @Override
  public long seed() {
    return 0;
  }

  @Override
  public long hashString(String key) {
    return text.applyAsLong(key);
  }

  @Override
  public long hash(byte[] bytes, int offset, int length) {
    throw new UnsupportedOperationException(name + " hashes text only");
  }

  @Override
  public long hashLong(long key) {
    throw new UnsupportedOperationException(name + " hashes text only");
  }

  @Override
  public long hashInt(int key) {
    throw new UnsupportedOperationException(name + " hashes text only");
  }
}
