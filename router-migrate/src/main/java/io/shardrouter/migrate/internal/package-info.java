/**
 * Internals of router-migrate: no compatibility promise; do not call from outside the module.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.migrate.internal;

import org.jspecify.annotations.NullMarked;
