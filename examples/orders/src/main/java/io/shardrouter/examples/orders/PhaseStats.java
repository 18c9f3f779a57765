package io.shardrouter.examples.orders;

import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.Phase;
import java.io.PrintStream;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * What the reshard demo's clients saw in each phase of the migration: writes acknowledged, writes a
 * fence refused and that were retried, reads, reads a fence refused and that were retried, stale
 * reads, transactions retried after a serialization failure, and latency histograms (HdrHistogram,
 * microseconds, 3 significant digits) of writes (from first attempt to acknowledgement, retries
 * included) and reads.
 */
final class PhaseStats {
  /** The counters of one phase. */
  static final class Of {
    final LongAdder writes = new LongAdder();
    final LongAdder fenced = new LongAdder();
    final LongAdder reads = new LongAdder();
    final LongAdder stale = new LongAdder();
    final LongAdder fencedReads = new LongAdder();
    final LongAdder serialization = new LongAdder();
    final Histogram writeMicros = new ConcurrentHistogram(60_000_000L, 3);
    final Histogram readMicros = new ConcurrentHistogram(60_000_000L, 3);
    volatile long startedNanos;
    volatile long endedNanos;
    volatile long version;
  }

  private final Map<Phase, Of> phases = new EnumMap<>(Phase.class);
  private volatile Phase current = Phase.PLANNED;

  PhaseStats(long version) {
    for (Phase p : Phase.values()) {
      phases.put(p, new Of());
    }
    Of before = phases.get(Phase.PLANNED);
    before.startedNanos = System.nanoTime();
    before.version = version;
  }

  /** The phase the coordinator published last; what clients' operations are counted under. */
  Phase current() {
    return current;
  }

  /** Enters {@code phase} at {@code version}. */
  void enter(Phase phase, long version) {
    long now = System.nanoTime();
    phases.get(current).endedNanos = now;
    Of next = phases.get(phase);
    next.startedNanos = now;
    next.version = version;
    current = phase;
  }

  /** Ends the last phase. */
  void end() {
    phases.get(current).endedNanos = System.nanoTime();
  }

  /**
   * A table's retry ({@code ShardedTable.Builder.onRetry}), counted in the current phase: a write
   * or read a fence refused, or a transaction that failed to serialize.
   */
  void retrying(ShardedTable.Call call, Exception cause) {
    Of now = now();
    if (!(cause instanceof MovedException)) {
      now.serialization.increment();
    } else if (call == ShardedTable.Call.READ) {
      now.fencedReads.increment();
    } else {
      now.fenced.increment();
    }
  }

  Of of(Phase phase) {
    return phases.get(phase);
  }

  Of now() {
    return phases.get(current);
  }

  /**
   * Prints one line per phase that was entered: version, time, counts (writes and reads with those
   * a fence refused, stale reads, serialization failures retried), p50/p99 in ms.
   */
  void print(PrintStream out) {
    out.printf(
        Locale.ROOT,
        "  %-16s %4s %8s %8s %7s %8s %7s %6s %7s   %-15s %-15s%n",
        "phase",
        "ver",
        "time",
        "writes",
        "fenced",
        "reads",
        "fenced",
        "stale",
        "serial.",
        "write p50/p99",
        "read p50/p99");
    for (Phase p : Phase.values()) {
      Of o = phases.get(p);
      if (o.startedNanos == 0) {
        continue;
      }
      out.printf(
          Locale.ROOT,
          "  %-16s %4s %7.1fs %,8d %,7d %,8d %,7d %,6d %,7d   %-15s %-15s%n",
          p == Phase.PLANNED ? "before (load)" : p.name().toLowerCase(Locale.ROOT),
          "v" + o.version,
          (o.endedNanos - o.startedNanos) / 1e9,
          o.writes.sum(),
          o.fenced.sum(),
          o.reads.sum(),
          o.fencedReads.sum(),
          o.stale.sum(),
          o.serialization.sum(),
          millis(o.writeMicros),
          millis(o.readMicros));
    }
  }

  private static String millis(Histogram h) {
    if (h.getTotalCount() == 0) {
      return "-";
    }
    return String.format(
        Locale.ROOT,
        "%.2f / %.2f ms",
        h.getValueAtPercentile(50) / 1000.0,
        h.getValueAtPercentile(99) / 1000.0);
  }

  /**
   * Totals over every phase: writes, fenced writes, reads, stale reads, fenced reads, serialization
   * failures retried.
   */
  long[] totals() {
    long[] t = new long[6];
    for (Of o : phases.values()) {
      t[0] += o.writes.sum();
      t[1] += o.fenced.sum();
      t[2] += o.reads.sum();
      t[3] += o.stale.sum();
      t[4] += o.fencedReads.sum();
      t[5] += o.serialization.sum();
    }
    return t;
  }
}
