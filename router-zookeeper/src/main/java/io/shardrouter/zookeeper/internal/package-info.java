/**
 * Internals of {@code io.shardrouter.zookeeper}: the znode layout, the manifest text, chunking, the
 * reads and prunes of one entity, the last-known-good file. No stability promise: do not use.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.zookeeper.internal;

import org.jspecify.annotations.NullMarked;
