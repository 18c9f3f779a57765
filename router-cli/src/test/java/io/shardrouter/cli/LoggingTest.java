package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.zookeeper.ZkRoutingSource;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * shardctl's logging (simplelogger.properties, the one SLF4J binding): the ZooKeeper client's and
 * Curator's noise while ZooKeeper cannot be reached is off, the routing source's own lines and
 * every other error are on.
 */
class LoggingTest {
  @Test
  void connectionLossNoise_off_toolsOwnLinesAndOtherErrors_on() {
    Logger resolving = LoggerFactory.getLogger("org.apache.zookeeper.client.StaticHostProvider");
    assertFalse(resolving.isErrorEnabled(), "a host that does not resolve: an error a second");
    Logger background =
        LoggerFactory.getLogger("org.apache.curator.framework.imps.CuratorFrameworkImpl");
    assertTrue(
        background.isErrorEnabled(),
        "Curator's other background errors (a listener that threw) stay on; its connection losses"
            + " are off by its own switch, set by ShardCtl.main");

    Logger source = LoggerFactory.getLogger(ZkRoutingSource.class);
    assertTrue(source.isInfoEnabled(), "SUSPENDED, LOST, reconnected: the source's lines");
    assertTrue(LoggerFactory.getLogger("org.apache.zookeeper.ClientCnxn").isErrorEnabled());
    assertFalse(LoggerFactory.getLogger("org.apache.zookeeper.ClientCnxn").isWarnEnabled());
    assertTrue(LoggerFactory.getLogger("org.apache.curator.ConnectionState").isErrorEnabled());
  }
}
