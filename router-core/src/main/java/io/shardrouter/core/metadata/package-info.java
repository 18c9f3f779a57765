/**
 * Routing documents and binary snapshots: reading and writing them ({@link
 * io.shardrouter.core.metadata.RoutingDocuments}, {@link io.shardrouter.core.metadata.Snapshots}),
 * and the sources and publishers that move routing tables between processes.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.core.metadata;

import org.jspecify.annotations.NullMarked;
