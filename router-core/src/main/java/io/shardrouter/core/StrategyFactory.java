package io.shardrouter.core;

import java.util.Set;

/**
 * Builds a {@link PartitionStrategy} of one {@link #type()} from the {@code strategy} object of a
 * routing document. Factories are found through {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/io.shardrouter.core.StrategyFactory}.
 *
 * <p><b>Thread-safety:</b> implementations must be stateless.
 *
 * <p><b>Stability:</b> stable SPI.
 *
 * @since 0.1
 */
public interface StrategyFactory {

  /**
   * The type name the factory answers to, e.g. {@code hash_mod}; lower case, unique in a registry.
   */
  String type();

  /**
   * The parameter names the strategy object may carry besides {@code type}; any other is refused.
   */
  Set<String> parameterNames();

  /**
   * The parameters whose value may be a very large object or array, such as a directory of millions
   * of keys (a subset of {@link #parameterNames()}; none by default). The document reader leaves a
   * large value of such a field unbuilt and lets the strategy walk it member by member, so a
   * document of millions of entries is never an object tree. Applies to a field of that name at any
   * depth of the document.
   */
  default Set<String> bulkParameters() {
    return Set.of();
  }

  /**
   * Builds the strategy from {@code params}. A factory checks every parameter first, reporting each
   * broken rule to {@code params} ({@link StrategyParameters#violation}, or a typed getter that
   * reports for it), then throws {@link StrategyParameters#refusal()} when any was reported, so
   * that one refusal lists them all; it never returns null.
   *
   * @throws InvalidRoutingTableException carrying the violations reported to {@code params}, each
   *     at its JSON path, when the strategy cannot be built from them
   */
  PartitionStrategy create(StrategyParameters params);
}
