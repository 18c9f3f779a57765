package io.shardrouter.cli;

import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.Phase;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What the leading {@code migrate start} process reports after each step, beside the state, in the
 * znode {@code <base>/migrations/<id>/progress} (Java properties text): who leads, the pass in
 * progress, the part it is at, and the rows its stores read in that pass. The state says where the
 * migration is and survives a fail-over; these counters are the leader's own and start again at 0
 * when another process takes over. {@code migrate status} reads them twice for a rate.
 *
 * @param participant the leader's name in the election
 * @param initialGoal the goal the leader runs to while no operator set one
 * @param pass the pass of the phase ({@link #passOf}), or null when the phase has none
 * @param partIndex the index of the part the pass is at, in [0, parts]
 * @param parts the parts the plan moves
 * @param part the id of the part at {@code partIndex}, or null after the last
 * @param passRows rows the leader's stores read since the pass started (or since it took over)
 * @param partRows rows read since the leader started the current part (or took it over)
 * @param fullParts parts of the pass this leader read from their start to their end
 * @param fullPartRows the rows it read for them: their mean is what an ETA can use
 * @param atMillis when the leader wrote this, in milliseconds since the epoch
 * @param fences the fence records on the groups' stores when the leader last read them (after each
 *     change of phase or version, and at most once a second): which writes and reads they refuse
 */
record MigrationProgress(
    String participant,
    Phase initialGoal,
    String pass,
    int partIndex,
    int parts,
    String part,
    long passRows,
    long partRows,
    int fullParts,
    long fullPartRows,
    long atMillis,
    List<Fenced> fences,
    int fencesTotal) {

  /** The fence records a report keeps; the rest are counted. */
  static final int MAX_FENCES = 20;

  /** A fence record and the group whose store holds it. */
  record Fenced(String group, Fence fence) {
    /**
     * E.g. {@code g0 p2 below v6 (CUT_OVER)}; the base version (below which every partition is
     * refused) is in the JSON only.
     */
    String describe() {
      return group
          + " p"
          + fence.partition()
          + " below v"
          + fence.minVersion()
          + " ("
          + fence.phase()
          + ")";
    }
  }

  MigrationProgress {
    fences = List.copyOf(fences);
  }

  /**
   * The pass that runs over the plan's parts in {@code phase}, as the coordinator names its step:
   * {@code copy}, {@code catch-up}, {@code verify}, {@code reverse} or {@code cleanup}; null for a
   * phase without one ({@code CUT_OVER}, {@code PLANNED}).
   */
  static String passOf(Phase phase) {
    return switch (phase) {
      case COPY -> "copy";
      case DUAL_WRITE -> "catch-up";
      case VERIFY, CANARY -> "verify";
      case ROLLBACK_WINDOW -> "reverse";
      case DONE, ROLLED_BACK -> "cleanup";
      default -> null;
    };
  }

  /**
   * The index of the part the pass of {@code state}'s phase is at: its counter ({@code copy#2}), or
   * {@code parts} once the pass is done in this phase.
   */
  static int partIndexOf(MigrationState state, int parts) {
    String pass = passOf(state.phase());
    if (pass == null) {
      return 0;
    }
    if (state.done(pass) || (pass.equals("verify") && state.done("verified"))) {
      return parts;
    }
    return state.counter(pass + "#");
  }

  String toProperties() {
    Properties p = new Properties();
    p.setProperty("participant", participant);
    p.setProperty("initialGoal", initialGoal.name());
    if (pass != null) {
      p.setProperty("pass", pass);
    }
    p.setProperty("partIndex", Integer.toString(partIndex));
    p.setProperty("parts", Integer.toString(parts));
    if (part != null) {
      p.setProperty("part", part);
    }
    p.setProperty("passRows", Long.toString(passRows));
    p.setProperty("partRows", Long.toString(partRows));
    p.setProperty("fullParts", Integer.toString(fullParts));
    p.setProperty("fullPartRows", Long.toString(fullPartRows));
    p.setProperty("atMillis", Long.toString(atMillis));
    StringBuilder f = new StringBuilder();
    for (Fenced x : fences) { // group:partition:base:min:phase, the group id URL-encoded
      f.append(f.length() == 0 ? "" : ";")
          .append(URLEncoder.encode(x.group(), StandardCharsets.UTF_8))
          .append(':')
          .append(x.fence().partition())
          .append(':')
          .append(x.fence().baseVersion())
          .append(':')
          .append(x.fence().minVersion())
          .append(':')
          .append(x.fence().phase());
    }
    p.setProperty("fences", f.toString());
    p.setProperty("fencesTotal", Integer.toString(fencesTotal));
    StringWriter w = new StringWriter();
    try {
      p.store(w, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }

  /**
   * The progress in {@code text}, or null when it is not a progress report (written by another
   * version, or damaged): {@code migrate status} then says so instead of guessing.
   */
  static MigrationProgress parse(String text) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
      return new MigrationProgress(
          p.getProperty("participant", "?"),
          Phase.valueOf(p.getProperty("initialGoal", "CANARY")),
          p.getProperty("pass"),
          Integer.parseInt(p.getProperty("partIndex", "0")),
          Integer.parseInt(p.getProperty("parts", "0")),
          p.getProperty("part"),
          Long.parseLong(p.getProperty("passRows", "0")),
          Long.parseLong(p.getProperty("partRows", "0")),
          Integer.parseInt(p.getProperty("fullParts", "0")),
          Long.parseLong(p.getProperty("fullPartRows", "0")),
          Long.parseLong(p.getProperty("atMillis", "0")),
          fences(p.getProperty("fences", "")),
          Integer.parseInt(p.getProperty("fencesTotal", "0")));
    } catch (IOException | IllegalArgumentException e) {
      return null;
    }
  }

  private static List<Fenced> fences(String text) {
    List<Fenced> out = new ArrayList<>();
    if (text.isEmpty()) {
      return out;
    }
    for (String one : text.split(";", -1)) {
      String[] f = one.split(":", -1);
      if (f.length != 5) {
        throw new IllegalArgumentException("fence '" + one + "'");
      }
      out.add(
          new Fenced(
              URLDecoder.decode(f[0], StandardCharsets.UTF_8),
              new Fence(
                  Integer.parseInt(f[1]),
                  Long.parseLong(f[2]),
                  Long.parseLong(f[3]),
                  Phase.valueOf(f[4]))));
    }
    return out;
  }
}
