package io.shardrouter.zookeeper;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.zookeeper.internal.EntityStore;
import io.shardrouter.zookeeper.internal.LastKnownGood;
import io.shardrouter.zookeeper.internal.Manifest;
import io.shardrouter.zookeeper.internal.ZkErrors;
import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.CuratorZookeeperClient;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps routers of one entity on the newest table published to ZooKeeper by a {@link
 * ZkRoutingPublisher}: it watches the entity's manifest (a Curator {@code CuratorCache}), reads and
 * verifies the chunks, decodes the snapshot and calls {@link Router#update}; it keeps a
 * last-known-good copy on disk and registers the instance in the version census. What it does in
 * each failure is in {@code docs/fleet.md}:
 *
 * <ul>
 *   <li>A damaged chunk, a checksum mismatch or a table the router refuses is logged, shows in
 *       {@link #status()}, and the last good table keeps serving.
 *   <li>Watch events may merge: every read takes the newest manifest, so an instance may skip
 *       versions and still lands on the newest.
 *   <li>Started while ZooKeeper is unreachable (or answers without a table of the entity: nothing
 *       published, or a chroot that does not exist), it serves its last-known-good copy after the
 *       wait given to {@link #start}, logs which of these it was, and catches up when ZooKeeper has
 *       the table. A suspended or lost session changes nothing for routing.
 *   <li>A last-known-good copy that is truncated or altered is refused; the instance then has no
 *       table until ZooKeeper answers ({@link #awaitRouter}).
 * </ul>
 *
 * <p><b>Thread-safety:</b> safe for any number of threads; tables are read and applied on one
 * thread of the source's own.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ZkRoutingSource implements RoutingSource {
  private static final Logger LOG = LoggerFactory.getLogger(ZkRoutingSource.class);

  /** How often an instance heartbeats in the census unless {@link Builder#heartbeat} says. */
  public static final Duration DEFAULT_HEARTBEAT = Duration.ofSeconds(5);

  private final CuratorFramework client;
  private final EntityStore store;
  private final @Nullable LastKnownGood lastKnownGood;
  private final @Nullable Census census;
  private final Clock clock;
  private final ExecutorService executor;
  private final AtomicBoolean refreshQueued = new AtomicBoolean();
  private final ConnectionStateListener connectionListener = this::connectionChanged;
  private @Nullable CuratorCache cache;

  private final ServedRouters routers;
  private final ServedState state;
  private volatile boolean closed;
  private @Nullable String refusedBlob;

  private ZkRoutingSource(Builder b) {
    this.client = b.client;
    this.store = new EntityStore(b.client, b.base, b.entity, b.limits);
    this.routers = new ServedRouters(b.entity);
    this.lastKnownGood =
        b.lastKnownGood == null ? null : new LastKnownGood(b.lastKnownGood, b.entity, b.limits);
    this.clock = b.clock;
    this.census =
        b.instance == null
            ? null
            : new Census(b.client, store.paths(), b.instance, b.clock, b.heartbeatEvery);
    this.state = new ServedState(routers, census, b.clock);
    this.executor =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "shardrouter-zk-source-" + b.entity);
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * The instance id to register with when none is configured: {@code HOST:PID}, this machine's host
   * name (the {@code HOSTNAME} environment variable when set, as in a container or pod; otherwise
   * {@code COMPUTERNAME}, then the name the JVM resolves for the local host, then {@code
   * localhost}) and this process's id, with any character a znode name cannot hold replaced by
   * {@code _} and the host name cut so that the id fits in 200 characters. The command line ({@code
   * shardctl zk watch} without {@code --instance}) and services that pass it to {@link
   * Builder#instanceId} get the same id for the same process, so the census names a process the way
   * {@code ps} does.
   */
  public static String defaultInstanceId() {
    String host = System.getenv("HOSTNAME");
    if (host == null || host.isBlank()) {
      host = System.getenv("COMPUTERNAME");
    }
    if (host == null || host.isBlank()) {
      try {
        host = java.net.InetAddress.getLocalHost().getHostName();
      } catch (java.io.IOException | SecurityException e) {
        host = "localhost";
      }
    }
    String pid = Long.toString(ProcessHandle.current().pid());
    StringBuilder id = new StringBuilder();
    for (int i = 0; i < host.length() && id.length() < 199 - pid.length(); i++) {
      char c = host.charAt(i);
      id.append(c == '/' || Character.isISOControl(c) ? '_' : c);
    }
    return id.append(':').append(pid).toString();
  }

  /** A builder for a source of {@code entity} reading through {@code client}. */
  public static Builder builder(CuratorFramework client, String entity) {
    return new Builder(client, entity);
  }

  /**
   * Starts watching and waits up to {@code startupWait} for a table from ZooKeeper; after that, it
   * serves the last-known-good copy when there is a good one. Returns at once when a table arrives.
   *
   * @throws IllegalStateException when the Curator client is not started, or this source was
   *     started before
   */
  public ZkRoutingSource start(Duration startupWait) {
    if (client.getState() != CuratorFrameworkState.STARTED) {
      throw new IllegalStateException(
          "start the CuratorFramework before the routing source of '" + store.entity() + "'");
    }
    CuratorCache c;
    synchronized (this) {
      if (cache != null) {
        throw new IllegalStateException(
            "routing source of '" + store.entity() + "' is already started");
      }
      c =
          CuratorCache.build(
              client, store.paths().manifest(), CuratorCache.Options.SINGLE_NODE_CACHE);
      cache = c;
    }
    client.getConnectionStateListenable().addListener(connectionListener);
    c.listenable().addListener((type, before, after) -> requestRefresh());
    c.start();
    if (census != null) {
      census.start(state.entry(census));
    }
    requestRefresh();
    if (!awaitTable(startupWait) && lastKnownGood != null) {
      loadLastKnownGood(lastKnownGood);
    }
    return this;
  }

  /**
   * The router this source keeps up to date. @throws IllegalStateException while it has no table
   */
  public Router router() {
    Router r = routers.router();
    if (r == null) {
      throw new IllegalStateException(noTableMessage());
    }
    return r;
  }

  /**
   * The router, once the source has a table; waits up to {@code timeout} for it.
   *
   * @throws RoutingException when no table arrived in time, with the last error
   */
  public Router awaitRouter(Duration timeout) {
    if (!awaitTable(timeout)) {
      RoutingException last = state.lastError();
      throw last == null
          ? new RoutingException(noTableMessage())
          : new RoutingException(noTableMessage(), last);
    }
    return router(); // there is one now: a router, once created, stays
  }

  /** Waits up to {@code timeout} until the router routes with {@code version} or newer. */
  public boolean awaitVersion(long version, Duration timeout) {
    return routers.awaitVersion(version, timeout);
  }

  /** True while the table served is the last-known-good copy, not one read from ZooKeeper. */
  public boolean servingLastKnownGood() {
    return state.servingLastKnownGood();
  }

  /**
   * When the last-known-good copy was written: while {@link #servingLastKnownGood()}, the time
   * stored in the copy served (its age is how far behind ZooKeeper this instance may be; the
   * version is {@link #status()}{@code .version()}); otherwise when this source last wrote its
   * copy. Null when it keeps no copy or has written none yet.
   */
  public @Nullable Instant lastKnownGoodWrittenAt() {
    return state.lastKnownGoodWrittenAt();
  }

  @Override
  public void subscribe(Router subscriber) {
    routers.subscribe(subscriber);
  }

  @Override
  public void unsubscribe(Router subscriber) {
    routers.unsubscribe(subscriber);
  }

  @Override
  public RoutingSource.Status status() {
    return state.status();
  }

  /**
   * Stops watching, leaves the census and stops the source's thread; the Curator client stays open.
   */
  @Override
  public void close() {
    closed = true;
    client.getConnectionStateListenable().removeListener(connectionListener);
    synchronized (this) {
      if (cache != null) {
        cache.close();
      }
    }
    if (census != null) {
      census.close();
    }
    executor.shutdown();
    try {
      if (!executor.awaitTermination(2, TimeUnit.SECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  private void connectionChanged(CuratorFramework c, ConnectionState change) {
    if (change.isConnected()) {
      if (change == ConnectionState.RECONNECTED) {
        LOG.info(
            "routing source '{}'{}: ZooKeeper connection {}: reconnected, serving {}{}",
            store.entity(),
            census == null ? "" : " (instance " + census.instance() + ")",
            change,
            served(),
            census == null ? "" : "; its census node is written again");
      }
      requestRefresh();
    } else {
      LOG.warn(
          "routing source '{}'{}: ZooKeeper connection {}; still serving {}",
          store.entity(),
          census == null ? "" : " (instance " + census.instance() + ")",
          change,
          served());
    }
  }

  /** What is served, for the log: {@code version 7}, with the copy's time when it is the copy. */
  private String served() {
    Router r = routers.router();
    if (r == null) {
      return "no version (no table yet)";
    }
    return "version "
        + r.version()
        + (state.servingLastKnownGood()
            ? " from the last-known-good copy written at " + state.lastKnownGoodWrittenAt()
            : "");
  }

  /**
   * Queues a read of the newest manifest unless one is queued already: merged events land on the
   * newest.
   */
  private void requestRefresh() {
    if (!closed && refreshQueued.compareAndSet(false, true)) {
      try {
        executor.execute(this::refresh);
      } catch (RejectedExecutionException e) {
        refreshQueued.set(false);
      }
    }
  }

  private void refresh() {
    refreshQueued.set(false);
    if (closed || !client.getZookeeperClient().isConnected()) {
      return;
    }
    try {
      for (int attempt = 1; ; attempt++) {
        try {
          refreshOnce();
          return;
        } catch (EntityStore.BlobGoneException e) {
          if (attempt == 3) {
            throw e;
          }
        }
      }
    } catch (RoutingException e) {
      if (closed) {
        return;
      }
      state.failed(e);
      Router r = routers.router();
      LOG.warn(
          "routing source '{}' refused what ZooKeeper holds; still routing with version {}: {}",
          store.entity(),
          r == null ? "none" : Long.toString(r.version()),
          e.getMessage());
    } catch (RuntimeException e) {
      state.failed(
          new RoutingException("reading the table of '" + store.entity() + "' failed: " + e, e));
      LOG.error("routing source '{}' failed unexpectedly", store.entity(), e);
    }
  }

  private void refreshOnce() {
    EntityStore.Published published = store.published();
    if (published == null) {
      LOG.debug("nothing published yet for '{}' under {}", store.entity(), store.paths().entity());
      return;
    }
    Manifest m = published.manifest();
    Router r = routers.router();
    if (r != null
        && m.version() == r.version()
        && m.fingerprint().equals(r.table().fingerprint())) {
      if (state.confirmed()) {
        LOG.info(
            "routing source '{}': ZooKeeper holds version {}, the last-known-good copy served;"
                + " no longer serving it as last-known-good",
            store.entity(),
            m.version());
      }
      return;
    }
    if (m.blob().equals(refusedBlob)) {
      return; // refused before: reading it again would only repeat the error
    }
    if (r != null && m.version() < r.version()) {
      throw new RoutingException(
          "ZooKeeper holds version "
              + m.version()
              + " of '"
              + store.entity()
              + "', older than version "
              + r.version()
              + " that this instance routes with; routers never go back: publish a version above "
              + r.version());
    }
    byte[] snapshot;
    RoutingTable table;
    try {
      snapshot = store.chunkBytes(m);
      table = store.decode(m, snapshot);
      state.apply(table);
    } catch (EntityStore.BlobGoneException e) {
      throw e;
    } catch (RoutingException e) {
      if (!(e instanceof ZkErrors.StoreException)) {
        refusedBlob = m.blob(); // the content is bad, not the connection: do not read it again
      }
      throw e;
    }
    if (lastKnownGood != null) {
      try {
        Instant now = clock.instant();
        lastKnownGood.write(snapshot, now);
        state.lastKnownGoodWritten(now);
      } catch (RoutingException e) {
        if (!closed) {
          LOG.warn("routing source '{}': {}", store.entity(), e.getMessage());
        }
      }
    }
    state.confirmed();
  }

  /** Serves the copy in {@code local} (this source's last-known-good file) if it is good. */
  private void loadLastKnownGood(LastKnownGood local) {
    try {
      LastKnownGood.Copy copy = local.read();
      if (copy == null) {
        LOG.warn(
            "routing source '{}': no table from ZooKeeper yet and no last-known-good copy at {};"
                + " waiting for ZooKeeper",
            store.entity(),
            local.file());
        return;
      }
      if (!state.applyLastKnownGood(copy)) {
        return; // ZooKeeper answered meanwhile
      }
      LOG.warn(
          "routing source '{}': {}; routing with the last-known-good version {} written at {}",
          store.entity(),
          whyNoTable(),
          copy.table().version(),
          copy.writtenAt());
    } catch (RoutingException e) {
      state.failed(e);
      LOG.warn(
          "routing source '{}' refused its last-known-good copy; waiting for ZooKeeper: {}",
          store.entity(),
          e.getMessage());
    }
  }

  /**
   * Why no table came from ZooKeeper within the start's wait, as far as the client tells: it did
   * not answer; it answers, but the chroot of its connect string does not exist (ZooKeeper does not
   * create one, and nothing can be read under it until it is created); or it answers and no table
   * of the entity was read (none published, or one refused or still being read).
   */
  private String whyNoTable() {
    CuratorZookeeperClient zk = client.getZookeeperClient();
    if (!zk.isConnected()) {
      return "ZooKeeper did not answer in time";
    }
    String connect = zk.getCurrentConnectionString();
    int slash = connect.indexOf('/');
    if (slash >= 0 && slash < connect.length() - 1 && !rootExists(zk)) {
      String chroot = connect.substring(slash);
      return "ZooKeeper at "
          + connect.substring(0, slash)
          + " answers, but the chroot "
          + chroot
          + " of the connect string does not exist (ZooKeeper does not create it); create it"
          + " (zkCli.sh -server "
          + connect.substring(0, slash)
          + " create "
          + chroot
          + ") and this source reads what is published under it, or connect without it";
    }
    return "ZooKeeper answers, but no table of '"
        + store.entity()
        + "' was read from "
        + store.paths().entity()
        + " in time";
  }

  /** Whether the client's root (its chroot, when it has one) exists; true when it cannot tell. */
  private static boolean rootExists(CuratorZookeeperClient zk) {
    try {
      // the ZooKeeper handle itself: one request, no retry loop that could hold start() up
      return zk.getZooKeeper().exists("/", false) != null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    } catch (Exception e) {
      return true;
    }
  }

  private boolean awaitTable(Duration timeout) {
    return awaitVersion(0, timeout);
  }

  private String noTableMessage() {
    RoutingException e = state.lastError();
    return "routing source of '"
        + store.entity()
        + "' has no table yet: nothing read from ZooKeeper under "
        + store.paths().entity()
        + (lastKnownGood == null
            ? " and no last-known-good copy kept"
            : " and no usable last-known-good copy at " + lastKnownGood.file())
        + (e == null ? "" : "; last error: " + e.getMessage());
  }

  /**
   * Configures a {@link ZkRoutingSource}.
   *
   * <p><b>Thread-safety:</b> not thread-safe; the source it builds is.
   */
  public static final class Builder {
    private final CuratorFramework client;
    private final String entity;
    private String base = ZnodePaths.DEFAULT_BASE;
    private @Nullable Path lastKnownGood;
    private @Nullable String instance;
    private Duration heartbeatEvery = DEFAULT_HEARTBEAT;
    private Clock clock = Clock.systemUTC();
    private ReadLimits limits = ReadLimits.defaults();

    private Builder(CuratorFramework client, String entity) {
      this.client = Objects.requireNonNull(client, "client");
      this.entity = ZnodePaths.checkName("entity", entity);
    }

    /** The ZooKeeper path everything lives under; default {@code /shardrouter}. */
    public Builder basePath(String base) {
      this.base = ZnodePaths.checkBase(base);
      return this;
    }

    /**
     * Keeps a last-known-good copy of every applied table in {@code directory} (as {@code
     * ENTITY.lkg}) and serves it when ZooKeeper does not answer at start-up; default none.
     */
    public Builder lastKnownGood(Path directory) {
      this.lastKnownGood = Objects.requireNonNull(directory, "directory");
      return this;
    }

    /**
     * Registers this instance in the version census under {@code instance}, which must be unique in
     * the fleet (a host name, a pod name; {@link ZkRoutingSource#defaultInstanceId()} when there is
     * no better one); default: not registered. The node heartbeats (see {@link #heartbeat}) and
     * goes when the source is closed.
     */
    public Builder instanceId(String instance) {
      this.instance = ZnodePaths.checkName("instance id", instance);
      return this;
    }

    /**
     * How often the instance writes its census node again with the time, so that the census can
     * tell a live instance from a dead one before its session expires: it is {@linkplain
     * CensusReport.Entry#stale stale} when its heartbeat is older than {@value
     * CensusReport.Entry#STALE_AFTER_HEARTBEATS} periods. Default {@link #DEFAULT_HEARTBEAT} (5 s),
     * one small write per instance per period; {@link Duration#ZERO} turns it off, and the census
     * node is then written in census format 1, which library versions before the heartbeat read.
     * Only with {@link #instanceId}.
     *
     * @throws IllegalArgumentException when negative, or positive but under 100 ms or over one hour
     */
    public Builder heartbeat(Duration every) {
      Objects.requireNonNull(every, "every");
      if (!every.isZero()
          && (every.compareTo(Duration.ofMillis(100)) < 0
              || every.compareTo(Duration.ofHours(1)) > 0)) {
        throw new IllegalArgumentException(
            "heartbeat must be between 100 ms and 1 hour, or zero to turn it off, got " + every);
      }
      this.heartbeatEvery = every;
      return this;
    }

    /**
     * The limits within which published tables and the last-known-good copy are read; default
     * {@link ReadLimits#defaults()}, which fit a 256 MiB heap. A fleet that publishes larger tables
     * (a directory of millions of keys) raises them here; a table over them is refused, and the
     * instance keeps serving its last good table.
     */
    public Builder readLimits(ReadLimits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /** The clock for ages and census times; default the system clock. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** The source, not started: call {@link ZkRoutingSource#start}. */
    public ZkRoutingSource build() {
      return new ZkRoutingSource(this);
    }
  }
}
