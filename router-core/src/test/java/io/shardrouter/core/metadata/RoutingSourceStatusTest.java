package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A source's status: a version comes with its fingerprint and age, no version with neither. */
class RoutingSourceStatusTest {
  private static final RoutingException FAILED = new RoutingException("refused");

  @Test
  void withATable_healthyUntilAnAttemptFails() {
    RoutingSource.Status ok = new RoutingSource.Status(0, "ab", Duration.ZERO, null);
    assertTrue(ok.hasTable());
    assertTrue(ok.healthy());
    RoutingSource.Status failed = new RoutingSource.Status(7, "ab", Duration.ofSeconds(3), FAILED);
    assertTrue(failed.hasTable());
    assertFalse(failed.healthy());
  }

  @Test
  void withoutATable_neverHealthy() {
    RoutingSource.Status none =
        new RoutingSource.Status(RoutingSource.Status.NO_VERSION, null, null, null);
    assertFalse(none.hasTable());
    assertFalse(none.healthy());
    assertFalse(new RoutingSource.Status(-1, null, null, FAILED).healthy());
  }

  @Test
  void inconsistentStatuses_refused_withWhatWasGiven() {
    assertEquals(
        "status version must be >= 0, or -1 for none, got -2",
        assertThrows(
                IllegalArgumentException.class,
                () -> new RoutingSource.Status(-2, null, null, null))
            .getMessage());
    String m =
        assertThrows(
                IllegalArgumentException.class,
                () -> new RoutingSource.Status(3, null, Duration.ZERO, null))
            .getMessage();
    assertTrue(m.contains("got version 3, fingerprint null, age PT0S"), m);
    assertThrows(
        IllegalArgumentException.class, () -> new RoutingSource.Status(3, "ab", null, null));
    assertThrows(
        IllegalArgumentException.class, () -> new RoutingSource.Status(-1, "ab", null, null));
    assertThrows(
        IllegalArgumentException.class,
        () -> new RoutingSource.Status(-1, null, Duration.ZERO, null));
    assertEquals(
        "lastGoodAge must not be negative, got PT-1S",
        assertThrows(
                IllegalArgumentException.class,
                () -> new RoutingSource.Status(3, "ab", Duration.ofSeconds(-1), null))
            .getMessage());
  }
}
