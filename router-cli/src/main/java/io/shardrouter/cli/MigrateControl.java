package io.shardrouter.cli;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.jdbc.JdbcStoreException;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.Phase;
import io.shardrouter.zookeeper.ZkMigrationCoordinator;
import io.shardrouter.zookeeper.ZkMigrationStateStore;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.KeeperException;
import picocli.CommandLine;

/**
 * {@code shardctl migrate start | status | cutover | finish | rollback}: a migration run on
 * ZooKeeper by {@link ZkMigrationCoordinator} (docs/migration.md §9). {@code start} runs a
 * coordinator in this process until the migration ends (a second process started the same way is
 * its standby); {@code status} reads the state, the election and the leader's progress; the other
 * three set the goal the leader reads before its next step. Every command but {@code start} is safe
 * to repeat.
 */
final class MigrateControl {
  private static final String DEFAULT_BASE = "/shardrouter";
  private static final Duration CONNECT_WAIT = Duration.ofSeconds(5);

  /** The default session timeout of a coordinator: how long a dead leader holds the lead. */
  private static final double COORDINATOR_SESSION_SECONDS = 6;

  private final Duration connectWait;

  /** Between the two reads of the leader's progress that {@code status} takes for a rate. */
  private final Duration sample;

  MigrateControl() {
    this(CONNECT_WAIT, Duration.ofSeconds(1));
  }

  MigrateControl(Duration connectWait, Duration sample) {
    this.connectWait = connectWait;
    this.sample = sample;
  }

  /** Adds start, status, cutover, finish and rollback to {@code migrate}. */
  void addSubcommands(CommandLine migrate) {
    migrate.addSubcommand(new Start()).addSubcommand(new Status());
    goal(
        migrate,
        "cutover",
        Phase.ROLLBACK_WINDOW,
        "ask the leader to cut over (goal ROLLBACK_WINDOW)");
    goal(
        migrate,
        "finish",
        Phase.DONE,
        "ask the leader to finish (goal DONE: the source's copies go)");
    goal(migrate, "rollback", Phase.ROLLED_BACK, "ask the leader to roll back (refused once DONE)");
  }

  private void goal(CommandLine migrate, String name, Phase goal, String description) {
    CommandLine cl = new CommandLine(new Goal(goal));
    cl.getCommandSpec().name(name).usageMessage().description(description);
    migrate.addSubcommand(name, cl);
  }

  /**
   * Runs {@code migrate SUB ARGS...}, parsed as {@code shardctl} does; a failure is thrown, not
   * printed.
   */
  int run(String sub, List<String> rest, Console console) {
    List<String> args = new ArrayList<>(List.of("migrate", sub));
    args.addAll(rest);
    return ShardCtl.invoke(args.toArray(String[]::new), console, new ZkCommand(), this);
  }

  /** {@code --zk} and {@code --base}: where the migration's state and election live. */
  static final class Ensemble {
    @CommandLine.Option(
        names = {"--zk", "--connect"},
        paramLabel = "HOST:PORT",
        required = true,
        description =
            "the ZooKeeper ensemble the migration runs on (for local development: 'shardctl zk"
                + " serve'); required")
    String zk;

    @CommandLine.Option(
        names = "--base",
        paramLabel = "PATH",
        description = "the base znode of the routing metadata (" + DEFAULT_BASE + ")")
    String base = DEFAULT_BASE;
  }

  /** A migrate subcommand on ZooKeeper: {@code migrate NAME}. */
  private abstract static class OnZk implements Command {
    @CommandLine.Mixin Ensemble ensemble = new Ensemble();

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    /** The command's name for messages: {@code migrate status}. */
    String command() {
      return "migrate " + spec.name();
    }

    @Override
    public final int run(Console console) {
      try {
        return runOnZk(console);
      } catch (IllegalStateException e) { // ZooKeeper failed after connecting
        throw CommandException.invalid("shardctl " + command() + ": " + e.getMessage());
      }
    }

