package io.shardrouter.spring;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Routing documents and embedded H2 groups for the starter's tests. */
final class TestRouting {
  private TestRouting() {}

  /** A fresh name prefix for in-memory H2 databases, which live as long as the JVM. */
  static String run() {
    return "sr" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
  }

  /**
   * The JDBC URL of an in-memory H2 database {@code name} that creates the orders table on connect.
   */
  static String h2(String name) {
    return "jdbc:h2:mem:"
        + name
        + ";DB_CLOSE_DELAY=-1;INIT=RUNSCRIPT FROM 'classpath:orders-schema.sql'";
  }

  /**
   * A {@code hash_mod} routing document of the entity {@code orders}: {@code groups} maps each id
   * to its primary's endpoint, {@code placement} names a group per partition.
   */
  /**
   * Version 1 of a {@code composite(string, long)} table over two groups whose H2 databases are
   * named {@code g1} and {@code g2}.
   */
  static String compositeDocument(String g1, String g2) {
    return "{\"format\":1,\"routing_version\":1,\"entity\":\"orders\",\"key\":{\"type\":"
        + "\"composite\",\"parts\":[\"string\",\"long\"]},\"strategy\":{\"type\":\"hash_mod\","
        + "\"hash\":\"xxh3-64\",\"partitions\":2},\"groups\":[{\"id\":\"g1\",\"primary\":\""
        + h2(g1)
        + "\"},{\"id\":\"g2\",\"primary\":\""
        + h2(g2)
        + "\"}],\"placement\":[\"g1\",\"g2\"]}";
  }

  static String document(
      long version, String keyType, Map<String, String> groups, List<String> placement) {
    StringBuilder g = new StringBuilder();
    groups.forEach(
        (id, endpoint) ->
            g.append(g.length() == 0 ? "" : ",")
                .append("{\"id\":\"")
                .append(id)
                .append("\",\"primary\":\"")
                .append(endpoint.replace("\\", "\\\\").replace("\"", "\\\""))
                .append("\"}"));
    StringBuilder p = new StringBuilder();
    for (String id : placement) {
      p.append(p.length() == 0 ? "" : ",").append('"').append(id).append('"');
    }
    return "{\"format\":1,\"routing_version\":"
        + version
        + ",\"entity\":\"orders\",\"key\":{\"type\":\""
        + keyType
        + "\"},\"strategy\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":"
        + placement.size()
        + "},\"groups\":["
        + g
        + "],\"placement\":["
        + p
        + "]}";
  }
}
