package io.shardrouter.migrate.internal.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A row name is its routing key, then optionally {@code #} and its row id. */
class SimRowsTest {
  @Test
  void aNameWithoutHash_isItsKey_withTheEmptyId() {
    assertEquals("k3", SimRows.routed("k3"));
    assertArrayEquals(new byte[0], SimRows.id("k3"));
  }

  @Test
  void aNameWithHash_splitsAtTheHash() {
    assertEquals("k3", SimRows.routed("k3#7"));
    assertArrayEquals(SimRows.bytes("7"), SimRows.id("k3#7"));
    assertArrayEquals(SimRows.bytes("ab"), SimRows.id("k12#ab"));
  }

  @Test
  void aHashFirst_isTheEmptyKey() {
    assertEquals("", SimRows.routed("#5"));
    assertArrayEquals(SimRows.bytes("5"), SimRows.id("#5"));
  }
}
