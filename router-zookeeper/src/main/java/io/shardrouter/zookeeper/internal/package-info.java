/**
 * Internals of {@code io.shardrouter.zookeeper}: the znode layout, the manifest text, chunking, the
 * reads and prunes of one entity, the last-known-good file. No stability promise: do not use.
 */
package io.shardrouter.zookeeper.internal;
