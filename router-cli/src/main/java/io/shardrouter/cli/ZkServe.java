package io.shardrouter.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.zookeeper.server.embedded.ExitHandler;
import org.apache.zookeeper.server.embedded.ZooKeeperServerEmbedded;

/**
 * {@code shardctl zk serve}: one ZooKeeper server in the foreground, through ZooKeeper's embedded
 * server API, for local development and demos. Production runs a real ensemble of three or five
 * servers (docs/fleet.md).
 */
final class ZkServe {
  private ZkServe() {}

  /** Serves on {@code port} with data in {@code dir} until {@code stop} is counted down. */
  static int serve(int port, Path dir, Console console, CountDownLatch stop) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw CommandException.invalid(
          "shardctl zk serve: cannot create data directory "
              + dir
              + ": "
              + Tables.reason(e)
              + "; give --dir a directory, or a path where one can be made");
    }
    // a port in use would otherwise cost ZooKeeper's 30 s start timeout and a bind stack trace
    try (java.net.ServerSocket probe =
        new java.net.ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
      probe.setReuseAddress(true);
    } catch (IOException e) {
      throw CommandException.invalid(
          "shardctl zk serve: port "
              + port
              + " on 127.0.0.1 is in use (or cannot be bound: "
              + e.getMessage()
              + "); choose another with --port");
    }
    Properties config = new Properties();
    config.setProperty("clientPort", Integer.toString(port));
    config.setProperty("clientPortAddress", "127.0.0.1");
    config.setProperty("tickTime", "2000");
    config.setProperty("initLimit", "10");
    config.setProperty("syncLimit", "5");
    config.setProperty("admin.enableServer", "false");
    // ZooKeeper's data where it puts it in a base directory, DIR/data; the base directory itself is
    // a temporary one, because the embedded server writes its configuration there as a new file
    // (zookeeper.configuration<random>.properties) at every start, and reads it only while built
    config.setProperty("dataDir", dir.resolve("data").toAbsolutePath().toString());
    Path base;
    try {
      base = Files.createTempDirectory("shardctl-zk-config");
    } catch (IOException e) {
      throw CommandException.invalid(
          "shardctl zk serve: cannot create a temporary directory for ZooKeeper's configuration: "
              + e.getMessage()
              + "; check that java.io.tmpdir ("
              + System.getProperty("java.io.tmpdir")
              + ") is writable");
    }
    ZooKeeperServerEmbedded server;
    try {
      server =
          ZooKeeperServerEmbedded.builder()
              .baseDir(base)
              .configuration(config)
              .exitHandler(ExitHandler.LOG_ONLY)
              .build();
    } catch (Exception e) {
      throw CommandException.invalid(
          "shardctl zk serve: cannot configure ZooKeeper with data in "
              + dir.resolve("data")
              + ": "
              + e
              + "; check that --dir is a writable directory");
    } finally {
      deleteConfiguration(base, console); // read only while the server is built
    }
    try {
      server.start(30_000);
    } catch (Exception e) {
      server.close();
      throw CommandException.invalid(
          "shardctl zk serve: cannot start ZooKeeper on 127.0.0.1:"
              + port
              + ": "
              + e
              + "; is the port in use? choose another with --port");
    }
    try {
      console
          .out()
          .println(
              "ZooKeeper listening on 127.0.0.1:"
                  + port
                  + ", data in "
                  + dir
                  + " (one server, for local development: production uses a real ensemble, see"
                  + " docs/fleet.md); Ctrl-C stops it");
      console.out().flush();
      stop.await();
      return ShardCtl.OK;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ShardCtl.OK;
    } finally {
      server.close();
    }
  }

  /**
   * Deletes {@code base}, the temporary directory the embedded server wrote its configuration in; a
   * directory that cannot be deleted is said on standard error, and the server serves anyway.
   */
  private static void deleteConfiguration(Path base, Console console) {
    try {
      try (var files = Files.list(base)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.delete(f);
        }
      }
      Files.delete(base);
    } catch (IOException e) {
      console
          .err()
          .println(
              "shardctl zk serve: could not delete the temporary configuration directory "
                  + base
                  + " ("
                  + e
                  + "); delete it by hand");
    }
  }
}
