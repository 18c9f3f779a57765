package io.shardrouter.migrate.internal.simulation;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link Simulation} run found: totals over its schedules, and, when an invariant failed,
 * the failing schedule's seed and a short trace that replays it.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param schedules schedules run
 * @param seed the run's seed (schedule {@code i} uses {@code seed + i})
 * @param ackedWrites writes acknowledged to clients
 * @param lost acknowledged writes missing from, or older on, their final owner
 * @param duplicated keys found on a group besides their final owner
 * @param staleReads reads that returned a row older than one acknowledged before the read began (by
 *     any client), or none where one was acknowledged
 * @param reads reads completed
 * @param fencedWrites writes refused by a fence and retried with newer routes
 * @param fencedReads reads refused by a fence and retried with newer routes
 * @param abandonedWrites dual writes whose writer died after the first leg (never acknowledged)
 * @param rollbacks schedules that rolled back
 * @param crashes coordinator crashes (between and inside units)
 * @param canaryMismatches compared canary reads that differed (counted, not a violation)
 * @param failingSeed the seed of the first failing schedule, or -1
 * @param violation what failed, or null
 * @param trace the failing schedule's shortest failing trace, or empty
 * @param nanos wall time of the run
 */
public record SimulationResult(
    long schedules,
    long seed,
    long ackedWrites,
    long lost,
    long duplicated,
    long staleReads,
    long reads,
    long fencedWrites,
    long fencedReads,
    long abandonedWrites,
    long rollbacks,
    long crashes,
    long canaryMismatches,
    long failingSeed,
    @Nullable String violation,
    List<String> trace,
    long nanos) {

  /** Copies the trace. */
  public SimulationResult {
    trace = List.copyOf(trace);
  }

  /** True when every invariant held in every schedule. */
  public boolean passed() {
    return violation == null;
  }

  /** Schedules per second of wall time. */
  public double schedulesPerSecond() {
    return nanos == 0 ? 0 : schedules * 1e9 / nanos;
  }

  /** The one-line JSON summary {@code shardctl migrate simulate} prints last. */
  public String toJson() {
    return String.format(
        Locale.ROOT,
        "{\"schedules\":%d,\"seed\":%d,\"acked_writes\":%d,\"lost\":%d,\"duplicated\":%d,"
            + "\"stale_reads\":%d,\"reads\":%d,\"fenced_writes\":%d,\"fenced_reads\":%d,"
            + "\"abandoned_writes\":%d,\"rollbacks\":%d,\"crashes\":%d}",
        schedules,
        seed,
        ackedWrites,
        lost,
        duplicated,
        staleReads,
        reads,
        fencedWrites,
        fencedReads,
        abandonedWrites,
        rollbacks,
        crashes);
  }
}
