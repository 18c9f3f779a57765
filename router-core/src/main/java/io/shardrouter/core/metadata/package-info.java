/**
 * Routing documents and binary snapshots: reading and writing them ({@link
 * io.shardrouter.core.metadata.RoutingDocuments}, {@link io.shardrouter.core.metadata.Snapshots}),
 * and the sources and publishers that move routing tables between processes. This is the codec: the
 * one package that knows the JSON library (package-private), with the {@link
 * io.shardrouter.core.metadata.DocumentReader} SPI for other document shapes and {@link
 * io.shardrouter.core.metadata.RoutingDocuments#parseSpec} for JSON text.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.core.metadata;

import org.jspecify.annotations.NullMarked;
