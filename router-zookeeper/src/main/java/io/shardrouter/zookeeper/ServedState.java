package io.shardrouter.zookeeper;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.zookeeper.internal.LastKnownGood;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link ZkRoutingSource} serves and how it came by it: the routers, when the table was last
 * confirmed good, since when it routes with it, whether it is the last-known-good copy, the last
 * error; a swap and the facts that describe it change together, under one lock, and every change is
 * reported to the census (when the instance is registered).
 *
 * <p><b>Thread-safety:</b> safe for any number of threads.
 */
final class ServedState {
  private final ServedRouters routers;
  private final @Nullable Census census;
  private final Clock clock;

  /** Held while a table is swapped in and the facts that describe it are set. */
  private final Object swap = new Object();

  private volatile @Nullable Instant lastGoodAt;
  private volatile @Nullable Instant since;
  private volatile @Nullable Instant lastKnownGoodWrittenAt;
  private volatile @Nullable RoutingException lastError;
  private volatile boolean servingLastKnownGood;

  /** The state of {@code routers}; {@code census} null when the instance is not registered. */
  ServedState(ServedRouters routers, @Nullable Census census, Clock clock) {
    this.routers = routers;
    this.census = census;
    this.clock = clock;
  }

  ServedRouters routers() {
    return routers;
  }

  @Nullable RoutingException lastError() {
    return lastError;
  }

  /** Records {@code e} as the last error; the table served stays. */
  void failed(RoutingException e) {
    lastError = e;
  }

  boolean servingLastKnownGood() {
    return servingLastKnownGood;
  }

  /** The status {@link ZkRoutingSource#status()} reports. */
  RoutingSource.Status status() {
    Router r = routers.router();
    Instant at = lastGoodAt;
    if (r == null || at == null) {
      return new RoutingSource.Status(RoutingSource.Status.NO_VERSION, null, null, lastError);
    }
    Duration age = Duration.between(at, clock.instant());
    return new RoutingSource.Status(
        r.version(), r.table().fingerprint(), age.isNegative() ? Duration.ZERO : age, lastError);
  }

  /**
   * Swaps in {@code table}, read from ZooKeeper and verified; the status is good before waiters
   * wake, and a refusal undoes that.
   *
   * @throws RoutingException when the router refuses the table
   */
  void apply(RoutingTable table) {
    synchronized (swap) {
      RoutingException errorBefore = lastError;
      Instant goodBefore = lastGoodAt;
      lastError = null;
      lastGoodAt = clock.instant();
      try {
        routers.apply(table, false);
      } catch (RoutingException e) {
        lastError = errorBefore;
        lastGoodAt = goodBefore;
        throw e;
      }
      since = clock.instant();
      servingLastKnownGood = false;
    }
    updateCensus();
  }

  /** When the last-known-good copy was last written (or read, when served), or null. */
  @Nullable Instant lastKnownGoodWrittenAt() {
    return lastKnownGoodWrittenAt;
  }

  /**
   * ZooKeeper holds the table served: it is good as of now, and no longer only a local copy.
   *
   * @return true when it was the last-known-good copy until now
   */
  boolean confirmed() {
    boolean wasLastKnownGood;
    synchronized (swap) {
      lastGoodAt = clock.instant();
      lastError = null;
      wasLastKnownGood = servingLastKnownGood;
      servingLastKnownGood = false;
    }
    if (wasLastKnownGood) {
      updateCensus();
    }
    return wasLastKnownGood;
  }

  /** The table served was written as the last-known-good copy at {@code at}. */
  void lastKnownGoodWritten(Instant at) {
    lastKnownGoodWrittenAt = at;
    updateCensus();
  }

  /**
   * Serves the last-known-good {@code copy} when there is no table yet.
   *
   * @return false when a table arrived from ZooKeeper meanwhile
   * @throws RoutingException when the router refuses the copy
   */
  boolean applyLastKnownGood(LastKnownGood.Copy copy) {
    synchronized (swap) {
      if (!routers.apply(copy.table(), true)) {
        return false;
      }
      since = clock.instant();
      servingLastKnownGood = true;
      lastGoodAt = copy.writtenAt();
      lastKnownGoodWrittenAt = copy.writtenAt();
    }
    updateCensus();
    return true;
  }

  /** This instance's entry in {@code census}, as of now. */
  CensusReport.Entry entry(Census census) {
    Router r = routers.router();
    return new CensusReport.Entry(
        census.instance(),
        r == null ? RoutingSource.Status.NO_VERSION : r.version(),
        r == null ? null : r.table().fingerprint(),
        r == null ? null : since,
        servingLastKnownGood,
        lastKnownGoodWrittenAt);
  }

  private void updateCensus() {
    if (census != null) {
      census.update(entry(census));
    }
  }
}
