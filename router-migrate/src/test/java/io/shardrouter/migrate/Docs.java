package io.shardrouter.migrate;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.ArrayList;
import java.util.List;

/** Routing tables for tests, built from routing documents (docs/format.md). */
final class Docs {
  private Docs() {}

  /** Group ids g1..gN. */
  static List<String> groups(int n) {
    List<String> ids = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      ids.add("g" + i);
    }
    return ids;
  }

  /** A table with the given strategy JSON, groups and placement. */
  static RoutingTable table(
      long version, String strategyJson, List<String> groups, List<String> placement) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"format\":1,\"routing_version\":").append(version);
    sb.append(",\"entity\":\"orders\",\"key\":{\"type\":\"string\"},\"strategy\":")
        .append(strategyJson);
    sb.append(",\"groups\":[");
    for (int i = 0; i < groups.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append("{\"id\":\"")
          .append(groups.get(i))
          .append("\",\"primary\":\"")
          .append(groups.get(i))
          .append(":5432\"}");
    }
    sb.append("],\"placement\":[");
    for (int i = 0; i < placement.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append('"').append(placement.get(i)).append('"');
    }
    sb.append("]}");
    return RoutingDocuments.read(sb.toString());
  }

  /** hash_mod over P partitions placed round-robin on N groups. */
  static RoutingTable hashMod(long version, int partitions, int groups) {
    return strategy(
        version,
        "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":" + partitions + "}",
        partitions,
        groups);
  }

  /** jump over P partitions placed round-robin on N groups. */
  static RoutingTable jump(long version, int partitions, int groups) {
    return strategy(
        version,
        "{\"type\":\"jump\",\"hash\":\"xxh3-64\",\"partitions\":" + partitions + "}",
        partitions,
        groups);
  }

  private static RoutingTable strategy(long version, String json, int partitions, int groups) {
    List<String> ids = groups(groups);
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      placement.add(ids.get(p % groups));
    }
    return table(version, json, ids, placement);
  }
}
