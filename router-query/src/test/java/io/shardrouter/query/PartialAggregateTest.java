package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PartialAggregateTest {

  @Test
  void merge_countSumMinMax() {
    PartialAggregate a = PartialAggregate.ofValues(3, 9, 1);
    PartialAggregate b = PartialAggregate.of(2, 30, 10, 20);
    PartialAggregate m = a.merge(b);
    assertEquals(5, m.count());
    assertEquals(43, m.sum());
    assertEquals(1, m.min().getAsLong());
    assertEquals(20, m.max().getAsLong());
    assertEquals(m, b.merge(a));
    assertEquals(m, PartialAggregate.mergeAll(List.of(a, PartialAggregate.empty(), b)));
  }

  @Test
  void average_fromSumsAndCounts_notFromAverages() {
    PartialAggregate big =
        PartialAggregate.ofValues(10, 10, 10, 10, 10, 10, 10, 10, 10); // average 10 over 9 rows
    PartialAggregate small = PartialAggregate.ofValues(100); // average 100 over 1 row
    assertEquals(19.0, big.merge(small).average().getAsDouble(), 1e-12);
    assertEquals(
        55.0,
        (big.average().getAsDouble() + small.average().getAsDouble()) / 2,
        1e-12,
        "the average of averages is a different (wrong) number");
  }

  @Test
  void empty_hasNoMinMaxOrAverage() {
    PartialAggregate e = PartialAggregate.empty();
    assertEquals(0, e.count());
    assertFalse(e.min().isPresent());
    assertFalse(e.max().isPresent());
    assertFalse(e.average().isPresent());
    assertEquals(
        e, PartialAggregate.of(0, 0, 123, -5), "min and max of an empty target are ignored");
    PartialAggregate one = PartialAggregate.ofValues(-7);
    assertEquals(one, e.merge(one));
    assertEquals(one, one.merge(e));
  }

  @Test
  void badInputAndOverflow_refused() {
    assertThrows(IllegalArgumentException.class, () -> PartialAggregate.of(-1, 0, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> PartialAggregate.of(0, 5, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> PartialAggregate.of(2, 5, 9, 1));
    ArithmeticException e =
        assertThrows(
            ArithmeticException.class,
            () -> PartialAggregate.ofValues(Long.MAX_VALUE).merge(PartialAggregate.ofValues(1)));
    assertTrue(e.getMessage().contains("overflows a long"), e.getMessage());
  }

  @Test
  void mergeAll_ofACompleteFanOut() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<PartialAggregate> r =
          sg.fanOut(
                  List.of(Target.named("p0"), Target.named("p1"), Target.named("p2")),
                  a ->
                      CompletableFuture.completedFuture(
                          List.of(
                              switch (a.target().name()) {
                                case "p0" -> PartialAggregate.of(2, 300, 100, 200);
                                case "p1" -> PartialAggregate.empty();
                                default -> PartialAggregate.of(1, 50, 50, 50);
                              })))
              .requireComplete()
              .run();
      PartialAggregate total = PartialAggregate.mergeAll(r.rows());
      assertEquals(PartialAggregate.of(3, 350, 50, 200), total);
      assertEquals(350.0 / 3, total.average().getAsDouble(), 1e-12);
    }
  }
}
