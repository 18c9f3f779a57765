package io.shardrouter.lookup;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;

/**
 * {@code routable_id}: the partition of a {@code long} key is the partition field of a routable id
 * ({@link IdLayout}), read with a shift and a mask: no hash, no lookup. An id whose partition field
 * is not below the table's partition count was not issued for this table and is refused.
 *
 * <p>Good for: rows whose ids an {@link IdGenerator} issued for the partition of their parent. Not
 * for: ids from anywhere else (auto-increment columns, UUIDs): their bits carry no partition.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable; see {@code docs/routing-spec.md} §4.5.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf}, except when an id is refused.
 *
 * @since 0.1
 */
public final class RoutableIdStrategy implements PartitionStrategy {
  /** The registered type name. */
  public static final String TYPE = "routable_id";

  private final IdLayout layout;
  private final int partitions;
  private final int shift;
  private final int mask;

  private RoutableIdStrategy(IdLayout layout, int partitions) {
    this.layout = layout;
    this.partitions = partitions;
    this.shift = layout.partitionShift();
    this.mask = (1 << layout.partitionBits()) - 1;
  }

  /**
   * Routes ids of {@code layout} over {@code partitions} partitions (the epoch plays no part in
   * routing).
   *
   * @throws IllegalArgumentException when {@code partitions} does not fit the layout's partition
   *     bits
   */
  public static RoutableIdStrategy of(IdLayout layout, int partitions) {
    if (partitions < 1 || partitions > layout.maxPartitions()) {
      throw new IllegalArgumentException(
          "strategy.partitions must be in [1, "
              + layout.maxPartitions()
              + "] for strategy 'routable_id'"
              + " with "
              + layout.partitionBits()
              + " partition bits, got "
              + partitions);
    }
    return new RoutableIdStrategy(layout, partitions);
  }

  @Override
  public String type() {
    return TYPE;
  }

  /** Routable ids are {@code long} keys. */
  @Override
  public KeyType keyType() {
    return KeyType.LONG;
  }

  @Override
  public int partitionCount() {
    return partitions;
  }

  public IdLayout layout() {
    return layout;
  }

  @Override
  public int partitionOfLong(long id) {
    int p = (int) (id >>> shift) & mask;
    if (id < 0 || p >= partitions) {
      throw refused(id, p);
    }
    return p;
  }

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    if (length != 8) {
      throw new InvalidKeyException(
          "a routable id is a long key of 8 bytes, got "
              + length
              + " bytes; route ids as long keys");
    }
    return partitionOfLong(CanonicalBytes.readLong(canonical, offset));
  }

  private InvalidKeyException refused(long id, int p) {
    if (id < 0) {
      return new InvalidKeyException(
          "id "
              + id
              + " is negative; routable ids have bit 63 clear: it was not issued by an IdGenerator");
    }
    return new InvalidKeyException(
        "id "
            + id
            + " carries partition "
            + p
            + " (bits "
            + shift
            + "-"
            + (shift + layout.partitionBits() - 1)
            + "), but the table has "
            + partitions
            + " partitions; it was not issued for this table: check the generator's layout and"
            + " partition count");
  }

  @Override
  public String explain(byte[] canonical, int offset, int length) {
    long id = CanonicalBytes.readLong(canonical, offset);
    return TYPE
        + ": id "
        + id
        + " = time "
        + layout.timeOf(id)
        + ", partition "
        + layout.partitionOf(id)
        + ", generator "
        + layout.generatorOf(id)
        + ", sequence "
        + layout.sequenceOf(id)
        + " (bits "
        + shift
        + "-"
        + (shift + layout.partitionBits() - 1)
        + "); partition "
        + partitionOfLong(id);
  }

  @Override
  public Spec toSpec() {
    return Spec.object()
        .put("type", TYPE)
        .put("partition_bits", layout.partitionBits())
        .put("generator_bits", layout.generatorBits())
        .put("sequence_bits", layout.sequenceBits())
        .put("partitions", partitions)
        .build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RoutableIdStrategy s
        && s.partitions == partitions
        && s.layout.partitionBits() == layout.partitionBits()
        && s.layout.generatorBits() == layout.generatorBits()
        && s.layout.sequenceBits() == layout.sequenceBits();
  }

  @Override
  public int hashCode() {
    return toSpec().hashCode();
  }

  @Override
  public String toString() {
    return toSpec().toString();
  }
}
