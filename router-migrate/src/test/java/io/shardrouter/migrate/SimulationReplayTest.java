package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.migrate.internal.simulation.Simulation;
import io.shardrouter.migrate.internal.simulation.SimulationResult;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A seed replays exactly (docs/migration.md §6): the same seed gives the same schedules, schedule
 * {@code i} of a run is the run of seed {@code seed + i} alone, and a failing schedule's trace is
 * the shortest that still fails, ending with the command that replays it.
 */
class SimulationReplayTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20_261_206L);

  /** Everything but the wall time. */
  private static List<Object> totals(SimulationResult r) {
    return List.of(
        r.schedules(),
        r.ackedWrites(),
        r.lost(),
        r.duplicated(),
        r.staleReads(),
        r.reads(),
        r.fencedWrites(),
        r.fencedReads(),
        r.abandonedWrites(),
        r.rollbacks(),
        r.crashes(),
        r.canaryMismatches(),
        r.failingSeed(),
        String.valueOf(r.violation()),
        r.trace());
  }

  @Test
  void aRun_isTheSumOfItsSchedulesRunAlone_andReplaysExactly() {
    System.out.println("SimulationReplayTest seed " + SEED);
    Simulation sim = Simulation.builder().events(150).build();
    SimulationResult all = sim.run(SEED, 6);
    assertTrue(all.passed(), all::violation);
    assertEquals(SEED, all.seed());
    assertEquals(totals(all), totals(sim.run(SEED, 6)), "the same seed, the same schedules");
    long[] sum = new long[11];
    for (int i = 0; i < 6; i++) {
      SimulationResult one = sim.run(SEED + i, 1);
      assertEquals(1, one.schedules());
      assertEquals(-1, one.failingSeed());
      long[] t = {
        one.ackedWrites(),
        one.lost(),
        one.duplicated(),
        one.staleReads(),
        one.reads(),
        one.fencedWrites(),
        one.fencedReads(),
        one.abandonedWrites(),
        one.rollbacks(),
        one.crashes(),
        one.canaryMismatches()
      };
      for (int j = 0; j < t.length; j++) {
        sum[j] += t[j];
      }
    }
    assertEquals(
        List.of(
            all.ackedWrites(),
            all.lost(),
            all.duplicated(),
            all.staleReads(),
            all.reads(),
            all.fencedWrites(),
            all.fencedReads(),
            all.abandonedWrites(),
            all.rollbacks(),
            all.crashes(),
            all.canaryMismatches()),
        List.of(
            sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], sum[6], sum[7], sum[8], sum[9],
            sum[10]));
    assertEquals(6, all.schedules());
    assertTrue(all.ackedWrites() > 0 && all.reads() > 0 && all.fencedWrites() > 0, all::toJson);
  }

  /**
   * The schedules a seed names are pinned: a seed reported against one build replays on the next,
   * and {@code --store jdbc} must run the same schedules event for event (docs/migration.md §6).
   * Seven schedules draw each standard plan once. A deliberate change of the simulation (its event
   * mix, its delays, the protocol's units) changes these totals: say so in its commit and update
   * them; an accidental one is what this catches.
   */
  @Test
  void pinnedSeed_runsThePinnedSchedules() {
    SimulationResult r = Simulation.builder().build().run(20_261_206L, 7);
    assertEquals(
        "{\"schedules\":7,\"seed\":20261206,\"acked_writes\":559,\"lost\":0,\"duplicated\":0,"
            + "\"stale_reads\":0,\"reads\":203,\"fenced_writes\":140,\"fenced_reads\":40,"
            + "\"abandoned_writes\":4,\"rollbacks\":3,\"crashes\":165}",
        r.toJson());
    assertEquals(0, r.canaryMismatches());
  }

  private static final Pattern REPLAY =
      Pattern.compile("replay: --seed (-?\\d+) --schedules 1 --events (\\d+)");

  @Test
  void aFailingSchedule_givesTheShortestFailingTrace_andItsReplayFailsAgain() {
    Simulation.Protocol broken = Simulation.Protocol.NO_READ_FENCE;
    SimulationResult r = Simulation.builder().protocol(broken).build().run(SEED, 1_000);
    assertFalse(r.passed());
    List<String> trace = r.trace();
    Matcher m = REPLAY.matcher(trace.get(trace.size() - 1));
    assertTrue(m.matches(), trace::toString);
    long seed = Long.parseLong(m.group(1));
    int events = Integer.parseInt(m.group(2));
    assertEquals(r.failingSeed(), seed);
    assertEquals(SEED + r.schedules() - 1, seed, "the failing schedule is the last one run");
    assertTrue(events > 0 && events <= 300, "events " + events);
    assertEquals("violation: " + r.violation(), trace.get(trace.size() - 2));
    assertTrue(trace.size() > 2, "a line per event before the violation");
    for (int i = 0; i < trace.size() - 2; i++) {
      assertTrue(trace.get(i).startsWith("t"), trace.get(i));
    }
    SimulationResult replay =
        Simulation.builder().protocol(broken).events(events).build().run(seed, 1);
    assertEquals(r.violation(), replay.violation(), "the replay fails the same way");
    assertEquals(trace, replay.trace());
    SimulationResult shorter =
        Simulation.builder().protocol(broken).events(events - 1).build().run(seed, 1);
    assertTrue(shorter.passed(), "one event fewer passes: the trace is the shortest");
    assertTrue(shorter.trace().isEmpty());
  }

  @Test
  void settings_outOfRange_areRefused() {
    assertEquals(
        "schedules must be >= 1, got 0",
        assertThrows(
                IllegalArgumentException.class, () -> Simulation.builder().build().run(SEED, 0))
            .getMessage());
    assertEquals(
        "events must be >= 0, got -1",
        assertThrows(IllegalArgumentException.class, () -> Simulation.builder().events(-1))
            .getMessage());
    assertEquals(
        "plans must not be empty",
        assertThrows(IllegalArgumentException.class, () -> Simulation.builder().plans(List.of()))
            .getMessage());
    assertEquals("memory", Simulation.builder().build().storeName());
  }

  @Test
  void result_summaryLine_andRate() {
    SimulationResult r =
        new SimulationResult(
            3, 42, 100, 0, 0, 0, 20, 5, 4, 2, 1, 7, 9, -1, null, List.of(), 1_500_000_000L);
    assertTrue(r.passed());
    assertEquals(2.0, r.schedulesPerSecond(), 1e-9);
    assertEquals(
        "{\"schedules\":3,\"seed\":42,\"acked_writes\":100,\"lost\":0,\"duplicated\":0,"
            + "\"stale_reads\":0,\"reads\":20,\"fenced_writes\":5,\"fenced_reads\":4,"
            + "\"abandoned_writes\":2,\"rollbacks\":1,\"crashes\":7}",
        r.toJson());
    SimulationResult failed =
        new SimulationResult(
            1, 42, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 42, "lost write: k", List.of(), 0);
    assertFalse(failed.passed());
    assertEquals(0.0, failed.schedulesPerSecond());
  }
}
