package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.zookeeper.CensusReport;
import io.shardrouter.zookeeper.VersionCensus;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import io.shardrouter.zookeeper.ZkRoutingSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import picocli.CommandLine;

/**
 * {@code shardctl zk SUB}: routing metadata on ZooKeeper (docs/fleet.md). {@code serve} runs a
 * single server for local development; {@code publish}, {@code get}, {@code history}, {@code
 * census} and {@code watch} talk to a server or ensemble given by {@code --connect}.
 */
@CommandLine.Command(
    name = "zk",
    description =
        "routing metadata on ZooKeeper (docs/fleet.md): serve a server for local development; "
            + "publish, get, history, census and watch on a server or ensemble given by --zk")
final class ZkCommand {
  static final String DEFAULT_CONNECT = "127.0.0.1:2181";
  private static final String DEFAULT_BASE = "/shardrouter";
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

  /** {@code zk} and its subcommands. */
  CommandLine commandLine() {
    return new CommandLine(this)
        .addSubcommand(new Serve())
        .addSubcommand(new Publish())
        .addSubcommand(new Get())
        .addSubcommand(new History())
        .addSubcommand(new Census())
        .addSubcommand(new Watch());
  }

  /** Runs {@code zk ARGS...}, parsed as {@code shardctl} does; a failure is thrown, not printed. */
  int run(String[] args, Console console) {
    String[] zk = new String[args.length + 1];
    zk[0] = "zk";
    System.arraycopy(args, 0, zk, 1, args.length);
    return ShardCtl.invoke(zk, console, this, new MigrateControl());
  }

  /** A zk subcommand: {@code zk NAME}. */
  private abstract static class Sub implements Command {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    /** The command's name for messages: {@code zk get}. */
    String command() {
      return "zk " + spec.name();
    }

    @Override
    public final int run(Console console) {
      try {
        return runZk(console);
      } catch (IllegalArgumentException e) {
        // a bad entity name, instance id or base path, found by the library
        throw CommandException.usage(command(), e.getMessage());
      }
    }

    abstract int runZk(Console console);
  }

  /** {@code --zk} (or {@code --connect}) and {@code --base}: where the routing metadata lives. */
  private abstract static class OnZk extends Sub {
    @CommandLine.Option(
        names = {"--zk", "--connect"},
        paramLabel = "HOST:PORT",
        description = "the ZooKeeper server or ensemble (" + DEFAULT_CONNECT + ")")
    String connect = DEFAULT_CONNECT;

    @CommandLine.Option(
        names = "--base",
        paramLabel = "PATH",
        description = "the base znode of the routing metadata (" + DEFAULT_BASE + ")")
    String base = DEFAULT_BASE;
  }

  /** A subcommand about the table of one entity. */
  private abstract static class OnEntity extends OnZk {
    @CommandLine.Parameters(paramLabel = "ENTITY", description = "the entity of the table")
    String entity;
  }

  @CommandLine.Command(
      name = "serve",
      description =
          "one ZooKeeper server in the foreground, for local development; production uses a real "
              + "ensemble (docs/fleet.md)")
  private final class Serve extends Sub {
    @CommandLine.Option(
        names = "--port",
        paramLabel = "PORT",
        description = "the client port (2181)")
    int port = 2181;

    @CommandLine.Option(
        names = "--dir",
        paramLabel = "DIR",
        description = "the data directory (default: a new temporary directory)")
    String dir;

    @Override
    int runZk(Console console) {
      return serve(this, console);
    }
  }

  @CommandLine.Command(
      name = "publish",
      description =
          "publish DOC as the next version of its entity, on top of the version published now;"
              + " a version another publisher puts in between is never overwritten: the publish"
              + " is refused")
  private final class Publish extends OnZk {
    @CommandLine.Parameters(paramLabel = "DOC", description = "a routing document or snapshot")
    String doc;

    @CommandLine.Option(
        names = "--expect",
        paramLabel = "V",
        description =
            "publish only if version V is the one published now (-1: only if nothing is published"
                + " yet); otherwise nothing is written and the command fails: read the published"
                + " table (zk get ENTITY), redo the change on top of it and publish that")
    Long expect;

    @Override
    int runZk(Console console) {
      return publish(this, console);
    }
  }

  @CommandLine.Command(
      name = "get",
      description = "print the published (or a kept) table as a routing document")
  private final class Get extends OnEntity {
    @CommandLine.Option(
        names = "--version",
        paramLabel = "V",
        description = "a kept version instead of the published one")
    Long version;

