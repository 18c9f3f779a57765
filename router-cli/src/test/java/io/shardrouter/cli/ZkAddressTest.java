package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A bad {@code --zk} is refused before any connection, by every command that takes it: a port that
 * is no number in 1..65535, a server without a port or host, an empty server, and a host that does
 * not resolve; the message names the bad part, there is no stack trace, and no wait.
 */
class ZkAddressTest {
  private static final String ORDERS_V1 = Cli.EXAMPLES.resolve("orders-v1.json").toString();
  private static final String ORDERS_V2 = Cli.EXAMPLES.resolve("orders-v2.json").toString();

  /** Every command that takes --zk, without it. */
  private static final List<List<String>> COMMANDS =
      List.of(
          List.of("zk", "get", "accounts"),
          List.of("zk", "publish", Cli.HASH_MOD),
          List.of("zk", "history", "accounts"),
          List.of("zk", "census", "accounts"),
          List.of("zk", "watch", "accounts"),
          List.of(
              "migrate", "start", ORDERS_V1, ORDERS_V2, "--table", "orders", "--columns", "body"),
          List.of("migrate", "status", "orders-v1-to-v2"),
          List.of("migrate", "cutover", "orders-v1-to-v2"),
          List.of("migrate", "finish", "orders-v1-to-v2"),
          List.of("migrate", "rollback", "orders-v1-to-v2"));

  private static Cli.Result run(List<String> command, String zk) {
    List<String> args = new ArrayList<>(command);
    args.add("--zk");
    args.add(zk);
    return Cli.run(args.toArray(new String[0]));
  }

  private static String name(List<String> command) {
    return "shardctl " + command.get(0) + " " + command.get(1);
  }

  private static void refused(Cli.Result r, String firstLine, boolean usage) {
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out(), r::toString);
    assertEquals(firstLine, r.errLines().get(0), r::toString);
    assertEquals(usage, r.err().contains("\nusage: "), r::toString);
    assertFalse(r.err().contains("Exception"), r::toString);
    assertFalse(r.err().contains("\tat "), r::toString);
  }

  @Test
  void portThatIsNoNumber_refusedByEveryCommandBeforeConnecting() {
    long start = System.nanoTime();
    for (List<String> c : COMMANDS) {
      refused(
          run(c, "notahost:xx"),
          name(c)
              + ": --zk notahost:xx: port 'xx' of server 'notahost:xx' is not a number in"
              + " 1..65535; give HOST:PORT, such as 127.0.0.1:2181 or zk1:2181,zk2:2181,zk3:2181",
          true);
    }
    // a connection attempt waits 5 s each
    assertTrue(System.nanoTime() - start < 4_000_000_000L, "refused without connecting");
  }

  @Test
  void hostThatDoesNotResolve_refusedByEveryCommand_whenNoServerResolves() {
    for (List<String> c : COMMANDS) {
      refused(
          run(c, "nonexistent.invalid:2181,other.invalid:2181"),
          name(c)
              + ": --zk nonexistent.invalid:2181,other.invalid:2181: host 'nonexistent.invalid' of"
              + " server 'nonexistent.invalid:2181' is not known (it does not resolve to an"
              + " address); check its spelling, or give the ensemble's address, such as"
              + " 127.0.0.1:2181 or zk1:2181,zk2:2181,zk3:2181",
          false);
    }
  }

  @Test
  void everyKindOfBadServer_named() {
    List<String> get = List.of("zk", "get", "accounts");
    String give = "; give HOST:PORT, such as 127.0.0.1:2181 or zk1:2181,zk2:2181,zk3:2181";
    String p = "shardctl zk get: --zk ";
    refused(
        run(get, "localhost:0"),
        p + "localhost:0: port '0' of server 'localhost:0' is" + " not a number in 1..65535" + give,
        true);
    refused(
        run(get, "localhost:65536"),
        p
            + "localhost:65536: port '65536' of server"
            + " 'localhost:65536' is not a number in 1..65535"
            + give,
        true);
    refused(run(get, ":2181"), p + ":2181: server ':2181' has no host" + give, true);
    refused(
        run(get, "a:1, b :2"),
        p
            + "a:1, b :2: server 'b :2' holds a space; give HOST:PORT without spaces, such as"
            + " 127.0.0.1:2181 or zk1:2181,zk2:2181,zk3:2181",
        true);
    refused(run(get, " , ,"), p + " , ,: names no server" + give, true);
    refused(
        run(get, "127.0.0.1:2181/zk/"),
        p
            + "127.0.0.1:2181/zk/: the chroot '/zk/' has an empty name (a '/' at its end, or"
            + " '//'); give a path such as /app, or none",
        true);
    refused(
        run(get, "127.0.0.1:2181/a//b"),
        p
            + "127.0.0.1:2181/a//b: the chroot '/a//b' has an empty name (a '/' at its end, or"
            + " '//'); give a path such as /app, or none",
        true);
    refused(run(get, "/app"), p + "/app: names no server" + give, true);
  }

  @Test
  void goodAddresses_pass() {
    for (String ok :
        new String[] {
          "127.0.0.1:2181",
          "localhost:1,127.0.0.1:65535",
          "127.0.0.1:2181/app",
          "[::1]:2181",
          // what ZooKeeper's own parser takes: no port (2181), a bare ':', spaces, empty entries
          "localhost",
          "localhost:",
          "[::1]",
          "127.0.0.1:2181, localhost:2181",
          "localhost:1,,localhost:2"
        }) {
      ZkAddress.check("zk get", ok, true);
    }
    // unresolved, but not required: a watcher with a last-known-good copy
    ZkAddress.check("zk watch", "nonexistent.invalid:2181", false);
    // one server that resolves is enough: ZooKeeper skips the one whose name is gone
    ZkAddress.check("zk get", "127.0.0.1:2181,nonexistent.invalid:2181", true);
  }
}
