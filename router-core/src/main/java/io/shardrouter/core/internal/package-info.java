/**
 * Leaves shared by the packages of router-core: hex, little-endian words, strict UTF-8, the
 * in-place ASCII read of a string, and the composite key's text as a JSON array. Nothing here names
 * a type of {@code io.shardrouter.core}; exported to no module.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.core.internal;

import org.jspecify.annotations.NullMarked;
