package io.shardrouter.stats.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

class ThreadCountersTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20261202L);

  /** Each thread adds a seeded sequence; the expected sums are computed from the same seeds. */
  private static long[] runThreads(ThreadCounters counters, int threads, int adds, int partitions)
      throws InterruptedException {
    long[] expected = new long[3 * partitions];
    CountDownLatch start = new CountDownLatch(1);
    // Every thread stays alive until all have added, so none takes over the cells of another.
    CyclicBarrier end = new CyclicBarrier(threads);
    List<Thread> all = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      long seed = SEED + t;
      SplittableRandom r = new SplittableRandom(seed);
      for (int i = 0; i < adds; i++) {
        expected[3 * r.nextInt(partitions) + r.nextInt(3)]++;
      }
      Thread th =
          new Thread(
              () -> {
                SplittableRandom mine = new SplittableRandom(seed);
                try {
                  start.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                }
                for (int i = 0; i < adds; i++) {
                  counters.add(mine.nextInt(partitions), mine.nextInt(3));
                }
                try {
                  end.await();
                } catch (InterruptedException | BrokenBarrierException e) {
                  Thread.currentThread().interrupt();
                }
              });
      th.start();
      all.add(th);
    }
    start.countDown();
    for (Thread th : all) {
      th.join();
    }
    return expected;
  }

  @Test
  void concurrentAdds_sumExactly() throws InterruptedException {
    ThreadCounters c = new ThreadCounters(16, 64, 2);
    long[] expected = runThreads(c, 4, 200_000, 16);
    assertArrayEquals(expected, c.sums(), "seed " + SEED);
  }

  @Test
  void threadsWhoseSlotIsTaken_countInTheSharedStripes_andSumsStayExact()
      throws InterruptedException {
    ThreadCounters c = new ThreadCounters(8, 1, 2); // one slot: every thread maps to it
    CountDownLatch hold = new CountDownLatch(1);
    Thread owner =
        new Thread(
            () -> {
              c.add(0, 0);
              try {
                hold.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    owner.start();
    while (c.owners() < 1) {
      Thread.onSpinWait();
    }
    long[] expected = runThreads(c, 5, 50_000, 8);
    expected[0] += 1;
    assertEquals(1, c.owners(), "the live owner keeps its slot");
    assertArrayEquals(expected, c.sums(), "seed " + SEED);
    c.release();
    assertEquals(1, c.owners(), "a live owner is not released");
    hold.countDown();
    owner.join();
  }

  @Test
  void slotsOfEndedThreads_passToTheNextThread_keepingTheirCounts() throws InterruptedException {
    ThreadCounters c = new ThreadCounters(4, 1, 2);
    long[] total = new long[12];
    for (int round = 0; round < 10; round++) {
      long[] expected = runThreads(c, 1, 10_000, 4);
      for (int i = 0; i < total.length; i++) {
        total[i] += expected[i];
      }
      assertArrayEquals(total, c.sums(), "round " + round + ", seed " + SEED);
      assertEquals(1, c.owners(), "the ended thread still holds the slot until release");
      c.release();
      assertEquals(0, c.owners(), "release frees the slot of an ended thread");
    }
  }

  @Test
  void withoutRelease_theSlotOfAnEndedThreadStaysTaken_andAddsGoShared()
      throws InterruptedException {
    ThreadCounters c = new ThreadCounters(4, 1, 2);
    long[] first = runThreads(c, 1, 1_000, 4);
    long[] second = runThreads(c, 1, 1_000, 4); // same seed: the same adds again
    for (int i = 0; i < first.length; i++) {
      first[i] += second[i];
    }
    assertArrayEquals(first, c.sums(), "seed " + SEED);
  }

  @Test
  void hugePartitionCounts_countOnlyInTheSharedStripes() {
    int partitions = ThreadCounters.MAX_OWNED_CELLS / 3 + 1; // one thread's cells exceed the cap
    ThreadCounters c = new ThreadCounters(partitions, 64, 2);
    assertEquals(0, c.add(partitions - 1, 2));
    assertEquals(1, c.add(partitions - 1, 2));
    assertEquals(0, c.owners());
    long[] sums = c.sums();
    assertEquals(2, sums[3 * (partitions - 1) + 2]);
  }

  @Test
  void ownedCells_countTheirPadding_againstTheCap() {
    // One thread's cells are 3 per partition framed by 2 * 16 longs of padding: 1,398,090
    // partitions fit in the 2^22 longs of owned cells, one more does not.
    int fits = (ThreadCounters.MAX_OWNED_CELLS - 32) / 3;
    ThreadCounters one = new ThreadCounters(fits, 64, 1);
    one.add(fits - 1, 0);
    assertEquals(1, one.owners());
    ThreadCounters none = new ThreadCounters(fits + 1, 64, 1);
    none.add(fits, 0);
    assertEquals(0, none.owners());
    assertEquals(1, none.sums()[3 * fits]);
  }

  @Test
  void addReturnsTheThreadsCountBeforeTheAdd() {
    ThreadCounters c = new ThreadCounters(2, 64, 2);
    assertEquals(0, c.add(1, 1));
    assertEquals(1, c.add(1, 1));
    assertEquals(0, c.add(1, 0));
    assertEquals(2, c.add(1, 1));
    assertEquals(1, c.owners());
  }
}
