package io.shardrouter.zookeeper;

import io.shardrouter.core.RoutingException;
import io.shardrouter.zookeeper.internal.KeyValueText;
import io.shardrouter.zookeeper.internal.ZkErrors;
import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the version census of one entity: the ephemeral node every {@link ZkRoutingSource} with an
 * instance id keeps, saying which version it routes with. An instance that dies loses its session
 * and its node with it, so the census counts live instances only; until its session expires, its
 * heartbeat tells that it is gone ({@link CensusReport#stale()}).
 *
 * <p>{@link #awaitConvergence} gates a cut-over (the migration coordinator's use): it returns once
 * a given share of the live instances route with a version, or throws naming the stragglers.
 *
 * <p><b>Thread-safety:</b> safe for any number of threads.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class VersionCensus {
  private static final Logger LOG = LoggerFactory.getLogger(VersionCensus.class);

  private final CuratorFramework client;
  private final String entity;
  private final ZnodePaths paths;
  private final Clock clock;

  private VersionCensus(CuratorFramework client, String base, String entity, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.entity = entity;
    this.paths = ZnodePaths.of(base, entity);
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The census of {@code entity} under the default base path {@code /shardrouter}. */
  public static VersionCensus of(CuratorFramework client, String entity) {
    return new VersionCensus(client, ZnodePaths.DEFAULT_BASE, entity, Clock.systemUTC());
  }

  /** The census of {@code entity} under {@code base}. */
  public static VersionCensus of(CuratorFramework client, String base, String entity) {
    return new VersionCensus(client, base, entity, Clock.systemUTC());
  }

  /**
   * The census now: every live instance's node, read once.
   *
   * @throws RoutingException when ZooKeeper cannot be read
   */
  public CensusReport report() {
    List<String> names;
    try {
      names = client.getChildren().forPath(paths.census());
    } catch (KeeperException.NoNodeException e) {
      names = List.of();
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "listing " + paths.census());
    }
    List<CensusReport.Entry> entries = new ArrayList<>();
    for (String name : names) {
      String path = paths.census(name);
      try {
        entries.add(CensusReport.Entry.parse(client.getData().forPath(path), path));
      } catch (KeeperException.NoNodeException e) {
        // the instance went away between the listing and the read
      } catch (KeyValueText.FormatException e) {
        LOG.warn("census of '{}' skips {}: {}", entity, path, e.getMessage());
      } catch (Exception e) {
        throw ZkErrors.wrap(e, "reading " + path);
      }
    }
    return new CensusReport(entity, clock.instant(), entries);
  }

  /**
   * Waits until at least {@code fraction} of the live instances (and at least one) route with
   * {@code version} or a newer one; returns the census that showed it.
   *
   * @param fraction the share required, in (0, 1]; 1 means every live instance
   * @throws ConvergenceTimeoutException when {@code timeout} passes first, naming the stragglers
   */
  public CensusReport awaitConvergence(long version, double fraction, Duration timeout) {
    if (version < 0) {
      throw new IllegalArgumentException("version must be >= 0, got " + version);
    }
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException(
          "fraction must be in (0, 1] (1 = every live instance), got " + fraction);
    }
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must not be negative, got " + timeout);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    Semaphore changed = new Semaphore(0);
    try (CuratorCache cache = CuratorCache.build(client, paths.census())) {
      cache
          .listenable()
          .addListener(
              (type, before, after) -> {
                if (!heartbeatOnly(type, before, after)) {
                  changed.release();
                }
              });
      cache.start();
      while (true) {
        changed.drainPermits();
        CensusReport report = report();
        if (!report.instances().isEmpty() && report.shareAtLeast(version) >= fraction) {
          return report;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new ConvergenceTimeoutException(report, version, fraction, timeout);
        }
        try {
          // a change wakes the wait; the bound re-reads even if a change was missed
          changed.tryAcquire(Math.min(left, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new RoutingException(
              "interrupted while awaiting convergence of '" + entity + "' on version " + version,
              e);
        }
      }
    }
  }

  /**
   * True when a census node changed only in its heartbeat: every instance writes one every few
   * seconds, and a fleet's heartbeats must not make a waiter read the whole census each time. The
   * bounded wait still re-reads, so a heartbeat that stops shows as stale.
   */
  static boolean heartbeatOnly(
      CuratorCacheListener.Type type, @Nullable ChildData before, @Nullable ChildData after) {
    if (type != CuratorCacheListener.Type.NODE_CHANGED
        || before == null
        || after == null
        || before.getData() == null
        || after.getData() == null) {
      return false;
    }
    try {
      return CensusReport.Entry.parse(before.getData(), before.getPath())
          .withHeartbeat(null, null)
          .equals(
              CensusReport.Entry.parse(after.getData(), after.getPath()).withHeartbeat(null, null));
    } catch (KeyValueText.FormatException e) {
      return false;
    }
  }
}
