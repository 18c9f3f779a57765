package io.shardrouter.zookeeper;

import static io.shardrouter.testing.concurrent.Interleavings.check;
import static io.shardrouter.testing.concurrent.Interleavings.failure;
import static io.shardrouter.testing.concurrent.Interleavings.runAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.zookeeper.internal.LastKnownGood;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Controlled concurrency tests of {@link ZkRoutingSource}'s served state (docs/testing.md §4), the
 * part of the source that ZooKeeper's watcher thread, the last-known-good loader and callers share:
 * {@link ServedState} and {@link ServedRouters}, without a ZooKeeper server, under Lincheck's model
 * checker.
 *
 * <ul>
 *   <li>At start, the table read from ZooKeeper and the local last-known-good copy race: the source
 *       ends serving ZooKeeper's table, not flagged as the local copy, whatever the order. Broken
 *       twins: the first router checked for, then created (the copy replaces ZooKeeper's table);
 *       the flag set outside the swap lock (ZooKeeper's table served, flagged as the local copy).
 *   <li>A router that subscribes while a table is applied ends on that table. Broken twin: the
 *       subscriber compared and added outside the lock (it misses the update for good).
 * </ul>
 */
class ServedStateLincheckTest {
  static final String ENTITY = "orders";
  static final RoutingTable V1 = ZkTesting.table(ENTITY, 1);
  static final RoutingTable V2 = ZkTesting.table(ENTITY, 2);
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-06T08:00:00Z"), ZoneOffset.UTC);
  static final LastKnownGood.Copy COPY = new LastKnownGood.Copy(V1, CLOCK.instant());

  /** What the start race needs of a served state: the real one, or a twin. */
  interface Served {
    void apply(RoutingTable fromZooKeeper);

    boolean applyLastKnownGood(LastKnownGood.Copy copy);

    @Nullable Router router();

    boolean servingLastKnownGood();
  }

  /** ZooKeeper's first table and the local copy arrive together. */
  static void startRace(Served served) {
    runAll(new Thread(() -> served.apply(V2)), new Thread(() -> served.applyLastKnownGood(COPY)));
    Router r = served.router();
    assertNotNull(r, "no router after two tables");
    assertEquals(2, r.version(), "the version served after ZooKeeper's table arrived");
    assertFalse(
        served.servingLastKnownGood(),
        "serving ZooKeeper's version " + r.version() + " flagged as the last-known-good copy");
  }

  static Served real() {
    ServedState state = new ServedState(new ServedRouters(ENTITY), null, CLOCK);
    return new Served() {
      @Override
      public void apply(RoutingTable table) {
        state.apply(table);
      }

      @Override
      public boolean applyLastKnownGood(LastKnownGood.Copy copy) {
        return state.applyLastKnownGood(copy);
      }

      @Override
      public @Nullable Router router() {
        return state.routers().router();
      }

      @Override
      public boolean servingLastKnownGood() {
        return state.servingLastKnownGood();
      }
    };
  }

  @Test
  void startRace_zooKeepersTableWins_andIsNotFlaggedAsTheCopy() {
    check(() -> startRace(real()));
  }

  @Test
  void brokenTwin_firstRouterCheckedThenCreated_theCopyReplacesZooKeepersTable() {
    String report = failure(() -> startRace(new CheckThenCreate()));
    assertTrue(report.contains("the version served"), report);
  }

  @Test
  void brokenTwin_flagSetOutsideTheSwapLock_zooKeepersTableFlaggedAsTheCopy() {
    String report = failure(() -> startRace(new FlagOutsideTheLock()));
    assertTrue(report.contains("flagged as the last-known-good copy"), report);
  }

  /** A router subscribes while version 2 is applied over version 1. */
  static void subscribeDuringApply(Subscriptions s) {
    s.apply(V1);
    Router subscriber = Router.create(V1);
    runAll(new Thread(() -> s.apply(V2)), new Thread(() -> s.subscribe(subscriber)));
    assertEquals(2, subscriber.version(), "the subscriber's version after version 2 was applied");
  }

  /** What the subscription scenario needs: {@link ServedRouters} or a twin. */
  interface Subscriptions {
    void apply(RoutingTable table);

    void subscribe(Router subscriber);
  }

  @Test
  void subscribeDuringApply_theSubscriberEndsOnTheNewestTable() {
    check(
        () -> {
          ServedRouters routers = new ServedRouters(ENTITY);
          subscribeDuringApply(
              new Subscriptions() {
                @Override
                public void apply(RoutingTable table) {
                  routers.apply(table, false);
                }

                @Override
                public void subscribe(Router subscriber) {
                  routers.subscribe(subscriber);
                }
              });
        });
  }

  @Test
  void brokenTwin_subscriberComparedAndAddedOutsideTheLock_missesTheUpdate() {
    String report = failure(() -> subscribeDuringApply(new UnlockedSubscriptions()));
    assertTrue(report.contains("the subscriber's version"), report);
  }

  /**
   * Broken twin of {@link ServedRouters#apply} under {@link ServedState}: the first router is
   * checked for, then created, with nothing between; the local copy can then replace ZooKeeper's
   * newer table.
   */
  static final class CheckThenCreate implements Served {
    private volatile @Nullable Router router;
    private volatile boolean copy;

    @Override
    public void apply(RoutingTable table) {
      Router r = router;
      if (r == null) {
        router = Router.create(table);
      } else {
        r.update(table);
      }
      copy = false;
    }

    @Override
    public boolean applyLastKnownGood(LastKnownGood.Copy c) {
      if (router != null) {
        return false;
      }
      router = Router.create(c.table());
      copy = true;
      return true;
    }

    @Override
    public @Nullable Router router() {
      return router;
    }

    @Override
    public boolean servingLastKnownGood() {
      return copy;
    }
  }

  /**
   * Broken twin of {@link ServedState}: the real {@link ServedRouters}, but the flag set after the
   * router, outside any lock; ZooKeeper's apply can clear it between the two and the copy's loader
   * then sets it over ZooKeeper's table.
   */
  static final class FlagOutsideTheLock implements Served {
    private final ServedRouters routers = new ServedRouters(ENTITY);
    private volatile boolean copy;

    @Override
    public void apply(RoutingTable table) {
      routers.apply(table, false);
      copy = false;
    }

    @Override
    public boolean applyLastKnownGood(LastKnownGood.Copy c) {
      if (!routers.apply(c.table(), true)) {
        return false;
      }
      copy = true;
      return true;
    }

    @Override
    public @Nullable Router router() {
      return routers.router();
    }

    @Override
    public boolean servingLastKnownGood() {
      return copy;
    }
  }

  /**
   * Broken twin of {@link ServedRouters}' subscriptions: {@code subscribe} compares versions and
   * adds the subscriber without the lock that {@code apply} holds while it walks the subscribers.
   */
  static final class UnlockedSubscriptions implements Subscriptions {
    private final java.util.List<Router> subscribers =
        new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile @Nullable Router router;

    @Override
    public synchronized void apply(RoutingTable table) {
      Router r = router;
      if (r == null) {
        router = Router.create(table);
      } else {
        r.update(table);
      }
      for (Router s : subscribers) {
        if (s.version() < table.version()) {
          s.update(table);
        }
      }
    }

    @Override
    public void subscribe(Router subscriber) {
      Router r = router;
      if (r != null && r.version() > subscriber.version()) {
        subscriber.update(r.table());
      }
      subscribers.add(subscriber);
    }
  }
}
