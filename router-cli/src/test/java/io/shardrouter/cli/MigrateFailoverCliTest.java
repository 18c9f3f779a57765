package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sequence of docs/migration.md §9 "From the terminal", through the CLI's entry point: two
 * {@code migrate start} processes (leader and standby) on one ZooKeeper server and H2 databases
 * served over TCP by this JVM, the leader killed ({@link Process#destroyForcibly()}, SIGKILL), the
 * standby taking over, then {@code status}, {@code cutover} and {@code finish} from this JVM; the
 * migration reaches DONE with every row on its owner.
 */
class MigrateFailoverCliTest {
  private static final int ORDERS = 5_000;
  private static final String ID = "orders-v1-to-v2";

  @TempDir Path dir;

  /** A {@code shardctl} process and the lines it printed. */
  private record Shardctl(Process process, List<String> lines) {
    static Shardctl start(Path err, String... args) throws IOException {
      List<String> command = new ArrayList<>();
      command.add(ProcessHandle.current().info().command().orElse("java"));
      command.add("-cp");
      command.add(System.getProperty("java.class.path"));
      command.add(ShardCtl.class.getName());
      command.addAll(List.of(args));
      Process p =
          new ProcessBuilder(command)
              .redirectError(ProcessBuilder.Redirect.to(err.toFile()))
              .start();
      List<String> lines = new CopyOnWriteArrayList<>();
      Thread reader =
          new Thread(
              () -> {
                try (BufferedReader r =
                    new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                  for (String line = r.readLine(); line != null; line = r.readLine()) {
                    lines.add(line);
                  }
                } catch (IOException e) {
                  // the process was killed
                }
              });
      reader.setDaemon(true);
      reader.start();
      return new Shardctl(p, lines);
    }

    void await(Predicate<String> line, String what) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (System.nanoTime() < deadline) {
        if (lines.stream().anyMatch(line)) {
          return;
        }
        if (!process.isAlive() && lines.stream().noneMatch(line)) {
          Thread.sleep(200); // the reader may still be draining
          if (lines.stream().noneMatch(line)) {
            throw new AssertionError(
                "shardctl " + process.pid() + " ended before " + what + ": " + lines);
          }
          return;
        }
        Thread.sleep(50);
      }
      throw new AssertionError(
          "shardctl " + process.pid() + " never printed " + what + ": " + lines);
    }
  }

  private static Cli.Result awaitStatus(String zk, Predicate<Cli.Result> until, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    Cli.Result r = null;
    while (System.nanoTime() < deadline) {
      r = Cli.run("migrate", "status", ID, "--zk", zk);
      if (r.status() == ShardCtl.OK && until.test(r)) {
        return r;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("status never showed " + what + ": " + r);
  }

  @Test
  void leaderKilled_standbyTakesOver_cutoverAndFinishFromTheTerminal_done() throws Exception {
    Server h2 =
        Server.createTcpServer(
                "-tcpPort",
                Integer.toString(InstanceSpec.getRandomPort()),
                "-ifNotExists",
                "-baseDir",
                dir.resolve("h2").toString())
            .start();
    Shardctl leader = null;
    Shardctl standby = null;
    try (TestingServer zkServer = new TestingServer()) {
      String zk = zkServer.getConnectString();
      OrdersDatabases db = new OrdersDatabases("jdbc:h2:tcp://localhost:" + h2.getPort() + "/%s");
      db.fill(Tables.load(OrdersDatabases.V1, "test"), ORDERS);
      String[] start = {
        "migrate",
        "start",
        OrdersDatabases.V1,
        OrdersDatabases.V2,
        "--zk",
        zk,
        "--table",
        "orders",
        "--columns",
        OrdersDatabases.COLUMNS,
        "--jdbc",
        db.jdbcOption()
      };
      leader = Shardctl.start(dir.resolve("a.err"), start);
      leader.await(l -> l.contains(" leads migration '" + ID + "'"), "that it leads");
      standby = Shardctl.start(dir.resolve("b.err"), start);
      standby.await(l -> l.contains(" is a standby of migration '" + ID + "'"), "that it waits");
      leader.await(l -> l.contains(": COPY v2 copy part "), "a step of the copy");
      leader.process().destroyForcibly();
      assertTrue(leader.process().waitFor(30, TimeUnit.SECONDS));

      String b = standby.process().pid() + "@";
      standby.await(l -> l.contains(b) && l.contains(" leads migration '" + ID + "'"), "it leads");
      Cli.Result taken =
          awaitStatus(zk, r -> r.out().contains("leader: " + b), "the standby leading");
      assertTrue(taken.out().startsWith("migration " + ID + ": "), taken.out());
      awaitStatus(zk, r -> r.out().contains(": CANARY v5"), "CANARY");
      Cli.Result canary = Cli.run("migrate", "status", ID, "--zk", zk);
      assertTrue(canary.out().contains("verification (round "), canary.out());

      Cli.Result cutover = Cli.run("migrate", "cutover", ID, "--zk", zk);
      assertEquals(ShardCtl.OK, cutover.status(), cutover.toString());
      assertTrue(cutover.out().contains("leader " + b), cutover.out());
      awaitStatus(zk, r -> r.out().contains(": ROLLBACK_WINDOW v7"), "ROLLBACK_WINDOW");
      Cli.Result finish = Cli.run("migrate", "finish", ID, "--zk", zk);
      assertEquals(ShardCtl.OK, finish.status(), finish.toString());

      assertTrue(standby.process().waitFor(60, TimeUnit.SECONDS), standby.lines().toString());
      assertEquals(0, standby.process().exitValue(), standby.lines().toString());
      List<String> out = standby.lines();
      assertTrue(
          out.get(out.size() - 1).startsWith("migration '" + ID + "' is DONE at v8"),
          out.toString());
      Cli.Result done = Cli.run("migrate", "status", ID, "--zk", zk);
      assertTrue(done.out().startsWith("migration " + ID + ": DONE v8, forward"), done.out());

      try (CuratorFramework c = CuratorFrameworkFactory.newClient(zk, new RetryOneTime(100))) {
        c.start();
        RoutingTable last = ZkRoutingPublisher.builder(c).build().read("orders");
        assertEquals(8, last.version());
        db.assertEveryRowOnItsOwner(last, ORDERS);
      }
    } finally {
      if (leader != null) {
        leader.process().destroyForcibly();
      }
      if (standby != null) {
        standby.process().destroyForcibly();
      }
      h2.stop();
    }
  }
}
