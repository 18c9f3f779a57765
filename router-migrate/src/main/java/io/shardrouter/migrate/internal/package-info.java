/** Internals of router-migrate: no compatibility promise; do not call from outside the module. */
package io.shardrouter.migrate.internal;
