package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryForever;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zk watch} and {@code zk census} as an operator runs them (issue: a fleet from the
 * terminal): a watcher started with ZooKeeper down serves its last-known-good copy and says so,
 * then says when ZooKeeper confirms it; a watcher killed with {@code kill -9} is marked stale by
 * the census within its threshold, long before its session expires; one ended with SIGTERM leaves
 * the census at once.
 */
class ZkWatchFleetTest {
  @TempDir Path dir;

  private Path accounts(long version) throws Exception {
    RoutingTable t =
        RoutingDocuments.read(Path.of(Cli.HASH_MOD)).toBuilder().version(version).build();
    Path doc = dir.resolve("accounts-v" + version + ".json");
    Files.writeString(doc, RoutingDocuments.write(t));
    return doc;
  }

  private static void publish(String connect, String base, Path doc, long expected)
      throws Exception {
    try (CuratorFramework c = CuratorFrameworkFactory.newClient(connect, new RetryForever(100))) {
      c.start();
      ZkRoutingPublisher.builder(c)
          .basePath(base)
          .build()
          .publish(RoutingDocuments.read(doc), expected);
    }
  }

  private static void await(String what, Supplier<Boolean> done) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!done.get()) {
      assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
      Thread.sleep(20);
    }
  }

  @Test
  void watch_lastKnownGood_startsFromItsCopyWithZooKeeperDown_thenSaysWhenConfirmed()
      throws Exception {
    Path lkg = dir.resolve("lkg");
    try (TestingServer server = new TestingServer()) {
      String connect = server.getConnectString();
      publish(connect, "/cli-lkg", accounts(4), RoutingPublisher.NOTHING_PUBLISHED);

      // 1. ZooKeeper up: the watcher serves v4 and writes its copy.
      Watcher first = Watcher.start(Duration.ofSeconds(20), connect, lkg, "lkg-1");
      await("the watcher started", () -> first.out().startsWith("watching accounts"));
      assertTrue(
          first
              .out()
              .startsWith("watching accounts at " + connect + " as instance lkg-1: version 4"),
          first.out());
      await("the copy is written", () -> hasFiles(lkg));
      assertEquals(ShardCtl.OK, first.stop());

      // 2. ZooKeeper down: the watcher starts from the copy, says which version and how old.
      server.stop();
      Watcher second = Watcher.start(Duration.ofMillis(500), connect, lkg, "lkg-2");
      await("the offline watcher started", () -> second.out().startsWith("watching accounts"));
      String line = second.out().lines().findFirst().orElseThrow();
      assertTrue(
          line.startsWith(
              "watching accounts at "
                  + connect
                  + " as instance lkg-2: serving last-known-good version 4, fingerprint "),
          line);
      assertTrue(line.contains(", copy written at "), line);
      assertTrue(line.endsWith("s; ZooKeeper not reached"), line);

      // 3. ZooKeeper back: the watcher says ZooKeeper confirmed the version it serves.
      server.restart();
      await(
          "the watcher is confirmed",
          () -> second.out().contains(" accounts v4 confirmed by ZooKeeper"));
      assertEquals(ShardCtl.OK, second.stop());
    }
  }

  /**
   * With ZooKeeper answering, a chroot it does not hold is said: with no copy to serve the watcher
   * refuses it as the other zk commands do (it said ZooKeeper was not reached).
   */
  @Test
  void watch_lastKnownGood_zooKeeperUp_chrootMissing_noCopy_refused() throws Exception {
    try (TestingServer server = new TestingServer()) {
      String chrooted = server.getConnectString() + "/no-such-chroot";
      Cli.Result r =
          Cli.run(
              "zk",
              "watch",
              "accounts",
              "--zk",
              chrooted,
              "--last-known-good",
              dir.resolve("lkg-chroot").toString(),
              "--exit-after",
              "1");
      assertEquals(ShardCtl.INVALID, r.status(), r::toString);
      assertTrue(
          r.err()
              .contains(
                  "shardctl zk watch: --zk "
                      + chrooted
                      + ": the chroot /no-such-chroot does not exist on that ensemble"),
          r::toString);
    }
  }

  /**
   * With ZooKeeper answering and a copy to serve, a chroot ZooKeeper does not hold is said once, in
   * one line that names what is missing and says the copy is served, and no line (the watcher's or
   * the routing source's log) claims ZooKeeper was not reached: it was. Its own JVM, with
   * shardctl's logging, since the routing source's line goes to the log.
   */
  @Test
  void watch_lastKnownGood_zooKeeperUp_chrootMissing_withCopy_saidOnce_noClaimOfNoAnswer()
      throws Exception {
    try (TestingServer server = new TestingServer()) {
      String chrooted = server.getConnectString() + "/no-such-chroot";
      Path lkg = dir.resolve("lkg-chroot-copy");
      publish(
          server.getConnectString(), "/cli-lkg", accounts(4), RoutingPublisher.NOTHING_PUBLISHED);
      Watcher first = Watcher.start(Duration.ofSeconds(20), server.getConnectString(), lkg, "c-1");
      await("the copy is written", () -> hasFiles(lkg));
      assertEquals(ShardCtl.OK, first.stop());

      Path out = dir.resolve("chroot-out.txt");
      Path err = dir.resolve("chroot-err.txt");
      Process p =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  ShardCtl.class.getName(),
                  "zk",
                  "watch",
                  "accounts",
                  "--zk",
                  chrooted,
                  "--base",
                  "/cli-lkg",
                  "--instance",
                  "c-2",
                  "--last-known-good",
                  lkg.toString())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      try {
        await("the copy is served", () -> read(out).startsWith("watching accounts"));
        await("the chroot is said", () -> read(err).contains("/no-such-chroot"));
        Thread.sleep(1_000); // anything said after it
      } finally {
        p.destroy();
        p.waitFor(20, TimeUnit.SECONDS);
      }
      String said = read(out) + read(err);
      List<String> chrootLines = said.lines().filter(l -> l.contains("/no-such-chroot")).toList();
      List<String> logLines = read(err).lines().filter(l -> !l.isBlank()).toList();
      assertEquals(1, logLines.size(), said);
      String line = logLines.get(0);
      assertTrue(
          line.contains(
              "routing source 'accounts': ZooKeeper at "
                  + server.getConnectString()
                  + " answers, but the chroot /no-such-chroot of the connect string does not exist"
                  + " (ZooKeeper does not create it); create it (zkCli.sh -server "
                  + server.getConnectString()
                  + " create /no-such-chroot)"),
          said);
      assertTrue(line.contains("; routing with the last-known-good version 4 written at "), said);
      assertFalse(said.contains("did not answer"), said);
      assertFalse(said.contains("not reached"), said);
      String watching = read(out).lines().findFirst().orElseThrow();
      assertTrue(
          watching.startsWith(
              "watching accounts at "
                  + chrooted
                  + " as instance c-2: serving last-known-good version 4, fingerprint "),
          watching);
      assertTrue(
          watching.endsWith("s; ZooKeeper reached, but not the chroot /no-such-chroot"), watching);
      assertEquals(2, chrootLines.size(), said); // the log's line, and the address on stdout
    }
  }

  /**
   * ZooKeeper answers but holds no table of the entity under {@code --base}: the watcher serves its
   * copy and does not claim ZooKeeper was not reached.
   */
  @Test
  void watch_lastKnownGood_zooKeeperUp_nothingPublished_servesCopy_saysZooKeeperReached()
      throws Exception {
    try (TestingServer server = new TestingServer()) {
      String connect = server.getConnectString();
      Path lkg = dir.resolve("lkg-nothing");
      publish(connect, "/cli-lkg", accounts(4), RoutingPublisher.NOTHING_PUBLISHED);
      Watcher first = Watcher.start(Duration.ofSeconds(20), connect, lkg, "n-1");
      await("the copy is written", () -> hasFiles(lkg));
      assertEquals(ShardCtl.OK, first.stop());

      Watcher served = Watcher.start(Duration.ofMillis(500), connect, "/nothing-here", lkg, "n-2");
      await("the copy is served", () -> served.out().startsWith("watching accounts"));
      String line = served.out().lines().findFirst().orElseThrow();
      assertTrue(line.contains(": serving last-known-good version 4, "), line);
      assertTrue(line.endsWith("s; ZooKeeper reached, no table read from it yet"), line);
      assertEquals(ShardCtl.OK, served.stop());
    }
  }

  @Test
  void watch_lastKnownGood_hostThatDoesNotResolve_saysSoOnce_noStackTraces() throws Exception {
    Path lkg = dir.resolve("lkg");
    try (TestingServer server = new TestingServer()) {
      String connect = server.getConnectString();
      publish(connect, "/cli-lkg", accounts(4), RoutingPublisher.NOTHING_PUBLISHED);
      Watcher first = Watcher.start(Duration.ofSeconds(20), connect, lkg, "lkg-1");
      await("the copy is written", () -> hasFiles(lkg));
      assertEquals(ShardCtl.OK, first.stop());
    }
    String unknown = "no-such-host.invalid:2181";
    String line =
        "shardctl zk watch: ZooKeeper at "
            + unknown
            + " cannot be reached: host 'no-such-host.invalid' of server '"
            + unknown
            + "' is not known (it does not resolve to an address); serving the last-known-good"
            + " copy in "
            + lkg
            + " and trying again until the name resolves and ZooKeeper answers";

    // in-process: one line of its own, and the copy served
    Watcher offline = Watcher.start(Duration.ofMillis(500), unknown, lkg, "lkg-3");
    await("the offline watcher started", () -> offline.out().startsWith("watching accounts"));
    assertTrue(offline.out().contains(": serving last-known-good version 4, "), offline.out());
    Thread.sleep(1_500);
    assertEquals(List.of(line), offline.err().lines().toList());
    assertEquals(ShardCtl.OK, offline.stop());

    // its own JVM, with shardctl's logging: ZooKeeper's client fails to resolve the name about
    // once a second, and says nothing of it
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                ShardCtl.class.getName(),
                "zk",
                "watch",
                "accounts",
                "--zk",
                unknown,
                "--base",
                "/cli-lkg",
                "--instance",
                "lkg-4",
                "--last-known-good",
                lkg.toString())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    try {
      await("the watcher serves its copy", () -> read(out).startsWith("watching accounts"));
      Thread.sleep(3_000);
    } finally {
      p.destroy();
      p.waitFor(20, TimeUnit.SECONDS);
    }
    String logged = read(err);
    assertTrue(logged.contains(line), logged);
    assertFalse(logged.contains("\tat "), logged);
    assertFalse(logged.contains("Exception"), logged);
    assertFalse(logged.contains("ERROR"), logged);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      return "";
    }
  }

  @Test
  void watch_withZooKeeperDown_andNoCopy_refusesClearly() throws Exception {
    int port;
    try (TestingServer server = new TestingServer()) {
      port = server.getPort();
    }
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Cli.Result r =
        Cli.run(
            "zk",
            "watch",
            "accounts",
            "--zk",
            "127.0.0.1:" + port,
            "--last-known-good",
            empty.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(
        r.err()
            .startsWith(
                "shardctl zk watch: ZooKeeper at 127.0.0.1:"
                    + port
                    + " was not reached within 5000 ms and "
                    + empty
                    + " holds no last-known-good copy of 'accounts'; start the watcher once with"
                    + " ZooKeeper up to write one"),
        r::toString);
  }

  @Test
  void census_marksAKilledWatcherStale_andASigtermedOneLeavesAtOnce() throws Exception {
    try (TestingServer server = new TestingServer()) {
      String connect = server.getConnectString();
      publish(connect, "/cli-stale", accounts(2), RoutingPublisher.NOTHING_PUBLISHED);
      Process killed = watcherProcess(connect, "killed-1");
      Process termed = watcherProcess(connect, "termed-1");
      try {
        await(
            "both watchers are in the census", () -> census(connect).contains("2 live instances"));
        String both = census(connect);
        assertTrue(both.contains("heartbeat_age  state"), both);
        assertEquals(2, both.lines().filter(l -> l.endsWith(" live")).count(), both);

        killed.destroyForcibly().waitFor(20, TimeUnit.SECONDS); // kill -9: no close, session stays
        long at = System.nanoTime();
        await("the killed watcher is stale", () -> census(connect).contains("STALE"));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - at);
        // 3 beats of 0.3 s, plus a census read; its 15 s session keeps its node far longer
        assertTrue(millis < 5_000, "marked stale after " + millis + " ms");
        String text = census(connect);
        assertTrue(text.contains("stale (no heartbeat for 3 periods; "), text);
        assertTrue(text.contains(": killed-1 ("), text);
        String json =
            run("zk", "census", "accounts", "--json", "--zk", connect, "--base", "/cli-stale");
        assertTrue(json.contains("\"stale\":[\"killed-1\"],\"stale_after_heartbeats\":3"), json);
        assertTrue(json.contains("\"heartbeat_every_ms\":300"), json);

        termed.destroy(); // SIGTERM: the shutdown hook closes the source, which removes the entry
        assertTrue(termed.waitFor(20, TimeUnit.SECONDS));
        long gone = System.nanoTime();
        await("the SIGTERMed watcher left", () -> !census(connect).contains("termed-1"));
        assertTrue(
            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - gone) < 5_000,
            "left the census only when its session expired");
      } finally {
        killed.destroyForcibly();
        termed.destroyForcibly();
      }
    }
  }

  private static String census(String connect) {
    return run("zk", "census", "accounts", "--zk", connect, "--base", "/cli-stale");
  }

  private static String run(String... args) {
    Cli.Result r = Cli.run(args);
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    return r.out();
  }

  /**
   * {@code shardctl zk watch} in its own JVM, heartbeating every 0.3 s; returns once it watches.
   */
  private Process watcherProcess(String connect, String instance) throws Exception {
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            ShardCtl.class.getName(),
            "zk",
            "watch",
            "accounts",
            "--zk",
            connect,
            "--base",
            "/cli-stale",
            "--instance",
            instance,
            "--heartbeat",
            "0.3");
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      seen.append(line).append('\n');
      if (line.startsWith("watching accounts")) {
        Thread drain =
            new Thread(
                () -> {
                  try {
                    while (out.readLine() != null) {
                      // keep the pipe from filling
                    }
                  } catch (java.io.IOException ignored) {
                    // the process ended
                  }
                });
        drain.setDaemon(true);
        drain.start();
        return p;
      }
    }
    throw new AssertionError("the watcher ended before it watched:\n" + seen);
  }

  private static boolean hasFiles(Path d) {
    if (!Files.isDirectory(d)) {
      return false;
    }
    try (Stream<Path> files = Files.list(d)) {
      return files.findAny().isPresent();
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /** {@code zk watch} in-process, stopped by its latch. */
  private record Watcher(
      ExecutorService pool,
      Future<Integer> result,
      CountDownLatch latch,
      ByteArrayOutputStream outBytes,
      ByteArrayOutputStream errBytes) {
    static Watcher start(Duration connectWait, String connect, Path lkg, String instance) {
      return start(connectWait, connect, "/cli-lkg", lkg, instance);
    }

    static Watcher start(
        Duration connectWait, String connect, String base, Path lkg, String instance) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      Console console =
          new Console(
              new ByteArrayInputStream(new byte[0]),
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8));
      CountDownLatch stop = new CountDownLatch(1);
      ExecutorService pool = Executors.newSingleThreadExecutor();
      Future<Integer> result =
          pool.submit(
              () ->
                  new ZkCommand(connectWait, stop)
                      .run(
                          new String[] {
                            "watch",
                            "accounts",
                            "--zk",
                            connect,
                            "--base",
                            base,
                            "--instance",
                            instance,
                            "--last-known-good",
                            lkg.toString()
                          },
                          console));
      return new Watcher(pool, result, stop, out, err);
    }

    String out() {
      return outBytes.toString(StandardCharsets.UTF_8);
    }

    String err() {
      return errBytes.toString(StandardCharsets.UTF_8);
    }

    int stop() throws Exception {
      latch.countDown();
      int status = result.get(30, TimeUnit.SECONDS);
      pool.shutdown();
      return status;
    }
  }
}
