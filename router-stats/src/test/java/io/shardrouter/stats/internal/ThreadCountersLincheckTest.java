package io.shardrouter.stats.internal;

import static io.shardrouter.testing.concurrent.Interleavings.check;
import static io.shardrouter.testing.concurrent.Interleavings.failure;
import static io.shardrouter.testing.concurrent.Interleavings.runAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Controlled concurrency tests of {@link ThreadCounters} (docs/testing.md §4): Lincheck's model
 * checker runs adders, the tick's {@link ThreadCounters#release} and a reader under many schedules,
 * including a slot handed from an ended thread to a live one while others add. The sums are exact
 * once the adders are done, and a reader's sum of a cell never goes down. Both slot rules (a claim
 * under the slot's lock, a release only of an ended owner) are shown to matter on a broken twin.
 */
class ThreadCountersLincheckTest {
  /**
   * One slot for every thread: T1 and T2 race to own it (the loser adds to the shared stripes), the
   * tick frees it once its owner ends, and T3 then takes it over from the counts left in it.
   */
  static void handOver(ThreadCounters c) {
    long[][] read = new long[2][];
    Thread t1 =
        new Thread(
            () -> {
              c.add(0, 0);
              c.add(0, 0);
            });
    Thread t2 =
        new Thread(
            () -> {
              c.add(0, 0);
              c.add(1, 1);
            });
    Thread tick = new Thread(c::release);
    Thread reader =
        new Thread(
            () -> {
              read[0] = c.sums();
              read[1] = c.sums();
            });
    runAll(t1, t2, tick, reader);
    for (int cell = 0; cell < read[0].length; cell++) {
      assertTrue(read[1][cell] >= read[0][cell], "a sum went down at cell " + cell);
    }
    c.release();
    runAll(new Thread(() -> c.add(0, 0)));
    c.release();
    runAll(new Thread(() -> c.add(1, 1)));
    long[] sums = c.sums();
    assertEquals(4, sums[0], "reads of partition 0");
    assertEquals(2, sums[3 + 1], "writes of partition 1");
  }

  @Test
  void add_release_sums_exactThroughHandOver() {
    check(() -> handOver(new ThreadCounters(2, 1, 2)));
  }

  /** Two adders and a tick on the twin: every add counted once. */
  static void twoAddersAndTick(SlotTwin c) {
    Thread t1 =
        new Thread(
            () -> {
              c.add();
              c.add();
            });
    Thread t2 =
        new Thread(
            () -> {
              c.add();
              c.add();
            });
    runAll(t1, t2, new Thread(c::release));
    assertEquals(4, c.sum(), "adds counted");
  }

  @Test
  void twin_asWritten_exact() {
    check(() -> twoAddersAndTick(new SlotTwin(null)));
  }

  @Test
  void brokenTwin_claimWithoutLock_lostAdd() {
    String report = failure(() -> twoAddersAndTick(new SlotTwin(SlotTwin.Bug.CLAIM_WITHOUT_LOCK)));
    assertTrue(report.contains("adds counted"), report);
  }

  @Test
  void brokenTwin_releaseOfLiveOwner_lostAdd() {
    String report = failure(() -> twoAddersAndTick(new SlotTwin(SlotTwin.Bug.RELEASE_LIVE_OWNER)));
    assertTrue(report.contains("adds counted"), report);
  }

  /**
   * {@link ThreadCounters}' slot rules on one cell, as written ({@code bug} null) or with one rule
   * broken: the owner adds with a plain load and store, everyone else atomically to a shared count.
   */
  static final class SlotTwin {
    enum Bug {
      CLAIM_WITHOUT_LOCK,
      RELEASE_LIVE_OWNER
    }

    private final Bug bug;
    private volatile Thread owner;
    private volatile long cell;
    private final AtomicLong shared = new AtomicLong();

    SlotTwin(Bug bug) {
      this.bug = bug;
    }

    @SuppressWarnings("NonAtomicVolatileUpdate") // only the owner writes the cell
    void add() {
      Thread me = Thread.currentThread();
      Thread o = owner;
      if (o == me || (o == null && claim(me))) {
        cell = cell + 1;
      } else {
        shared.incrementAndGet();
      }
    }

    private boolean claim(Thread me) {
      if (bug == Bug.CLAIM_WITHOUT_LOCK) {
        if (owner != null) {
          return false;
        }
        owner = me;
        return true;
      }
      synchronized (this) {
        if (owner != null) {
          return false;
        }
        owner = me;
        return true;
      }
    }

    void release() {
      Thread o = owner;
      if (o != null && (bug == Bug.RELEASE_LIVE_OWNER || !o.isAlive())) {
        synchronized (this) {
          if (owner == o) {
            owner = null;
          }
        }
      }
    }

    long sum() {
      return shared.get() + cell;
    }
  }
}
