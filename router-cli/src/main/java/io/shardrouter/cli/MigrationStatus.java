package io.shardrouter.cli;

import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.PartReport;
import io.shardrouter.migrate.Phase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * What {@code shardctl migrate status} prints, as text or one JSON object with the same fields: the
 * state (phase, version, rolling back, verification reports), the goal, the election, and the
 * leader's progress read twice for a rate and an estimated time to the end of the pass.
 *
 * @param id the migration's id
 * @param state the saved state, or null when a coordinator claimed it and saved nothing yet
 * @param goal the goal an operator set, or null
 * @param election the election's participants
 * @param progress the leader's latest progress report, or null when none was written
 * @param rowsPerSecond rows read per second between the two reads, or -1 when unknown
 * @param eta why the ETA is what it is, for people
 * @param etaSeconds the estimated seconds to the end of the pass, or -1 when unknown
 */
record MigrationStatus(
    String id,
    MigrationState state,
    Phase goal,
    Election election,
    MigrationProgress progress,
    double rowsPerSecond,
    String eta,
    long etaSeconds) {
  /** The state's count of rows the verification's repairs copied in this phase. */
  private static final String REPAIRED = "repaired#";

  static MigrationStatus of(
      String id,
      MigrationState state,
      Phase goal,
      Election election,
      MigrationProgress first,
      MigrationProgress second) {
    double rate = -1;
    String eta;
    long etaSeconds = -1;
    Phase phase = state == null ? Phase.PLANNED : state.phase();
    if (phase.terminal()) {
      eta = "none: the migration is over";
    } else if (second == null) {
      eta = "unknown: no coordinator has reported progress";
    } else if (election.leader() == null) {
      eta = "unknown: no coordinator is running (start one with 'shardctl migrate start')";
    } else if (second.pass() == null) {
      eta = "unknown: " + phase + " has no pass over the parts";
    } else if (second.partIndex() >= second.parts()) {
      eta = "none: the " + second.pass() + " pass of " + phase + " is done";
    } else if (first != null && !first.participant().equals(second.participant())) {
      eta = "unknown: the lead changed between the two reads; ask again";
    } else if (first == null
        || !java.util.Objects.equals(first.pass(), second.pass())
        || second.atMillis() <= first.atMillis()) {
      eta = "unknown: no step between the two reads";
    } else {
      rate =
          (second.passRows() - first.passRows()) * 1000.0 / (second.atMillis() - first.atMillis());
      if (rate <= 0) {
        eta = "unknown: no rows read between the two reads";
      } else if (second.fullParts() == 0) {
        eta =
            "unknown until "
                + second.participant()
                + " has read a whole part of the "
                + second.pass()
                + " pass (the parts' sizes are known only once read)";
      } else {
        double perPart = (double) second.fullPartRows() / second.fullParts();
        double remaining =
            Math.max(0, perPart * (second.parts() - second.partIndex()) - second.partRows());
        etaSeconds = Math.round(remaining / rate);
        eta =
            "~"
                + etaSeconds
                + " s to the end of the "
                + second.pass()
                + " pass (estimated from "
                + second.fullParts()
                + " whole part"
                + (second.fullParts() == 1 ? "" : "s")
                + " read, "
                + String.format(Locale.ROOT, "%,.0f", perPart)
                + " rows each)";
      }
    }
    return new MigrationStatus(id, state, goal, election, second, rate, eta, etaSeconds);
  }

  private Phase phase() {
    return state == null ? Phase.PLANNED : state.phase();
  }

  private String goalText() {
    if (goal != null) {
      return goal + " (set by an operator)";
    }
    return progress == null
        ? "none set"
        : progress.initialGoal() + " (the coordinator's --goal; no operator set one)";
  }

  String toText() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8);
    out.println(
        "migration "
            + id
            + ": "
            + phase()
            + (state == null ? " (claimed, nothing saved yet)" : " v" + state.version())
            + (state != null && state.rollingBack() ? ", rolling back" : ", forward"));
    out.println("goal: " + goalText());
    out.println(
        "leader: "
            + (election.leader() == null
                ? phase().terminal()
                    ? "none (the migration is over)"
                    : "none (no coordinator is running: start one with 'shardctl migrate start')"
                : election.leader())
            + (election.standbys().isEmpty()
                ? ""
                : "; standbys: " + String.join(", ", election.standbys())));
    if (progress != null && progress.pass() != null && !phase().terminal()) {
      out.println(
          "pass: "
              + progress.pass()
              + ", "
              + (progress.part() == null
                  ? "done"
                  : "part "
                      + (progress.partIndex() + 1)
                      + "/"
                      + progress.parts()
                      + " ("
                      + progress.part()
                      + ")")
              + String.format(Locale.ROOT, ", %,d rows read", progress.passRows())
              + " in this pass by "
              + progress.participant());
    }
    if (rowsPerSecond >= 0) {
      out.println(String.format(Locale.ROOT, "rate: %,.0f rows/s", rowsPerSecond));
    }
    out.println("ETA: " + eta);
    if (progress != null && !progress.fences().isEmpty()) {
      StringBuilder f =
          new StringBuilder(
              "fences (calls routed below the version are refused, then retried on newer routes): ");
      for (int i = 0; i < progress.fences().size(); i++) {
        f.append(i == 0 ? "" : ", ").append(progress.fences().get(i).describe());
      }
      int more = progress.fencesTotal() - progress.fences().size();
      out.println(more > 0 ? f + " and " + more + " more" : f);
    }
    if (state != null && !state.reports().isEmpty()) {
      int repaired = state.counter(REPAIRED);
      out.println(
          "verification (round "
              + state.counter("round#")
              + ", "
              + repaired
              + (repaired == 1 ? " row" : " rows")
              + " repaired):");
      Columns t =
          new Columns(
              "part", "#rows", "#matching", "#mismatched", "#extra-source", "#extra-target");
      for (PartReport r : state.reports()) {
        t.row(
            r.part(),
            r.rowsProcessed(),
            r.matching(),
            r.mismatched(),
            r.extraOnSource(),
            r.extraOnTarget());
      }
      t.print(out, "  ");
    }
    out.flush();
    return bytes.toString(StandardCharsets.UTF_8).stripTrailing();
  }

  String toJson() {
    StringBuilder sb = new StringBuilder("{");
    sb.append("\"id\":").append(CensusJson.string(id));
    sb.append(",\"phase\":").append(CensusJson.string(phase().name()));
    sb.append(",\"version\":").append(state == null ? "null" : Long.toString(state.version()));
    sb.append(",\"rollingBack\":").append(state != null && state.rollingBack());
    sb.append(",\"goal\":").append(CensusJson.string(goal == null ? null : goal.name()));
    sb.append(",\"initialGoal\":")
        .append(CensusJson.string(progress == null ? null : progress.initialGoal().name()));
    sb.append(",\"leader\":").append(CensusJson.string(election.leader()));
    sb.append(",\"standbys\":").append(strings(election.standbys()));
    if (progress == null) {
      sb.append(",\"progress\":null");
    } else {
      sb.append(",\"progress\":{\"participant\":")
          .append(CensusJson.string(progress.participant()));
      sb.append(",\"pass\":").append(CensusJson.string(progress.pass()));
      sb.append(",\"partIndex\":").append(progress.partIndex());
      sb.append(",\"parts\":").append(progress.parts());
      sb.append(",\"part\":").append(CensusJson.string(progress.part()));
      sb.append(",\"passRows\":").append(progress.passRows());
      sb.append(",\"fences\":[");
      for (int i = 0; i < progress.fences().size(); i++) {
        MigrationProgress.Fenced x = progress.fences().get(i);
        sb.append(i == 0 ? "" : ",")
            .append("{\"group\":")
            .append(CensusJson.string(x.group()))
            .append(",\"partition\":")
            .append(x.fence().partition())
            .append(",\"baseVersion\":")
            .append(x.fence().baseVersion())
            .append(",\"minVersion\":")
            .append(x.fence().minVersion())
            .append(",\"phase\":")
            .append(CensusJson.string(x.fence().phase().name()))
            .append('}');
      }
      sb.append("],\"fencesTotal\":").append(progress.fencesTotal()).append('}');
    }
    sb.append(",\"rowsPerSecond\":")
        .append(rowsPerSecond < 0 ? "null" : String.format(Locale.ROOT, "%.1f", rowsPerSecond));
    sb.append(",\"etaSeconds\":").append(etaSeconds < 0 ? "null" : Long.toString(etaSeconds));
    sb.append(",\"eta\":").append(CensusJson.string(eta));
    sb.append(",\"verifyRound\":").append(state == null ? 0 : state.counter("round#"));
    sb.append(",\"repairedRows\":").append(state == null ? 0 : state.counter(REPAIRED));
    sb.append(",\"reports\":[");
    List<PartReport> reports = state == null ? List.of() : state.reports();
    for (int i = 0; i < reports.size(); i++) {
      PartReport r = reports.get(i);
      sb.append(i == 0 ? "" : ",")
          .append("{\"part\":")
          .append(CensusJson.string(r.part()))
          .append(",\"rowsProcessed\":")
          .append(r.rowsProcessed())
          .append(",\"matching\":")
          .append(r.matching())
          .append(",\"mismatched\":")
          .append(r.mismatched())
          .append(",\"extraOnSource\":")
          .append(r.extraOnSource())
          .append(",\"extraOnTarget\":")
          .append(r.extraOnTarget())
          .append('}');
    }
    return sb.append("]}").toString();
  }

  private static String strings(List<String> values) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < values.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(CensusJson.string(values.get(i)));
    }
    return sb.append(']').toString();
  }
}
