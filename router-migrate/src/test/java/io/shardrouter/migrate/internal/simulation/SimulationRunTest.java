package io.shardrouter.migrate.internal.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a run reports besides its verdict: a progress line every 1,000 schedules, its wall time, the
 * canary mismatches of its schedules, and the stores of every schedule it ran released.
 */
class SimulationRunTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20_261_206L);

  @Test
  void progress_everyThousandSchedules_withTheTotalsSoFar() {
    System.out.println("SimulationRunTest seed " + SEED);
    List<String> lines = new ArrayList<>();
    long t0 = System.nanoTime();
    SimulationResult r =
        Simulation.builder()
            .plans(List.of(SimulationPlans.standard().get(0)))
            .events(0)
            .progress(lines::add)
            .build()
            .run(SEED, 1_000);
    System.out.println("1000 schedules in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
    assertTrue(r.passed(), () -> "seed " + SEED + ": " + r.violation());
    assertEquals(
        List.of("1000 schedules, " + r.ackedWrites() + " acknowledged writes, no violation"),
        lines,
        "seed " + SEED);
  }

  /** Stores from memory that remember which schedules opened and released theirs. */
  private static final class CountingStores implements Simulation.StoreFactory {
    final List<Long> opened = new ArrayList<>();
    final List<Long> closed = new ArrayList<>();

    @Override
    public Map<String, MigrationStore> open(long seed, List<String> groupIds) {
      opened.add(seed);
      return Simulation.IN_MEMORY.open(seed, groupIds);
    }

    @Override
    public void close(long seed) {
      closed.add(seed);
    }

    @Override
    public String name() {
      return "counting";
    }
  }

  @Test
  void everyScheduleReleasesItsStores_theShortenedReplaysToo() {
    System.out.println("SimulationRunTest seed " + SEED);
    CountingStores ok = new CountingStores();
    Simulation.builder().stores(ok).events(50).build().run(SEED, 3);
    assertEquals(List.of(SEED, SEED + 1, SEED + 2), ok.opened);
    assertEquals(ok.opened, ok.closed, "seed " + SEED);
    CountingStores failing = new CountingStores();
    SimulationResult r =
        Simulation.builder()
            .stores(failing)
            .protocol(Simulation.Protocol.NO_FENCE)
            .build()
            .run(SEED, 1);
    assertFalse(r.passed(), "seed " + SEED);
    assertTrue(failing.opened.size() > 2, "the failing schedule is run again to shorten it");
    assertEquals(failing.opened, failing.closed, "seed " + SEED);
  }

  @Test
  void wallTime_isTheRunsOwn_passingOrFailing() {
    System.out.println("SimulationRunTest seed " + SEED);
    for (Simulation.Protocol p :
        List.of(Simulation.Protocol.CORRECT, Simulation.Protocol.NO_FENCE)) {
      long before = System.nanoTime();
      SimulationResult r = Simulation.builder().protocol(p).events(50).build().run(SEED, 1);
      long elapsed = System.nanoTime() - before;
      assertEquals(p == Simulation.Protocol.CORRECT, r.passed(), p + " seed " + SEED);
      assertTrue(r.nanos() > 0 && r.nanos() <= elapsed, p + ": " + r.nanos() + " of " + elapsed);
    }
  }

  /**
   * Canary mismatches are the schedules' own, summed: without the dual write the target misses
   * writes, so compared reads differ (seed + 15 draws a plan whose canary compares reads; with no
   * random events it fails at once, so its trace is not shortened).
   */
  @Test
  void canaryMismatches_areTheSchedulesMismatches() {
    long seed = SEED + 15;
    Simulation.Protocol p = Simulation.Protocol.NO_DUAL_WRITE;
    List<MigrationPlan> plans = SimulationPlans.standard();
    MigrationPlan plan = plans.get((int) Math.floorMod(seed, (long) plans.size()));
    SimSchedule alone =
        new SimSchedule(
            plan, seed, p, Simulation.IN_MEMORY.open(seed, SimSchedule.groupIds(plan)), 0, null);
    alone.run();
    SimulationResult r = Simulation.builder().protocol(p).events(0).build().run(seed, 1);
    assertTrue(r.canaryMismatches() > 0, "seed " + seed + ": " + r.canaryMismatches());
    assertEquals(alone.canaryMismatches, r.canaryMismatches(), "seed " + seed);
  }

  /**
   * The trace ends with the violation of the schedule it replays, the shortened one, which need not
   * be the violation the full schedule found (here: a duplicate in full, a lost write short).
   */
  @Test
  void theTracesViolation_isTheShortenedSchedules() {
    long seed = SEED;
    Simulation.Protocol p = Simulation.Protocol.NO_FENCE;
    SimulationResult r = Simulation.builder().protocol(p).build().run(seed, 1);
    assertFalse(r.passed(), "seed " + seed);
    List<String> trace = r.trace();
    String last = trace.get(trace.size() - 1);
    int events = Integer.parseInt(last.substring(last.lastIndexOf(' ') + 1));
    SimulationResult replay = Simulation.builder().protocol(p).events(events).build().run(seed, 1);
    assertEquals("violation: " + replay.violation(), trace.get(trace.size() - 2), "seed " + seed);
    assertFalse(
        r.violation().equals(replay.violation()),
        "seed " + seed + " no longer shows a shortened schedule failing otherwise");
  }

  /** A stale read names the sequence it read, older than the acknowledged one. */
  @Test
  void aStaleRead_namesTheOlderSequenceItRead() {
    long seed = SEED + 10;
    SimulationResult r =
        Simulation.builder().protocol(Simulation.Protocol.NO_DUAL_WRITE).build().run(seed, 1);
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "stale read: client \\d on ReadRoute\\{.*\\} read \\S+ seq (\\d+) from g\\d+, but seq"
                    + " (\\d+) was acknowledged before the read began")
            .matcher(String.valueOf(r.violation()));
    assertTrue(m.matches(), "seed " + seed + ": " + r.violation());
    assertTrue(Long.parseLong(m.group(1)) < Long.parseLong(m.group(2)), r.violation());
  }
}
