/**
 * The codec's JSON and key-text machinery, shared by the packages of router-core only; exported to
 * no module.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.core.internal;

import org.jspecify.annotations.NullMarked;
