package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.AbstractList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopKTest {
  private static final Comparator<Row> DESC = Row.NEWEST_FIRST.rows();

  @Test
  void merge_descending_globalTopK() {
    List<List<Row>> shards =
        List.of(
            List.of(Row.of(105, 9), Row.of(100, 8), Row.of(99, 7)),
            List.of(Row.of(104, 6), Row.of(100, 5), Row.of(98, 4)),
            List.of(),
            List.of(Row.of(103, 3), Row.of(102, 2), Row.of(100, 1)));
    assertEquals(
        List.of(Row.of(105, 9), Row.of(104, 6), Row.of(103, 3), Row.of(102, 2), Row.of(100, 8)),
        TopK.merge(shards, DESC, 5));
    assertEquals(9, TopK.merge(shards, DESC, 100).size());
    assertEquals(List.of(Row.of(105, 9)), TopK.merge(shards, DESC, 1));
  }

  @Test
  void merge_ascending_globalTopK() {
    List<List<Row>> shards =
        List.of(List.of(Row.of(1, 1), Row.of(3, 3)), List.of(Row.of(2, 2), Row.of(3, 4)));
    assertEquals(
        List.of(Row.of(1, 1), Row.of(2, 2), Row.of(3, 3)), TopK.merge(shards, Row.ASCENDING, 3));
    assertEquals(
        List.of(Row.of(3, 4), Row.of(3, 3), Row.of(2, 2)),
        TopK.merge(
            List.of(List.of(Row.of(3, 3), Row.of(1, 1)), List.of(Row.of(3, 4), Row.of(2, 2))),
            Row.NEWEST_FIRST.rows(),
            3));
  }

  @Test
  void merge_readsAtMostKRowsOfEachTarget() {
    int k = 4;
    List<Row> endless =
        new AbstractList<>() {
          @Override
          public Row get(int i) {
            if (i >= k) {
              throw new AssertionError(
                  "read row " + i + " of a target; at most K = " + k + " are candidates");
            }
            return Row.of(1_000 - i, 1_000 - i);
          }

          @Override
          public int size() {
            return 1_000_000;
          }
        };
    List<Row> top = TopK.merge(List.of(endless, endless), DESC, k, Row::orderId);
    assertEquals(
        List.of(Row.of(1_000, 1_000), Row.of(999, 999), Row.of(998, 998), Row.of(997, 997)), top);
  }

  @Test
  void merge_sameRowFromTwoReplicas_returnedOnce() {
    List<List<Row>> replicas =
        List.of(
            List.of(Row.of(5, 1), Row.of(4, 2)),
            List.of(Row.of(5, 1), Row.of(4, 2)),
            List.of(Row.of(3, 3)));
    assertEquals(List.of(Row.of(5, 1), Row.of(4, 2), Row.of(3, 3)), TopK.merge(replicas, DESC, 10));
    assertEquals(List.of(Row.of(5, 1), Row.of(4, 2)), TopK.merge(replicas, DESC, 2));
  }

  @Test
  void merge_uniqueId_staleCopyWithAnotherKey_firstInOrderWins() {
    List<List<Row>> buckets =
        List.of(List.of(Row.of(9, 1), Row.of(7, 2)), List.of(Row.of(8, 3), Row.of(6, 1)));
    assertEquals(
        List.of(Row.of(9, 1), Row.of(8, 3), Row.of(7, 2)),
        TopK.merge(buckets, DESC, 5, Row::orderId));
  }

  @Test
  void merge_orderNotTotal_refusedNotSilentlyDropped() {
    Comparator<Row> timeOnly = Comparator.comparingLong(Row::createdAt).reversed();
    List<List<Row>> ties =
        List.of(List.of(Row.of(100, 8), Row.of(100, 5)), List.of(Row.of(100, 1)));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TopK.merge(ties, timeOnly, 3));
    assertTrue(
        e.getMessage().contains("compare equal but are not equal(): the order is not total"),
        e.getMessage());
    IllegalArgumentException withIds =
        assertThrows(
            IllegalArgumentException.class, () -> TopK.merge(ties, timeOnly, 3, Row::orderId));
    assertTrue(
        withIds.getMessage().contains("have different ids but compare equal"),
        withIds.getMessage());
  }

  @Test
  void merge_unsortedTarget_refusedWithTheTargetNamed() {
    List<List<Row>> shards = List.of(List.of(Row.of(5, 5)), List.of(Row.of(1, 1), Row.of(2, 2)));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TopK.merge(shards, DESC, 3));
    assertTrue(
        e.getMessage()
            .startsWith(
                "the rows of target #1 are not sorted in the merge order: row 0 ((1, 1))"
                    + " comes after row 1 ((2, 2))"),
        e.getMessage());
  }

  @Test
  void merge_badK_refused() {
    for (int k : new int[] {0, -1}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> TopK.merge(List.of(List.of(Row.of(1, 1))), DESC, k));
      assertEquals(
          "the page size K must be >= 1, got " + k + "; a page holds at least one row",
          e.getMessage());
    }
  }

  @Test
  void merge_noTargetsOrOnlyEmptyOnes_empty() {
    assertEquals(List.of(), TopK.merge(List.<List<Row>>of(), DESC, 3));
    assertEquals(List.of(), TopK.merge(List.of(List.<Row>of(), List.<Row>of()), DESC, 3));
  }
}
