package io.shardrouter.migrate;

import java.util.Objects;

/**
 * One movement of a plan: the keys of {@link #part()} go from {@code sourceGroup} to {@code
 * targetGroup}.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param part what moves: a source partition, filtered to the keys bound for the target group when
 *     the strategy changes
 * @param sourceGroup the group that holds the keys now
 * @param targetGroup the group that holds them after the migration
 * @param share the part's share of the key space: exact for placement moves, estimated from a
 *     sample of keys for strategy changes
 */
public record Movement(Part part, String sourceGroup, String targetGroup, double share) {
  /** Checks the fields. */
  public Movement {
    Objects.requireNonNull(part, "part");
    Objects.requireNonNull(sourceGroup, "sourceGroup");
    Objects.requireNonNull(targetGroup, "targetGroup");
    if (sourceGroup.equals(targetGroup)) {
      throw new IllegalArgumentException(
          "movement of part '"
              + part.id()
              + "' has the same source and target group "
              + sourceGroup);
    }
  }

  /** The source partition, under the source table. */
  public int sourcePartition() {
    return part.sourcePartition();
  }
}
