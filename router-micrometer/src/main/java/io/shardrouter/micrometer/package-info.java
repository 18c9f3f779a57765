/**
 * Micrometer meters of a router and of a router-jdbc sharded table. Start from {@link
 * io.shardrouter.micrometer.RouterMetrics}; a service with a {@code ShardedTable} binds {@link
 * io.shardrouter.micrometer.ShardedTableMetrics} beside it. The meters are listed in {@code
 * docs/observability.md}.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.micrometer;

import org.jspecify.annotations.NullMarked;
