package io.shardrouter.zookeeper;

import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.zookeeper.internal.ZkErrors;
import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * A migration's state in a znode, {@code <base>/migrations/<id>/state} (the JSON of {@link
 * MigrationState#toJson}), every save a compare-and-set on the znode's version: the coordinator
 * that claimed the migration last is the only one whose saves and guarded publishes take effect.
 *
 * <p>{@link #claim} writes the state back unchanged (or creates an empty znode when there is none
 * yet) and remembers the znode version it wrote; every {@link #save} then sets the data at that
 * version and remembers the next. When another coordinator claims the migration in between (a
 * standby that took over while this one was paused or cut off from ZooKeeper), the version has
 * moved on and the save is refused with {@link MigrationStateStore.ConflictException}: this
 * coordinator must stop. {@link ZkMigrationCoordinator} publishes each phase in a transaction that
 * checks the same version, so such a coordinator cannot publish either.
 *
 * <p>{@link #load} reads whatever is saved, without claiming: a status display may read the state
 * of a running coordinator.
 *
 * <p><b>Thread-safety:</b> safe for any number of threads; one coordinator per migration writes
 * through one store.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ZkMigrationStateStore implements MigrationStateStore {
  private static final byte[] EMPTY = new byte[0];

  private final CuratorFramework client;
  private final String base;
  private final Map<String, Integer> claimed = new ConcurrentHashMap<>();

  private ZkMigrationStateStore(CuratorFramework client, String base) {
    this.client = Objects.requireNonNull(client, "client");
    this.base = ZnodePaths.checkBase(base);
  }

  /** A store under {@code /shardrouter}, through {@code client} (which the caller starts). */
  public static ZkMigrationStateStore of(CuratorFramework client) {
    return of(client, ZnodePaths.DEFAULT_BASE);
  }

  /** A store under {@code base} (an absolute znode path), through {@code client}. */
  public static ZkMigrationStateStore of(CuratorFramework client, String base) {
    return new ZkMigrationStateStore(client, base);
  }

  /** The znode of a migration's state. */
  public String statePath(String migrationId) {
    return migrationPath(base, migrationId) + "/state";
  }

  /** {@code <base>/migrations/<id>}, checking the id. */
  static String migrationPath(String base, String migrationId) {
    return base + "/migrations/" + ZnodePaths.checkName("migration id", migrationId);
  }

  @Override
  public void claim(String migrationId) {
    claimVersion(migrationId);
  }

  /** {@link #claim}; returns the znode version it wrote, which {@code claimed} now holds. */
  private int claimVersion(String migrationId) {
    String path = statePath(migrationId);
    try {
      for (int attempt = 0; ; attempt++) {
        Stat stat = new Stat();
        byte[] data;
        try {
          data = client.getData().storingStatIn(stat).forPath(path);
        } catch (KeeperException.NoNodeException e) {
          try {
            client.create().creatingParentsIfNeeded().forPath(path, EMPTY);
            claimed.put(migrationId, 0);
            return 0;
          } catch (KeeperException.NodeExistsException raced) {
            continue;
          }
        }
        try {
          Stat written = client.setData().withVersion(stat.getVersion()).forPath(path, data);
          claimed.put(migrationId, written.getVersion());
          return written.getVersion();
        } catch (KeeperException.BadVersionException raced) {
          if (attempt >= 10) {
            throw new ConflictException(
                "migration '"
                    + migrationId
                    + "' is being claimed by other coordinators at the same time ("
                    + path
                    + " changed 10 times while this one claimed it); run one coordinator per"
                    + " migration, or let leader election pick one (ZkMigrationCoordinator)",
                raced);
          }
        }
      }
    } catch (ConflictException e) {
      throw e;
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "claiming migration '" + migrationId + "' at " + path);
    }
  }

  /** The znode version this store's last claim or save wrote, or -1 when it has not claimed. */
  int claimedVersion(String migrationId) {
    Integer v = claimed.get(migrationId);
    return v == null ? -1 : v;
  }

  @Override
  public @Nullable MigrationState load(String migrationId) {
    String path = statePath(migrationId);
    byte @Nullable [] data; // null: a znode created without data
    try {
      data = client.getData().forPath(path);
    } catch (KeeperException.NoNodeException e) {
      return null;
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "reading the state of migration '" + migrationId + "' at " + path);
    }
    if (data == null || data.length == 0) {
      return null; // claimed, nothing saved yet
    }
    try {
      return MigrationState.fromJson(new String(data, StandardCharsets.UTF_8), path);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "the state of migration '"
              + migrationId
              + "' at "
              + path
              + " is not valid: "
              + e.getMessage()
              + "; restore it, or delete the znode to start the migration over",
          e);
    }
  }

  /**
   * Saves {@code state} at the znode version of this store's last claim or save (claiming first
   * when it has not).
   *
   * @throws MigrationStateStore.ConflictException when another coordinator claimed the migration
   *     since: this one must stop
   */
  @Override
  public void save(MigrationState state) {
    String id = state.migrationId();
    Integer claimedVersion = claimed.get(id);
    int expected = claimedVersion != null ? claimedVersion : claimVersion(id);
    String path = statePath(id);
    byte[] data = state.toJson().getBytes(StandardCharsets.UTF_8);
    try {
      Stat written = client.setData().withVersion(expected).forPath(path, data);
      claimed.put(id, written.getVersion());
    } catch (KeeperException.BadVersionException | KeeperException.NoNodeException e) {
      Stat now = stat(path);
      throw new ConflictException(
          "migration '"
              + id
              + "': its state at "
              + path
              + " was written by another coordinator since this one claimed it (znode version "
              + (now == null ? "none: deleted" : Integer.toString(now.getVersion()))
              + ", this one wrote "
              + expected
              + "); a standby took over while this coordinator was paused or cut off, so this"
              + " one stops (its "
              + state.phase()
              + " step is not saved)",
          e);
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "saving the state of migration '" + id + "' at " + path);
    }
  }

  private @Nullable Stat stat(String path) {
    try {
      return client.checkExists().forPath(path);
    } catch (Exception e) {
      return null;
    }
  }

  @Override
  public String toString() {
    return "ZkMigrationStateStore{" + base + "/migrations}";
  }
}
