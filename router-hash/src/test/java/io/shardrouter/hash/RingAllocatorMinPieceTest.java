package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link RingAllocator#withMinPiece}: [0, 0.01] accepted, bounds included; anything else refused.
 */
class RingAllocatorMinPieceTest {
  @Test
  void minPiece_atBothBounds_accepted() {
    assertNotNull(RingAllocator.withMinPiece(0));
    assertNotNull(RingAllocator.withMinPiece(0.01));
    assertNotNull(RingAllocator.withMinPiece(RingAllocator.DEFAULT_MIN_PIECE));
  }

  @Test
  void minPiece_outsideOrNaN_refusedNamingTheRange() {
    for (double bad : new double[] {-1e-9, 0.0100001, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> RingAllocator.withMinPiece(bad));
      assertEquals(
          "ring allocator minPiece must be in [0, 0.01] (a share of a group's weight share;"
              + " balance is within about minPiece of exact), got "
              + bad,
          e.getMessage());
    }
  }
}
