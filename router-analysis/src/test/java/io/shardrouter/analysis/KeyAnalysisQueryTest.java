package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import org.junit.jupiter.api.Test;

/** Queries of composite keys, written as JSON arrays of their parts, and what kind a query is. */
class KeyAnalysisQueryTest {
  private static final KeyType PLANT_LINE =
      KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);

  @Test
  void compositeKeys_readAsArraysOfTheirParts() {
    KeyAnalysis.Query q =
        KeyAnalysis.Query.parse("{\"keys\": [[\"plant-a\", 42], [\"b,\\\"c\", 7]]}", PLANT_LINE);
    assertFalse(q.isRange());
    assertEquals(2, q.keys().size());
    assertArrayEquals(PLANT_LINE.parseText("[\"plant-a\",42]"), q.keys().get(0));
    assertArrayEquals(PLANT_LINE.parseText("[\"b,\\\"c\",7]"), q.keys().get(1));
  }

  @Test
  void aRangeOfCompositeKeys_isARange() {
    KeyAnalysis.Query q =
        KeyAnalysis.Query.parse(
            "{\"from\": [\"plant-a\", 1], \"to\": [\"plant-a\", 100]}", PLANT_LINE);
    assertTrue(q.isRange());
    assertArrayEquals(PLANT_LINE.parseText("[\"plant-a\",1]"), q.from());
    assertArrayEquals(PLANT_LINE.parseText("[\"plant-a\",100]"), q.to());
  }
}
