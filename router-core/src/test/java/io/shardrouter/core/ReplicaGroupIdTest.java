package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A replica group's id is refused when missing or blank, and the refusal shows what was given. */
class ReplicaGroupIdTest {

  @Test
  void nullOrBlankId_refusedShowingIt() {
    assertEquals(
        "replica group id must be a non-blank string, got null",
        assertThrows(IllegalArgumentException.class, () -> ReplicaGroup.of(null, "db0:5432"))
            .getMessage());
    assertEquals(
        "replica group id must be a non-blank string, got ' '",
        assertThrows(IllegalArgumentException.class, () -> ReplicaGroup.of(" ", "db0:5432"))
            .getMessage());
  }
}
