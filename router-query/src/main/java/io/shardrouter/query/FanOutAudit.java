package io.shardrouter.query;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Sees every fan-out once it ends: its targets, each target's status and latency, and the outcome,
 * including fan-outs the scatter limit refused. Use it for query audit logs and metrics.
 *
 * <p>Called on the thread that ends the fan-out, before the result is handed to the caller: keep it
 * fast and non-blocking. An exception it throws is logged and does not change the result.
 *
 * <p><b>Thread-safety:</b> implementations are called from several threads at once.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface FanOutAudit {

  /** Records one ended (or refused) fan-out. */
  void onFanOut(Entry record);

  /** An audit that records nothing. */
  static FanOutAudit none() {
    return record -> {};
  }

  /**
   * What the {@link FanOutAudit} sees of one fan-out: its label, targets, outcome, latency, and per
   * target the status, latency and number of calls. Rows are not included.
   *
   * <p><b>Thread-safety:</b> immutable; safe to share.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @since 0.1
   */
  final class Entry {

    /** How a fan-out ended. */
    public enum Outcome {
      /** Every target answered. */
      COMPLETE,
      /**
       * At least one target did not answer; the caller got a partial result or an {@link
       * IncompleteResultException}.
       */
      PARTIAL,
      /**
       * The {@link ScatterGather.Builder#scatterLimit(int) scatter limit} refused the fan-out
       * before any call.
       */
      REFUSED
    }

    private final String label;
    private final Outcome outcome;
    private final List<Target> targets;
    private final List<TargetOutcome<?>> outcomes;
    private final int width;
    private final long latencyNanos;
    private final int retries;
    private final int hedges;

    Entry(
        String label,
        Outcome outcome,
        List<Target> targets,
        List<? extends TargetOutcome<?>> outcomes,
        int width,
        long latencyNanos,
        int retries,
        int hedges) {
      this.label = label;
      this.outcome = outcome;
      this.targets = List.copyOf(targets);
      List<TargetOutcome<?>> rowless = new ArrayList<>(outcomes.size());
      for (TargetOutcome<?> o : outcomes) {
        rowless.add(
            new TargetOutcome<>(
                o.target(),
                o.status(),
                List.of(),
                o.rowCount(),
                o.cause().orElse(null),
                o.latencyNanos(),
                o.calls(),
                o.hedged()));
      }
      this.outcomes = Collections.unmodifiableList(rowless);
      this.width = width;
      this.latencyNanos = latencyNanos;
      this.retries = retries;
      this.hedges = hedges;
    }

    public String label() {
      return label;
    }

    public Outcome outcome() {
      return outcome;
    }

    /** Every target of the fan-out, in the order given. */
    public List<Target> targets() {
      return targets;
    }

    /**
     * Per target, in target order, without rows (their {@link TargetOutcome#rowCount() count} is
     * kept); empty for a refused fan-out.
     */
    public List<TargetOutcome<?>> targetOutcomes() {
      return outcomes;
    }

    /**
     * How wide the fan-out was: the larger of its target count and the distinct partitions its
     * targets cover.
     */
    public int width() {
      return width;
    }

    /** From the start of the fan-out to its end; zero for a refused one. */
    public Duration latency() {
      return Duration.ofNanos(latencyNanos);
    }

    public int retries() {
      return retries;
    }

    public int hedges() {
      return hedges;
    }

    /** One line for an audit log. */
    @Override
    public String toString() {
      return "fan-out '"
          + label
          + "' "
          + outcome
          + " in "
          + latencyNanos / 1_000_000
          + " ms over "
          + targets.size()
          + " targets ("
          + width
          + " partitions), retries="
          + retries
          + ", hedges="
          + hedges
          + (outcomes.isEmpty() ? "" : ": " + outcomes);
    }
  }
}
