/**
 * The directory behind the {@code lookup} strategy: an immutable, compact hash table from exact
 * keys (canonical bytes) to partitions, its builder, key order and hash. Not API.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.lookup.internal;

import org.jspecify.annotations.NullMarked;
