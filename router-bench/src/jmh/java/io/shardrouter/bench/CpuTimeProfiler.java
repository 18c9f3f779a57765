package io.shardrouter.bench;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that reports {@code cpu.time.norm}: the CPU time the forked JVM used per
 * operation, in ns/op. Add it with {@code -prof io.shardrouter.bench.CpuTimeProfiler}.
 *
 * <p>Why: JMH's score is wall-clock time. On a shared 2-core machine where other builds run, a
 * benchmark thread waits for a core for a good part of each iteration, and that wait lands in the
 * score: we saw F move from 6 to 12 ns/op between two runs minutes apart. CPU time counts only the
 * time the process actually ran, so it leaves the waiting out; it still includes what sharing a
 * core costs (caches, a busy sibling hyperthread), so it is a steadier number, not an exact one. In
 * steady state the process's CPU time is the benchmark thread's: the JIT is done, JMH's control
 * thread sleeps.
 *
 * <p><b>Thread-safety:</b> one instance per fork, called by JMH's control thread.
 */
public final class CpuTimeProfiler implements InternalProfiler {
  /** The secondary metric's name. */
  public static final String METRIC = "cpu.time.norm";

  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private long before;

  @Override
  public String getDescription() {
    return "process CPU time per operation (ns/op): wall time without the time spent waiting for a core";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    before = os.getProcessCpuTime();
  }

  @Override
  @SuppressWarnings("rawtypes") // JMH's own signature uses the raw Result
  public Collection<? extends Result> afterIteration(
      BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
    long cpu = os.getProcessCpuTime() - before;
    long ops = result.getMetadata().getAllOps();
    double perOp = ops == 0 ? Double.NaN : (double) cpu / ops;
    // the benchmark's own time unit scales ops for avgt: report ns per op whatever the unit
    return List.of(new ScalarResult(METRIC, perOp, "ns/op", AggregationPolicy.AVG));
  }
}
