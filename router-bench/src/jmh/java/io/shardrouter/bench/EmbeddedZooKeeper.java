package io.shardrouter.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.zookeeper.server.embedded.ExitHandler;
import org.apache.zookeeper.server.embedded.ZooKeeperServerEmbedded;

/**
 * One ZooKeeper server in this JVM for the propagation harnesses, through ZooKeeper's own embedded
 * server API (as {@code shardctl zk serve} runs one): on a free port of 127.0.0.1, with its data in
 * a temporary directory that {@link #close} deletes. The harnesses are main code, so they use no
 * test library (curator-test stays in test scope).
 */
public final class EmbeddedZooKeeper implements AutoCloseable {
  private final ZooKeeperServerEmbedded server;
  private final Path dir;
  private final int port;

  private EmbeddedZooKeeper(ZooKeeperServerEmbedded server, Path dir, int port) {
    this.server = server;
    this.dir = dir;
    this.port = port;
  }

  /** Starts a server and waits up to 30 s for it to serve. */
  public static EmbeddedZooKeeper start() throws Exception {
    Path dir = Files.createTempDirectory("shardrouter-bench-zk");
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Properties config = new Properties();
    config.setProperty("clientPort", Integer.toString(port));
    config.setProperty("clientPortAddress", "127.0.0.1");
    config.setProperty("tickTime", "2000");
    config.setProperty("initLimit", "10");
    config.setProperty("syncLimit", "5");
    // Every watcher of a harness has its own connection, all from 127.0.0.1: no per-address limit.
    config.setProperty("maxClientCnxns", "0");
    config.setProperty("admin.enableServer", "false");
    ZooKeeperServerEmbedded server =
        ZooKeeperServerEmbedded.builder()
            .baseDir(dir)
            .configuration(config)
            .exitHandler(ExitHandler.LOG_ONLY)
            .build();
    try {
      server.start(30_000);
    } catch (Exception e) {
      server.close();
      delete(dir);
      throw e;
    }
    return new EmbeddedZooKeeper(server, dir, port);
  }

  /** The connect string of the server: {@code 127.0.0.1:PORT}. */
  public String getConnectString() {
    return "127.0.0.1:" + port;
  }

  @Override
  public void close() {
    server.close();
    delete(dir);
  }

  private static void delete(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the ZooKeeper data directory " + dir, e);
    }
  }
}