    abstract int runOnZk(Console console);
  }

  /** A subcommand about one running migration. */
  private abstract static class OnMigration extends OnZk {
    @CommandLine.Parameters(index = "0", paramLabel = "ID", description = "the migration's id")
    String id;
  }

  @CommandLine.Command(
      name = "start",
      description =
          "run the migration from OLD to NEW on ZooKeeper in this process until it ends; start it "
              + "again elsewhere for a standby that takes over when the leader dies. Publishes OLD when "
              + "nothing is published")
  private final class Start extends OnZk {
    @CommandLine.Mixin OldAndNew docs = new OldAndNew();

    @CommandLine.Option(
        names = "--table",
        paramLabel = "NAME",
        required = true,
        description = "the table on every group's database whose rows move; required")
    String table;

    @CommandLine.Option(
        names = "--columns",
        paramLabel = "C1,C2,...",
        required = true,
        description =
            "the table's value columns (beside row_key, row_id, routed_version, seq, part); required")
    String columns;

    @CommandLine.Option(
        names = "--jdbc",
        paramLabel = "URL[,URL...]",
        description =
            "one URL per group: NEW's groups in order, then those only in OLD (default: each "
                + "group's primary endpoint, when it is a JDBC URL)")
    String jdbc;

    @CommandLine.Option(
        names = "--id",
        paramLabel = "ID",
        description = "the migration's id (ENTITY-vOLD-to-vNEW)")
    String id;

    @CommandLine.Option(
        names = "--goal",
        paramLabel = "canary|done",
        description = "canary: wait for 'migrate cutover' (the default); done: run to the end")
    String goal = "canary";

    @CommandLine.Option(
        names = "--session",
        paramLabel = "SECONDS",
        description =
            "the coordinator's ZooKeeper session: how long a killed leader holds the lead before a"
                + " standby takes over, and how long a pause (GC, network) it survives (default 6;"
                + " 2 to 120)")
    double sessionSeconds = COORDINATOR_SESSION_SECONDS;

    @Override
    int runOnZk(Console console) {
      return start(this, console);
    }
  }

  @CommandLine.Command(
      name = "status",
      description =
          "phase, version, goal, leader and standbys, the pass's progress, rows/s and an ETA, the "
              + "verification reports")
  private final class Status extends OnMigration {
    @CommandLine.Option(names = "--json", description = "print the status as JSON")
    boolean json;

    @Override
    int runOnZk(Console console) {
      return status(this, console);
    }
  }

  /** cutover, finish and rollback: the goal the leader reads before its next step. */
  private final class Goal extends OnMigration {
    private final Phase goal;

    Goal(Phase goal) {
      this.goal = goal;
    }

