package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.zookeeper.CensusReport;
import io.shardrouter.zookeeper.VersionCensus;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import io.shardrouter.zookeeper.ZkRoutingSource;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * {@code shardctl zk SUB}: routing metadata on ZooKeeper (docs/fleet.md). {@code serve} runs a
 * single server for local development; {@code publish}, {@code get}, {@code history}, {@code
 * census} and {@code watch} talk to a server or ensemble given by {@code --connect}.
 */
final class ZkCommand {
  static final String DEFAULT_CONNECT = "127.0.0.1:2181";
  private static final Duration CONNECT_WAIT = Duration.ofSeconds(5);

  /** How long to wait for a connection, and for a table at the start of {@code watch}. */
  private final Duration connectWait;

  /** Stops {@code serve} and {@code watch}; counted down only by tests, Ctrl-C ends the process. */
  private final CountDownLatch stop;

  ZkCommand() {
    this(CONNECT_WAIT, new CountDownLatch(1));
  }

  ZkCommand(Duration connectWait, CountDownLatch stop) {
    this.connectWait = connectWait;
    this.stop = stop;
  }

  /** Runs {@code zk ARGS...}. */
  int run(String[] args, Console console) {
    if (args.length == 0) {
      throw CommandException.usage(
          "zk", "needs a subcommand: serve, publish, get, history, census or watch");
    }
    List<String> rest = Arrays.asList(args).subList(1, args.length);
    try {
      return dispatch(args[0], rest, console);
    } catch (IllegalArgumentException e) {
      // a bad entity name, instance id or base path, found by the library
      throw CommandException.usage("zk " + args[0], e.getMessage());
    }
  }

  private int dispatch(String sub, List<String> rest, Console console) {
    return switch (sub) {
      case "serve" -> serve(ZkArgs.parse("serve", rest, Set.of("port", "dir"), Set.of()), console);
      case "publish" ->
          publish(
              ZkArgs.parse("publish", rest, Set.of("connect", "base", "expect"), Set.of()),
              console);
      case "get" ->
          get(ZkArgs.parse("get", rest, Set.of("connect", "base", "version"), Set.of()), console);
      case "history" ->
          history(ZkArgs.parse("history", rest, Set.of("connect", "base"), Set.of()), console);
      case "census" ->
          census(ZkArgs.parse("census", rest, Set.of("connect", "base"), Set.of("json")), console);
      case "watch" ->
          watch(
              ZkArgs.parse(
                  "watch", rest, Set.of("connect", "base", "instance", "exit-after"), Set.of()),
              console);
      default ->
          throw CommandException.usage(
              "zk",
              "unknown subcommand '"
                  + sub
                  + "'; the subcommands are serve, publish, get, history, census and watch");
    };
  }

