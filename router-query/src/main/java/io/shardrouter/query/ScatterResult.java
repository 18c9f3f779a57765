package io.shardrouter.query;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a fan-out gathered: one {@link TargetOutcome} per target in the order the targets were
 * given, the rows of those that answered, and whether the result is {@link #partial()}.
 *
 * <p>A partial result is not a complete one with fewer rows: for alerting, billing or control
 * decisions, call {@link #requireComplete()} (or run the fan-out with {@code requireComplete()}).
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <R> the row type
 * @since 0.1
 */
public final class ScatterResult<R> {
  private final String label;
  private final List<TargetOutcome<R>> outcomes;
  private final long latencyNanos;
  private final int retries;
  private final int hedges;

  ScatterResult(
      String label, List<TargetOutcome<R>> outcomes, long latencyNanos, int retries, int hedges) {
    this.label = label;
    this.outcomes = Collections.unmodifiableList(new ArrayList<>(outcomes));
    this.latencyNanos = latencyNanos;
    this.retries = retries;
    this.hedges = hedges;
  }

  /** The label the fan-out was given, for logs and audit records. */
  public String label() {
    return label;
  }

  /** One outcome per target, in the order the targets were given. */
  public List<TargetOutcome<R>> outcomes() {
    return outcomes;
  }

  /** True when at least one target is missing (did not answer). */
  public boolean partial() {
    for (TargetOutcome<R> o : outcomes) {
      if (!o.succeeded()) {
        return true;
      }
    }
    return false;
  }

  /** The outcomes of the targets that did not answer, in target order. */
  public List<TargetOutcome<R>> failures() {
    List<TargetOutcome<R>> out = new ArrayList<>();
    for (TargetOutcome<R> o : outcomes) {
      if (!o.succeeded()) {
        out.add(o);
      }
    }
    return out;
  }

  /** The targets that did not answer, in target order. */
  public List<Target> missingTargets() {
    List<Target> out = new ArrayList<>();
    for (TargetOutcome<R> o : outcomes) {
      if (!o.succeeded()) {
        out.add(o.target());
      }
    }
    return out;
  }

  /**
   * The rows of every target that answered, concatenated in target order (not merged or sorted).
   */
  public List<R> rows() {
    List<R> out = new ArrayList<>();
    for (TargetOutcome<R> o : outcomes) {
      out.addAll(o.rows());
    }
    return out;
  }

  /** One list per target that answered, in target order: the input of {@link TopK#merge}. */
  public List<List<R>> rowsPerTarget() {
    List<List<R>> out = new ArrayList<>();
    for (TargetOutcome<R> o : outcomes) {
      if (o.succeeded()) {
        out.add(o.rows());
      }
    }
    return out;
  }

  /** The outcome of the target named {@code name}. */
  public TargetOutcome<R> outcome(String name) {
    for (TargetOutcome<R> o : outcomes) {
      if (o.target().name().equals(name)) {
        return o;
      }
    }
    throw new IllegalArgumentException(
        "no target named '"
            + name
            + "' in fan-out '"
            + label
            + "'; targets: "
            + outcomes.stream().map(o -> o.target().name()).toList());
  }

  /**
   * This result with the outcomes of {@code retry}, a fan-out over some of its targets, in place of
   * theirs: latency is the retry's, retries and hedges add up.
   */
  ScatterResult<R> withRetried(ScatterResult<R> retry) {
    Map<String, TargetOutcome<R>> again = new HashMap<>();
    for (TargetOutcome<R> o : retry.outcomes) {
      again.put(o.target().name(), o);
    }
    List<TargetOutcome<R>> merged = new ArrayList<>(outcomes.size());
    for (TargetOutcome<R> o : outcomes) {
      merged.add(again.getOrDefault(o.target().name(), o));
    }
    return new ScatterResult<>(
        label, merged, retry.latencyNanos, retries + retry.retries, hedges + retry.hedges);
  }

  /** From the start of the fan-out to its end. */
  public Duration latency() {
    return Duration.ofNanos(latencyNanos);
  }

  /** Retries spent from the retry budget. */
  public int retries() {
    return retries;
  }

  /** Hedged calls sent. */
  public int hedges() {
    return hedges;
  }

  /**
   * This result when complete.
   *
   * @throws IncompleteResultException naming every missing target and why it is missing
   */
  public ScatterResult<R> requireComplete() {
    if (partial()) {
      throw new IncompleteResultException(this);
    }
    return this;
  }

  @Override
  public String toString() {
    return "ScatterResult{"
        + label
        + ", "
        + (partial() ? "partial" : "complete")
        + ", "
        + latencyNanos / 1_000_000
        + " ms, "
        + outcomes
        + "}";
  }
}
