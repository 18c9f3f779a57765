package io.shardrouter.migrate;

import java.util.List;
import java.util.Objects;

/**
 * Verification of one part, in the shape of a Vitess VDiff: rows compared, equal, different,
 * present on one side only, and a few keys to look at.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving; persisted by state stores.
 *
 * @param part the part's id
 * @param rowsProcessed distinct keys compared (source and target together)
 * @param matching keys with the same sequence and value on both sides
 * @param mismatched keys present on both sides with different content
 * @param extraOnSource keys only on the source
 * @param extraOnTarget keys only on the target
 * @param sampleKeys up to a few keys that did not match, as hex of their canonical bytes
 */
public record PartReport(
    String part,
    long rowsProcessed,
    long matching,
    long mismatched,
    long extraOnSource,
    long extraOnTarget,
    List<String> sampleKeys) {
  /** Checks and copies. */
  public PartReport {
    Objects.requireNonNull(part, "part");
    sampleKeys = List.copyOf(sampleKeys);
    if (rowsProcessed != matching + mismatched + extraOnSource + extraOnTarget) {
      throw new IllegalArgumentException(
          "part report '"
              + part
              + "': rowsProcessed "
              + rowsProcessed
              + " must equal matching + mismatched + extraOnSource + extraOnTarget");
    }
  }

  /** True when every key matched. */
  public boolean clean() {
    return mismatched == 0 && extraOnSource == 0 && extraOnTarget == 0;
  }
}
