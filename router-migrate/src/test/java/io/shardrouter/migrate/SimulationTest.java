package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class SimulationTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20_261_201L);

  @Test
  void correctProtocol_thousandsOfSchedules_noViolation() {
    SimulationResult r = Simulation.builder().build().run(SEED, 3_000);
    System.out.printf(
        Locale.ROOT, "simulation: %s (%.0f schedules/s)%n", r.toJson(), r.schedulesPerSecond());
    assertTrue(
        r.passed(),
        () ->
            "seed " + r.failingSeed() + ": " + r.violation() + "\n" + String.join("\n", r.trace()));
    assertEquals(0, r.lost());
    assertEquals(0, r.duplicated());
    assertEquals(0, r.staleReads());
    assertTrue(r.ackedWrites() > 100_000, "acked " + r.ackedWrites());
    assertTrue(r.fencedWrites() > 0);
    assertTrue(r.rollbacks() > 0);
    assertTrue(r.crashes() > 0);
  }

  @Test
  void noFence_isCaught() {
    SimulationResult r =
        Simulation.builder().protocol(Simulation.Protocol.NO_FENCE).build().run(SEED, 2_000);
    System.out.println("NO_FENCE caught after " + r.schedules() + " schedules: " + r.violation());
    assertFalse(r.passed());
  }

  @Test
  void noDualWrite_isCaught() {
    SimulationResult r =
        Simulation.builder().protocol(Simulation.Protocol.NO_DUAL_WRITE).build().run(SEED, 2_000);
    System.out.println(
        "NO_DUAL_WRITE caught after " + r.schedules() + " schedules: " + r.violation());
    assertFalse(r.passed());
  }
}
