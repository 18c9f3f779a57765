package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Routable ids: the bit layout, uniqueness under threads and a clock that goes backwards, and the
 * refusals.
 */
class IdGeneratorTest {
  private static final long T0 = IdLayout.DEFAULT_EPOCH_MILLIS + 86_400_000L * 400; // early 2026

  @Test
  void layout_default_fieldsWhereDocumented() {
    IdLayout l = IdLayout.DEFAULT;
    assertEquals(41, l.timeBits());
    assertEquals(12, l.partitionBits());
    assertEquals(4, l.generatorBits());
    assertEquals(6, l.sequenceBits());
    assertEquals(10, l.partitionShift());
    long id = l.compose(123_456_789L, 1000, 9, 63);
    assertEquals(123_456_789L << 22 | 1000L << 10 | 9L << 6 | 63, id);
    assertEquals(1000, l.partitionOf(id));
    assertEquals(9, l.generatorOf(id));
    assertEquals(63, l.sequenceOf(id));
    assertEquals(Instant.ofEpochMilli(IdLayout.DEFAULT_EPOCH_MILLIS + 123_456_789L), l.timeOf(id));
    assertEquals(
        Instant.parse("2025-01-01T00:00:00Z").toEpochMilli(), IdLayout.DEFAULT_EPOCH_MILLIS);
    assertTrue(l.compose((1L << 41) - 1, 4095, 15, 63) > 0, "the largest id is positive");
  }

  @Test
  void next_carriesPartitionAndGenerator_increasing() {
    AtomicLong clock = new AtomicLong(T0);
    IdGenerator g = IdGenerator.builder(IdLayout.DEFAULT, 5, 1000).clock(clock::get).build();
    long last = 0;
    for (int i = 0; i < 1000; i++) {
      long id = g.next(i % 1000);
      assertEquals(i % 1000, IdLayout.DEFAULT.partitionOf(id));
      assertEquals(5, IdLayout.DEFAULT.generatorOf(id));
      assertTrue(id > last);
      last = id;
    }
    // 1000 ids in one ms: 64 per ms, so the generator borrowed 15 ms ahead of its clock
    assertEquals(15, g.borrowedMillis());
    assertEquals(Instant.ofEpochMilli(T0 + 15), IdLayout.DEFAULT.timeOf(last));
  }

