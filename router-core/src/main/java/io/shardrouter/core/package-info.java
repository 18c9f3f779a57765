/**
 * Keys and their canonical bytes, the strategy SPI ({@link io.shardrouter.core.PartitionStrategy},
 * {@link io.shardrouter.core.StrategyFactory}) and its registry, replica groups, versioned routing
 * tables and the {@link io.shardrouter.core.Router} that serves one. Start from {@link
 * io.shardrouter.core.Router}.
 *
 * <p>Every type here is null-marked: a parameter, return value or field is never null unless it is
 * annotated {@code @Nullable} (docs/architecture.md, "Nullness").
 */
@NullMarked
package io.shardrouter.core;

import org.jspecify.annotations.NullMarked;
