package io.shardrouter.zookeeper;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.zookeeper.internal.Chunks;
import io.shardrouter.zookeeper.internal.EntityStore;
import io.shardrouter.zookeeper.internal.Manifest;
import io.shardrouter.zookeeper.internal.Pruner;
import io.shardrouter.zookeeper.internal.ZkErrors;
import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes routing tables to ZooKeeper, where every {@link ZkRoutingSource} of the entity picks
 * them up: the table's binary snapshot split into chunks well under ZooKeeper's 1 MB node limit,
 * and a manifest (version, fingerprint, chunk count, checksums) committed with compare-and-set on
 * the manifest read, so that of two publishers working from the same version exactly one wins and a
 * reader never sees half a table. The znode layout and the transaction are in {@code
 * docs/fleet.md}.
 *
 * <p>When the chunks fit in {@link Builder#transactionBytes} they are written in the same
 * transaction as the manifest. A larger table's chunks are first written under a fresh blob node
 * that no manifest names, then one transaction checks that blob, records the version and swaps the
 * manifest; until that transaction commits no reader can reach the chunks.
 *
 * <p>After a publish, versions beyond the newest {@link Builder#keepVersions} are pruned with their
 * chunks, and so are blobs that a losing or crashed publisher left behind.
 *
 * <p><b>Thread-safety:</b> safe for any number of threads and processes.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ZkRoutingPublisher implements RoutingPublisher {
  private static final Logger LOG = LoggerFactory.getLogger(ZkRoutingPublisher.class);

  /** The default size of one chunk: 256 KiB, a quarter of ZooKeeper's default node limit. */
  public static final int DEFAULT_CHUNK_BYTES = 256 << 10;

  /** The default largest chunk payload written in the manifest's own transaction: 768 KiB. */
  public static final int DEFAULT_TRANSACTION_BYTES = 768 << 10;

  /** The default number of versions kept for rollback. */
  public static final int DEFAULT_KEEP_VERSIONS = 10;

  private final CuratorFramework client;
  private final String base;
  private final int chunkBytes;
  private final int transactionBytes;
  private final int keepVersions;
  private final int readableContentBytes;
  private final String publisher;
  private final Clock clock;

  private ZkRoutingPublisher(Builder b) {
    this.client = b.client;
    this.base = b.base;
    this.chunkBytes = b.chunkBytes;
    this.transactionBytes = b.transactionBytes;
    this.keepVersions = b.keepVersions;
    this.readableContentBytes = b.readableContentBytes;
    this.publisher = b.publisher;
    this.clock = b.clock;
  }

  /**
   * A builder for a publisher writing through {@code client}, which the caller starts and closes.
   */
  public static Builder builder(CuratorFramework client) {
    return new Builder(client);
  }

  @Override
  public long publishedVersion(String entity) {
    EntityStore.Published p = new EntityStore(client, base, entity).published();
    return p == null ? NOTHING_PUBLISHED : p.manifest().version();
  }

  /**
   * {@inheritDoc}
   *
   * <p>On success the versions older than the newest {@link Builder#keepVersions} are pruned; a
   * failure to prune is logged and does not undo the publish.
   */
  @Override
  public boolean publish(RoutingTable table, long expectedVersion) {
    return publish(table, expectedVersion, null);
  }

  /**
   * A znode whose version must not have changed for a publish to take effect: checked in the
   * publish's own transaction (a migration's state znode, so that a coordinator another one took
   * over from cannot publish).
   */
  record Guard(String path, int version) {}

  /**
   * {@link #publish(RoutingTable, long)}, in a transaction that also checks {@code guard}.
   *
   * @throws GuardException when the guard's znode changed or is gone: nothing was published
   */
  boolean publish(RoutingTable table, long expectedVersion, @Nullable Guard guard) {
    Objects.requireNonNull(table, "table");
    if (expectedVersion < NOTHING_PUBLISHED) {
      throw new IllegalArgumentException(
          "expected version must be >= 0, or "
              + NOTHING_PUBLISHED
              + " when nothing is published, got "
              + expectedVersion);
    }
    EntityStore store = new EntityStore(client, base, table.entity());
    ZnodePaths paths = store.paths();
    EntityStore.Published current = store.published();
    if (current != null && sameTable(current.manifest(), table)) {
      return false;
    }
    long currentVersion = current == null ? NOTHING_PUBLISHED : current.manifest().version();
    if (currentVersion != expectedVersion) {
      throw PublishConflictException.lostRace(
          table.entity(),
          expectedVersion,
          currentVersion,
          current == null ? null : current.manifest().fingerprint(),
          table.version());
    }
    if (table.version() <= currentVersion) {
      throw PublishConflictException.notAbove(
          table.entity(), currentVersion, table.version(), table.version() == currentVersion);
    }
    if (current == null) {
      ensureParents(paths); // the first version; later ones find them there
    }

    byte[] snapshot = RoutingDocuments.writeSnapshot(table);
    checkReadable(table, snapshot);
    List<byte[]> chunks = Chunks.split(snapshot, chunkBytes);
    List<Integer> crcs = new ArrayList<>(chunks.size());
    for (byte[] c : chunks) {
      crcs.add(Chunks.crc32c(c));
    }
    String blob =
        ZnodePaths.versionName(table.version())
            + "-"
            + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    Manifest manifest =
        new Manifest(
            table.entity(),
            table.version(),
            table.fingerprint(),
            blob,
            chunkBytes,
            snapshot.length,
            Chunks.crc32c(snapshot),
            crcs,
            clock.instant(),
            publisher);
    byte[] manifestBytes = manifest.toBytes();

    List<CuratorOp> commit = new ArrayList<>();
    boolean oneTransaction = snapshot.length <= transactionBytes;
    try {
      if (guard != null) {
        commit.add(
            client.transactionOp().check().withVersion(guard.version()).forPath(guard.path()));
      }
      if (oneTransaction) {
        commit.add(client.transactionOp().create().forPath(paths.blob(blob)));
        for (int i = 0; i < chunks.size(); i++) {
          commit.add(client.transactionOp().create().forPath(paths.chunk(blob, i), chunks.get(i)));
        }
      } else {
        stage(paths, blob, chunks);
        commit.add(client.transactionOp().check().withVersion(0).forPath(paths.blob(blob)));
      }
      commit.add(
          client.transactionOp().create().forPath(paths.version(table.version()), manifestBytes));
      commit.add(
          current == null
              ? client.transactionOp().create().forPath(paths.manifest(), manifestBytes)
              : client
                  .transactionOp()
                  .setData()
                  .withVersion(current.znodeVersion())
                  .forPath(paths.manifest(), manifestBytes));
      client.transaction().forOperations(commit);
    } catch (KeeperException.BadVersionException
        | KeeperException.NodeExistsException
        | KeeperException.NoNodeException e) {
      if (!oneTransaction) {
        new Pruner(store, keepVersions).deleteBlob(blob);
      }
      checkGuard(guard, table, e);
      return conflict(store, table, expectedVersion, e);
    } catch (Exception e) {
      if (!oneTransaction) {
        new Pruner(store, keepVersions).deleteBlob(blob);
      }
      throw ZkErrors.wrap(
          e,
          "publishing version "
              + table.version()
              + " of '"
              + table.entity()
              + "' under "
              + paths.entity());
    }
    LOG.info(
        "published routing table '{}' version {} over {} ({} bytes in {} chunks, fingerprint {})",
        table.entity(),
        table.version(),
        currentVersion == NOTHING_PUBLISHED ? "nothing" : Long.toString(currentVersion),
        snapshot.length,
        chunks.size(),
        table.fingerprint().substring(0, 12));
    try {
      new Pruner(store, keepVersions).prune();
    } catch (RuntimeException e) {
      LOG.warn(
          "published '{}' version {}, but pruning old versions failed; the next publish retries",
          table.entity(),
          table.version(),
          e);
    }
    return true;
  }

  /** Publishes {@code table} on top of whatever is published now: for tools, not for migrations. */
  public boolean publish(RoutingTable table) {
    return publish(table, publishedVersion(table.entity()));
  }

  /** The kept versions of {@code entity}, oldest first, the published one last. */
  public List<PublishedVersion> history(String entity) {
    EntityStore store = new EntityStore(client, base, entity);
    List<PublishedVersion> out = new ArrayList<>();
    for (Manifest m : store.history()) {
      out.add(PublishedVersion.of(m));
    }
    return out;
  }

  /**
   * The published table of {@code entity}, read and verified.
   *
   * @throws io.shardrouter.core.RoutingException when nothing is published or the table is damaged
   */
  public RoutingTable read(String entity) {
    EntityStore store = new EntityStore(client, base, entity);
    EntityStore.Published p = store.published();
    if (p == null) {
      throw new io.shardrouter.core.RoutingException(
          "nothing is published for entity '"
              + entity
              + "' under "
              + store.paths().entity()
              + "; publish a table first, or check the entity name and the base path");
    }
    return store.read(p.manifest());
  }

  /**
   * The kept table of {@code entity} at {@code version}, read and verified.
   *
   * @throws io.shardrouter.core.RoutingException when that version is not kept or is damaged
   */
  public RoutingTable read(String entity, long version) {
    EntityStore store = new EntityStore(client, base, entity);
    Manifest m = store.manifestOf(version);
    if (m == null) {
      throw new io.shardrouter.core.RoutingException(
          "version "
              + version
              + " of entity '"
              + entity
              + "' is not kept under "
              + store.paths().versions()
              + "; kept: "
              + store.keptVersions());
    }
    return store.read(m);
  }

  /** Throws {@link GuardException} when {@code guard}'s znode is not at its version any more. */
  private void checkGuard(@Nullable Guard guard, RoutingTable table, KeeperException cause) {
    if (guard == null) {
      return;
    }
    Stat now;
    try {
      now = client.checkExists().forPath(guard.path());
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "checking " + guard.path() + " after a refused publish");
    }
    if (now == null || now.getVersion() != guard.version()) {
      GuardException e =
          new GuardException(
              "version "
                  + table.version()
                  + " of '"
                  + table.entity()
                  + "' was not published: "
                  + guard.path()
                  + " is at version "
                  + (now == null ? "none (deleted)" : Integer.toString(now.getVersion()))
                  + ", not "
                  + guard.version()
                  + " as this publisher's holder last wrote it; another holder took over");
      e.addSuppressed(cause);
      throw e;
    }
  }

  /** A guarded publish refused because the guard's znode changed: another holder took over. */
  static final class GuardException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GuardException(String message) {
      super(message);
    }
  }

  /** Where it publishes and under which name, as messages (a migration's refusals) show it. */
  @Override
  public String toString() {
    return "ZkRoutingPublisher{base " + base + ", publisher " + publisher + "}";
  }

  private static boolean sameTable(Manifest m, RoutingTable table) {
    return m.version() == table.version() && m.fingerprint().equals(table.fingerprint());
  }

  private boolean conflict(
      EntityStore store, RoutingTable table, long expectedVersion, KeeperException cause) {
    EntityStore.Published now = store.published();
    if (now != null && sameTable(now.manifest(), table)) {
      return false;
    }
    PublishConflictException e =
        PublishConflictException.lostRace(
            table.entity(),
            expectedVersion,
            now == null ? NOTHING_PUBLISHED : now.manifest().version(),
            now == null ? null : now.manifest().fingerprint(),
            table.version());
    e.addSuppressed(cause);
    throw e;
  }

  private void stage(ZnodePaths paths, String blob, List<byte[]> chunks) throws Exception {
    client.create().forPath(paths.blob(blob));
    List<CuratorOp> batch = new ArrayList<>();
    int batchBytes = 0;
    for (int i = 0; i < chunks.size(); i++) {
      if (!batch.isEmpty() && batchBytes + chunks.get(i).length > transactionBytes) {
        client.transaction().forOperations(batch);
        batch = new ArrayList<>();
        batchBytes = 0;
      }
      batch.add(client.transactionOp().create().forPath(paths.chunk(blob, i), chunks.get(i)));
      batchBytes += chunks.get(i).length;
    }
    client.transaction().forOperations(batch);
  }

  private void ensureParents(ZnodePaths paths) {
    for (String path : new String[] {paths.versions(), paths.blobs(), paths.census()}) {
      try {
        client.create().creatingParentsIfNeeded().forPath(path);
      } catch (KeeperException.NodeExistsException e) {
        // created by an earlier publish or a concurrent one
      } catch (Exception e) {
        throw ZkErrors.wrap(e, "creating " + path);
      }
    }
  }

  /**
   * Refuses a table whose snapshot content is over the limit every {@link ZkRoutingSource} reads
   * snapshots with: published, it would be refused by every instance, and the fleet would stay on
   * the version before.
   */
  private void checkReadable(RoutingTable table, byte[] snapshot) {
    // The declared content length: the unsigned little-endian 32-bit field at offset 8 of the
    // snapshot header (docs/format.md §3.1).
    long content =
        (snapshot[8] & 0xffL)
            | (snapshot[9] & 0xffL) << 8
            | (snapshot[10] & 0xffL) << 16
            | (snapshot[11] & 0xffL) << 24;
    if (content > readableContentBytes) {
      throw new IllegalArgumentException(
          "table '"
              + table.entity()
              + "' version "
              + table.version()
              + " is not published: its snapshot content is "
              + content
              + " bytes, over the "
              + readableContentBytes
              + " bytes (ReadLimits.DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES) that every ZkRoutingSource reads,"
              + " so no instance could load it; shorten the directory's keys or split the"
              + " directory (docs/fleet.md, large tables)");
    }
  }

  /**
   * Configures a {@link ZkRoutingPublisher}.
   *
   * <p><b>Thread-safety:</b> not thread-safe; the publisher it builds is.
   */
  public static final class Builder {
    private final CuratorFramework client;
    private String base = ZnodePaths.DEFAULT_BASE;
    private int chunkBytes = DEFAULT_CHUNK_BYTES;
    private int transactionBytes = DEFAULT_TRANSACTION_BYTES;
    private int keepVersions = DEFAULT_KEEP_VERSIONS;
    private int readableContentBytes = ReadLimits.DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES;
    private String publisher = "pid-" + ProcessHandle.current().pid();
    private Clock clock = Clock.systemUTC();

    private Builder(CuratorFramework client) {
      this.client = Objects.requireNonNull(client, "client");
    }

    /** The ZooKeeper path everything lives under; default {@code /shardrouter}. */
    public Builder basePath(String base) {
      this.base = ZnodePaths.checkBase(base);
      return this;
    }

    /** Test hook: the snapshot content limit the readers are assumed to have. */
    Builder readableContentBytes(int bytes) {
      this.readableContentBytes = bytes;
      return this;
    }

    /**
     * The size of one chunk, 1 byte to 768 KiB; default {@value #DEFAULT_CHUNK_BYTES}. ZooKeeper
     * refuses a node over its {@code jute.maxbuffer} (1 MB by default).
     */
    public Builder chunkBytes(int chunkBytes) {
      if (chunkBytes < 1 || chunkBytes > 768 << 10) {
        throw new IllegalArgumentException(
            "chunkBytes must be in [1, " + (768 << 10) + "], got " + chunkBytes);
      }
      this.chunkBytes = chunkBytes;
      return this;
    }

    /**
     * The largest snapshot written in the manifest's own transaction, and the largest chunk payload
     * of one staging transaction; 1 byte to 768 KiB, default {@value #DEFAULT_TRANSACTION_BYTES}.
     */
    public Builder transactionBytes(int transactionBytes) {
      if (transactionBytes < 1 || transactionBytes > 768 << 10) {
        throw new IllegalArgumentException(
            "transactionBytes must be in [1, " + (768 << 10) + "], got " + transactionBytes);
      }
      this.transactionBytes = transactionBytes;
      return this;
    }

    /** How many versions are kept for rollback, the published one included; default 10. */
    public Builder keepVersions(int keepVersions) {
      if (keepVersions < 1) {
        throw new IllegalArgumentException(
            "keepVersions must be >= 1 (the published version is always kept), got "
                + keepVersions);
      }
      this.keepVersions = keepVersions;
      return this;
    }

    /** The name recorded in every manifest this publisher writes; default {@code pid-PID}. */
    public Builder publisherName(String publisher) {
      if (publisher == null || publisher.isBlank() || publisher.contains("\n")) {
        throw new IllegalArgumentException(
            "publisher name must be a non-blank single line, got '" + publisher + "'");
      }
      this.publisher = publisher;
      return this;
    }

    /** The clock for {@code published_at}; default the system clock. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** The publisher. */
    public ZkRoutingPublisher build() {
      return new ZkRoutingPublisher(this);
    }
  }

  /**
   * One kept version of an entity, as its manifest describes it: what {@link
   * ZkRoutingPublisher#history} lists.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param entity the entity
   * @param version the routing version
   * @param fingerprint the table's content fingerprint
   * @param snapshotBytes the length of the binary snapshot
   * @param chunks the number of chunks it is stored in
   * @param publishedAt when it was published
   * @param publisher who published it
   * @since 0.1
   */
  public record PublishedVersion(
      String entity,
      long version,
      String fingerprint,
      int snapshotBytes,
      int chunks,
      Instant publishedAt,
      String publisher) {
    static PublishedVersion of(Manifest m) {
      return new PublishedVersion(
          m.entity(),
          m.version(),
          m.fingerprint(),
          m.snapshotBytes(),
          m.chunks(),
          m.publishedAt(),
          m.publisher());
    }
  }
}
