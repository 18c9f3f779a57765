package io.shardrouter.zookeeper;

import java.time.Duration;
import org.apache.curator.framework.CuratorFramework;

/**
 * A watcher in a process of its own, for {@link CensusHeartbeatTest} to kill: {@code CONNECT ENTITY
 * INSTANCE HEARTBEAT_MS HOOK}. Its session outlives the process by a minute, as a killed process's
 * session does until it expires; with {@code HOOK} true, a shutdown hook closes the source (not the
 * client), as a service's shutdown does. Prints {@code ready} once it routes.
 */
final class CensusChild {
  private CensusChild() {}

  public static void main(String[] args) throws Exception {
    CuratorFramework client = ZkTesting.client(args[0], 60_000);
    ZkRoutingSource source =
        ZkRoutingSource.builder(client, args[1])
            .instanceId(args[2])
            .heartbeat(Duration.ofMillis(Long.parseLong(args[3])))
            .build()
            .start(ZkTesting.WAIT);
    if (Boolean.parseBoolean(args[4])) {
      Runtime.getRuntime().addShutdownHook(new Thread(source::close));
    }
    source.awaitRouter(ZkTesting.WAIT);
    System.out.println("ready");
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
