package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A state is a value: equal when every field is (cursors by content), and the verification is clean
 * only when there was one and every part of it matched.
 */
class MigrationStateValueTest {
  private static final MigrationState BASE = MigrationState.planned("m", "fp", 1);
  private static final PartReport CLEAN = new PartReport("p0", 3, 3, 0, 0, 0, List.of());
  private static final PartReport DIRTY = new PartReport("p1", 3, 2, 1, 0, 0, List.of("k"));

  @Test
  void verifiedClean_needsAVerification_withEveryPartClean() {
    assertFalse(BASE.verifiedClean(), "no verification yet");
    assertTrue(BASE.withReports(List.of(CLEAN)).verifiedClean());
    assertFalse(BASE.withReports(List.of(CLEAN, DIRTY)).verifiedClean());
    assertFalse(BASE.withReports(List.of(DIRTY, CLEAN)).verifiedClean());
  }

  @Test
  void equalStates_haveEqualFields_cursorsByContent() {
    MigrationState a = BASE.withStep("s").withCursor("p0", new byte[] {1, 2});
    MigrationState b = BASE.withStep("s").withCursor("p0", new byte[] {1, 2});
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertNotEquals(a, BASE.withStep("s").withCursor("p0", new byte[] {1, 3}), "cursor bytes");
    assertNotEquals(a, BASE.withStep("s"), "cursor keys");
    assertNotEquals(a, BASE.withCursor("p0", new byte[] {1, 2}), "steps");
    assertNotEquals(BASE, BASE.withRollback(), "rolling back");
    assertNotEquals(BASE, BASE.enter(Phase.COPY, 2), "phase and version");
    assertNotEquals(BASE, BASE.withReports(List.of(CLEAN)), "reports");
    assertNotEquals(BASE, MigrationState.planned("m2", "fp", 1), "id");
    assertFalse(BASE.equals("m"), "not a state");
  }

  @Test
  void differentStates_spreadOverHashCodes() {
    Set<Integer> hashes = new HashSet<>();
    for (MigrationState s :
        List.of(
            BASE,
            BASE.withRollback(),
            BASE.enter(Phase.COPY, 2),
            BASE.withStep("s"),
            BASE.withReports(List.of(CLEAN)))) {
      hashes.add(s.hashCode());
    }
    assertTrue(hashes.size() > 1, hashes::toString);
  }
}
