package io.shardrouter.lookup;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;

/**
 * {@code broadcast}: marks an entity as reference data copied to every replica group. Every key is
 * in the one partition 0; the placement names the entity's home group, and every group of the table
 * holds a copy. Route writes and reads with {@link ReferenceData}: writes go to every group, reads
 * to the nearest.
 *
 * <p>Good for: small, slowly changing data that queries on every partition join with (currencies,
 * product categories, tax rates). Not for: data that changes often or grows large, since every
 * write is made once per group.
 *
 * <p><b>Thread-safety:</b> immutable; a singleton.
 *
 * <p><b>Stability:</b> stable.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf}.
 *
 * @since 0.1
 */
public final class BroadcastStrategy implements PartitionStrategy {
  /** The registered type name. */
  public static final String TYPE = "broadcast";

  /** The only instance. */
  public static final BroadcastStrategy INSTANCE = new BroadcastStrategy();

  private BroadcastStrategy() {}

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public int partitionCount() {
    return 1;
  }

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    return 0;
  }

  @Override
  public String explain(byte[] canonical, int offset, int length) {
    return TYPE
        + ": reference data, a copy on every group; writes go to every group, reads to the nearest; partition 0";
  }

  @Override
  public Spec toSpec() {
    return Spec.object().put("type", TYPE).build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BroadcastStrategy;
  }

  @Override
  public int hashCode() {
    return TYPE.hashCode();
  }

  @Override
  public String toString() {
    return toSpec().toString();
  }
}
