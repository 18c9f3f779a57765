package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A movement piece's share is {@code >= 0} (an empty piece has share 0) or NaN, never negative. */
class ExactMovementPieceRulesTest {

  @Test
  void shareZero_accepted_negative_refused() {
    assertEquals(0.0, new ExactMovement.Piece(0, 1, 0.0, null, null).share());
    assertTrue(Double.isNaN(new ExactMovement.Piece(0, 1, Double.NaN, null, null).share()));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new ExactMovement.Piece(0, 1, -0.25, null, null));
    assertTrue(e.getMessage().contains("got -0.25"), e.getMessage());
  }
}
