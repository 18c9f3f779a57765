package io.shardrouter.migrate.internal.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.shardrouter.migrate.MigrationPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A schedule's trace is what a failing seed is debugged from (docs/migration.md §6), so it must
 * tell the schedule's story: a line per event in a known grammar, in tick order, that accounts for
 * every event the schedule counts, names the rows the schedule writes, and shows each kind of event
 * at least once over a range of seeds, the coordinator's crashes inside its units included.
 */
class SimScheduleTraceTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20_261_206L);
  private static final int EVENTS = 300;
  private static final List<MigrationPlan> PLANS = SimulationPlans.standard();

  private static final String KEY = "k\\d+(?:#\\d+)?";
  private static final String GROUP = "g\\d+";
  private static final String PHASE = "[A-Z_]+";

  /** Every kind of trace line, by name. */
  private static final Map<String, Pattern> KINDS = new LinkedHashMap<>();

  static {
    kind("killed", "coordinator killed");
    kind("restarted", "coordinator restarted");
    kind("online", "client (\\d) online, replays \\d+");
    kind("offline", "client (\\d) offline");
    kind("duplicate", "duplicate delivery of Row\\{key=" + KEY + ", .*");
    kind("published", "published v(\\d+) " + PHASE);
    kind("now on", "client (\\d) now on v(\\d+)");
    kind("rollback", "rollback requested in " + PHASE);
    kind("crash saving", "injected coordinator crash (?:before|after) saving " + PHASE);
    kind("crash before apply", "injected coordinator crash before an apply on " + GROUP);
    kind("crash after apply", "injected coordinator crash after an apply on " + GROUP);
    kind(
        "crash before fence",
        "injected coordinator crash before setting Fence\\[.*\\] on " + GROUP);
    kind("crash after fence", "injected coordinator crash after setting Fence\\[.*\\] on " + GROUP);
    kind("crash before delete", "injected coordinator crash before a delete on " + GROUP);
    kind("crash after delete", "injected coordinator crash after a delete on " + GROUP);
    kind("gate", "gate waits for every live client on v\\d+");
    kind("write", "client (\\d) writes (" + KEY + ") seq (\\d+) WriteRoute\\{v\\d+ .*");
    kind("abandoned", "writer of " + KEY + " seq \\d+ died after its first leg");
    kind("moved", "MOVED: " + KEY + " seq (\\d+) retries on WriteRoute\\{v(\\d+) .*");
    kind("acked", "acked " + KEY + " seq \\d+");
    kind("route read", "client (\\d) routes a read of " + KEY + " ReadRoute\\{v\\d+ .*");
    kind("moved read", "MOVED read of " + KEY + " on " + GROUP + ", retries on ReadRoute\\{.*");
    kind("read", "read " + KEY + " seq (?:\\d+|none) ReadRoute\\{v\\d+ .*");
    kind("waits late fence", "coordinator waits on the gate before its late fence");
    kind("late fence", "late fence Fence\\[.*, phase=(?:CUT_OVER|ROLLED_BACK)\\] on " + GROUP);
  }

  private static void kind(String name, String regex) {
    KINDS.put(name, Pattern.compile(regex));
  }

  private static final Pattern LINE = Pattern.compile("t(\\d+) (.+)");
  private static final Pattern COMPARED = Pattern.compile("t\\d+ read .* vs .*");
  private static final Pattern ROW_NAME = Pattern.compile("\\bk(\\d+)#(\\d+)\\b");

  /** A schedule run with its trace kept. */
  private record Traced(SimSchedule schedule, List<String> trace, boolean passed) {}

  private static Traced run(long seed, Simulation.Protocol protocol) {
    MigrationPlan plan = PLANS.get((int) Math.floorMod(seed, (long) PLANS.size()));
    List<String> trace = new ArrayList<>();
    SimSchedule s =
        new SimSchedule(
            plan,
            seed,
            protocol,
            Simulation.IN_MEMORY.open(seed, SimSchedule.groupIds(plan)),
            EVENTS,
            trace);
    boolean passed = s.run();
    return new Traced(s, trace, passed);
  }

  /**
   * Checks one schedule's trace line by line and returns, per kind, the ticks it was seen at.
   * Counts that the schedule keeps must match the lines that report them.
   */
  private static Map<String, List<Long>> check(long seed, Traced t) {
    String where = "seed " + seed + ": ";
    Map<String, List<Long>> seen = new HashMap<>();
    long lastTick = 0;
    long lastPublished = 0;
    Map<String, Integer> writer = new HashMap<>(); // write seq -> client
    long[] version = new long[4]; // what each client is known to route with
    boolean[] online = {true, true, true, true};
    for (String line : t.trace()) {
      Matcher lm = LINE.matcher(line);
      assertTrue(lm.matches(), () -> where + "not a trace line: " + line);
      long tick = Long.parseLong(lm.group(1));
      assertTrue(tick >= lastTick, () -> where + "tick goes back at " + line);
      lastTick = tick;
      String text = lm.group(2);
      Matcher rm = ROW_NAME.matcher(text);
      while (rm.find()) {
        // two rows per routing key kN: the row "" (index 2N) and the row "#(2N+1)"
        assertEquals(
            2 * Long.parseLong(rm.group(1)) + 1,
            Long.parseLong(rm.group(2)),
            where + "row name in " + line);
      }
      String kind = null;
      Matcher m = null;
      for (Map.Entry<String, Pattern> e : KINDS.entrySet()) {
        Matcher candidate = e.getValue().matcher(text);
        if (candidate.matches()) {
          kind = e.getKey();
          m = candidate;
          break;
        }
      }
      if (kind == null) {
        fail(where + "a line of no known kind: " + line);
      }
      seen.computeIfAbsent(kind, k -> new ArrayList<>()).add(tick);
      switch (kind) {
        case "published" -> {
          long v = Long.parseLong(m.group(1));
          assertTrue(v > lastPublished, () -> where + "published out of order: " + line);
          lastPublished = v;
        }
        case "online", "offline" -> {
          int c = Integer.parseInt(m.group(1));
          // every client starts online, so its toggles alternate starting with "offline"
          assertEquals(!online[c], kind.equals("online"), where + line);
          online[c] = !online[c];
        }
        case "write" -> writer.put(m.group(3), Integer.parseInt(m.group(1)));
        case "moved" -> {
          // a refused write takes the latest routes: its client is on that version now
          Integer c = writer.get(m.group(1));
          assertNotNull(c, () -> where + "a refused write no client wrote: " + line);
          version[c] = Math.max(version[c], Long.parseLong(m.group(2)));
        }
        case "now on" -> {
          int c = Integer.parseInt(m.group(1));
          long v = Long.parseLong(m.group(2));
          assertTrue(v > version[c], () -> where + "client was on that version already: " + line);
          version[c] = v;
        }
        default -> {}
      }
    }
    SimSchedule s = t.schedule();
    assertEquals(s.acked, count(seen, "acked"), where + "acked writes");
    assertEquals(s.fenced, count(seen, "moved"), where + "fenced writes");
    assertEquals(s.fencedReads, count(seen, "moved read"), where + "fenced reads");
    assertEquals(s.reads, count(seen, "read"), where + "reads");
    assertEquals(s.abandoned, count(seen, "abandoned"), where + "abandoned writes");
    long crashLines = 0;
    for (String k : seen.keySet()) {
      if (k.equals("killed") || k.startsWith("crash ")) {
        crashLines += count(seen, k);
      }
    }
    assertEquals(s.crashes, crashLines, where + "crashes");
    return seen;
  }

  private static long count(Map<String, List<Long>> seen, String kind) {
    return seen.getOrDefault(kind, List.of()).size();
  }

  @Test
  void theTrace_tellsTheScheduleEventByEvent_andShowsEveryKindOfEvent() {
    System.out.println("SimScheduleTraceTest seed " + SEED);
    TreeSet<String> expected = new TreeSet<>(KINDS.keySet());
    expected.remove("waits late fence");
    expected.remove("late fence");
    TreeSet<String> kinds = new TreeSet<>();
    long seed = SEED;
    long compared = 0;
    long mismatches = 0;
    // a crash at a delete is rare (the deletes are the last units): go on until every kind is seen
    for (; seed < SEED + 400 && !kinds.equals(expected); seed++) {
      Traced t = run(seed, Simulation.Protocol.CORRECT);
      assertTrue(t.passed(), "seed " + seed + ": " + t.schedule().violation);
      kinds.addAll(check(seed, t).keySet());
      long schedulesCompared =
          t.trace().stream().filter(l -> COMPARED.matcher(l).matches()).count();
      assertTrue(t.schedule().canaryMismatches <= schedulesCompared, "seed " + seed);
      compared += schedulesCompared;
      mismatches += t.schedule().canaryMismatches;
    }
    // with the dual write in place, the compared reads of a canary agree, but for writes in flight
    assertTrue(mismatches < compared, "seeds from " + SEED + ": " + mismatches + " of " + compared);
    System.out.println("every kind of event seen in " + (seed - SEED) + " schedules");
    assertEquals(expected, kinds, "seeds from " + SEED);
  }

  /**
   * The variant that fences the group it stops writing only after the publish: its closing fences
   * (and only those) are set late, during the random events as well as while settling.
   */
  @Test
  void lateFences_areClosingFences_setDuringTheEventsAsWell() {
    System.out.println("SimScheduleTraceTest seed " + SEED);
    boolean duringEvents = false;
    boolean waited = false;
    for (long seed = SEED; seed < SEED + 20; seed++) {
      Traced t = run(seed, Simulation.Protocol.FENCE_AFTER_PUBLISH);
      Map<String, List<Long>> seen = check(seed, t);
      waited |= seen.containsKey("waits late fence");
      for (long tick : seen.getOrDefault("late fence", List.of())) {
        duringEvents |= tick <= EVENTS;
      }
    }
    assertTrue(waited, "seeds from " + SEED);
    assertTrue(duringEvents, "seeds from " + SEED);
  }
}
