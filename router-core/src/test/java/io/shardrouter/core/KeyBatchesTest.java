package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link KeyBatches}: the refusal of a batch's key is the refusal its single route threw, of its
 * own type and with its own fields, named by the key's index.
 */
class KeyBatchesTest {
  @Test
  void refusedAt_keepsTheInstanceAndItsType_namesTheIndex_andWhatWasWritten() {
    BatchSumStrategy.OwnRefusal own = new BatchSumStrategy.OwnRefusal("strategy refused it.");
    assertEquals(-1, own.batchIndex(), "a single route's refusal names no index");
    assertEquals("strategy refused it.", own.getMessage());

    BatchSumStrategy.OwnRefusal same = KeyBatches.refusedAt(4, own, "routes");
    assertSame(own, same);
    assertEquals(4, own.batchIndex());
    assertEquals(
        "keys[4]: strategy refused it (the routes of keys before it are written, none after)",
        own.getMessage());
    assertTrue(own.toString().endsWith(": " + own.getMessage()), own::toString);
    assertNull(own.getCause());

    NoRouteException n =
        KeyBatches.refusedAt(0, new NoRouteException("k", "no range holds k"), null);
    assertEquals("k", n.key(), "the subtype's own fields stay");
    assertEquals("keys[0]: no range holds k", n.getMessage(), "nothing written: nothing said");
  }

  @Test
  void refusedAt_anOuterBatch_recordsItsOwnIndexAndWords() {
    RoutingException e = KeyBatches.refusedAt(3, new RoutingException("broke."), "routes");
    KeyBatches.refusedAt(67, e, "partitions");
    assertEquals(67, e.batchIndex());
    assertEquals(
        "keys[67]: broke (the partitions of keys before it are written, none after)",
        e.getMessage());
  }

  @Test
  void refusedAt_negativeIndex_refused() {
    RoutingException e = new RoutingException("broke");
    IllegalArgumentException x =
        assertThrows(IllegalArgumentException.class, () -> KeyBatches.refusedAt(-1, e, "routes"));
    assertEquals(
        "a batch names a refused key by its index in keys, which is >= 0; got -1", x.getMessage());
    assertEquals(-1, e.batchIndex(), "left as it was");
  }

  @Test
  void checkRange_namesTheWrongBound_andTheArray() {
    KeyBatches.checkRange("keys", 3, 0, 3);
    KeyBatches.checkRange("keys", 3, 3, 3);
    assertEquals(
        "batch range [from, to) = [-1, 2) starts before 0: give 0 <= from <= to <= keys.length"
            + " (3)",
        assertThrows(IndexOutOfBoundsException.class, () -> KeyBatches.checkRange("keys", 3, -1, 2))
            .getMessage());
    assertEquals(
        "batch range [from, to) = [2, 1) has from after to: give 0 <= from <= to <= keys.length"
            + " (3)",
        assertThrows(IndexOutOfBoundsException.class, () -> KeyBatches.checkRange("keys", 3, 2, 1))
            .getMessage());
    assertEquals(
        "batch range [from, to) = [0, 4) ends past the 3 elements of part0: give 0 <= from <= to"
            + " <= part0.length (3)",
        assertThrows(IndexOutOfBoundsException.class, () -> KeyBatches.checkRange("part0", 3, 0, 4))
            .getMessage());
  }

  /** The table's batches, a strategy's and MigrationRoutes' (its own test) word it alike. */
  @Test
  void checkRange_isWhatEveryBatchOfCoreSays() {
    RoutingTable t = Tables.table(1, new BatchSumStrategy(5), KeyType.BYTES, 2);
    byte[][] keys = {{1}, {2}, {3}};
    String said =
        assertThrows(IndexOutOfBoundsException.class, () -> KeyBatches.checkRange("keys", 3, 2, 1))
            .getMessage();
    assertEquals(
        said,
        assertThrows(
                IndexOutOfBoundsException.class,
                () -> t.routeAllCanonical(keys, 2, 1, new Route[3]))
            .getMessage());
    assertEquals(
        said,
        assertThrows(
                IndexOutOfBoundsException.class,
                () -> t.strategy().partitionsOf(keys, 2, 1, new int[3]))
            .getMessage());
  }
}
