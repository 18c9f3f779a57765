package io.shardrouter.migrate.internal;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.migrate.Migration;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.Phase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The routing document of one migration version: the table's document with the transition state
 * under {@code extensions.migration} (docs/format.md, "Migration extension"). Everything that reads
 * or writes that object is here, so that moving it into the core's document extensions is one edit.
 *
 * <p><b>Stability:</b> internal.
 */
public final class TransitionDocument {
  /** The extension's name. */
  public static final String NAME = "migration";

  /** The format number of the extension object. */
  public static final long FORMAT = 1;

  private TransitionDocument() {}

  /** The document of {@code routes}: plain for {@link Phase#PLANNED}, DONE and ROLLED_BACK. */
  public static String write(MigrationRoutes routes) {
    String base = RoutingDocuments.write(routes.table());
    Phase phase = routes.phase();
    if (phase == Phase.PLANNED || phase.terminal()) {
      return base;
    }
    MigrationPlan plan = routes.plan();
    Map<String, Object> doc =
        StateCodec.object(Json.parse(base, "routing document"), "routing document");
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", FORMAT);
    m.put("phase", phase.name());
    m.put("source_version", plan.from().version());
    m.put("canary_percent", (long) plan.canaryPercent());
    m.put("compare_reads", plan.compareReads());
    m.put("target", Json.parse(RoutingDocuments.write(plan.to()), "target document"));
    doc.put("extensions", Map.of(NAME, m));
    return Json.write(doc);
  }

  /**
   * The routes a document describes.
   *
   * @throws IllegalArgumentException naming the field when the migration object is malformed
   */
  public static MigrationRoutes read(String text) {
    Map<String, Object> doc =
        StateCodec.object(Json.parse(text, "routing document"), "routing document");
    Object ext = doc.remove("extensions");
    RoutingTable table = RoutingDocuments.read(Json.write(doc));
    String w = "extensions." + NAME;
    if (ext == null || !(StateCodec.object(ext, "extensions").get(NAME) instanceof Map)) {
      throw new IllegalArgumentException(
          "routing document of '"
              + table.entity()
              + "' version "
              + table.version()
              + " has no "
              + w
              + " object: it is a plain table, route it with a Router");
    }
    Map<String, Object> m = StateCodec.object(StateCodec.object(ext, "extensions").get(NAME), w);
    for (String field : m.keySet()) {
      if (!List.of("format", "phase", "source_version", "canary_percent", "compare_reads", "target")
          .contains(field)) {
        throw new IllegalArgumentException(
            w
                + "."
                + field
                + ": unknown field; known fields: [canary_percent, compare_reads, format,"
                + " phase, source_version, target]");
      }
    }
    long format = StateCodec.number(m, "format", w);
    if (format != FORMAT) {
      throw new IllegalArgumentException(
          w + ".format: " + format + " is not supported; this library reads " + FORMAT);
    }
    Phase phase;
    try {
      phase = Phase.valueOf(StateCodec.text(m, "phase", w));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          w + ".phase: '" + m.get("phase") + "' is not a phase; phases: " + List.of(Phase.values()),
          e);
    }
    if (phase == Phase.PLANNED || phase.terminal()) {
      throw new IllegalArgumentException(
          w + ".phase: " + phase + " is written as a plain document, without the migration object");
    }
    long source = StateCodec.number(m, "source_version", w);
    if (source >= table.version()) {
      throw new IllegalArgumentException(
          w
              + ".source_version: "
              + source
              + " must be below the document's routing_version "
              + table.version());
    }
    Object compare = StateCodec.field(m, "compare_reads", w);
    if (!(compare instanceof Boolean)) {
      throw new IllegalArgumentException(w + ".compare_reads: expected true or false");
    }
    RoutingTable from = table.toBuilder().version(source).build();
    RoutingTable to = RoutingDocuments.read(Json.write(StateCodec.field(m, "target", w)));
    MigrationPlan plan =
        Migration.plan(from, to)
            .withCanary((int) StateCodec.number(m, "canary_percent", w), (Boolean) compare);
    return plan.routes(phase, table.version());
  }
}
