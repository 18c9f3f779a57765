package io.shardrouter.hash;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;
import java.util.Objects;

/**
 * Base of the hash family: a key's canonical bytes are hashed with a {@link StableHash} to a 64-bit
 * routing point, and {@link #partitionOfHash(long)} maps the point to a partition. The table hands
 * an ASCII text key over as the string's own bytes; {@code long} and {@code timestamp} keys are
 * hashed as their number, without writing their bytes anywhere.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf}.
 *
 * @since 0.1
 */
public abstract class HashPartitionStrategy implements PartitionStrategy {
  protected final StableHash hash;
  protected final int partitions;

  protected HashPartitionStrategy(StableHash hash, int partitions) {
    this.hash = Objects.requireNonNull(hash, "hash");
    if (partitions < 1) {
      throw new IllegalArgumentException(
          "strategy.partitions must be >= 1 for strategy '" + type() + "', got " + partitions);
    }
    this.partitions = partitions;
  }

  /** The hash function applied to canonical key bytes. */
  public final StableHash hash() {
    return hash;
  }

  /** The routing point of a key given as canonical bytes: its hash. */
  public final long routingPoint(byte[] canonical, int offset, int length) {
    return hash.hash(canonical, offset, length);
  }

  /**
   * The partition of a 64-bit routing point.
   *
   * <p><b>Allocation:</b> none.
   */
  public abstract int partitionOfHash(long hash);

  @Override
  public final int partitionCount() {
    return partitions;
  }

  @Override
  public final int partitionOf(byte[] canonical, int offset, int length) {
    return partitionOfHash(hash.hash(canonical, offset, length));
  }

  /** A {@code long} or {@code timestamp} key is hashed as its 8 canonical bytes, unwritten. */
  @Override
  public final int partitionOfLong(long value) {
    return partitionOfHash(hash.hashLong(value));
  }

  /** E.g. {@code hash_mod: xxh3-64 hash 0xe6d57369c2425c7f, partition 7 of 10}. */
  @Override
  public String explain(byte[] canonical, int offset, int length) {
    long h = routingPoint(canonical, offset, length);
    return type()
        + ": "
        + hash.name()
        + (hash.seed() == 0 ? "" : " (seed " + hash.seed() + ")")
        + " hash 0x"
        + String.format(java.util.Locale.ROOT, "%016x", h)
        + ", partition "
        + partitionOfHash(h)
        + " of "
        + partitions;
  }

  @Override
  public Spec toSpec() {
    Spec.ObjectBuilder o = Spec.object().put("type", type()).put("hash", hash.name());
    if (hash.seed() != 0) {
      o.put("seed", hash.seed());
    }
    return o.put("partitions", partitions).build();
  }

  @Override
  public final boolean equals(Object o) {
    return o instanceof PartitionStrategy s
        && s.getClass() == getClass()
        && toSpec().equals(s.toSpec());
  }

  @Override
  public final int hashCode() {
    return toSpec().hashCode();
  }

  /**
   * The strategy object of the routing document, e.g. {@code
   * {"type":"jump","hash":"xxh3-64","partitions":8}}.
   */
  @Override
  public final String toString() {
    return toSpec().toString();
  }
}