    @Override
    int runZk(Console console) {
      return get(this, console);
    }
  }

  @CommandLine.Command(name = "history", description = "the kept versions, newest first")
  private final class History extends OnEntity {
    @Override
    int runZk(Console console) {
      return history(this, console);
    }
  }

  @CommandLine.Command(
      name = "census",
      description = "which version every live instance routes with; the stragglers")
  private final class Census extends OnEntity {
    @CommandLine.Option(names = "--json", description = "print the census as JSON")
    boolean json;

    @Override
    int runZk(Console console) {
      return census(this, console);
    }
  }

  @CommandLine.Command(
      name = "watch",
      description = "apply every version as it arrives, one line per swap")
  private final class Watch extends OnEntity {
    @CommandLine.Option(
        names = "--instance",
        paramLabel = "ID",
        description =
            "the instance id this watcher registers in the census (default: HOST:PID, as a"
                + " service's source)")
    String instance;

    @CommandLine.Option(
        names = "--last-known-good",
        paramLabel = "DIR",
        description =
            "keep a copy of every version in DIR, and start from it when ZooKeeper cannot be"
                + " reached (docs/fleet.md)")
    Path lastKnownGood;

    @CommandLine.Option(
        names = "--heartbeat",
        paramLabel = "SECONDS",
        description =
            "how often the census entry says this watcher is alive (default 5; 0: never); the"
                + " census marks it stale after 3 missed beats")
    double heartbeatSeconds = ZkRoutingSource.DEFAULT_HEARTBEAT.toMillis() / 1000.0;

    @CommandLine.Option(
        names = "--exit-after",
        paramLabel = "N",
        description = "exit after N swaps (default: run until stopped)")
    long exitAfter = Long.MAX_VALUE;

    @Override
    int runZk(Console console) {
      return watch(this, console);
    }
  }

  /** {@code d} as given on a command line: {@code -1}, not {@code -1.0}; {@code 0.5}. */
  static String number(double d) {
    return Double.isFinite(d)
        ? java.math.BigDecimal.valueOf(d).stripTrailingZeros().toPlainString()
        : String.valueOf(d);
  }

  /** {@code value} of {@code option}, which must be in [{@code min}, {@code max}]. */
  private static long inRange(Sub a, String option, long value, long min, long max) {
    if (value < min || value > max) {
      throw CommandException.usage(
          a.command(), option + " must be in [" + min + ", " + max + "], got " + value);
    }
    return value;
  }

