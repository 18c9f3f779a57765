package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.migrate.internal.simulation.SimulationPlans;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A migration's routes allocate nothing, one by one or in batches, text keys or canonical bytes, on
 * a table that routes a batch key by key and on a lookup directory that routes it in groups;
 * measured with the JVM's per-thread allocation counter (not a timing test: router-bench's
 * MigrationRouteBenchmark and MigrationBatchBenchmark report speed and bytes per route).
 */
class MigrationRoutesAllocationTest {
  private static final int KEYS = 256;
  private static final int ROUNDS = 400;

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  /**
   * The fewest bytes allocated while {@code run} runs ROUNDS times, of three measurements after a
   * warm-up of the same: a route that allocates does so in every measurement, a one-off (the
   * compiler replacing the loop's code) in one.
   */
  private static void assertNoAllocation(String what, Runnable run) {
    for (int r = 0; r < ROUNDS; r++) {
      run.run();
    }
    long fewest = Long.MAX_VALUE;
    for (int m = 0; m < 3; m++) {
      long before = allocatedBytes();
      for (int r = 0; r < ROUNDS; r++) {
        run.run();
      }
      fewest = Math.min(fewest, allocatedBytes() - before);
    }
    long bytes = fewest;
    // one object per call would be >= 16 B x 200 calls; the counter itself may take a few bytes
    assertTrue(
        bytes < 2048, () -> what + " allocated " + bytes + " bytes over " + ROUNDS + " calls");
  }

  @Test
  void routes_oneByOneAndInBatches_allocateNothing() {
    List<MigrationPlan> plans =
        List.of(
            SimulationPlans.standard().get(0), // hash_mod placement move: key by key
            SimulationPlans.standard().get(1).withCanary(37, true), // hash_mod 16 -> 32
            MigrationRoutesBatchTest.directoryMove()); // a lookup directory: in groups
    String[] text = new String[KEYS];
    byte[][] canonical = new byte[KEYS][];
    for (int i = 0; i < KEYS; i++) {
      text[i] = "k" + i * 7;
      canonical[i] = text[i].getBytes(StandardCharsets.UTF_8);
    }
    WriteRoute[] writes = new WriteRoute[KEYS];
    ReadRoute[] reads = new ReadRoute[KEYS];
    for (MigrationPlan plan : plans) {
      for (Phase phase : List.of(Phase.DUAL_WRITE, Phase.CANARY)) {
        MigrationRoutes routes = plan.routes(phase);
        String at = plan.to().strategy().type() + " " + phase + ": ";
        assertNoAllocation(
            at + "read and write one by one",
            () -> {
              for (int i = 0; i < KEYS; i++) {
                reads[i] = routes.read(text[i]);
                writes[i] = routes.write(canonical[i]);
              }
            });
        assertNoAllocation(at + "readAll(String[])", () -> routes.readAll(text, 0, KEYS, reads));
        assertNoAllocation(
            at + "readAll(byte[][])", () -> routes.readAll(canonical, 1, KEYS, reads));
        assertNoAllocation(at + "writeAll(String[])", () -> routes.writeAll(text, 3, KEYS, writes));
        assertNoAllocation(
            at + "writeAll(byte[][])", () -> routes.writeAll(canonical, 0, KEYS, writes));
      }
    }
  }
}
