/**
 * Implementation of this module's API, not part of it; no compatibility promise.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.hash.internal;

import org.jspecify.annotations.NullMarked;
