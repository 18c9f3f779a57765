package io.shardrouter.migrate;

import io.shardrouter.migrate.internal.Hexes;
import io.shardrouter.migrate.internal.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * {@link MigrationState} to and from its JSON form (see {@code docs/migration.md}).
 *
 * <p><b>Stability:</b> internal.
 */
final class StateCodec {
  /** The format number written in every state document. */
  public static final long FORMAT = 1;

  private StateCodec() {}

  /** The JSON text of a state. */
  public static String write(MigrationState s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", FORMAT);
    m.put("migration", s.migrationId());
    m.put("plan", s.planFingerprint());
    m.put("phase", s.phase().name());
    m.put("routing_version", s.version());
    m.put("rolling_back", s.rollingBack());
    m.put("steps", new ArrayList<>(s.steps()));
    Map<String, Object> cursors = new LinkedHashMap<>();
    s.cursors().forEach((k, v) -> cursors.put(k, Hexes.of(v)));
    m.put("cursors", cursors);
    List<Object> reports = new ArrayList<>();
    for (PartReport r : s.reports()) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("part", r.part());
      o.put("rows_processed", r.rowsProcessed());
      o.put("matching", r.matching());
      o.put("mismatched", r.mismatched());
      o.put("extra_on_source", r.extraOnSource());
      o.put("extra_on_target", r.extraOnTarget());
      o.put("sample_keys", new ArrayList<>(r.sampleKeys()));
      reports.add(o);
    }
    m.put("reports", reports);
    return Json.write(m);
  }

  /**
   * A state from its JSON text.
   *
   * @throws IllegalArgumentException naming the field when the text is not a state document
   */
  public static MigrationState read(String text, String what) {
    Map<String, Object> m = object(Json.parse(text, what), what);
    long format = number(m, "format", what);
    if (format != FORMAT) {
      throw new IllegalArgumentException(
          what + ": format " + format + " is not supported; this library reads format " + FORMAT);
    }
    Phase phase;
    String phaseName = text(m, "phase", what);
    try {
      phase = Phase.valueOf(phaseName);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          what + ": phase '" + phaseName + "' is unknown; known: " + List.of(Phase.values()), e);
    }
    TreeSet<String> steps = new TreeSet<>();
    for (Object o : list(m, "steps", what)) {
      steps.add(String.valueOf(o));
    }
    Map<String, byte[]> cursors = new LinkedHashMap<>();
    object(field(m, "cursors", what), what + ".cursors")
        .forEach((k, v) -> cursors.put(k, Hexes.parse(String.valueOf(v), what + ".cursors." + k)));
    List<PartReport> reports = new ArrayList<>();
    for (Object o : list(m, "reports", what)) {
      Map<String, Object> r = object(o, what + ".reports");
      List<String> samples = new ArrayList<>();
      for (Object k : list(r, "sample_keys", what + ".reports")) {
        samples.add(String.valueOf(k));
      }
      String w = what + ".reports";
      reports.add(
          new PartReport(
              text(r, "part", w),
              number(r, "rows_processed", w),
              number(r, "matching", w),
              number(r, "mismatched", w),
              number(r, "extra_on_source", w),
              number(r, "extra_on_target", w),
              samples));
    }
    Object rb = field(m, "rolling_back", what);
    if (!(rb instanceof Boolean)) {
      throw new IllegalArgumentException(what + ".rolling_back: expected true or false");
    }
    return new MigrationState(
        text(m, "migration", what),
        text(m, "plan", what),
        phase,
        number(m, "routing_version", what),
        (Boolean) rb,
        steps,
        cursors,
        reports);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(@Nullable Object o, String what) {
    if (!(o instanceof Map)) {
      throw new IllegalArgumentException(what + ": expected an object");
    }
    return (Map<String, Object>) o;
  }

  static @Nullable Object field(Map<String, Object> m, String name, String what) {
    if (!m.containsKey(name)) {
      throw new IllegalArgumentException(what + "." + name + ": missing");
    }
    return m.get(name);
  }

  static long number(Map<String, Object> m, String name, String what) {
    Object o = field(m, name, what);
    if (!(o instanceof Long)) {
      throw new IllegalArgumentException(what + "." + name + ": expected an integer, got " + o);
    }
    return (Long) o;
  }

  static String text(Map<String, Object> m, String name, String what) {
    Object o = field(m, name, what);
    if (!(o instanceof String)) {
      throw new IllegalArgumentException(what + "." + name + ": expected text, got " + o);
    }
    return (String) o;
  }

  static List<?> list(Map<String, Object> m, String name, String what) {
    Object o = field(m, name, what);
    if (!(o instanceof List)) {
      throw new IllegalArgumentException(what + "." + name + ": expected an array");
    }
    return (List<?>) o;
  }
}
