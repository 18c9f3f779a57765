package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.zookeeper.VersionCensus;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import io.shardrouter.zookeeper.ZkRoutingSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryForever;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZkCommandTest {
  private static TestingServer server;
  private static String connect;
  @TempDir Path dir;

  @BeforeAll
  static void startServer() throws Exception {
    server = new TestingServer();
    connect = server.getConnectString();
  }

  @AfterAll
  static void stopServer() throws Exception {
    server.close();
  }

  private static CuratorFramework client() {
    CuratorFramework c = CuratorFrameworkFactory.newClient(connect, new RetryForever(100));
    c.start();
    return c;
  }

  /** A copy of docs/examples/hash-mod.json (entity accounts) as {@code version}. */
  private Path hashMod(long version) throws Exception {
    RoutingTable t =
        RoutingDocuments.read(Path.of(Cli.HASH_MOD)).toBuilder().version(version).build();
    Path doc = dir.resolve("accounts-v" + version + ".json");
    Files.writeString(doc, RoutingDocuments.write(t));
    return doc;
  }

  @Test
  void publish_get_history_roundTrip() throws Exception {
    String base = "/cli-roundtrip";
    Cli.Result first =
        Cli.run("zk", "publish", hashMod(3).toString(), "--connect", connect, "--base", base);
    assertEquals(ShardCtl.OK, first.status(), first::toString);
    assertTrue(
        first.out().startsWith("published accounts version 3 (fingerprint "), first::toString);
    assertTrue(first.out().contains(" snapshot bytes in 1 chunk)"), first::toString);

    Cli.Result again =
        Cli.run("zk", "publish", hashMod(3).toString(), "--connect", connect, "--base", base);
    assertEquals(ShardCtl.OK, again.status(), again::toString);
    assertTrue(again.out().startsWith("already published, nothing changed: accounts version 3"));

    Cli.Result v4 =
        Cli.run(
            "zk",
            "publish",
            hashMod(4).toString(),
            "--connect",
            connect,
            "--base",
            base,
            "--expect",
            "3");
    assertEquals(ShardCtl.OK, v4.status(), v4::toString);
    assertTrue(v4.out().trim().endsWith(" over version 3"), v4::toString);

    Cli.Result stale =
        Cli.run(
            "zk",
            "publish",
            hashMod(5).toString(),
            "--connect",
            connect,
            "--base",
            base,
            "--expect",
            "3");
    assertEquals(ShardCtl.INVALID, stale.status(), stale::toString);
    assertTrue(
        stale
            .err()
            .startsWith(
                "shardctl zk publish: routing table 'accounts' version 5 was not published: it was"
                    + " prepared on top of version 3, but version 4 (fingerprint "),
        stale::toString);

    Cli.Result get = Cli.run("zk", "get", "accounts", "--connect", connect, "--base", base);
    assertEquals(ShardCtl.OK, get.status(), get::toString);
    assertEquals(RoutingDocuments.read(hashMod(4)), RoutingDocuments.read(get.out()));
    Cli.Result get3 =
        Cli.run("zk", "get", "accounts", "--version", "3", "--connect", connect, "--base", base);
    assertEquals(RoutingDocuments.read(hashMod(3)), RoutingDocuments.read(get3.out()));
    Cli.Result get9 =
        Cli.run("zk", "get", "accounts", "--version", "9", "--connect", connect, "--base", base);
    assertEquals(ShardCtl.INVALID, get9.status());
    assertEquals(
        "shardctl zk get: version 9 of entity 'accounts' is not kept under"
            + " /cli-roundtrip/entities/accounts/versions; kept: [3, 4]\n",
        get9.err());

    Cli.Result history = Cli.run("zk", "history", "accounts", "--connect", connect, "--base", base);
    assertEquals(ShardCtl.OK, history.status(), history::toString);
    assertTrue(history.outLines().get(0).trim().startsWith("version"), history::toString);
    assertTrue(history.outLines().get(1).trim().startsWith("* 4"), history::toString);
    assertTrue(history.outLines().get(2).trim().startsWith("3"), history::toString);
    assertEquals(4, history.outLines().size(), history::toString);
  }

  @Test
  void chrootThatDoesNotExist_saysSoAndWhatToDo_thenWorksOnceCreated() throws Exception {
    String chrooted = connect + "/no-such-chroot";
    String doc = hashMod(3).toString();
    String said =
        ": --zk "
            + chrooted
            + ": the chroot /no-such-chroot does not exist on that ensemble (ZooKeeper does not"
            + " create it); create it (zkCli.sh -server "
            + connect
            + " create /no-such-chroot), or drop the chroot from --zk";
    for (String[] args :
        new String[][] {
          {"zk", "publish", doc, "--zk", chrooted},
          {"zk", "get", "accounts", "--zk", chrooted},
          {"zk", "history", "accounts", "--zk", chrooted},
          {"zk", "census", "accounts", "--zk", chrooted},
          {"migrate", "status", "m-1", "--zk", chrooted},
          {"migrate", "cutover", "m-1", "--zk", chrooted}
        }) {
      Cli.Result r = Cli.run(args);
      assertEquals(ShardCtl.INVALID, r.status(), r::toString);
      assertEquals("", r.out(), r::toString);
      assertEquals("shardctl " + args[0] + " " + args[1] + said + "\n", r.err(), r::toString);
    }
    try (CuratorFramework c = client()) {
      c.create().forPath("/no-such-chroot");
    }
    Cli.Result published = Cli.run("zk", "publish", doc, "--zk", chrooted);
    assertEquals(ShardCtl.OK, published.status(), published::toString);
    try (CuratorFramework c = client()) {
      assertTrue(c.checkExists().forPath("/no-such-chroot/shardrouter") != null);
    }
  }

  @Test
  void census_textAndJson() throws Exception {
    try (CuratorFramework c = client()) {
      ZkRoutingPublisher.builder(c)
          .basePath("/cli-census")
          .build()
          .publish(RoutingDocuments.read(hashMod(7)), RoutingPublisher.NOTHING_PUBLISHED);
      try (ZkRoutingSource source =
          ZkRoutingSource.builder(c, "accounts")
              .basePath("/cli-census")
              .instanceId("api-1")
              .build()
              .start(Duration.ofSeconds(20))) {
        assertEquals(7, source.router().version());
        // The census node is written in the background after the swap: wait until it says v7.
        VersionCensus.of(c, "/cli-census", "accounts")
            .awaitConvergence(7, 1.0, Duration.ofSeconds(20));
        Cli.Result text =
            Cli.run("zk", "census", "accounts", "--connect", connect, "--base", "/cli-census");
        assertEquals(ShardCtl.OK, text.status(), text::toString);
        assertEquals(
            "census of 'accounts': 1 live instances, newest version 7", text.outLines().get(0));
        assertEquals("  routing_version=v7: 100.0% (1 of 1)", text.outLines().get(1));
        assertEquals("stragglers behind v7: none", text.outLines().get(2));
        assertTrue(text.outLines().get(4).startsWith("api-1"), text::toString);
        Cli.Result json =
            Cli.run(
                "zk",
                "census",
                "accounts",
                "--json",
                "--connect",
                connect,
                "--base",
                "/cli-census");
        assertEquals(ShardCtl.OK, json.status(), json::toString);
        assertTrue(
            json.out().startsWith("{\"entity\":\"accounts\",\"taken_at\":\""), json::toString);
        assertTrue(
            json.out()
                .contains(
                    "\"live_instances\":1,\"newest_version\":7,\"distribution\":[{\"version\":7,"
                        + "\"instances\":1,\"percent\":100.0}],\"stragglers\":[],\"stale\":[],"
                        + "\"stale_after_heartbeats\":3,\"instances\":"
                        + "[{\"instance\":\"api-1\",\"version\":7,"),
            json::toString);
        assertTrue(
            json.out().contains("\"heartbeat_every_ms\":5000,\"heartbeat_age_ms\":"),
            json::toString);
        assertTrue(
            json.out().contains("\"stale_after_ms\":15000,\"stale\":false}"), json::toString);
        assertTrue(text.outLines().get(3).endsWith("heartbeat_age  state"), text::toString);
        assertTrue(text.outLines().get(4).endsWith(" live"), text::toString);
      }
    }
  }

  @Test
  void watch_printsOneLinePerSwap() throws Exception {
    try (CuratorFramework c = client()) {
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(c).basePath("/cli-watch").build();
      publisher.publish(RoutingDocuments.read(hashMod(1)), RoutingPublisher.NOTHING_PUBLISHED);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Console console =
          new Console(
              new ByteArrayInputStream(new byte[0]),
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      ExecutorService pool = Executors.newSingleThreadExecutor();
      Future<Integer> watch =
          pool.submit(
              () ->
                  new ZkCommand(Duration.ofSeconds(20), new CountDownLatch(1))
                      .run(
                          new String[] {
                            "watch",
                            "accounts",
                            "--connect",
                            connect,
                            "--base",
                            "/cli-watch",
                            "--exit-after",
                            "2"
                          },
                          console));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!out.toString(StandardCharsets.UTF_8).startsWith("watching accounts")) {
        assertTrue(System.nanoTime() < deadline, "watch did not start");
        Thread.sleep(10);
      }
      publisher.publish(RoutingDocuments.read(hashMod(2)), 1);
      // --exit-after counts swaps; two versions published back to back may reach the watcher as
      // one swap (v1 -> v3), so the second is published once the first was printed.
      while (!out.toString(StandardCharsets.UTF_8).contains(" -> v2: ")) {
        assertTrue(System.nanoTime() < deadline, "watch did not print the swap to v2");
        Thread.sleep(10);
      }
      publisher.publish(RoutingDocuments.read(hashMod(3)), 2);
      assertEquals(ShardCtl.OK, watch.get(20, TimeUnit.SECONDS));
      pool.shutdown();
      String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
      assertTrue(
          lines[0].startsWith(
              "watching accounts at "
                  + connect
                  + " as instance "
                  + ZkRoutingSource.defaultInstanceId()
                  + ": version 1, fingerprint "),
          lines[0]);
      assertEquals(3, lines.length, String.join("\n", lines));
      assertTrue(lines[1].contains(" accounts v1 -> v2: version 2, fingerprint "), lines[1]);
      assertTrue(lines[2].contains(" accounts v2 -> v3: version 3, fingerprint "), lines[2]);
    }
  }

  @Test
  void serve_startsAServerThatTakesPublishes_untilStopped() throws Exception {
    int port = InstanceSpec.getRandomPort();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Console console =
        new Console(
            new ByteArrayInputStream(new byte[0]),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    CountDownLatch stop = new CountDownLatch(1);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    Path data = dir.resolve("zk-data");
    Future<Integer> serve =
        pool.submit(
            () ->
                new ZkCommand(Duration.ofSeconds(20), stop)
                    .run(
                        new String[] {
                          "serve", "--port", Integer.toString(port), "--dir", data.toString()
                        },
                        console));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!out.toString(StandardCharsets.UTF_8).startsWith("ZooKeeper listening")) {
      assertTrue(System.nanoTime() < deadline, "serve did not start: " + out);
      Thread.sleep(10);
    }
    assertTrue(
        out.toString(StandardCharsets.UTF_8).contains("production uses a real ensemble"),
        out::toString);
    Cli.Result published =
        Cli.run("zk", "publish", hashMod(1).toString(), "--connect", "127.0.0.1:" + port);
    assertEquals(ShardCtl.OK, published.status(), published::toString);
    stop.countDown();
    assertEquals(ShardCtl.OK, serve.get(30, TimeUnit.SECONDS));
    pool.shutdown();
    assertTrue(Files.isDirectory(data));
  }

  /**
   * Runs {@code zk serve --port PORT --dir DIR} until it listens; counting {@code stop} ends it.
   */
  private static Future<Integer> serve(
      ExecutorService pool, int port, Path data, CountDownLatch stop) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Console console =
        new Console(
            new ByteArrayInputStream(new byte[0]),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    Future<Integer> serve =
        pool.submit(
            () ->
                new ZkCommand(Duration.ofSeconds(20), stop)
                    .run(
                        new String[] {
                          "serve", "--port", Integer.toString(port), "--dir", data.toString()
                        },
                        console));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!out.toString(StandardCharsets.UTF_8).startsWith("ZooKeeper listening")) {
      assertTrue(System.nanoTime() < deadline, "serve did not start: " + out);
      Thread.sleep(10);
    }
    return serve;
  }

  private static java.util.List<String> names(Path d) throws java.io.IOException {
    try (var files = Files.list(d)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void serve_startAndStop_leaveTheDataDirectoryWithZooKeepersDataOnly() throws Exception {
    Path data = dir.resolve("zk-dir");
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      int port = InstanceSpec.getRandomPort();
      CountDownLatch stop = new CountDownLatch(1);
      Future<Integer> first = serve(pool, port, data, stop);
      assertEquals(java.util.List.of("data"), names(data), "while serving");
      Cli.Result published =
          Cli.run("zk", "publish", hashMod(1).toString(), "--zk", "127.0.0.1:" + port);
      assertEquals(ShardCtl.OK, published.status(), published::toString);
      stop.countDown();
      assertEquals(ShardCtl.OK, first.get(30, TimeUnit.SECONDS));
      assertEquals(java.util.List.of("data"), names(data), "after a stop");

      // a second start on the same directory: the table is still there, and nothing is added
      int again = InstanceSpec.getRandomPort();
      CountDownLatch stopAgain = new CountDownLatch(1);
      Future<Integer> second = serve(pool, again, data, stopAgain);
      Cli.Result get = Cli.run("zk", "get", "accounts", "--zk", "127.0.0.1:" + again);
      assertEquals(ShardCtl.OK, get.status(), get::toString);
      stopAgain.countDown();
      assertEquals(ShardCtl.OK, second.get(30, TimeUnit.SECONDS));
      assertEquals(java.util.List.of("data"), names(data), "after a second start and stop");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void serve_onAPortInUse_orADataDirThatIsAFile_refusedAtOnceInPlainWords() throws Exception {
    try (java.net.ServerSocket taken =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      long start = System.nanoTime();
      Cli.Result r =
          Cli.run(
              "zk",
              "serve",
              "--port",
              Integer.toString(taken.getLocalPort()),
              "--dir",
              dir.resolve("zk-in-use").toString());
      assertEquals(ShardCtl.INVALID, r.status(), r::toString);
      assertTrue(
          r.err()
              .startsWith(
                  "shardctl zk serve: port " + taken.getLocalPort() + " on 127.0.0.1 is in use"),
          r::toString);
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "not ZooKeeper's 30 s");
    }
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    Cli.Result r =
        Cli.run(
            "zk",
            "serve",
            "--port",
            Integer.toString(InstanceSpec.getRandomPort()),
            "--dir",
            file.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(
        r.err().startsWith("shardctl zk serve: cannot create data directory " + file + ": "),
        r::toString);
    assertFalse(r.err().contains("java."), r::toString);
  }

  @Test
  void errors_sayWhatWasWrong() {
    Cli.Result none = Cli.run("zk");
    assertEquals(ShardCtl.INVALID, none.status());
    assertTrue(
        none.err()
            .startsWith(
                "shardctl zk: needs a subcommand: serve, publish, get, history, census or watch\n"
                    + "usage: shardctl zk [-h] [COMMAND]"),
        none::toString);
    Cli.Result unknown = Cli.run("zk", "drop", "x");
    assertTrue(
        unknown
            .err()
            .startsWith(
                "shardctl zk: unknown subcommand 'drop'\n" + "usage: shardctl zk [-h] [COMMAND]"),
        unknown::toString);
    Cli.Result option = Cli.run("zk", "get", "x", "--colour", "red");
    assertTrue(
        option
            .err()
            .startsWith(
                "shardctl zk get: unknown option '--colour'\n"
                    + "Possible solutions: --connect\n"
                    + "usage: shardctl zk get [-h] [--zk=HOST:PORT] [--base=PATH] [--version=V]"
                    + " ENTITY"),
        option::toString);
    Cli.Result port = Cli.run("zk", "serve", "--port", "http");
    assertEquals(
        "shardctl zk serve: invalid value for option '--port': 'http' is not an int",
        port.errLines().get(0));
    Cli.Result range = Cli.run("zk", "serve", "--port", "70000");
    assertEquals(
        "shardctl zk serve: --port must be in [1, 65535], got 70000", range.errLines().get(0));
    Cli.Result json = Cli.run("zk", "census", "x", "--json=yes");
    assertEquals(
        "shardctl zk census: invalid value for option '--json': 'yes' is not a boolean",
        json.errLines().get(0));
    Cli.Result twice = Cli.run("zk", "get", "x", "--version", "1", "--version", "2");
    assertEquals(
        "shardctl zk get: --version is given twice; give it once", twice.errLines().get(0));
    Cli.Result args = Cli.run("zk", "get");
    assertEquals("shardctl zk get: needs ENTITY, got no arguments", args.errLines().get(0));
    Cli.Result entity = Cli.run("zk", "history", "a/b", "--connect", connect);
    assertEquals(ShardCtl.INVALID, entity.status());
    assertTrue(
        entity
            .errLines()
            .get(0)
            .startsWith("shardctl zk history: entity 'a/b' has the character U+002F"),
        entity::toString);
    Cli.Result base = Cli.run("zk", "history", "a", "--connect", connect, "--base", "relative");
    assertTrue(
        base.errLines()
            .get(0)
            .startsWith("shardctl zk history: base path must be an absolute ZooKeeper path"),
        base::toString);
    Cli.Result missing = Cli.run("zk", "history", "nobody", "--connect", connect);
    assertEquals(
        "shardctl zk history: nothing is published for entity 'nobody'; check the name and --base",
        missing.errLines().get(0));
  }

  @Test
  void unreachable_saysHowToFix() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Console console =
        new Console(
            new ByteArrayInputStream(new byte[0]),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    int port = InstanceSpec.getRandomPort();
    CommandException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            CommandException.class,
            () ->
                new ZkCommand(Duration.ofMillis(300), new CountDownLatch(1))
                    .run(
                        new String[] {"get", "accounts", "--connect", "127.0.0.1:" + port},
                        console));
    assertEquals(
        "shardctl zk get: cannot connect to ZooKeeper at 127.0.0.1:"
            + port
            + " within 300 ms; is the ensemble (or 'shardctl zk serve') running? give its address"
            + " with --zk HOST:PORT",
        e.getMessage());
    assertEquals(ShardCtl.INVALID, e.status());
  }
}