  @Test
  void backwardsClock_twoThreads_noDuplicates() throws Exception {
    AtomicLong clock = new AtomicLong(T0);
    IdGenerator g =
        IdGenerator.builder(IdLayout.DEFAULT, 3, 4096)
            .clock(clock::get)
            .sleeper(ms -> clock.addAndGet(ms)) // waiting lets the fake clock catch up
            .build();
    int perThread = 300_000;
    ExecutorService pool = Executors.newFixedThreadPool(2);
    CyclicBarrier start = new CyclicBarrier(2);
    List<Future<long[]>> futures = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      long seed = 42 + t;
      futures.add(
          pool.submit(
              () -> {
                SplittableRandom rnd = new SplittableRandom(seed);
                long[] ids = new long[perThread];
                start.await();
                for (int i = 0; i < perThread; i++) {
                  if (i % 500 == 0) {
                    clock.addAndGet(
                        rnd.nextInt(-40, 20)); // the clock jumps back up to 40 ms, or forward
                  }
                  ids[i] = g.next(rnd.nextInt(4096));
                }
                return ids;
              }));
    }
    long[] all = new long[2 * perThread];
    int n = 0;
    for (Future<long[]> f : futures) {
      long[] ids = f.get();
      for (int i = 1; i < ids.length; i++) {
        assertTrue(
            pair(ids[i]) > pair(ids[i - 1]), "within one thread the (time, sequence) pair grows");
      }
      System.arraycopy(ids, 0, all, n, ids.length);
      n += ids.length;
    }
    pool.shutdownNow();
    Arrays.sort(all);
    for (int i = 1; i < all.length; i++) {
      assertTrue(all[i] != all[i - 1], "duplicate id " + all[i]);
    }
  }

  /** The (time, sequence) pair of a default-layout id as one number. */
  private static long pair(long id) {
    return (id >>> 22) << 6 | (id & 63);
  }

  @Test
  void twoGenerators_sameClockSameMillisecond_differInGeneratorBits() {
    AtomicLong clock = new AtomicLong(T0);
    IdGenerator a = IdGenerator.builder(IdLayout.DEFAULT, 1, 16).clock(clock::get).build();
    IdGenerator b = IdGenerator.builder(IdLayout.DEFAULT, 2, 16).clock(clock::get).build();
    long x = a.next(7);
    long y = b.next(7);
    assertTrue(x != y);
    assertEquals(x >>> 10, y >>> 10, "same time and partition");
    assertEquals(x & 63, y & 63, "same sequence");
  }

  @Test
  void clockFarBehind_waitsInsteadOfRunningAhead() {
    AtomicLong clock = new AtomicLong(T0);
    List<Long> waits = new ArrayList<>();
    IdGenerator g =
        IdGenerator.builder(IdLayout.DEFAULT, 0, 8)
            .clock(clock::get)
            .maxBorrowMillis(5)
            .sleeper(
                ms -> {
                  waits.add(ms);
                  clock.addAndGet(ms);
                })
            .build();
    long before = g.next(0);
    clock.addAndGet(-60_000); // a minute back
    long after = 0;
    for (int i = 0; i < 64 * 10; i++) {
      after = g.next(0);
    }
    assertTrue(after > before);
    assertTrue(g.borrowedMillis() <= 5);
    assertTrue(!waits.isEmpty(), "the generator waited for the clock");
    assertEquals(
        60_000,
        waits.stream().mapToLong(Long::longValue).sum(),
        64,
        "it waited about the minute the clock lost: " + waits);
  }

  @Test
  void resumeAfter_restartWithAnEarlierClock_continuesAbove() {
    AtomicLong clock = new AtomicLong(T0 + 10_000);
    IdGenerator first = IdGenerator.builder(IdLayout.DEFAULT, 4, 64).clock(clock::get).build();
    long last = first.next(3);
    clock.set(T0); // restarted on a machine whose clock is 10 s behind
    IdGenerator restarted =
        IdGenerator.builder(IdLayout.DEFAULT, 4, 64)
            .clock(clock::get)
            .maxBorrowMillis(60_000)
            .resumeAfter(last)
            .build();
    assertTrue(restarted.next(3) > last);
  }

  @Test
  void badInput_refusedSayingWhatToDo() {
    IllegalArgumentException gen =
        assertThrows(
            IllegalArgumentException.class, () -> IdGenerator.create(IdLayout.DEFAULT, 16, 10));
    assertTrue(
        gen.getMessage().contains("generator id must be in [0, 16) for 4 generator bits, got 16"),
        gen::getMessage);
    IllegalArgumentException parts =
        assertThrows(
            IllegalArgumentException.class, () -> IdGenerator.create(IdLayout.DEFAULT, 0, 5000));
    assertTrue(
        parts.getMessage().contains("does not fit 12 partition bits (at most 4096)"),
        parts::getMessage);
    IdGenerator g = IdGenerator.create(IdLayout.DEFAULT, 0, 10);
    IllegalArgumentException p = assertThrows(IllegalArgumentException.class, () -> g.next(10));
    assertTrue(p.getMessage().startsWith("partition 10 is outside [0, 10)"), p::getMessage);
    IdGenerator past = IdGenerator.builder(IdLayout.DEFAULT, 0, 10).clock(() -> 0L).build();
    assertThrows(IllegalStateException.class, () -> past.next(0));
    long other = IdLayout.DEFAULT.compose(1, 0, 3, 0);
    assertThrows(
        IllegalArgumentException.class,
        () -> IdGenerator.builder(IdLayout.DEFAULT, 4, 10).resumeAfter(other).build());
    IllegalArgumentException layout =
        assertThrows(IllegalArgumentException.class, () -> IdLayout.of(24, 20, 22));
    assertTrue(
        layout.getMessage().contains("must leave at least 30 bits of time"), layout::getMessage);
    assertThrows(IllegalArgumentException.class, () -> IdLayout.of(0, 4, 6));
    assertThrows(
        IllegalArgumentException.class,
        () -> IdGenerator.builder(IdLayout.DEFAULT, 0, 10).maxBorrowMillis(-1));
  }
}
