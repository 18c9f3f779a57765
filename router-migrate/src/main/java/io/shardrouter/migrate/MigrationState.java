package io.shardrouter.migrate;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The coordinator's progress, as persisted by a {@link MigrationStateStore}: enough to continue (or
 * roll back) after a crash at any point.
 *
 * <p>{@code steps} names the idempotent steps already done in the current phase (for example {@code
 * "fence"} or {@code "catch-up"}); {@code cursors} holds the scan cursor of each part for the pass
 * in progress (for a strategy change's restamp, of each group, as {@code "restamp:<group id>"});
 * {@code reports} the last verification.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving; see {@code docs/migration.md} for the file form.
 *
 * @param migrationId the migration's name (a state store keeps one state per id)
 * @param planFingerprint identifies the plan, so a restart with another plan is refused
 * @param phase the phase last published
 * @param version the routing version of that phase
 * @param rollingBack true once a rollback was decided; the phases that follow restore the source
 * @param steps steps done in the current phase
 * @param cursors scan cursor per part id for the pass in progress
 * @param reports the last verification, per part
 */
public record MigrationState(
    String migrationId,
    String planFingerprint,
    Phase phase,
    long version,
    boolean rollingBack,
    Set<String> steps,
    Map<String, byte[]> cursors,
    List<PartReport> reports) {

  /** Checks and copies. */
  public MigrationState {
    Objects.requireNonNull(migrationId, "migrationId");
    Objects.requireNonNull(planFingerprint, "planFingerprint");
    Objects.requireNonNull(phase, "phase");
    steps = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(steps));
    Map<String, byte[]> c = new LinkedHashMap<>();
    cursors.forEach((k, v) -> c.put(k, v.clone()));
    cursors = java.util.Collections.unmodifiableMap(c);
    reports = List.copyOf(reports);
  }

  /**
   * The state's JSON document (docs/migration.md §4): what a {@link MigrationStateStore} of the
   * caller's (a database row, a znode) keeps; {@link #fromJson} reads it back.
   */
  public String toJson() {
    return io.shardrouter.migrate.StateCodec.write(this);
  }

  /**
   * A state from its JSON document.
   *
   * @param json the document {@link #toJson} wrote
   * @param where where it was read from, for the error message (a file, a znode path)
   * @throws IllegalArgumentException naming the field and {@code where} when the text is not a
   *     state document (or one of a format this version cannot read)
   */
  public static MigrationState fromJson(String json, String where) {
    return io.shardrouter.migrate.StateCodec.read(json, where);
  }

  /** The state of a planned migration that has published nothing. */
  public static MigrationState planned(String migrationId, String planFingerprint, long version) {
    return new MigrationState(
        migrationId, planFingerprint, Phase.PLANNED, version, false, Set.of(), Map.of(), List.of());
  }

  /** This state in a new phase: steps and cursors start empty, reports are kept. */
  public MigrationState enter(Phase next, long nextVersion) {
    return new MigrationState(
        migrationId, planFingerprint, next, nextVersion, rollingBack, Set.of(), Map.of(), reports);
  }

  /** This state with one more step done. */
  public MigrationState withStep(String step) {
    TreeSet<String> s = new TreeSet<>(steps);
    s.add(step);
    return new MigrationState(
        migrationId, planFingerprint, phase, version, rollingBack, s, cursors, reports);
  }

  /** This state without the steps whose names start with {@code prefix}. */
  public MigrationState withoutSteps(String prefix) {
    TreeSet<String> s = new TreeSet<>();
    for (String step : steps) {
      if (!step.startsWith(prefix)) {
        s.add(step);
      }
    }
    return new MigrationState(
        migrationId, planFingerprint, phase, version, rollingBack, s, cursors, reports);
  }

  /**
   * The number after {@code prefix} in a step named {@code prefix + n}, or 0 when there is none
   * (progress counters such as the part a pass is at).
   */
  public int counter(String prefix) {
    for (String step : steps) {
      if (step.startsWith(prefix)) {
        return Integer.parseInt(step.substring(prefix.length()));
      }
    }
    return 0;
  }

  /** This state with the counter {@code prefix} set to {@code n}. */
  public MigrationState withCounter(String prefix, int n) {
    TreeSet<String> s = new TreeSet<>();
    for (String step : steps) {
      if (!step.startsWith(prefix)) {
        s.add(step);
      }
    }
    s.add(prefix + n);
    return new MigrationState(
        migrationId, planFingerprint, phase, version, rollingBack, s, cursors, reports);
  }

  /** True when {@code step} is done in the current phase. */
  public boolean done(String step) {
    return steps.contains(step);
  }

  /** This state with a part's cursor set (null removes it). */
  public MigrationState withCursor(String part, byte @Nullable [] cursor) {
    Map<String, byte[]> c = new LinkedHashMap<>(cursors);
    if (cursor == null) {
      c.remove(part);
    } else {
      c.put(part, cursor);
    }
    return new MigrationState(
        migrationId, planFingerprint, phase, version, rollingBack, steps, c, reports);
  }

  /** This state with every cursor removed. */
  public MigrationState withoutCursors() {
    return new MigrationState(
        migrationId, planFingerprint, phase, version, rollingBack, steps, Map.of(), reports);
  }

  /** This state with a verification result. */
  public MigrationState withReports(List<PartReport> next) {
    return new MigrationState(
        migrationId, planFingerprint, phase, version, rollingBack, steps, cursors, next);
  }

  /** This state with the rollback decided. */
  public MigrationState withRollback() {
    return new MigrationState(
        migrationId, planFingerprint, phase, version, true, steps, cursors, reports);
  }

  /** True when every part of the last verification is clean (and there was one). */
  public boolean verifiedClean() {
    if (reports.isEmpty()) {
      return false;
    }
    for (PartReport r : reports) {
      if (!r.clean()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof MigrationState s)) {
      return false;
    }
    if (!(migrationId.equals(s.migrationId)
        && planFingerprint.equals(s.planFingerprint)
        && phase == s.phase
        && version == s.version
        && rollingBack == s.rollingBack
        && steps.equals(s.steps)
        && reports.equals(s.reports)
        && cursors.keySet().equals(s.cursors.keySet()))) {
      return false;
    }
    for (Map.Entry<String, byte[]> e : cursors.entrySet()) {
      if (!Arrays.equals(e.getValue(), s.cursors.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return Objects.hash(migrationId, planFingerprint, phase, version, rollingBack, steps, reports);
  }
}
