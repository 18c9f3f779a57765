/**
 * The machinery of route statistics: striped counters, the Space-Saving sketch, JSON reading.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.stats.internal;

import org.jspecify.annotations.NullMarked;
