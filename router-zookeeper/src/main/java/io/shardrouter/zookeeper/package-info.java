/** Routing metadata on ZooKeeper. */
package io.shardrouter.zookeeper;