  private int serve(ZkArgs a, Console console) {
    a.requireExactly(0, "no arguments");
    int port = (int) a.number("port", 2181, 1, 65535);
    String dir = a.option("dir", null);
    Path data;
    try {
      data =
          dir == null
              ? java.nio.file.Files.createTempDirectory("shardctl-zk")
              : Path.of(dir).toAbsolutePath();
    } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
      throw CommandException.invalid("shardctl zk serve: bad data directory '" + dir + "': " + e);
    }
    return ZkServe.serve(port, data, console, stop);
  }

  private int publish(ZkArgs a, Console console) {
    a.requireExactly(1, "DOC, a routing document or snapshot");
    RoutingTable table = Tables.load(a.positional(0));
    try (CuratorFramework client = connect(a)) {
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).basePath(base(a)).build();
      long expected =
          a.number("expect", publisher.publishedVersion(table.entity()), -1, Long.MAX_VALUE);
      boolean published;
      try {
        published = publisher.publish(table, expected);
      } catch (PublishConflictException e) {
        throw CommandException.invalid("shardctl zk publish: " + e.getMessage());
      }
      ZkRoutingPublisher.PublishedVersion v =
          publisher.history(table.entity()).stream()
              .filter(p -> p.version() == table.version())
              .findFirst()
              .orElseThrow();
      console
          .out()
          .println(
              (published ? "published " : "already published, nothing changed: ")
                  + table.entity()
                  + " version "
                  + table.version()
                  + " (fingerprint "
                  + table.fingerprint().substring(0, 12)
                  + ", "
                  + v.snapshotBytes()
                  + " snapshot bytes in "
                  + v.chunks()
                  + (v.chunks() == 1 ? " chunk" : " chunks")
                  + ")"
                  + (published && expected >= 0 ? " over version " + expected : ""));
      return ShardCtl.OK;
    }
  }

  private int get(ZkArgs a, Console console) {
    a.requireExactly(1, "ENTITY");
    String entity = a.positional(0);
    try (CuratorFramework client = connect(a)) {
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).basePath(base(a)).build();
      long version = a.number("version", -1, 0, Long.MAX_VALUE);
      RoutingTable table = version < 0 ? publisher.read(entity) : publisher.read(entity, version);
      console.out().println(RoutingDocuments.write(table));
      return ShardCtl.OK;
    }
  }

  private int history(ZkArgs a, Console console) {
    a.requireExactly(1, "ENTITY");
    String entity = a.positional(0);
    try (CuratorFramework client = connect(a)) {
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).basePath(base(a)).build();
      List<ZkRoutingPublisher.PublishedVersion> versions = publisher.history(entity);
      if (versions.isEmpty()) {
        throw CommandException.invalid(
            "shardctl zk history: nothing is published for entity '"
                + entity
                + "'; check the name and --base");
      }
      Columns table =
          new Columns("#version", "published_at", "fingerprint", "#bytes", "#chunks", "publisher");
      for (int i = versions.size() - 1; i >= 0; i--) {
        ZkRoutingPublisher.PublishedVersion v = versions.get(i);
        table.row(
            (i == versions.size() - 1 ? "* " : "") + v.version(),
            v.publishedAt(),
            v.fingerprint().substring(0, Math.min(12, v.fingerprint().length())),
            v.snapshotBytes(),
            v.chunks(),
            v.publisher());
      }
      table.print(console.out(), "");
      console
          .out()
          .println(
              "* published; the others are kept for rollback (zk get " + entity + " --version V)");
      return ShardCtl.OK;
    }
  }

  private int census(ZkArgs a, Console console) {
    a.requireExactly(1, "ENTITY");
    String entity = a.positional(0);
    try (CuratorFramework client = connect(a)) {
      CensusReport report = VersionCensus.of(client, base(a), entity).report();
      if (a.flag("json")) {
        console.out().println(CensusJson.of(report));
        return ShardCtl.OK;
      }
      long newest = report.newestVersion();
      console
          .out()
          .println(
              "census of '"
                  + entity
                  + "': "
                  + report.instances().size()
                  + " live instances"
                  + (newest < 0 ? "" : ", newest version " + newest));
      for (String line : report.distributionLines()) {
        console.out().println("  " + line);
      }
      if (newest >= 0) {
        console
            .out()
            .println("stragglers behind v" + newest + ": " + report.describeStragglers(newest));
      }
      if (!report.instances().isEmpty()) {
        Columns table = new Columns("instance", "#version", "since", "serving", "lkg_age");
        for (CensusReport.Entry e : report.instances()) {
          Duration age = e.lastKnownGoodAge(report.takenAt());
          table.row(
              e.instance(),
              e.hasTable() ? e.version() : "none",
              e.since() == null ? "-" : e.since(),
              e.servingLastKnownGood() ? "last-known-good" : "zookeeper",
              age == null ? "-" : age.toSeconds() + "s");
        }
        table.print(console.out(), "");
      }
      return ShardCtl.OK;
    }
  }

  private int watch(ZkArgs a, Console console) {
    a.requireExactly(1, "ENTITY");
    String entity = a.positional(0);
    long exitAfter = a.number("exit-after", Long.MAX_VALUE, 1, Long.MAX_VALUE);
    String instance = a.option("instance", null);
    try (CuratorFramework client = connect(a)) {
      ZkRoutingSource.Builder b = ZkRoutingSource.builder(client, entity).basePath(base(a));
      if (instance != null) {
        b.instanceId(instance);
      }
      try (ZkRoutingSource source = b.build().start(connectWait)) {
        var router = source.awaitRouter(Duration.ofDays(365));
        CountDownLatch swaps = new CountDownLatch((int) Math.min(exitAfter, Integer.MAX_VALUE));
        console
            .out()
            .println(
                "watching "
                    + entity
                    + " at "
                    + a.option("connect", DEFAULT_CONNECT)
                    + ": "
                    + describe(router.table()));
        console.out().flush();
        router.addListener(
            (before, after) -> {
              console
                  .out()
                  .println(
                      Instant.now()
                          + " "
                          + entity
                          + " v"
                          + before.version()
                          + " -> v"
                          + after.version()
                          + ": "
                          + describe(after));
              console.out().flush();
              swaps.countDown();
            });
        while (!swaps.await(100, TimeUnit.MILLISECONDS)) {
          if (stop.getCount() == 0) {
            break;
          }
        }
        return ShardCtl.OK;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ShardCtl.OK;
      }
    }
  }

  private static String describe(RoutingTable t) {
    return "version "
        + t.version()
        + ", fingerprint "
        + t.fingerprint().substring(0, 12)
        + ", "
        + t.partitionCount()
        + " partitions on "
        + t.groups().size()
        + " groups";
  }

  private static String base(ZkArgs a) {
    return a.option("base", "/shardrouter");
  }

  private CuratorFramework connect(ZkArgs a) {
    String connect = a.option("connect", DEFAULT_CONNECT);
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(connect)
            .sessionTimeoutMs(15_000)
            .connectionTimeoutMs((int) connectWait.toMillis())
            .retryPolicy(new ExponentialBackoffRetry(200, 3))
            .maxCloseWaitMs(200)
            .build();
    client.start();
    try {
      if (!client.blockUntilConnected((int) connectWait.toMillis(), TimeUnit.MILLISECONDS)) {
        client.close();
        throw CommandException.invalid(
            "shardctl "
                + a.command()
                + ": cannot connect to ZooKeeper at "
                + connect
                + " within "
                + connectWait.toMillis()
                + " ms; is the ensemble (or 'shardctl zk serve') running? give its address with"
                + " --connect HOST:PORT");
      }
    } catch (InterruptedException e) {
      client.close();
      Thread.currentThread().interrupt();
      throw CommandException.invalid("shardctl " + a.command() + ": interrupted while connecting");
    }
    return client;
  }
}
