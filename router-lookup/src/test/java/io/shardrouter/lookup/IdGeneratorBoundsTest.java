package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The edges of routable ids: the last millisecond the time bits can carry, a clock exactly at the
 * epoch, the borrowing limit to the millisecond, an interrupted wait, the bounds of the layout and
 * the builder, and layout equality.
 */
class IdGeneratorBoundsTest {
  private static final long T0 = IdLayout.DEFAULT_EPOCH_MILLIS + 86_400_000L * 400;

  /** 30 bits of time: the fewest a layout may keep. */
  private static final IdLayout SHORT = IdLayout.of(24, 4, 5);

  @Test
  void timeBits_lastMillisecondIssued_nextOneRefusedNamingTheEnd() {
    assertEquals(30, SHORT.timeBits());
    long maxTime = (1L << 30) - 1;
    long end = SHORT.epochMillis() + maxTime;
    AtomicLong clock = new AtomicLong(end);
    IdGenerator g = IdGenerator.builder(SHORT, 3, 10).clock(clock::get).build();
    long id = g.next(7);
    assertEquals(Instant.ofEpochMilli(end), SHORT.timeOf(id), "the last ms is used as it is");
    assertEquals(7, SHORT.partitionOf(id));
    assertEquals(3, SHORT.generatorOf(id));

    IdGenerator late =
        IdGenerator.builder(SHORT, 3, 10).clock(() -> end + 1).maxBorrowMillis(0).build();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> late.next(0));
    assertEquals(
        "id time bits are used up: 30 bits of ms from the epoch end at "
            + Instant.ofEpochMilli(end)
            + "; move to a layout with a later epoch",
        e.getMessage());
  }

  @Test
  void clockExactlyAtEpoch_issues_oneBeforeIsRefusedWithTheReading() {
    long epoch = IdLayout.DEFAULT_EPOCH_MILLIS;
    IdGenerator at = IdGenerator.builder(IdLayout.DEFAULT, 0, 4).clock(() -> epoch).build();
    long id = at.next(2);
    assertEquals(Instant.ofEpochMilli(epoch), IdLayout.DEFAULT.timeOf(id));
    assertEquals(2, IdLayout.DEFAULT.partitionOf(id));

    IdGenerator before = IdGenerator.builder(IdLayout.DEFAULT, 0, 4).clock(() -> epoch - 1).build();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> before.next(0));
    assertEquals(
        "the clock reads "
            + (epoch - 1)
            + " ms, before the id epoch "
            + epoch
            + "; fix the clock or the layout's epoch",
        e.getMessage());
  }

  @Test
  void borrowing_upToTheLimitWithoutWaiting_thenWaitsOnlyTheExcess() {
    AtomicLong clock = new AtomicLong(T0);
    List<Long> waits = new ArrayList<>();
    IdGenerator g =
        IdGenerator.builder(IdLayout.DEFAULT, 1, 8)
            .clock(clock::get)
            .maxBorrowMillis(2)
            .sleeper(
                ms -> {
                  waits.add(ms);
                  clock.addAndGet(ms);
                })
            .build();
    // 64 ids per ms: ms T0, T0+1 and T0+2 hold 192 ids, 2 ms ahead at most
    for (int i = 0; i < 3 * 64; i++) {
      g.next(0);
    }
    assertEquals(List.of(), waits, "2 ms ahead is within the limit");
    assertEquals(2, g.borrowedMillis());
    long id = g.next(0); // would be 3 ms ahead: waits the 1 ms over the limit
    assertEquals(List.of(1L), waits);
    assertEquals(Instant.ofEpochMilli(T0 + 3), IdLayout.DEFAULT.timeOf(id));
  }

  @Test
  void interruptedWait_refusedAndTheInterruptKept() {
    AtomicLong clock = new AtomicLong(T0);
    IdGenerator g =
        IdGenerator.builder(IdLayout.DEFAULT, 1, 8)
            .clock(clock::get)
            .maxBorrowMillis(0)
            .sleeper(
                ms -> {
                  throw new InterruptedException("stop");
                })
            .build();
    for (int i = 0; i < 64; i++) {
      g.next(0);
    }
    try {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.next(0));
      assertEquals(
          "interrupted while waiting 1 ms for the clock to catch up with the last id issued",
          e.getMessage());
      assertTrue(e.getCause() instanceof InterruptedException);
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status is restored");
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void builder_partitionCountBounds_oneAndTheLayoutMaximumAccepted() {
    IdGenerator one = IdGenerator.create(IdLayout.DEFAULT, 15, 1);
    assertEquals(15, one.generatorId());
    assertEquals(IdLayout.DEFAULT, one.layout());
    assertEquals(0, IdLayout.DEFAULT.partitionOf(one.next(0)));
    IdGenerator full = IdGenerator.create(IdLayout.DEFAULT, 0, 4096);
    assertEquals(4095, IdLayout.DEFAULT.partitionOf(full.next(4095)));
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class, () -> IdGenerator.create(IdLayout.DEFAULT, 0, 0));
    assertEquals(
        "a table of 0 partitions does not fit 12 partition bits (at most 4096); use a layout with"
            + " more partition bits",
        none.getMessage());
    assertDoesNotThrow(() -> IdGenerator.builder(IdLayout.DEFAULT, 0, 8).maxBorrowMillis(0));
  }

  @Test
  void resumeAfter_idZero_isGeneratorZerosId() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> IdGenerator.builder(IdLayout.DEFAULT, 4, 10).resumeAfter(0).build());
    assertEquals("resumeAfter(0) is an id of generator 0, not 4", e.getMessage());
    IdGenerator zero =
        IdGenerator.builder(IdLayout.DEFAULT, 0, 10).clock(() -> T0).resumeAfter(0).build();
    assertTrue(zero.next(0) > 0);
  }

  @Test
  void layout_fieldBounds_refusedByName() {
    assertEquals(
        "generator_bits must be in [0, 20], got 21",
        assertThrows(IllegalArgumentException.class, () -> IdLayout.of(1, 21, 1)).getMessage());
    assertEquals(
        "generator_bits must be in [0, 20], got -1",
        assertThrows(IllegalArgumentException.class, () -> IdLayout.of(1, -1, 1)).getMessage());
    assertEquals(
        "sequence_bits must be in [1, 22], got 0",
        assertThrows(IllegalArgumentException.class, () -> IdLayout.of(1, 0, 0)).getMessage());
    assertEquals(
        "sequence_bits must be in [1, 22], got 23",
        assertThrows(IllegalArgumentException.class, () -> IdLayout.of(1, 0, 23)).getMessage());
    assertEquals(
        "partition_bits must be in [1, 24], got 25",
        assertThrows(IllegalArgumentException.class, () -> IdLayout.of(25, 0, 1)).getMessage());
    assertEquals(
        "partition_bits + generator_bits + sequence_bits must leave at least 30 bits of time (12"
            + " days of ms), got 24 + 4 + 6 = 34, leaving 29",
        assertThrows(IllegalArgumentException.class, () -> IdLayout.of(24, 4, 6)).getMessage());
    assertEquals(0, IdLayout.of(1, 0, 1).generatorBits());
  }

  @Test
  void layout_equalWhenAllFieldsAndEpochAgree() {
    IdLayout a = IdLayout.of(12, 4, 6, 1000L);
    assertEquals(a, IdLayout.of(12, 4, 6, 1000L));
    assertEquals(a.hashCode(), IdLayout.of(12, 4, 6, 1000L).hashCode());
    assertEquals(IdLayout.DEFAULT, IdLayout.of(12, 4, 6));
    assertNotEquals(a, IdLayout.of(11, 4, 6, 1000L));
    assertNotEquals(a, IdLayout.of(12, 3, 6, 1000L));
    assertNotEquals(a, IdLayout.of(12, 4, 5, 1000L));
    assertNotEquals(a, IdLayout.of(12, 4, 6, 1001L));
    assertNotEquals(a, (Object) "IdLayout");
    assertNotEquals(a.hashCode(), IdLayout.of(12, 4, 6, 1001L).hashCode());
    assertNotEquals(IdLayout.of(12, 4, 6).hashCode(), IdLayout.of(12, 5, 6).hashCode());
  }
}
