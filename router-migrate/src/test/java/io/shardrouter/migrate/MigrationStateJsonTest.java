package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A state's JSON document, for state stores of the caller's: read back whole, bad input named. */
class MigrationStateJsonTest {
  @Test
  void roundTrip_keepsEveryField() {
    MigrationState s =
        MigrationState.planned("orders-4to5", "abc123", 1)
            .enter(Phase.COPY, 2)
            .withStep("fence")
            .withCursor("g1:3", "cursor".getBytes(StandardCharsets.UTF_8))
            .withRollback();
    MigrationState back = MigrationState.fromJson(s.toJson(), "a test");
    assertEquals(s, back);
    assertEquals(Phase.COPY, back.phase());
    assertTrue(back.rollingBack());
    assertArrayEquals("cursor".getBytes(StandardCharsets.UTF_8), back.cursors().get("g1:3"));
  }

  @Test
  void notAState_refusedNamingWhere() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigrationState.fromJson("{\"format\": 1}", "/shardrouter/migrations/m/state"));
    assertTrue(e.getMessage().contains("/shardrouter/migrations/m/state"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> MigrationState.fromJson("not json", "a file"));
    IllegalArgumentException format =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                MigrationState.fromJson(
                    MigrationState.planned("m", "p", 1)
                        .toJson()
                        .replace("\"format\":1", "\"format\":9"),
                    "a file"));
    assertTrue(format.getMessage().contains("format"), format.getMessage());
  }
}
