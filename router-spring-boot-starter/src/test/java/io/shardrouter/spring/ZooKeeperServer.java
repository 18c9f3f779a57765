package io.shardrouter.spring;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A ZooKeeper server (curator-test) for one test class, with a publisher: started before the Spring
 * context is built, and closed after the class's context is (it is kept in the class's store, which
 * JUnit closes after every after-all callback, the SpringExtension's included).
 */
final class ZooKeeperServer implements BeforeAllCallback, AutoCloseable {
  private TestingServer server;
  private CuratorFramework client;
  private ZkRoutingPublisher publisher;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    server = new TestingServer(true);
    client = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100));
    client.start();
    client.blockUntilConnected();
    publisher = ZkRoutingPublisher.builder(client).build();
    context.getStore(ExtensionContext.Namespace.create(ZooKeeperServer.class)).put("server", this);
  }

  /** The connect string. */
  String connect() {
    return server.getConnectString();
  }

  /** Publishes {@code document} as the entity's next version. */
  void publish(String document) {
    RoutingTable table = RoutingDocuments.read(document);
    publisher.publish(table, publisher.publishedVersion(table.entity()));
  }

  @Override
  public void close() throws java.io.IOException {
    client.close();
    server.close();
  }
}