    @Override
    int runOnZk(Console console) {
      return goal(this, goal, console);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // start

  private int start(Start a, Console console) {
    String zk = zk(a);
    String base = base(a);
    if (!(a.sessionSeconds >= 2 && a.sessionSeconds <= 120)) {
      throw CommandException.usage(
          a.command(),
          "--session must be in [2, 120] seconds, got " + ZkCommand.number(a.sessionSeconds));
    }
    int sessionMs = (int) Math.round(a.sessionSeconds * 1000);
    String table = a.table;
    List<String> columns = list(a.columns);
    if (columns.isEmpty()) {
      throw CommandException.usage(
          a.command(),
          "needs --columns C1,C2,..., the value columns of table '"
              + table
              + "' (beside row_key, row_id, routed_version, seq and part)");
    }
    Phase initialGoal = initialGoal(a);
    RoutingTable from = Tables.load(a.docs.oldDoc, a.command());
    RoutingTable to = Tables.load(a.docs.newDoc, a.command());
    MigrationPlan plan = plan(a, from, to);
    String id =
        a.id != null ? a.id : from.entity() + "-v" + from.version() + "-to-v" + to.version();
    List<ReplicaGroup> groups = groupsOf(from, to);
    List<String> urls = urls(a, groups);
    Map<String, JdbcMigrationStore> stores = new LinkedHashMap<>();
    for (int i = 0; i < groups.size(); i++) {
      String g = groups.get(i).id();
      stores.put(g, store(a, g, urls.get(i), table, columns));
    }
    PrintStream out = console.out();
    String participant = participant();
    try (CuratorFramework client =
        connect(a.command(), zk, sessionMs, new ExponentialBackoffRetry(200, 10, 2_000))) {
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).basePath(base).build();
      ZkMigrationStateStore states = ZkMigrationStateStore.of(client, base);
      ZkMigrationCoordinator.Builder builder = ZkMigrationCoordinator.builder(client, plan);
      try {
        builder.base(base).migrationId(id);
      } catch (IllegalArgumentException e) {
        throw CommandException.usage(a.command(), e.getMessage());
      }
      MigrationState existing = states.load(id);
      if (existing == null) {
        out.println(publishOld(a.command(), publisher, from, zk, base));
      } else if (!existing.planFingerprint().equals(plan.fingerprint())) {
        throw CommandException.invalid(
            "shardctl migrate start: migration '"
                + id
                + "' on "
                + zk
                + " runs another plan (fingerprint "
                + existing.planFingerprint()
                + ", this one "
                + plan.fingerprint()
                + "); start it with the documents it was started with, or give this plan another"
                + " --id");
      } else {
        out.println(
            "migration '"
                + id
                + "' exists at "
                + existing.phase()
                + " v"
                + existing.version()
                + "; joining it");
      }
      out.println(
          "migration '"
              + id
              + "': "
              + plan.movements().size()
              + " parts move ("
              + String.format(Locale.ROOT, "%.1f%%", plan.movedShare() * 100)
              + " of the keys); groups "
              + String.join(", ", stores.keySet())
              + "; goal until an operator sets one: "
              + initialGoal
              + "; this process is "
              + participant);
      out.flush();
      Reporter reporter =
          new Reporter(client, base, id, participant, initialGoal, plan, stores, out);
      ZkMigrationCoordinator coordinator =
          builder
              .stores(stores)
              .publisher(publisher)
              .goal(initialGoal)
              .participant(participant)
              .onStep(reporter::step)
              .build();
      Thread watcher = new Thread(() -> reporter.watchElection(coordinator), "shardctl-election");
      watcher.setDaemon(true);
      watcher.start();
      MigrationState end;
      try {
        end = coordinator.run();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw CommandException.invalid("shardctl migrate start: interrupted");
      } finally {
        watcher.interrupt();
        coordinator.close();
      }
      reporter.endLine();
      out.println(
          "migration '"
              + id
              + "' is "
              + end.phase()
              + " at v"
              + end.version()
              + (end.phase() == Phase.DONE
                  ? ": every moved row is on its new group, the source's copies are deleted"
                  : ": every row is back on its source group, the target's copies are deleted"));
      return ShardCtl.OK;
    }
  }

  private static Phase initialGoal(Start a) {
    String g = a.goal;
    return switch (g) {
      case "canary" -> Phase.CANARY;
      case "done" -> Phase.DONE;
      default ->
          throw CommandException.usage(
              a.command(),
              "--goal must be canary (wait for 'migrate cutover') or done (run to the end), got '"
                  + g
                  + "'");
    };
  }

  private static MigrationPlan plan(Start a, RoutingTable from, RoutingTable to) {
    String where = a.docs.oldDoc + " -> " + a.docs.newDoc;
    if (!from.entity().equals(to.entity())) {
      throw CommandException.invalid(
          "shardctl migrate start: "
              + where
              + ": OLD is entity '"
              + from.entity()
              + "' and NEW '"
              + to.entity()
              + "'; a migration moves the rows of one entity");
    }
    try {
      return MigrationPlan.between(from, to); // refuses a plan that moves nothing
    } catch (RoutingException | IllegalArgumentException | IllegalStateException e) {
      throw CommandException.invalid(
          "shardctl migrate start: cannot plan " + where + ": " + e.getMessage());
    }
  }

