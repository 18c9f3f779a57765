/**
 * Online resharding that loses no write: a plan between two routing tables, its phases published as
 * routing versions, the write and read routes of each phase, fencing by routing version, and a
 * coordinator that survives crashes.
 *
 * <p>Start from {@link io.shardrouter.migrate.MigrationPlan#between}. A service implements {@link
 * io.shardrouter.migrate.MigrationStore} for its database (one instance per replica group) and
 * keeps progress in a {@link io.shardrouter.migrate.MigrationStateStore} ({@link
 * io.shardrouter.migrate.MigrationStateStore#inDirectory} ships here); {@link
 * io.shardrouter.migrate.MigrationStore#inMemory} serves tests and the simulation. See {@code
 * docs/migration.md}.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.migrate;

import org.jspecify.annotations.NullMarked;
