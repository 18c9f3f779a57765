/**
 * Routing tables across a fleet, on ZooKeeper (Apache Curator): {@link
 * io.shardrouter.zookeeper.ZkRoutingPublisher} publishes a table as a chunked binary snapshot with
 * compare-and-set on the version read; {@link io.shardrouter.zookeeper.ZkRoutingSource} watches an
 * entity and keeps routers on the newest good table, with a last-known-good copy on disk for when
 * ZooKeeper is away; {@link io.shardrouter.zookeeper.VersionCensus} tells which version every live
 * instance routes with and waits for convergence. Start from {@code docs/fleet.md}.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.zookeeper;

import org.jspecify.annotations.NullMarked;