  /** The target's groups in its order, then the groups only the source has. */
  static List<ReplicaGroup> groupsOf(RoutingTable from, RoutingTable to) {
    List<ReplicaGroup> groups = new ArrayList<>(to.groups());
    for (ReplicaGroup g : from.groups()) {
      if (groups.stream().noneMatch(h -> h.id().equals(g.id()))) {
        groups.add(g);
      }
    }
    return groups;
  }

  private static List<String> urls(Start a, List<ReplicaGroup> groups) {
    // quoted escaped, as every message quotes input: the format allows any id that is not blank
    List<String> ids = groups.stream().map(g -> Printed.line(g.id())).toList();
    String jdbc = a.jdbc;
    if (jdbc != null) {
      List<String> urls = list(jdbc);
      if (urls.size() != groups.size()) {
        throw CommandException.usage(
            a.command(),
            "--jdbc has "
                + urls.size()
                + " URL"
                + (urls.size() == 1 ? "" : "s")
                + " for "
                + groups.size()
                + " groups; give one per group, in this order: "
                + String.join(",", ids)
                + " (NEW's groups, then those only in OLD)");
      }
      return urls;
    }
    List<String> urls = new ArrayList<>();
    for (ReplicaGroup g : groups) {
      String endpoint = g.primary().endpoint();
      if (!endpoint.startsWith("jdbc:")) {
        throw CommandException.usage(
            a.command(),
            "group '"
                + Printed.line(g.id())
                + "' has the primary endpoint '"
                + Printed.line(endpoint)
                + "', not a JDBC URL; give one URL per group with --jdbc URL,URL,... in this"
                + " order: "
                + String.join(",", ids)
                + " (NEW's groups, then those only in OLD)");
      }
      urls.add(endpoint);
    }
    return urls;
  }

  private static JdbcMigrationStore store(
      Start a, String group, String url, String table, List<String> columns) {
    try {
      JdbcMigrationStore store =
          JdbcMigrationStore.create(group, new UrlDataSource(url), table, columns);
      store.createTables();
      return store;
    } catch (IllegalArgumentException e) {
      throw CommandException.usage(a.command(), e.getMessage());
    } catch (JdbcStoreException e) {
      throw CommandException.invalid(
          "shardctl "
              + a.command()
              + ": group '"
              + group
              + "' at "
              + url
              + ": "
              + e.getMessage()
              + (e.getCause() == null ? "" : " (" + e.getCause().getMessage() + ")"));
    }
  }

  /**
   * Publishes OLD when nothing is published for its entity; otherwise checks that OLD is what is
   * published. Returns the line to print.
   */
  private static String publishOld(
      String command, ZkRoutingPublisher publisher, RoutingTable from, String zk, String base) {
    String entity = from.entity();
    long published = publisher.publishedVersion(entity);
    if (published == ZkRoutingPublisher.NOTHING_PUBLISHED) {
      try {
        publisher.publish(from, ZkRoutingPublisher.NOTHING_PUBLISHED);
        return "published OLD as entity '"
            + entity
            + "' v"
            + from.version()
            + " (nothing was published)";
      } catch (PublishConflictException e) {
        published = publisher.publishedVersion(entity); // another start published it meanwhile
      }
    }
    if (published != from.version()) {
      throw CommandException.invalid(
          "shardctl "
              + command
              + ": entity '"
              + entity
              + "' is published at v"
              + published
              + " under "
              + base
              + " on "
              + zk
              + ", not at OLD's v"
              + from.version()
              + "; a migration starts from the table the fleet routes with: write it with"
              + " 'shardctl zk get "
              + entity
              + " --zk "
              + zk
              + "' and plan from it");
    }
    RoutingTable current = publisher.read(entity);
    if (!current.fingerprint().equals(from.fingerprint())) {
      throw CommandException.invalid(
          "shardctl "
              + command
              + ": entity '"
              + entity
              + "' v"
              + published
              + " on "
              + zk
              + " is another table than OLD (fingerprint "
              + current.fingerprint()
              + ", OLD's "
              + from.fingerprint()
              + "); plan from the published table ('shardctl zk get "
              + entity
              + "')");
    }
    return "entity '" + entity + "' is published at OLD's v" + published;
  }

