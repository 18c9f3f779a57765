package io.shardrouter.migrate.internal;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.Violations;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.Phase;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The transition state of a migration version, kept in the routing table's extension {@value #NAME}
 * (docs/format.md §8): written into every phase table, read back by any process that gets the
 * table, so that processes with the same version route alike.
 *
 * <p><b>Stability:</b> internal.
 */
public final class TransitionDocument {
  /** The extension's name. */
  public static final String NAME = "transition";

  /** The format number of the extension object of a phase in which keys move. */
  public static final long FORMAT = 1;

  /**
   * The format number of the marker of a finished migration ({@link Phase#DONE} or {@link
   * Phase#ROLLED_BACK}): format 1 and these two phases, with only {@code format}, {@code phase} and
   * {@code source_version}. The moving phases are still written as format 1, so that a reader of
   * format 1 follows every move; such a reader refuses the marker by its format and keeps serving
   * the table before it (docs/format.md §8).
   */
  public static final long TERMINAL_FORMAT = 2;

  private static final List<String> FIELDS =
      List.of("format", "phase", "source_version", "canary_percent", "compare_reads", "target");

  private static final List<String> TERMINAL_FIELDS = List.of("format", "phase", "source_version");

  private TransitionDocument() {}

  /** The extension value of a phase of {@code plan}. */
  public static Spec of(MigrationPlan plan, Phase phase) {
    return Spec.object()
        .put("format", FORMAT)
        .put("phase", phase.name())
        .put("source_version", plan.from().version())
        .put("canary_percent", (long) plan.canaryPercent())
        .put("compare_reads", plan.compareReads())
        .put("target", new String(RoutingDocuments.writeCompact(plan.to()), StandardCharsets.UTF_8))
        .build();
  }

  /**
   * The extension value of a finished migration, {@code phase} {@link Phase#DONE} or {@link
   * Phase#ROLLED_BACK}, that started from version {@code sourceVersion}.
   */
  public static Spec terminal(Phase phase, long sourceVersion) {
    if (!phase.terminal()) {
      throw new IllegalArgumentException(phase + " is not a terminal phase");
    }
    return Spec.object()
        .put("format", TERMINAL_FORMAT)
        .put("phase", phase.name())
        .put("source_version", sourceVersion)
        .build();
  }

  /**
   * The routes a table with a transition extension describes.
   *
   * @throws IllegalArgumentException naming the field when the extension is missing or malformed
   */
  public static MigrationRoutes read(RoutingTable table) {
    Spec m = table.extension(NAME);
    String w = "extensions." + NAME;
    if (m == null || !m.isObject()) {
      throw new IllegalArgumentException(
          "routing table '"
              + table.entity()
              + "' version "
              + table.version()
              + ": "
              + w
              + " must be an object (a migration's transition state, docs/format.md §8), got "
              + m
              + "; a table without the extension routes plainly");
    }
    long format = integer(m, "format", w);
    if (format != FORMAT && format != TERMINAL_FORMAT) {
      throw new IllegalArgumentException(
          w
              + ".format: "
              + format
              + " is not supported; this library reads "
              + FORMAT
              + " and "
              + TERMINAL_FORMAT);
    }
    List<String> known = format == FORMAT ? FIELDS : TERMINAL_FIELDS;
    for (String field : m.fieldNames()) {
      if (!known.contains(field)) {
        throw new IllegalArgumentException(
            Violations.member(w, field)
                + ": unknown field in format "
                + format
                + "; known fields: "
                + known.stream().sorted().toList());
      }
    }
    String phaseName = text(m, "phase", w);
    Phase phase;
    try {
      phase = Phase.valueOf(phaseName);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          w + ".phase: '" + phaseName + "' is not a phase; phases: " + List.of(Phase.values()), e);
    }
    if (phase == Phase.PLANNED) {
      throw new IllegalArgumentException(
          w + ".phase: PLANNED is published as the source table itself, without the extension");
    }
    if (phase.terminal() != (format == TERMINAL_FORMAT)) {
      throw new IllegalArgumentException(
          w
              + ".phase: "
              + phase
              + (phase.terminal()
                  ? " marks a finished migration: it is written in format " + TERMINAL_FORMAT
                  : " moves keys: it is written in format " + FORMAT)
              + ", not "
              + format);
    }
    long source = integer(m, "source_version", w);
    if (source < 0 || source >= table.version()) {
      throw new IllegalArgumentException(
          w
              + ".source_version: "
              + source
              + " must be in [0, "
              + table.version()
              + "), below the table's version");
    }
    if (phase.terminal()) {
      return MigrationRoutes.plain(table);
    }
    long canary = integer(m, "canary_percent", w);
    Spec compare = m.get("compare_reads");
    if (compare == null || !compare.isBoolean()) {
      throw new IllegalArgumentException(w + ".compare_reads: expected true or false");
    }
    RoutingTable from = table.toBuilder().version(source).extension(NAME, null).build();
    RoutingTable to = RoutingDocuments.read(text(m, "target", w));
    MigrationPlan plan;
    try {
      plan = MigrationPlan.between(from, to).withCanary((int) canary, compare.booleanValue());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(w + ".canary_percent: " + e.getMessage(), e);
    }
    return plan.routes(phase, table.version());
  }

  /**
   * The phase of a finished migration's marker in {@code table}, or null when the table has none
   * (no extension, or one of a phase in which keys move). Does not check the marker: {@link #read}
   * does.
   */
  public static Phase finished(RoutingTable table) {
    Spec m = table.extension(NAME);
    Spec phase = m == null || !m.isObject() ? null : m.get("phase");
    if (phase == null || !phase.isText()) {
      return null;
    }
    for (Phase p : Phase.values()) {
      if (p.terminal() && p.name().equals(phase.text())) {
        return p;
      }
    }
    return null;
  }

  private static long integer(Spec m, String name, String w) {
    Spec v = m.get(name);
    if (v == null || !v.isIntegral()) {
      throw new IllegalArgumentException(w + "." + name + ": expected an integer, got " + v);
    }
    return v.longValue();
  }

  private static String text(Spec m, String name, String w) {
    Spec v = m.get(name);
    if (v == null || !v.isText()) {
      throw new IllegalArgumentException(w + "." + name + ": expected text, got " + v);
    }
    return v.text();
  }
}
