/**
 * The migration simulator behind {@code shardctl migrate simulate}: runs the protocol against
 * seeded schedules of writers, readers and coordinator crashes, on the module's public API, and
 * checks that no acknowledged write is lost or duplicated (docs/migration.md). Not part of the API;
 * no compatibility promise.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.migrate.internal.simulation;

import org.jspecify.annotations.NullMarked;
