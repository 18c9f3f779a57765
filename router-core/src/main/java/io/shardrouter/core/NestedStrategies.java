package io.shardrouter.core;

import java.util.List;
import java.util.Objects;

/**
 * An optional capability of a {@link PartitionStrategy} that routes through other strategies (a
 * lookup's fallback and split entries, the business strategy of time buckets): it names them, with
 * where each sits in its own {@code strategy} object, so that core applies every check to every
 * strategy at any depth ({@link RoutingTable.Builder#checkGroupsAndPlacement}) and no wrapper can
 * hide a nested strategy's capabilities ({@code docs/architecture.md} §3).
 *
 * <p><b>Thread-safety:</b> implementations are immutable.
 *
 * <p><b>Stability:</b> stable SPI.
 *
 * @since 0.1
 */
public interface NestedStrategies {

  /** The strategies this one routes through, in document order; empty when there are none. */
  List<Child> children();

  /**
   * A nested strategy and the JSON path of its object relative to the outer strategy's object, e.g.
   * {@code fallback}, {@code business}, {@code entries.initech.strategy}.
   *
   * @param path the relative path, without a leading dot
   * @param strategy the nested strategy
   */
  record Child(String path, PartitionStrategy strategy) {
    /** Checks that both are given. */
    public Child {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(strategy, "strategy");
    }
  }
}
