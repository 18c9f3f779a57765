/** What routing costs while a migration runs (router-migrate's {@code MigrationRoutes}). */
package io.shardrouter.bench.migrate;