  private static String participant() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      host = "localhost";
    }
    return ProcessHandle.current().pid() + "@" + host;
  }

  /** Prints the election's changes and a line (or a bar, on a terminal) per step. */
  private static final class Reporter {
    private final CuratorFramework client;
    private final String base;
    private final String id;
    private final String participant;
    private final Phase initialGoal;
    private final MigrationPlan plan;
    private final Map<String, JdbcMigrationStore> stores;
    private final PrintStream out;
    private final boolean terminal = System.console() != null;
    private MigrationState last;
    private boolean waitingPrinted;
    private String passKey;
    private long passStartRows;
    private long partStartRows;
    private int partIndex;
    private boolean partFromStart;
    private int fullParts;
    private long fullPartRows;
    private boolean barOpen;
    private Boolean announced;
    private List<MigrationProgress.Fenced> fences = List.of();
    private String fencesKey;
    private long fencesReadAt;

    Reporter(
        CuratorFramework client,
        String base,
        String id,
        String participant,
        Phase initialGoal,
        MigrationPlan plan,
        Map<String, JdbcMigrationStore> stores,
        PrintStream out) {
      this.client = client;
      this.base = base;
      this.id = id;
      this.participant = participant;
      this.initialGoal = initialGoal;
      this.plan = plan;
      this.stores = stores;
      this.out = out;
    }

    /**
     * The fence records of every group's store, read again when the phase or version changed and at
     * most once a second otherwise (a fence is set inside a phase's steps); the last ones read when
     * a store cannot answer.
     */
    private List<MigrationProgress.Fenced> fences(MigrationState s) {
      StringBuilder key =
          new StringBuilder(s.phase() + "@" + s.version() + (s.rollingBack() ? "/back" : ""));
      for (String step : s.steps()) {
        if (step.indexOf('#') < 0) { // a step done (a fence set, a version published); no counter
          key.append(' ').append(step);
        }
      }
      long now = System.nanoTime();
      if (key.toString().equals(fencesKey) && now - fencesReadAt < TimeUnit.SECONDS.toNanos(1)) {
        return fences;
      }
      List<MigrationProgress.Fenced> read = new ArrayList<>();
      try {
        for (Map.Entry<String, JdbcMigrationStore> e : stores.entrySet()) {
          for (Fence f : e.getValue().fences()) {
            read.add(new MigrationProgress.Fenced(e.getKey(), f));
          }
        }
      } catch (RuntimeException e) {
        return fences; // the progress report is for people; the migration goes on
      }
      fences = read;
      fencesKey = key.toString();
      fencesReadAt = now;
      return fences;
    }

    private long rowsRead() {
      long n = 0;
      for (JdbcMigrationStore s : stores.values()) {
        n += s.rowsRead();
      }
      return n;
    }

    /**
     * Polls the election: prints when this process becomes leader, and when it has waited a second
     * as a standby.
     */
    void watchElection(ZkMigrationCoordinator coordinator) {
      long standbySince = System.nanoTime();
      try {
        while (!Thread.currentThread().isInterrupted()) {
          if (coordinator.leading()) {
            announce(true);
            standbySince = System.nanoTime();
          } else if (System.nanoTime() - standbySince > TimeUnit.SECONDS.toNanos(1)) {
            announce(false);
          }
          Thread.sleep(100);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (RuntimeException e) {
        // ZooKeeper unreachable for a while: the coordinator logs it; the display stops
      }
    }

    /** Prints this process's role when it changed since the last announcement. */
    private synchronized void announce(boolean leads) {
      if (announced != null && announced == leads) {
        return;
      }
      announced = leads;
      endLine();
      if (leads) {
        out.println(participant + " leads migration '" + id + "'");
      } else {
        String leader = Election.read(client, base, id).leader();
        out.println(
            participant
                + " is a standby of migration '"
                + id
                + "' (leader: "
                + (leader == null ? "none yet" : leader)
                + "); it takes over when the leader's session ends");
      }
      out.flush();
    }

    synchronized void step(MigrationState s) {
      announce(true);
      int parts = plan.movements().size();
      String pass = MigrationProgress.passOf(s.phase());
      String key = s.phase() + "/" + pass;
      int index = MigrationProgress.partIndexOf(s, parts);
      long now = rowsRead();
      if (!key.equals(passKey)) {
        passKey = key;
        passStartRows = now;
        partStartRows = now;
        partIndex = index;
        partFromStart = s.cursors().isEmpty(); // a part taken over mid-way is not a full part
        fullParts = 0;
        fullPartRows = 0;
      } else if (index != partIndex) {
        if (partFromStart && index == partIndex + 1) {
          fullParts++;
          fullPartRows += now - partStartRows;
        }
        partStartRows = now;
        partIndex = index;
        partFromStart = true;
      }
      String part = index < parts ? plan.movements().get(index).part().id() : null;
      long rows = now - passStartRows;
      List<MigrationProgress.Fenced> fenced = fences(s);
      MigrationProgress p =
          new MigrationProgress(
              participant,
              initialGoal,
              pass,
              index,
              parts,
              part,
              rows,
              now - partStartRows,
              fullParts,
              fullPartRows,
              System.currentTimeMillis(),
              fenced.subList(0, Math.min(fenced.size(), MigrationProgress.MAX_FENCES)),
              fenced.size());
      write(p);
      if (s.equals(last)) {
        if (!waitingPrinted && !s.phase().terminal()) {
          endLine();
          out.println(
              "leader "
                  + participant
                  + ": at "
                  + s.phase()
                  + " v"
                  + s.version()
                  + (s.phase() == Phase.CANARY
                      ? ", waiting for 'shardctl migrate cutover " + id + "'"
                      : s.phase() == Phase.ROLLBACK_WINDOW
                          ? ", waiting for 'shardctl migrate finish " + id + "' (or rollback)"
                          : ", waiting for the operator's next goal"));
          out.flush();
          waitingPrinted = true;
        }
        return;
      }
      last = s;
      waitingPrinted = false;
      String where =
          pass == null
              ? ""
              : " "
                  + pass
                  + " "
                  + (part == null ? "done" : "part " + part)
                  + " "
                  + Math.min(index + (part == null ? 0 : 1), parts)
                  + "/"
                  + parts;
      if (terminal) {
        int width = 30;
        int filled = parts == 0 ? width : (int) ((long) width * index / parts);
        out.print(
            "\r["
                + "#".repeat(filled)
                + "-".repeat(width - filled)
                + "] "
                + s.phase()
                + " v"
                + s.version()
                + where
                + String.format(Locale.ROOT, ", rows %,d", rows)
                + "    ");
        barOpen = true;
      } else {
        out.println(
            "leader "
                + participant
                + ": "
                + s.phase()
                + " v"
                + s.version()
                + (s.rollingBack() ? " (rolling back)" : "")
                + where
                + String.format(Locale.ROOT, ", rows read %,d", rows)
                + lastStep(s));
      }
      out.flush();
    }

    private static String lastStep(MigrationState s) {
      List<String> named = new ArrayList<>();
      for (String step : s.steps()) {
        if (!step.contains("#")) {
          named.add(step);
        }
      }
      return named.isEmpty() ? "" : ", done: " + String.join(" ", named);
    }

    private void write(MigrationProgress p) {
      String path = Election.migrationPath(base, id) + "/progress";
      byte[] data = p.toProperties().getBytes(StandardCharsets.UTF_8);
      try {
        try {
          client.setData().forPath(path, data);
        } catch (KeeperException.NoNodeException e) {
          client.create().creatingParentsIfNeeded().forPath(path, data);
        }
      } catch (Exception e) {
        // the progress report is for people; the state was saved, the migration goes on
      }
    }

    synchronized void endLine() {
      if (barOpen) {
        out.println();
        barOpen = false;
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // status

  private int status(Status a, Console console) {
    String id = a.id;
    String zk = zk(a);
    String base = base(a);
    try (CuratorFramework client =
        connect(a.command(), zk, 15_000, new ExponentialBackoffRetry(200, 3))) {
      MigrationState state = existing(a.command(), client, zk, base, id);
      MigrationProgress first = progress(client, base, id);
      MigrationProgress second = first;
      if (first != null && !state.phase().terminal()) {
        try {
          Thread.sleep(sample.toMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw CommandException.invalid("shardctl migrate status: interrupted");
        }
        state = existing(a.command(), client, zk, base, id);
        second = progress(client, base, id);
      }
      Phase goal = ZkMigrationCoordinator.goal(client, base, id);
      Election election = Election.read(client, base, id);
      MigrationStatus s = MigrationStatus.of(id, state, goal, election, first, second);
      console.out().println(a.json ? s.toJson() : s.toText());
      return ShardCtl.OK;
    }
  }

  private static MigrationProgress progress(CuratorFramework client, String base, String id) {
    try {
      byte[] data = client.getData().forPath(Election.migrationPath(base, id) + "/progress");
      return MigrationProgress.parse(new String(data, StandardCharsets.UTF_8));
    } catch (KeeperException.NoNodeException e) {
      return null;
    } catch (Exception e) {
      throw new IllegalStateException("reading the progress of migration '" + id + "': " + e, e);
    }
  }

  /** The state of migration {@code id}, or a refusal naming the migrations there are. */
  private static MigrationState existing(
      String command, CuratorFramework client, String zk, String base, String id) {
    ZkMigrationStateStore states = ZkMigrationStateStore.of(client, base);
    String statePath;
    try {
      statePath = states.statePath(id);
    } catch (IllegalArgumentException e) {
      throw CommandException.usage(command, e.getMessage());
    }
    MigrationState state;
    try {
      state = states.load(id);
      if (state == null && client.checkExists().forPath(statePath) != null) {
        return null; // claimed, nothing saved yet
      }
    } catch (Exception e) {
      if (e instanceof RuntimeException r && !(e instanceof IllegalArgumentException)) {
        throw r;
      }
      throw CommandException.invalid("shardctl " + command + ": " + e.getMessage());
    }
    if (state == null) {
      List<String> ids;
      try {
        ids = client.getChildren().forPath(base + "/migrations");
      } catch (KeeperException.NoNodeException e) {
        ids = List.of();
      } catch (Exception e) {
        ids = List.of();
      }
      ids = ids.stream().sorted().toList();
      throw CommandException.invalid(
          "shardctl "
              + command
              + ": no migration '"
              + id
              + "' under "
              + base
              + "/migrations on "
              + zk
              + (ids.isEmpty()
                  ? "; there is none: start one with 'shardctl migrate start OLD NEW --zk "
                      + zk
                      + " ...'"
                  : "; the migrations there: " + String.join(", ", ids)));
    }
    return state;
  }

  // ---------------------------------------------------------------------------------------------
  // cutover, finish, rollback

  private int goal(Goal a, Phase goal, Console console) {
    String command = a.command();
    String id = a.id;
    String zk = zk(a);
    String base = base(a);
    try (CuratorFramework client =
        connect(a.command(), zk, 15_000, new ExponentialBackoffRetry(200, 3))) {
      MigrationState state = existing(a.command(), client, zk, base, id);
      Phase phase = state == null ? Phase.PLANNED : state.phase();
      boolean rollingBack = state != null && state.rollingBack();
      String at = phase + " v" + (state == null ? "?" : Long.toString(state.version()));
      if (goal == Phase.ROLLED_BACK && phase == Phase.DONE) {
        throw CommandException.invalid(
            "shardctl "
                + command
                + ": migration '"
                + id
                + "' is DONE: the source's copies are deleted, there is nothing to roll back to;"
                + " plan a migration back (shardctl migrate start NEW OLD ...)");
      }
      if (goal != Phase.ROLLED_BACK && (rollingBack || phase == Phase.ROLLED_BACK)) {
        throw CommandException.invalid(
            "shardctl "
                + command
                + ": migration '"
                + id
                + "' "
                + (phase == Phase.ROLLED_BACK
                    ? "was rolled back"
                    : "is rolling back (at " + at + ")")
                + "; a rollback is not undone: start the migration again under another --id");
      }
      if (phase.terminal()) {
        console
            .out()
            .println(
                "migration '"
                    + id
                    + "' is already "
                    + phase
                    + " (v"
                    + state.version()
                    + "); nothing to do");
        return ShardCtl.OK;
      }
      ZkMigrationCoordinator.requestGoal(client, base, id, goal);
      String leader = Election.read(client, base, id).leader();
      console
          .out()
          .println(
              "asked migration '"
                  + id
                  + "' to "
                  + switch (goal) {
                    case ROLLBACK_WINDOW -> "cut over";
                    case DONE -> "finish";
                    default -> "roll back";
                  }
                  + " (goal "
                  + goal
                  + "); it is at "
                  + at
                  + (rollingBack ? ", rolling back" : "")
                  + "; "
                  + (leader == null
                      ? "no coordinator is running: it acts once one is started (shardctl migrate"
                          + " start)"
                      : "leader " + leader + " acts on it before its next step")
                  + "; follow it with 'shardctl migrate status "
                  + id
                  + " --zk "
                  + zk
                  + "'");
      return ShardCtl.OK;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // shared

  private static String zk(OnZk a) {
    String zk = a.ensemble.zk;
    ZkAddress.check(a.command(), zk, true);
    return zk;
  }

  private static String base(OnZk a) {
    String base = a.ensemble.base;
    if (!base.startsWith("/") || base.endsWith("/") || base.contains("//")) {
      throw CommandException.usage(
          a.command(), "--base must be a znode path such as /shardrouter, got '" + base + "'");
    }
    return base;
  }

  private static List<String> list(String csv) {
    if (csv == null) {
      return List.of();
    }
    return Arrays.stream(csv.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }

  private CuratorFramework connect(
      String command, String zk, int sessionMs, ExponentialBackoffRetry retry) {
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(zk)
            .sessionTimeoutMs(sessionMs)
            .connectionTimeoutMs((int) connectWait.toMillis())
            .retryPolicy(retry)
            .maxCloseWaitMs(200)
            .build();
    client.start();
    try {
      if (!client.blockUntilConnected((int) connectWait.toMillis(), TimeUnit.MILLISECONDS)) {
        client.close();
        throw CommandException.invalid(
            "shardctl "
                + command
                + ": cannot connect to ZooKeeper at "
                + zk
                + " within "
                + connectWait.toMillis()
                + " ms; is the ensemble (or 'shardctl zk serve') running? give its address with"
                + " --zk HOST:PORT");
      }
    } catch (InterruptedException e) {
      client.close();
      Thread.currentThread().interrupt();
      throw CommandException.invalid("shardctl " + command + ": interrupted while connecting");
    }
    try {
      ZkAddress.requireChroot(command, zk, client);
    } catch (CommandException e) {
      client.close();
      throw e;
    }
    return client;
  }
}
