package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The renumbering fence of partition 0 refuses every version below DONE's, and, merged over an
 * existing record of partition 0, refuses at least what that record refused.
 */
class RenumberingFenceTest {
  private static final long DONE = 17;

  @Test
  void mergedRecord_refusesEveryOldVersion_andEverythingTheExistingOneRefused() {
    List<Fence> existing = new ArrayList<>();
    existing.add(null);
    for (long base = 0; base <= 22; base += 2) {
      for (long min = base; min <= 24; min += 3) {
        existing.add(new Fence(0, base, min, Phase.DUAL_WRITE));
      }
    }
    for (Fence old : existing) {
      Fence f = CoordinatorUnits.renumbering(old, DONE);
      assertEquals(0, f.partition());
      for (long v = 0; v <= 26; v++) {
        for (int p = 0; p < 40; p++) {
          if (v < DONE) {
            assertTrue(f.refuses(v, p), old + " -> " + f + ": v" + v + " p" + p);
          }
          if (old != null && old.refuses(v, p)) {
            assertTrue(f.refuses(v, p), old + " weakened to " + f + ": v" + v + " p" + p);
          }
        }
      }
    }
    assertEquals(new Fence(0, DONE, DONE, Phase.DONE), CoordinatorUnits.renumbering(null, DONE));
    assertEquals(
        new Fence(0, DONE, DONE, Phase.DONE),
        CoordinatorUnits.renumbering(new Fence(0, 10, DONE, Phase.DONE), DONE),
        "the source's own DONE fence of partition 0 becomes the renumbering fence");
    Fence later = new Fence(0, 20, 22, Phase.DUAL_WRITE);
    assertEquals(later, CoordinatorUnits.renumbering(later, DONE), "a newer record stays");
  }

  /** A later migration's fence on partition 0 (base >= DONE) still refuses every old version. */
  @Test
  void laterMigrationsFence_replacingIt_stillRefusesEveryOldVersion() {
    for (long base = DONE; base < DONE + 10; base++) {
      Fence next = new Fence(0, base, base + 2, Phase.DUAL_WRITE);
      for (long v = 0; v < DONE; v++) {
        for (int p = 0; p < 40; p++) {
          assertTrue(next.refuses(v, p), next + ": v" + v + " p" + p);
        }
      }
    }
  }
}
