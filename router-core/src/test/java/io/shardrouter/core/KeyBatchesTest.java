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
}
