package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code shardctl migrate start | status | cutover | finish | rollback} in this JVM, on a
 * curator-test server and in-memory H2: a migration driven to DONE by the goal commands, and every
 * kind of bad input refused with what was wrong and what to do.
 */
class MigrateControlTest {
  private static TestingServer server;

  @TempDir Path dir;

  @BeforeAll
  static void startServer() throws Exception {
    server = new TestingServer();
  }

  @AfterAll
  static void stopServer() throws Exception {
    server.close();
  }

  private static String base() {
    return "/t" + UUID.randomUUID().toString().substring(0, 8);
  }

  private static OrdersDatabases databases() {
    return new OrdersDatabases(
        "jdbc:h2:mem:mc-" + UUID.randomUUID().toString().substring(0, 8) + "-%s;DB_CLOSE_DELAY=-1");
  }

  private static String[] start(OrdersDatabases db, String base, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "migrate",
                "start",
                OrdersDatabases.V1,
                OrdersDatabases.V2,
                "--zk",
                server.getConnectString(),
                "--base",
                base,
                "--table",
                "orders",
                "--columns",
                OrdersDatabases.COLUMNS,
                "--jdbc",
                db.jdbcOption()));
    args.addAll(Arrays.asList(more));
    return args.toArray(String[]::new);
  }

  private static Cli.Result status(String base, String id, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("migrate", "status", id, "--zk", server.getConnectString(), "--base", base));
    args.addAll(Arrays.asList(more));
    return Cli.run(args.toArray(String[]::new));
  }

  private static void awaitPhase(String base, String id, String phase) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    Cli.Result r = null;
    while (System.nanoTime() < deadline) {
      r = status(base, id, "--json");
      if (r.status() == ShardCtl.OK && r.out().contains("\"phase\":\"" + phase + "\"")) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("migration " + id + " did not reach " + phase + ": " + r);
  }

  @Test
  void start_cutover_finish_reachesDone_everyRowOnItsOwner() throws Exception {
    OrdersDatabases db = databases();
    RoutingTable from = Tables.load(OrdersDatabases.V1, "test");
    db.fill(from, 600);
    String base = base();
    String id = "orders-v1-to-v2";
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<Cli.Result> coordinator =
          runner.submit(() -> Cli.run(start(db, base, "--session", "4.5")));
      awaitPhase(base, id, "CANARY");
      Cli.Result canary = status(base, id);
      assertEquals(ShardCtl.OK, canary.status(), canary.toString());
      assertTrue(canary.out().startsWith("migration " + id + ": CANARY v5, forward"), canary.out());
      assertTrue(canary.out().contains("goal: CANARY (the coordinator's --goal"), canary.out());
      assertTrue(
          canary.out().contains("leader: " + ProcessHandle.current().pid() + "@"), canary.out());
      assertTrue(canary.out().contains("verification (round 0, 0 rows repaired):"), canary.out());

      Cli.Result cutover =
          Cli.run("migrate", "cutover", id, "--zk", server.getConnectString(), "--base", base);
      assertEquals(ShardCtl.OK, cutover.status(), cutover.toString());
      assertTrue(
          cutover
              .out()
              .startsWith("asked migration '" + id + "' to cut over (goal ROLLBACK_WINDOW)"),
          cutover.out());
      // safe to repeat
      assertEquals(
          ShardCtl.OK,
          Cli.run("migrate", "cutover", id, "--zk", server.getConnectString(), "--base", base)
              .status());
      awaitPhase(base, id, "ROLLBACK_WINDOW");
      Cli.Result finish =
          Cli.run("migrate", "finish", id, "--zk", server.getConnectString(), "--base", base);
      assertEquals(ShardCtl.OK, finish.status(), finish.toString());

      Cli.Result end = coordinator.get(60, TimeUnit.SECONDS);
      assertEquals(ShardCtl.OK, end.status(), end.toString());
      assertTrue(end.out().contains("published OLD as entity 'orders' v1"), end.out());
      assertTrue(end.out().contains(" leads migration '" + id + "'"), end.out());
      assertTrue(end.out().contains(": COPY v2 copy part "), end.out());
      List<String> lines = end.outLines();
      assertTrue(
          lines.get(lines.size() - 1).startsWith("migration '" + id + "' is DONE at v8"),
          end.out());

      Cli.Result done = status(base, id, "--json");
      assertTrue(done.out().contains("\"phase\":\"DONE\",\"version\":8"), done.out());
      assertTrue(done.out().contains("\"leader\":null"), done.out());
      assertTrue(done.out().contains("\"verifyRound\":0,\"repairedRows\":0"), done.out());
      assertTrue(
          done.out().contains("\"minVersion\":8,\"phase\":\"DONE\"}"),
          "the leader's last report names the fences DONE set: " + done.out());
      Cli.Result published =
          Cli.run("zk", "get", "orders", "--connect", server.getConnectString(), "--base", base);
      assertTrue(
          published
              .out()
              .replaceAll("\\s", "")
              .contains("\"migration_end\":{\"format\":1,\"phase\":\"DONE\",\"source_version\":1}"),
          "a follower reads DONE from the published table: " + published);
      Cli.Result again =
          Cli.run("migrate", "finish", id, "--zk", server.getConnectString(), "--base", base);
      assertEquals(ShardCtl.OK, again.status(), again.toString());
      assertEquals("migration '" + id + "' is already DONE (v8); nothing to do\n", again.out());
      Cli.Result rollback =
          Cli.run("migrate", "rollback", id, "--zk", server.getConnectString(), "--base", base);
      assertEquals(ShardCtl.INVALID, rollback.status());
      assertTrue(rollback.err().contains("is DONE"), rollback.err());
      assertTrue(rollback.err().contains("plan a migration back"), rollback.err());

      try (CuratorFramework c = client()) {
        RoutingTable last = ZkRoutingPublisher.builder(c).basePath(base).build().read("orders");
        assertEquals(8, last.version());
        db.assertEveryRowOnItsOwner(last, 600);
      }
    } finally {
      runner.shutdownNow();
    }
  }

  private static CuratorFramework client() throws InterruptedException {
    CuratorFramework c =
        CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100));
    c.start();
    c.blockUntilConnected(10, TimeUnit.SECONDS);
    return c;
  }

  private static void assertRefused(Cli.Result r, String... fragments) {
    assertEquals(ShardCtl.INVALID, r.status(), r.toString());
    for (String f : fragments) {
      assertTrue(r.err().contains(f), "'" + f + "' in:\n" + r.err());
    }
  }

  @Test
  void start_missingOptions_saysWhichAndWhat() {
    OrdersDatabases db = databases();
    assertRefused(
        Cli.run("migrate", "start", OrdersDatabases.V1, OrdersDatabases.V2, "--table", "orders"),
        "shardctl migrate start: needs --zk HOST:PORT",
        "shardctl zk serve");
    assertRefused(
        Cli.run("migrate", "start", OrdersDatabases.V1, "--zk", server.getConnectString()),
        "needs OLD and NEW");
    assertRefused(
        Cli.run(
            "migrate",
            "start",
            OrdersDatabases.V1,
            OrdersDatabases.V2,
            "--zk",
            server.getConnectString(),
            "--columns",
            "a"),
        "needs --table NAME");
    assertRefused(
        Cli.run(
            "migrate",
            "start",
            OrdersDatabases.V1,
            OrdersDatabases.V2,
            "--zk",
            server.getConnectString(),
            "--table",
            "orders"),
        "needs --columns C1,C2,...");
    assertRefused(Cli.run(start(db, base(), "--goal", "later")), "--goal must be canary");
    assertRefused(
        Cli.run(start(db, base(), "--session", "1")),
        "--session must be in [2, 120] seconds, got 1");
    assertRefused(Cli.run(start(db, base(), "--port", "1")), "unknown option '--port'");
  }

  @Test
  void start_badDocument_namesTheFile() throws Exception {
    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\"format\": 1}");
    assertRefused(
        Cli.run(
            "migrate",
            "start",
            broken.toString(),
            OrdersDatabases.V2,
            "--zk",
            server.getConnectString(),
            "--table",
            "orders",
            "--columns",
            "a"),
        broken.toString());
    assertRefused(
        Cli.run(
            "migrate",
            "start",
            dir.resolve("missing.json").toString(),
            OrdersDatabases.V2,
            "--zk",
            server.getConnectString(),
            "--table",
            "orders",
            "--columns",
            "a"),
        "missing.json");
  }

  @Test
  void start_aPlanThatMovesNothing_isRefused() throws Exception {
    Path same = dir.resolve("orders-v1-again.json");
    Files.writeString(
        same,
        Files.readString(Path.of(OrdersDatabases.V1))
            .replace("\"routing_version\": 1", "\"routing_version\": 2"));
    assertRefused(
        Cli.run(
            "migrate",
            "start",
            OrdersDatabases.V1,
            same.toString(),
            "--zk",
            server.getConnectString(),
            "--table",
            "orders",
            "--columns",
            "a"),
        "shardctl migrate start: cannot plan " + OrdersDatabases.V1 + " -> " + same,
        "nothing moves from version 1 to version 2",
        "publish the new table directly");
  }

  @Test
  void start_jdbcUrls_oneFromEachGroup() {
    OrdersDatabases db = databases();
    List<String> two = new ArrayList<>(db.urls.values()).subList(0, 2);
    assertRefused(
        Cli.run(
            "migrate",
            "start",
            OrdersDatabases.V1,
            OrdersDatabases.V2,
            "--zk",
            server.getConnectString(),
            "--table",
            "orders",
            "--columns",
            OrdersDatabases.COLUMNS,
            "--jdbc",
            String.join(",", two)),
        "--jdbc has 2 URLs for 3 groups; give one per group, in this order: g0,g1,g2");
    assertRefused(
        Cli.run(
            "migrate",
            "start",
            OrdersDatabases.V1,
            OrdersDatabases.V2,
            "--zk",
            server.getConnectString(),
            "--table",
            "orders",
            "--columns",
            OrdersDatabases.COLUMNS),
        "group 'g0' has the primary endpoint 'db0:5432', not a JDBC URL",
        "--jdbc URL,URL,...");
  }

  @Test
  void start_tableWithoutTheColumns_namesTheGroupAndTheColumn() throws Exception {
    OrdersDatabases db = databases();
    db.fill(Tables.load(OrdersDatabases.V1, "test"), 10);
    String[] args = start(db, base());
    args[args.length - 3] = "customer,cents,discount"; // --columns
    Cli.Result r = Cli.run(args);
    assertRefused(r, "group 'g0' at " + db.urls.get("g0"), "discount");
  }

  @Test
  void start_anotherVersionPublished_isRefused() throws Exception {
    OrdersDatabases db = databases();
    db.fill(Tables.load(OrdersDatabases.V1, "test"), 10);
    String base = base();
    try (CuratorFramework c = client()) {
      ZkRoutingPublisher.builder(c)
          .basePath(base)
          .build()
          .publish(Tables.load(OrdersDatabases.V2, "test"), ZkRoutingPublisher.NOTHING_PUBLISHED);
    }
    assertRefused(
        Cli.run(start(db, base)),
        "entity 'orders' is published at v2 under " + base,
        "not at OLD's v1",
        "shardctl zk get orders");
  }

  @Test
  void statusAndGoals_unknownMigration_listsTheKnownOnes() {
    String base = base();
    for (String sub : new String[] {"status", "cutover", "finish", "rollback"}) {
      assertRefused(
          Cli.run("migrate", sub, "nope", "--zk", server.getConnectString(), "--base", base),
          "shardctl migrate " + sub + ": no migration 'nope' under " + base + "/migrations on ",
          "there is none");
      assertRefused(Cli.run("migrate", sub, "nope"), "needs --zk HOST:PORT");
      assertRefused(
          Cli.run("migrate", sub, "--zk", server.getConnectString()), "needs ID, got no arguments");
    }
  }

  @Test
  void unreachableZooKeeper_saysHowToFix() {
    int port = InstanceSpec.getRandomPort();
    Console console =
        new Console(
            new ByteArrayInputStream(new byte[0]),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    CommandException e =
        assertThrows(
            CommandException.class,
            () ->
                new MigrateControl(Duration.ofMillis(300), Duration.ofMillis(10))
                    .run("status", List.of("x", "--zk", "127.0.0.1:" + port), console));
    assertEquals(
        "shardctl migrate status: cannot connect to ZooKeeper at 127.0.0.1:"
            + port
            + " within 300 ms; is the ensemble (or 'shardctl zk serve') running? give its address"
            + " with --zk HOST:PORT",
        e.getMessage());
  }
}
