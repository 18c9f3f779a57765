package io.shardrouter.cli;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.RingAllocator;
import io.shardrouter.hash.RingBalance;
import io.shardrouter.hash.StableHash;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The weighted-ring part of {@code shardctl demo}: a ring over three groups of weights 1, 2 and 3,
 * its balance against the weights, a fourth group of weight 2 added by the allocator, the exact
 * movement between the two versions, and the share of the demo's keys that moved, which must match
 * the movement report and the optimal share (weight 2 of 8).
 */
final class RingDemo {
  static final int VNODES = 16;

  private RingDemo() {}

  /** Prints the section; returns false when a check fails. */
  static boolean run(PrintStream out, String[] keys) {
    List<ReplicaGroup> groups = new ArrayList<>();
    Map<String, Integer> weights = new LinkedHashMap<>();
    String[] regions = {"eu-west-1", "us-east-1", "ap-south-1"};
    for (int i = 0; i < 3; i++) {
      ReplicaGroup g = DemoCommand.group(10 + i, regions[i]);
      groups.add(g);
      weights.put(g.id(), i + 1);
    }
    RingAllocator allocator = RingAllocator.standard();
    RoutingTable v1 =
        allocator.initial(
            1, "sessions", KeyType.STRING, StableHash.xxh3(), VNODES, groups, weights);
    heading(
        out,
        "weighted ring: entity 'sessions', groups of weight 1, 2, 3, "
            + VNODES
            + " vnodes per unit of weight");
    out.print(indent(RingBalance.of(v1).toText()));

    ReplicaGroup added = DemoCommand.group(13, "eu-central-1");
    RoutingTable v2 = allocator.addGroup(v1, added, 2);
    Router router = Router.create(v1);
    router.update(v2);
    heading(
        out,
        "ring version "
            + v2.version()
            + ": add "
            + added.id()
            + " with weight 2 (optimal move: 2/8 = 25% of the key space)");
    out.print(indent(RingBalance.of(v2).toText()));
    MovementReport movement = MovementReport.between(v1, v2);
    out.print(indent(movement.toText()));

    List<byte[]> canonical = new ArrayList<>(keys.length);
    for (String k : keys) {
      canonical.add(KeyType.STRING.parseText(k));
    }
    MovementReport.KeyCount count = movement.countKeys(canonical);
    double optimal = 2.0 / 8;
    out.println(
        String.format(
            Locale.ROOT,
            "  keys moved: %,d of %,d (%.2f%%); the report says %.2f%%, the optimum is %.2f%% (ratio %.4f)",
            count.moved(),
            count.keys(),
            100 * count.movedShare(),
            100 * movement.movedShare(),
            100 * optimal,
            movement.movedShare() / optimal));
    boolean ok =
        movement.movedShare() <= 1.05 * optimal
            && RingBalance.of(v2).peak() <= 1.02
            && Math.abs(count.movedShare() - movement.movedShare()) < 0.01
            && count.movedOutsidePlan() == 0
            && router.version() == v2.version();
    out.println(
        ok
            ? "  ok: balanced within 2% of the weights, and only the reported share moved"
            : "  FAILED: ring balance or movement outside the bounds");
    return ok;
  }

  private static String indent(String text) {
    return "  " + text.replace("\n", "\n  ").stripTrailing() + "\n";
  }

  private static void heading(PrintStream out, String title) {
    out.println();
    out.println("== " + title);
  }
}