  private int serve(Serve a, Console console) {
    int port = (int) inRange(a, "--port", a.port, 1, 65535);
    String dir = a.dir;
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

  private int publish(Publish a, Console console) {
    RoutingTable table = Tables.load(a.doc, a.command());
    try (CuratorFramework client = connect(a)) {
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).basePath(base(a)).build();
      long expected =
          a.expect == null
              ? publisher.publishedVersion(table.entity())
              : inRange(a, "--expect", a.expect, -1, Long.MAX_VALUE);
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

  private int get(Get a, Console console) {
    String entity = a.entity;
    try (CuratorFramework client = connect(a)) {
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).basePath(base(a)).build();
      long version = a.version == null ? -1 : inRange(a, "--version", a.version, 0, Long.MAX_VALUE);
      RoutingTable table = version < 0 ? publisher.read(entity) : publisher.read(entity, version);
      console.out().println(RoutingDocuments.write(table));
      return ShardCtl.OK;
    }
  }

  private int history(History a, Console console) {
    String entity = a.entity;
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

  private int census(Census a, Console console) {
    String entity = a.entity;
    try (CuratorFramework client = connect(a)) {
      CensusReport report = VersionCensus.of(client, base(a), entity).report();
      if (a.json) {
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
      List<CensusReport.Entry> stale = report.stale();
      if (!stale.isEmpty()) {
        StringBuilder line =
            new StringBuilder(
                "stale (no heartbeat for "
                    + CensusReport.Entry.STALE_AFTER_HEARTBEATS
                    + " periods; dead or frozen, listed until their sessions expire): ");
        for (int i = 0; i < stale.size(); i++) {
          CensusReport.Entry e = stale.get(i);
          line.append(i == 0 ? "" : ", ")
              .append(e.instance())
              .append(" (")
              .append(e.heartbeatAge(report.takenAt()).toSeconds())
              .append("s)");
        }
        console.out().println(line);
      }
      if (!report.instances().isEmpty()) {
        Columns table =
            new Columns(
                "instance", "#version", "since", "serving", "lkg_age", "heartbeat_age", "state");
        for (CensusReport.Entry e : report.instances()) {
          Duration age = e.lastKnownGoodAge(report.takenAt());
          Duration beat = e.heartbeatAge(report.takenAt());
          table.row(
              e.instance(),
              e.hasTable() ? e.version() : "none",
              e.since() == null ? "-" : e.since(),
              e.servingLastKnownGood() ? "last-known-good" : "zookeeper",
              age == null ? "-" : age.toSeconds() + "s",
              beat == null ? "-" : beat.toSeconds() + "s",
              beat == null ? "-" : e.stale(report.takenAt()) ? "STALE" : "live");
        }
        table.print(console.out(), "");
      }
      return ShardCtl.OK;
    }
  }

  private int watch(Watch a, Console console) {
    String entity = a.entity;
    long exitAfter = inRange(a, "--exit-after", a.exitAfter, 1, Long.MAX_VALUE);
    if (!(a.heartbeatSeconds >= 0 && a.heartbeatSeconds <= 3600)) {
      throw CommandException.usage(
          a.command(),
          "--heartbeat must be in [0, 3600] seconds, got " + number(a.heartbeatSeconds));
    }
    String instance = a.instance != null ? a.instance : ZkRoutingSource.defaultInstanceId();
    // with a last-known-good copy the watcher starts when no host resolves too; it says so once
    String unresolved =
        a.lastKnownGood == null ? null : ZkAddress.unresolved(a.command(), a.connect);
    try (CuratorFramework client = connect(a, a.lastKnownGood == null)) {
      // ZooKeeper answers but does not hold the chroot: a wrong address, or an ensemble whose
      // chroot is not yet made again. Checked before the source starts any background work. With
      // no copy (ENTITY.lkg) to serve, refused as every zk command refuses it; with one, the source
      // serves it at once (no table can come before the chroot exists) and its one line says what
      // is missing and that the copy is served (it follows the chroot once it exists).
      Path copies = a.lastKnownGood;
      String missing = copies == null ? null : missingChroot(a, client);
      if (missing != null && !Files.isRegularFile(copies.resolve(entity + ".lkg"))) {
        throw CommandException.invalid(missing);
      }
      ZkRoutingSource.Builder b =
          ZkRoutingSource.builder(client, entity)
              .basePath(base(a))
              .instanceId(instance)
              .heartbeat(Duration.ofMillis(Math.round(a.heartbeatSeconds * 1000)));
      if (a.lastKnownGood != null) {
        b.lastKnownGood(a.lastKnownGood);
      }
      ZkRoutingSource source = b.build();
      // SIGTERM (and Ctrl-C) close the source: its census entry goes at once, not when its
      // session expires.
      Thread hook = new Thread(source::close, "shardctl-watch-close");
      Runtime.getRuntime().addShutdownHook(hook);
      try (source) {
        source.start(missing == null ? connectWait : Duration.ZERO);
        if (!source.status().hasTable()) {
          throw CommandException.invalid(
              "shardctl "
                  + a.command()
                  + ": ZooKeeper at "
                  + a.connect
                  + " was not reached within "
                  + connectWait.toMillis()
                  + " ms"
                  + (unresolved == null ? "" : " (" + unresolved + ")")
                  + " and "
                  + a.lastKnownGood
                  + " holds no last-known-good copy of '"
                  + entity
                  + "'; start the watcher once with ZooKeeper up to write one");
        }
        var router = source.awaitRouter(Duration.ofDays(365));
        CountDownLatch swaps = new CountDownLatch((int) Math.min(exitAfter, Integer.MAX_VALUE));
        boolean offline = source.servingLastKnownGood();
        console
            .out()
            .println(
                "watching "
                    + entity
                    + " at "
                    + a.connect
                    + " as instance "
                    + instance
                    + ": "
                    + (offline
                        ? lastKnownGoodLine(source, router.table())
                            + "; "
                            + notFromZooKeeper(a, client, missing != null)
                        : describe(router.table())));
        console.out().flush();
        if (offline && unresolved != null) {
          console
              .err()
              .println(
                  "shardctl "
                      + a.command()
                      + ": ZooKeeper at "
                      + a.connect
                      + " cannot be reached: "
                      + unresolved
                      + "; serving the last-known-good copy in "
                      + a.lastKnownGood
                      + " and trying again until the name resolves and ZooKeeper answers");
        }
        router.addListener(
            (before, after) -> {
              console
                  .out()
                  .println(
                      Instant.now().truncatedTo(ChronoUnit.MILLIS)
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
          if (offline && !source.servingLastKnownGood()) {
            offline = false;
            console
                .out()
                .println(
                    Instant.now().truncatedTo(ChronoUnit.MILLIS)
                        + " "
                        + entity
                        + " v"
                        + router.version()
                        + " confirmed by ZooKeeper: serving it from ZooKeeper now");
            console.out().flush();
          }
        }
        return ShardCtl.OK;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ShardCtl.OK;
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running or has run: it closes the source
        }
      }
    }
  }

  /** What a watcher that started from its last-known-good copy serves. */
  private static String lastKnownGoodLine(ZkRoutingSource source, RoutingTable t) {
    Instant written = source.lastKnownGoodWrittenAt();
    return "serving last-known-good "
        + describe(t)
        + (written == null
            ? ""
            : ", copy written at "
                + written
                + ", age "
                + Duration.between(written, Instant.now()).toSeconds()
                + "s");
  }

  /**
   * Why a watcher that started from its copy does not serve a table from ZooKeeper, as its client
   * sees it now: ZooKeeper is claimed not reached only when the client has no connection.
   */
  private static String notFromZooKeeper(OnZk a, CuratorFramework client, boolean chrootMissing) {
    if (chrootMissing) {
      return "ZooKeeper reached, but not the chroot " + a.connect.substring(a.connect.indexOf('/'));
    }
    return client.getZookeeperClient().isConnected()
        ? "ZooKeeper reached, no table read from it yet"
        : "ZooKeeper not reached";
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

  private static String base(OnZk a) {
    return a.base;
  }

  private CuratorFramework connect(OnZk a) {
    return connect(a, true);
  }

  /**
   * What {@link ZkAddress#requireChroot} would refuse {@code a}'s chroot with, once {@code client}
   * connects within a short wait; null when it exists, there is none, or ZooKeeper does not answer
   * in that wait (the watcher then serves its copy, as for any outage).
   */
  private String missingChroot(OnZk a, CuratorFramework client) {
    if (a.connect.indexOf('/') < 0) {
      return null;
    }
    try {
      if (!client.blockUntilConnected(
          (int) Math.min(connectWait.toMillis(), 2_000), TimeUnit.MILLISECONDS)) {
        return null;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
    return ZkAddress.missingChroot(a.command(), a.connect, client);
  }

  /**
   * A started client of {@code a}'s ZooKeeper. When the server must be {@code required}, refuses
   * after {@link #connectWait} without a connection; otherwise returns the client at once, which
   * keeps trying (the source's start waits for a table, then serves its last-known-good copy).
   */
  private CuratorFramework connect(OnZk a, boolean required) {
    String connect = a.connect;
    // A server that must answer must resolve; a watcher that may serve its last-known-good copy
    // starts even when it does not (a name server down is one more way ZooKeeper is out of reach).
    ZkAddress.check(a.command(), connect, required);
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(connect)
            .sessionTimeoutMs(15_000)
            .connectionTimeoutMs((int) connectWait.toMillis())
            .retryPolicy(
                required
                    ? new ExponentialBackoffRetry(200, 3)
                    : new ExponentialBackoffRetry(200, 29, 5_000))
            .maxCloseWaitMs(200)
            .build();
    client.start();
    try {
      if (required
          && !client.blockUntilConnected((int) connectWait.toMillis(), TimeUnit.MILLISECONDS)) {
        client.close();
        throw CommandException.invalid(
            "shardctl "
                + a.command()
                + ": cannot connect to ZooKeeper at "
                + connect
                + " within "
                + connectWait.toMillis()
                + " ms; is the ensemble (or 'shardctl zk serve') running? give its address with"
                + " --zk HOST:PORT");
      }
    } catch (InterruptedException e) {
      client.close();
      Thread.currentThread().interrupt();
      throw CommandException.invalid("shardctl " + a.command() + ": interrupted while connecting");
    }
    if (required) {
      try {
        ZkAddress.requireChroot(a.command(), connect, client);
      } catch (CommandException e) {
        client.close();
        throw e;
      }
    }
    return client;
  }
}
