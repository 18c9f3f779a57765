package io.shardrouter.migrate;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.Violations;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The transition state of a migration version, kept in the routing table's extension {@value #NAME}
 * (docs/format.md §8): written into every phase table, read back by any process that gets the
 * table, so that processes with the same version route alike. The last version of a migration
 * carries no transition state but a marker of how it ended, in the extension {@value #END}, which a
 * library that does not know it carries without reading (so an older process still takes the last
 * table, as a plain one).
 *
 * <p><b>Stability:</b> internal.
 */
final class TransitionDocument {
  /** The extension's name. */
  public static final String NAME = "transition";

  /** The format number of the extension object. */
  public static final long FORMAT = 1;

  private static final List<String> FIELDS =
      List.of("format", "phase", "source_version", "canary_percent", "compare_reads", "target");

  /** The extension of a migration's last table: how it ended. */
  public static final String END = "migration_end";

  private static final List<String> END_FIELDS = List.of("format", "phase", "source_version");

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
   * The {@value #END} value of a migration that ended in {@code phase} ({@link Phase#DONE} or
   * {@link Phase#ROLLED_BACK}) and started from version {@code sourceVersion}.
   */
  public static Spec end(Phase phase, long sourceVersion) {
    if (!phase.terminal()) {
      throw new IllegalArgumentException(phase + " does not end a migration");
    }
    return Spec.object()
        .put("format", FORMAT)
        .put("phase", phase.name())
        .put("source_version", sourceVersion)
        .build();
  }

  /**
   * How the migration whose last table is {@code table} ended, from its {@value #END} extension;
   * null when the table has none.
   *
   * @throws IllegalArgumentException naming the field when the extension is malformed
   */
  public static @Nullable Phase ended(RoutingTable table) {
    Spec m = table.extension(END);
    if (m == null) {
      return null;
    }
    String w = "extensions." + END;
    checkHeader(table, m, w, END_FIELDS, "how a migration ended, docs/format.md §8", "");
    String name = text(m, "phase", w);
    if (!name.equals(Phase.DONE.name()) && !name.equals(Phase.ROLLED_BACK.name())) {
      throw new IllegalArgumentException(
          w + ".phase: '" + name + "' does not end a migration; DONE or ROLLED_BACK");
    }
    sourceVersion(table, m, w);
    return Phase.valueOf(name);
  }

  /**
   * The routes a table with a transition extension describes.
   *
   * @throws IllegalArgumentException naming the field when the extension is missing or malformed
   */
  public static MigrationRoutes read(RoutingTable table) {
    String w = "extensions." + NAME;
    Spec m =
        checkHeader(
            table,
            table.extension(NAME),
            w,
            FIELDS,
            "a migration's transition state, docs/format.md §8",
            "; a table without the extension routes plainly");
    String phaseName = text(m, "phase", w);
    Phase phase;
    try {
      phase = Phase.valueOf(phaseName);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          w + ".phase: '" + phaseName + "' is not a phase; phases: " + List.of(Phase.values()), e);
    }
    if (phase == Phase.PLANNED || phase.terminal()) {
      throw new IllegalArgumentException(
          w
              + ".phase: "
              + phase
              + " is published without the extension"
              + (phase.terminal()
                  ? " (a migration's end is marked in extensions." + END + ")"
                  : ""));
    }
    long source = sourceVersion(table, m, w);
    long canary = integer(m, "canary_percent", w);
    Spec compare = m.get("compare_reads");
    if (compare == null || !compare.isBoolean()) {
      throw new IllegalArgumentException(w + ".compare_reads: expected true or false");
    }
    RoutingTable from =
        table.toBuilder().version(source).extension(NAME, null).extension(END, null).build();
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
   * Checks that {@code m}, the extension at {@code w}, is an object ({@code what} it holds, and a
   * {@code hint} after the refusal) with only {@code fields}, in format {@value #FORMAT}.
   */
  /** {@code m}, checked to be a transition object of a known format with known fields. */
  private static Spec checkHeader(
      RoutingTable table,
      @Nullable Spec m,
      String w,
      List<String> fields,
      String what,
      String hint) {
    if (m == null || !m.isObject()) {
      throw new IllegalArgumentException(
          "routing table '"
              + table.entity()
              + "' version "
              + table.version()
              + ": "
              + w
              + " must be an object ("
              + what
              + "), got "
              + m
              + hint);
    }
    for (String field : m.fieldNames()) {
      if (!fields.contains(field)) {
        throw new IllegalArgumentException(
            Violations.member(w, field)
                + ": unknown field; known fields: "
                + fields.stream().sorted().toList());
      }
    }
    long format = integer(m, "format", w);
    if (format != FORMAT) {
      throw new IllegalArgumentException(
          w + ".format: " + format + " is not supported; this library reads " + FORMAT);
    }
    return m;
  }

  /** The {@code source_version} of {@code m}, below the table's version. */
  private static long sourceVersion(RoutingTable table, Spec m, String w) {
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
    return source;
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
