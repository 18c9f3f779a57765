package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.migrate.internal.simulation.Simulation;
import io.shardrouter.migrate.internal.simulation.SimulationResult;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class SimulationTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20_261_201L);

  @Test
  void correctProtocol_thousandsOfSchedules_noViolation() {
    SimulationResult r = Simulation.builder().build().run(SEED, 2_000);
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
    assertTrue(r.reads() > 20_000, "reads " + r.reads());
    assertTrue(r.fencedWrites() > 0);
    assertTrue(r.fencedReads() > 0, "no read was ever refused by a fence");
    assertTrue(r.abandonedWrites() > 0, "no writer died after a first leg");
    assertTrue(r.rollbacks() > 0);
    assertTrue(r.crashes() > 0);
  }

  @Test
  void noFence_caughtWithLostWrites_withinBoundedSchedules() {
    assertLostWritesFound(Simulation.Protocol.NO_FENCE);
  }

  @Test
  void noDualWrite_caughtWithLostWrites_withinBoundedSchedules() {
    assertLostWritesFound(Simulation.Protocol.NO_DUAL_WRITE);
  }

  @Test
  void noReadFence_caughtWithStaleReads_withinBoundedSchedules() {
    assertStaleReadFound(Simulation.Protocol.NO_READ_FENCE);
  }

  @Test
  void fenceAfterPublish_caughtWithStaleReads_withinBoundedSchedules() {
    assertStaleReadFound(Simulation.Protocol.FENCE_AFTER_PUBLISH);
  }

  /** Runs schedules one by one until one loses an acknowledged write; at most 300 may pass. */
  private static void assertLostWritesFound(Simulation.Protocol protocol) {
    Simulation sim = Simulation.builder().protocol(protocol).build();
    SimulationResult first = sim.run(SEED, 300);
    assertFalse(first.passed(), protocol + " passed 300 schedules from seed " + SEED);
    for (long s = SEED; s < SEED + 300; s++) {
      SimulationResult r = sim.run(s, 1);
      if (r.lost() > 0) {
        System.out.println(
            protocol
                + ": first violation in schedule "
                + first.schedules()
                + " ("
                + first.violation()
                + "); first lost write in schedule "
                + (s - SEED + 1)
                + " (seed "
                + s
                + ", "
                + r.lost()
                + " lost)");
        assertFalse(r.trace().isEmpty());
        return;
      }
    }
    throw new AssertionError(protocol + ": no lost write in 300 schedules from seed " + SEED);
  }

  /**
   * Runs the default number of schedules of a broken protocol: it must stop at a stale read (the
   * violation the variant exists to show), with a trace that replays it.
   */
  private static void assertStaleReadFound(Simulation.Protocol protocol) {
    SimulationResult r = Simulation.builder().protocol(protocol).build().run(SEED, 1_000);
    System.out.println(
        protocol
            + ": "
            + (r.passed()
                ? "no violation"
                : "schedule "
                    + r.schedules()
                    + " (seed "
                    + r.failingSeed()
                    + "): "
                    + r.violation()));
    assertFalse(r.passed(), protocol + " passed 1,000 schedules from seed " + SEED);
    assertTrue(r.staleReads() > 0, () -> protocol + " failed otherwise: " + r.violation());
    assertTrue(r.violation().startsWith("stale read"), r.violation());
    assertTrue(
        r.trace().get(r.trace().size() - 1).startsWith("replay: --seed "), r.trace()::toString);
  }
}
