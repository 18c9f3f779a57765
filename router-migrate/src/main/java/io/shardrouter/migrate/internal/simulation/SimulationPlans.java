package io.shardrouter.migrate.internal.simulation;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.migrate.MigrationPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * The plans the simulation draws from, one of every kind a migration handles, built from routing
 * documents (so their strategies must be on the class path: router-hash, router-range and
 * router-lookup).
 *
 * <p><b>Stability:</b> internal.
 */
public final class SimulationPlans {
  private SimulationPlans() {}

  /**
   * Placement 4 -> 5 groups, hash_mod 16 -> 32, jump 8 -> 9, ring + 1 group, range split and merge,
   * a hot key isolated.
   */
  public static List<MigrationPlan> standard() {
    List<MigrationPlan> plans = new ArrayList<>();
    String mod16 = "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":16}";
    List<String> p4 = roundRobin(16, 4);
    List<String> p5 = new ArrayList<>(p4);
    for (int p : new int[] {3, 7, 11}) {
      p5.set(p, "g5");
    }
    plans.add(plan(doc(1, mod16, 4, p4), doc(2, mod16, 5, p5)));
    plans.add(
        plan(
            doc(1, mod16, 4, p4),
            doc(
                2,
                "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":32}",
                5,
                doubled())));
    List<String> j9 = roundRobin(8, 4);
    j9.add("g5");
    plans.add(
        plan(
            doc(
                1,
                "{\"type\":\"jump\",\"hash\":\"xxh3-64\",\"partitions\":8}",
                4,
                roundRobin(8, 4)),
            doc(2, "{\"type\":\"jump\",\"hash\":\"xxh3-64\",\"partitions\":9}", 5, j9)));
    plans.add(plan(doc(1, ring(4), 4, roundRobin(4, 4)), doc(2, ring(5), 5, roundRobin(5, 5))));
    String two =
        "{\"type\":\"range\",\"ranges\":[{\"start\":\"\",\"end\":\"k2\"},{\"start\":\"k2\",\"end\":null}]}";
    String three =
        "{\"type\":\"range\",\"ranges\":[{\"start\":\"\",\"end\":\"k2\"},{\"start\":\"k2\",\"end\":\"k5\"},"
            + "{\"start\":\"k5\",\"end\":null}]}";
    plans.add(
        plan(doc(1, two, 2, List.of("g1", "g2")), doc(2, three, 3, List.of("g1", "g2", "g3"))));
    plans.add(
        plan(doc(1, three, 3, List.of("g1", "g2", "g3")), doc(2, two, 3, List.of("g1", "g2"))));
    String mod8 = "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":8}";
    List<String> l9 = roundRobin(8, 4);
    l9.add("g5");
    plans.add(
        plan(
            doc(
                1,
                "{\"type\":\"lookup\",\"partitions\":8,\"fallback\":" + mod8 + ",\"entries\":{}}",
                4,
                roundRobin(8, 4)),
            doc(
                2,
                "{\"type\":\"lookup\",\"partitions\":9,\"fallback\":"
                    + mod8
                    + ",\"entries\":{\"k7\":8}}",
                5,
                l9)));
    return plans;
  }

  private static MigrationPlan plan(RoutingTable from, RoutingTable to) {
    return MigrationPlan.between(from, to);
  }

  /** 32 partitions: 0..15 where 16 partitions had them (p mod 4), 16..31 spread over g1..g5. */
  private static List<String> doubled() {
    List<String> out = roundRobin(16, 4);
    for (int q = 16; q < 32; q++) {
      out.add("g" + (q % 5 + 1));
    }
    return out;
  }

  private static String ring(int nodes) {
    StringBuilder sb = new StringBuilder("{\"type\":\"ring\",\"mode\":\"001\",\"nodes\":[");
    for (int i = 1; i <= nodes; i++) {
      sb.append(i > 1 ? "," : "").append("\"g").append(i).append('"');
    }
    return sb.append("],\"vnodes\":150}").toString();
  }

  private static List<String> roundRobin(int partitions, int groups) {
    List<String> out = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      out.add("g" + (p % groups + 1));
    }
    return out;
  }

  /** A string-keyed routing document of entity 'orders' over groups g1..gN. */
  public static RoutingTable doc(
      long version, String strategy, int groups, List<String> placement) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"format\":1,\"routing_version\":").append(version);
    sb.append(",\"entity\":\"orders\",\"key\":{\"type\":\"string\"},\"strategy\":")
        .append(strategy);
    sb.append(",\"groups\":[");
    for (int i = 1; i <= groups; i++) {
      sb.append(i > 1 ? "," : "")
          .append("{\"id\":\"g")
          .append(i)
          .append("\",\"primary\":\"db")
          .append(i)
          .append(":5432\"}");
    }
    sb.append("],\"placement\":[");
    for (int i = 0; i < placement.size(); i++) {
      sb.append(i > 0 ? "," : "").append('"').append(placement.get(i)).append('"');
    }
    return RoutingDocuments.read(sb.append("]}").toString());
  }
}
