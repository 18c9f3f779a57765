package io.shardrouter.cli;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StaleRoutingVersionException;
import io.shardrouter.hash.JumpHashStrategy;
import io.shardrouter.hash.StableHash;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code shardctl demo}: resharding by placement on a built-in table. Routes 200,000 synthetic keys
 * through {@code jump} over 1,024 partitions on 4 groups, adds a fifth group that takes the same
 * number of whole partitions from each, publishes the new version through a {@link Router}, and
 * shows the movement report, exactly which partitions moved, the share of keys that moved (about
 * 20%), and that no key moved outside those partitions. Then it offers the old version again, which
 * the router refuses while it keeps serving the new one. Then, for range strategies ({@link
 * RangeDemo}): pruning over two ranges of ids, the compact range document, and a split that moves
 * exactly its upper part.
 *
 * <p>Status {@value ShardCtl#UNROUTED} when a check fails: a key moved outside the plan, a key
 * changed partition, or the stale version was accepted.
 */
final class DemoCommand implements Command {
  static final int KEYS = 200_000;
  static final int PARTITIONS = 1024;
  static final int GROUPS = 4;

  @Override
  public int run(Console console) {
    PrintStream out = console.out();
    RoutingTable v1 = initialTable();
    String[] keys = new String[KEYS];
    for (int i = 0; i < KEYS; i++) {
      keys[i] = key(i + 1);
    }
    out.println(
        "shardctl demo: "
            + fmt("%,d", KEYS)
            + " keys of entity '"
            + v1.entity()
            + "' ("
            + keys[0]
            + " ... "
            + keys[KEYS - 1]
            + ")");
    out.println(
        "strategy "
            + v1.strategy().toSpec()
            + ", version "
            + v1.version()
            + " on "
            + v1.groups().size()
            + " groups");

    heading(out, "version " + v1.version() + ": " + v1.groups().size() + " groups");
    long[] before = countByGroup(v1, keys, v1);
    distribution(v1, before, null).print(out, "  ");

    ReplicaGroup g4 = group(GROUPS, "eu-central-1");
    GroupAddition plan = GroupAddition.plan(v1, g4);
    RoutingTable v2 = plan.next();
    heading(
        out,
        "version "
            + v2.version()
            + ": add "
            + g4.id()
            + ", taking "
            + plan.perGroup()
            + " partitions from each of "
            + v1.groups().size()
            + " groups");
    Router router = Router.create(v1);
    router.addListener(
        (prev, next) ->
            out.println(
                "  router swapped version "
                    + prev.version()
                    + " -> "
                    + next.version()
                    + " (fingerprint "
                    + prev.fingerprint().substring(0, 12)
                    + " -> "
                    + next.fingerprint().substring(0, 12)
                    + ")"));
    router.update(v2);
    out.println("  router serves version " + router.version());

    heading(out, "movement report");
    MovementReport report = MovementReport.between(v1, v2);
    for (String line : report.toText().split("\n")) {
      out.println("  " + line);
    }

    heading(out, "moved partitions");
    BitSet planned = new BitSet(PARTITIONS);
    for (int p : plan.moved()) {
      planned.set(p);
    }
    BitSet reported = new BitSet(PARTITIONS);
    for (MovementReport.Move m : report.moves()) {
      reported.set(m.toPartition());
    }
    movedPartitions(v1, v2, plan.moved()).print(out, "  ");
    out.println(
        "  "
            + plan.moved().length
            + " of "
            + PARTITIONS
            + " partitions, "
            + (reported.equals(planned)
                ? "exactly the plan"
                : "NOT the plan: the report lists " + reported.cardinality()));

    heading(out, "keys under version " + v2.version());
    long moved = 0;
    long outside = 0;
    long changedPartition = 0;
    RoutingTable served = router.table();
    for (String k : keys) {
      Route a = v1.route(k);
      Route b = served.route(k);
      if (a.partition() != b.partition()) {
        changedPartition++;
      }
      if (!a.group().id().equals(b.group().id())) {
        moved++;
        if (!planned.get(a.partition())) {
          outside++;
        }
      }
    }
    long[] after = countByGroup(v2, keys, served);
    distribution(v2, after, before).print(out, "  ");
    List<byte[]> canonical = new ArrayList<>(KEYS);
    for (String k : keys) {
      canonical.add(KeyType.STRING.parseText(k));
    }
    MovementReport.KeyCount count = report.countKeys(canonical);
    out.println(
        fmt(
            "  moved: %,d of %,d keys (%.2f%%); the plan moves %d/%d partitions = %.2f%% of the key space",
            moved,
            KEYS,
            100.0 * moved / KEYS,
            plan.moved().length,
            PARTITIONS,
            100.0 * report.movedShare()));
    out.println(fmt("  keys that changed partition: %d", changedPartition));
    out.println(fmt("  keys moved outside the listed partitions: %d", outside));
    boolean ok =
        outside == 0
            && changedPartition == 0
            && count.movedOutsidePlan() == 0
            && count.moved() == moved
            && reported.equals(planned);

    heading(out, "stale publish");
    out.println("  republishing version " + v1.version() + " ...");
    try {
      router.update(v1);
      out.println("  ACCEPTED: the router went back to version " + router.version());
      ok = false;
    } catch (StaleRoutingVersionException e) {
      out.println("  refused: " + e.getMessage());
    }
    Route r = router.route(keys[0]);
    out.println(
        "  router still serves version "
            + router.version()
            + ": "
            + keys[0]
            + " -> partition "
            + r.partition()
            + ", group "
            + r.group().id()
            + " (route version "
            + r.version()
            + ")");
    if (router.version() != v2.version()) {
      ok = false;
    }
    ok &= RingDemo.run(out, keys);
    boolean rangesOk = RangeDemo.run(out);
    out.println();
    out.println(
        ok && rangesOk
            ? "ok: only the listed partitions moved, and the router refused to go back"
            : "FAILED: see the counts above");
    if (!ok) {
      console
          .err()
          .println(
              "shardctl demo: a check failed: "
                  + outside
                  + " keys moved outside the plan ("
                  + count.movedOutsidePlan()
                  + " by the movement report), "
                  + changedPartition
                  + " keys changed partition");
    }
    if (!rangesOk) {
      console.err().println("shardctl demo: a range check failed: see the range sections above");
    }
    return ok && rangesOk ? ShardCtl.OK : ShardCtl.UNROUTED;
  }

  /**
   * Version 1: {@code orders}, string keys, jump over 1,024 partitions, 256 consecutive partitions
   * per group.
   */
  static RoutingTable initialTable() {
    List<ReplicaGroup> groups = new ArrayList<>();
    String[] regions = {"eu-west-1", "eu-west-1", "us-east-1", "us-east-1"};
    for (int g = 0; g < GROUPS; g++) {
      groups.add(group(g, regions[g]));
    }
    List<String> placement = new ArrayList<>(PARTITIONS);
    for (int p = 0; p < PARTITIONS; p++) {
      placement.add("g" + (p * GROUPS / PARTITIONS));
    }
    return RoutingTable.builder()
        .version(1)
        .entity("orders")
        .keyType(KeyType.STRING)
        .strategy(JumpHashStrategy.of(StableHash.xxh3(), PARTITIONS))
        .groups(groups)
        .placement(placement)
        .build();
  }

  /**
   * Group {@code g<i>}: a primary and two read replicas in three zones of {@code region} (made-up
   * hosts).
   */
  static ReplicaGroup group(int i, String region) {
    String host = "orders-g" + i + "-%s." + region + ".db.example.internal:5432";
    return ReplicaGroup.of(
        "g" + i,
        Replica.of(
            Replica.Role.PRIMARY,
            String.format(Locale.ROOT, host, "a"),
            Map.of("zone", region + "a")),
        List.of(
            Replica.of(
                Replica.Role.REPLICA,
                String.format(Locale.ROOT, host, "b"),
                Map.of("zone", region + "b")),
            Replica.of(
                Replica.Role.REPLICA,
                String.format(Locale.ROOT, host, "c"),
                Map.of("zone", region + "c"))),
        Map.of("region", region, "tier", "standard"));
  }

  /** The synthetic key number {@code n}: {@code order-000001} ... */
  static String key(int n) {
    String digits = Integer.toString(n);
    return "order-" + "0".repeat(Math.max(0, 6 - digits.length())) + digits;
  }

  /** Keys per group of {@code table} (by index in its group list), routing through {@code via}. */
  private static long[] countByGroup(RoutingTable table, String[] keys, RoutingTable via) {
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < table.groups().size(); i++) {
      index.put(table.groups().get(i).id(), i);
    }
    long[] count = new long[table.groups().size()];
    for (String k : keys) {
      count[index.get(via.route(k).group().id())]++;
    }
    return count;
  }

  private static Columns distribution(RoutingTable t, long[] keys, long[] before) {
    Columns c =
        before == null
            ? new Columns("group", "#partitions", "#keys", "#share", "region", "primary")
            : new Columns(
                "group", "#partitions", "#keys", "#share", "#change", "region", "primary");
    for (int i = 0; i < keys.length; i++) {
      ReplicaGroup g = t.groups().get(i);
      String parts = Integer.toString(t.partitionsOf(g.id()).length);
      String n = fmt("%,d", keys[i]);
      String share = fmt("%.2f%%", 100.0 * keys[i] / KEYS);
      String region = g.labels().getOrDefault("region", "-");
      if (before == null) {
        c.row(g.id(), parts, n, share, region, g.primary().endpoint());
      } else {
        long delta = keys[i] - (i < before.length ? before[i] : 0);
        c.row(g.id(), parts, n, share, fmt("%+,d", delta), region, g.primary().endpoint());
      }
    }
    return c;
  }

  private static Columns movedPartitions(RoutingTable from, RoutingTable to, int[] moved) {
    Columns c = new Columns("from", "to", "#count", "partitions");
    for (ReplicaGroup g : from.groups()) {
      int[] mine = new int[moved.length];
      int n = 0;
      String target = null;
      for (int p : moved) {
        if (from.groupOf(p).id().equals(g.id())) {
          mine[n++] = p;
          target = to.groupOf(p).id();
        }
      }
      if (n > 0) {
        c.row(g.id(), target, n, GroupAddition.ranges(Arrays.copyOf(mine, n)));
      }
    }
    return c;
  }

  private static void heading(PrintStream out, String title) {
    out.println();
    out.println("== " + title);
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
