package io.shardrouter.hash;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import io.shardrouter.testing.ReferenceEncoding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.BiFunction;

/**
 * Checks a golden partition file ({@code hash_mod.json}, {@code jump.json}) through every entry
 * point of a hash strategy, and through a {@link RoutingTable} and {@link Router} built with {@link
 * RoutingTable#builder()}. Each check returns its mismatches as lines, so one failed assertion
 * lists all of them.
 */
final class GoldenPartitions {
  static final List<ReplicaGroup> GROUPS =
      List.of(
          ReplicaGroup.of("g0", "db0:5432", "db0-r:5432"),
          ReplicaGroup.of("g1", "db1:5432"),
          ReplicaGroup.of("g2", "db2:5432"));
  static final long VERSION = 7;

  private final JsonNode doc;
  private final String type;
  private final BiFunction<StableHash, Integer, ? extends HashPartitionStrategy> factory;
  private final List<String> failures = new ArrayList<>();
  private final SplittableRandom random;

  GoldenPartitions(
      JsonNode doc,
      BiFunction<StableHash, Integer, ? extends HashPartitionStrategy> factory,
      long seed) {
    this.doc = doc;
    this.type = doc.get("strategy").asText();
    this.factory = factory;
    this.random = new SplittableRandom(seed);
  }

  List<String> failures() {
    return failures;
  }

  int[] partitionCounts() {
    JsonNode pc = doc.get("partition_counts");
    int[] out = new int[pc.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = pc.get(i).asInt();
    }
    return out;
  }

  /**
   * The strategy a hash configuration and P name, checked against the one rebuilt from its JSON by
   * the registry.
   */
  HashPartitionStrategy strategy(JsonNode config, int partitions) {
    HashPartitionStrategy s = factory.apply(Golden.hash(config), partitions);
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("type", type);
    json.put("hash", config.get("hash").asText());
    if (config.hasNonNull("seed_int64")) {
      json.put("seed", Long.parseLong(config.get("seed_int64").asText()));
    }
    json.put("partitions", partitions);
    PartitionStrategy fromJson =
        StrategyRegistry.defaultRegistry().create(RoutingDocuments.parseSpec(json.toString()));
    if (!s.equals(fromJson)) {
      failures.add(
          Golden.label(config)
              + " P="
              + partitions
              + ": registry builds "
              + fromJson
              + " from "
              + json
              + ", not "
              + s);
    }
    return s;
  }

  /**
   * Every key, configuration and P through the routing point, partitionOfHash, bytes, slice and
   * typed overloads.
   */
  void checkEntryPoints() {
    int[] counts = partitionCounts();
    JsonNode configs = doc.get("hash_configs");
    for (int c = 0; c < configs.size(); c++) {
      JsonNode config = configs.get(c);
      for (int pi = 0; pi < counts.length; pi++) {
        HashPartitionStrategy s = strategy(config, counts[pi]);
        for (JsonNode key : doc.get("keys")) {
          JsonNode exp = key.get("expected").get(c);
          String where =
              type
                  + " "
                  + Golden.label(config)
                  + " P="
                  + counts[pi]
                  + " key "
                  + key.get("id").asText();
          if (!exp.get("hash").asText().equals(config.get("hash").asText())) {
            failures.add(where + ": golden file lists expectations out of hash_configs order");
            continue;
          }
          int expected = exp.get("partitions").get(pi).asInt();
          long hash =
              Golden.unsigned(exp.get("hash_unsigned").asText(), exp.get("hash_hex").asText());
          byte[] canonical = Golden.bytes(key.get("canonical_hex").asText());
          if (s.routingPoint(canonical, 0, canonical.length) != hash) {
            failures.add(
                where
                    + ": routing point "
                    + Long.toUnsignedString(s.routingPoint(canonical, 0, canonical.length))
                    + ", golden hash "
                    + Long.toUnsignedString(hash));
          }
          compare(where, "partitionOfHash", expected, s.partitionOfHash(hash));
          compare(where, "partitionOf(byte[])", expected, s.partitionOf(canonical));
          int offset = 1 + random.nextInt(31);
          byte[] big = ReferenceEncoding.embed(canonical, offset, random.nextInt(0, 9), random);
          compare(
              where,
              "partitionOf(byte[], " + offset + ", n)",
              expected,
              s.partitionOf(big, offset, canonical.length));
          for (Map.Entry<String, Integer> e : typedAnswers(s, key).entrySet()) {
            compare(where, e.getKey(), expected, e.getValue());
          }
        }
      }
    }
  }

  /**
   * Every key through {@link Router#route} and {@link RoutingTable#routeCanonical} of a table per
   * key type, configuration and P (partition p placed on group {@code g(p mod 3)}); for string keys
   * also through the table's routing document, written and read back.
   */
  void checkRouters() {
    int[] counts = partitionCounts();
    Map<KeyType, List<JsonNode>> byType = new LinkedHashMap<>();
    for (JsonNode key : doc.get("keys")) {
      byType.computeIfAbsent(keyType(key), k -> new ArrayList<>()).add(key);
    }
    JsonNode configs = doc.get("hash_configs");
    for (int c = 0; c < configs.size(); c++) {
      JsonNode config = configs.get(c);
      for (int pi = 0; pi < counts.length; pi++) {
        HashPartitionStrategy s = factory.apply(Golden.hash(config), counts[pi]);
        List<String> placement = new ArrayList<>(counts[pi]);
        for (int p = 0; p < counts[pi]; p++) {
          placement.add(GROUPS.get(p % GROUPS.size()).id());
        }
        for (Map.Entry<KeyType, List<JsonNode>> e : byType.entrySet()) {
          RoutingTable table =
              RoutingTable.builder()
                  .version(VERSION)
                  .entity("golden-" + type)
                  .keyType(e.getKey())
                  .strategy(s)
                  .groups(GROUPS)
                  .placement(placement)
                  .build();
          Router router = Router.create(table);
          RoutingTable reread = null;
          if (e.getKey().equals(KeyType.STRING)) {
            reread = RoutingDocuments.read(RoutingDocuments.write(table));
            if (!reread.equals(table) || router.update(reread)) {
              failures.add(
                  type
                      + " "
                      + Golden.label(config)
                      + " P="
                      + counts[pi]
                      + ": routing document read back as "
                      + reread
                      + ", written from "
                      + table);
            }
          }
          for (JsonNode key : e.getValue()) {
            int expected = key.get("expected").get(c).get("partitions").get(pi).asInt();
            String where =
                type
                    + " "
                    + Golden.label(config)
                    + " P="
                    + counts[pi]
                    + " key "
                    + key.get("id").asText()
                    + " ("
                    + e.getKey()
                    + ")";
            byte[] canonical = Golden.bytes(key.get("canonical_hex").asText());
            for (Map.Entry<String, Route> r : routes(router, key).entrySet()) {
              checkRoute(where, "Router." + r.getKey(), expected, r.getValue());
            }
            checkRoute(
                where, "Router.routeCanonical(byte[])", expected, router.routeCanonical(canonical));
            int offset = 1 + random.nextInt(15);
            byte[] big = ReferenceEncoding.embed(canonical, offset, 3, random);
            checkRoute(
                where,
                "RoutingTable.routeCanonical(byte[], " + offset + ", n)",
                expected,
                table.routeCanonical(big, offset, canonical.length));
            if (reread != null) {
              checkRoute(
                  where,
                  "route(String) after the document round trip",
                  expected,
                  reread.route(key.get("text").asText()));
            }
          }
        }
      }
    }
  }

  /** Golden canonical bytes equal the Java reference encoding of the typed key. */
  void checkCanonicalBytes() {
    for (JsonNode key : doc.get("keys")) {
      byte[] reference =
          switch (key.get("kind").asText()) {
            case "string" -> ReferenceEncoding.string(key.get("text").asText());
            case "long" -> ReferenceEncoding.longKey(Long.parseLong(key.get("value").asText()));
            case "int" -> ReferenceEncoding.intKey(Integer.parseInt(key.get("value").asText()));
            case "uuid" -> ReferenceEncoding.uuid(UUID.fromString(key.get("value").asText()));
            default -> ReferenceEncoding.composite(Golden.parts(key.get("parts")));
          };
      String hex = Golden.HEX.formatHex(reference);
      if (!hex.equals(key.get("canonical_hex").asText())) {
        failures.add(
            "key "
                + key.get("id").asText()
                + ": Python canonical bytes "
                + key.get("canonical_hex").asText()
                + ", Java reference encoding "
                + hex);
      }
    }
  }

  private void checkRoute(String where, String entry, int expected, Route route) {
    compare(where, entry, expected, route.partition());
    String group = GROUPS.get(expected % GROUPS.size()).id();
    if (!route.group().id().equals(group)
        || route.version() != VERSION
        || !route.entity().equals("golden-" + type)) {
      failures.add(
          where
              + " via "
              + entry
              + ": route "
              + route
              + ", expected partition "
              + expected
              + " on "
              + group
              + " at version "
              + VERSION);
    }
  }

  private void compare(String where, String entry, int expected, int actual) {
    if (expected != actual) {
      failures.add(
          where + " via " + entry + ": expected partition " + expected + ", got " + actual);
    }
  }

  static KeyType keyType(JsonNode key) {
    return switch (key.get("kind").asText()) {
      case "string" -> KeyType.STRING;
      case "long" -> KeyType.LONG;
      case "int" -> KeyType.INT;
      case "uuid" -> KeyType.UUID_KEY;
      case "composite" -> {
        List<KeyType.Kind> kinds = new ArrayList<>();
        for (JsonNode part : key.get("parts")) {
          kinds.add(KeyType.Kind.fromDocumentName(part.get(0).asText()));
        }
        yield KeyType.composite(kinds);
      }
      default -> throw new IllegalStateException("golden file: unknown key kind in " + key);
    };
  }

  /** The answers of every typed overload that takes this key, by the overload's name. */
  static Map<String, Integer> typedAnswers(PartitionStrategy s, JsonNode key) {
    Map<String, Integer> out = new LinkedHashMap<>();
    switch (key.get("kind").asText()) {
      case "string" ->
          out.put("partitionOf(String)", s.partitionOf(Keys.of(key.get("text").asText())));
      case "long" ->
          out.put(
              "partitionOf(long)",
              s.partitionOf(Keys.of(Long.parseLong(key.get("value").asText()))));
      case "int" ->
          out.put(
              "partitionOf(int)",
              s.partitionOf(Keys.of(Integer.parseInt(key.get("value").asText()))));
      case "uuid" ->
          out.put(
              "partitionOf(UUID)",
              s.partitionOf(Keys.of(UUID.fromString(key.get("value").asText()))));
      default -> {
        Object[] p = Golden.parts(key.get("parts"));
        if (p.length == 2 && p[0] instanceof String a && p[1] instanceof String b) {
          out.put("partitionOf(String, String)", s.partitionOf(Keys.of(a, b)));
        } else if (p.length == 2 && p[0] instanceof String a && p[1] instanceof Long b) {
          out.put("partitionOf(String, long)", s.partitionOf(Keys.of(a, (long) b)));
        } else if (p.length == 2 && p[0] instanceof Long a && p[1] instanceof Long b) {
          out.put("partitionOf(long, long)", s.partitionOf(Keys.of((long) a, (long) b)));
        }
        out.put("partitionOf(CompositeKey)", s.partitionOf(Keys.of(CompositeKey.of(p))));
      }
    }
    return out;
  }

  /** The routes of every typed {@link Router#route} overload that takes this key. */
  static Map<String, Route> routes(Router r, JsonNode key) {
    Map<String, Route> out = new LinkedHashMap<>();
    switch (key.get("kind").asText()) {
      case "string" -> out.put("route(String)", r.route(key.get("text").asText()));
      case "long" -> out.put("route(long)", r.route(Long.parseLong(key.get("value").asText())));
      case "int" -> out.put("route(long)", r.route(Integer.parseInt(key.get("value").asText())));
      case "uuid" -> out.put("route(UUID)", r.route(UUID.fromString(key.get("value").asText())));
      default -> {
        Object[] p = Golden.parts(key.get("parts"));
        if (p.length == 2 && p[0] instanceof String a && p[1] instanceof String b) {
          out.put("route(String, String)", r.route(a, b));
        } else if (p.length == 2 && p[0] instanceof String a && p[1] instanceof Long b) {
          out.put("route(String, long)", r.route(a, (long) b));
        } else if (p.length == 2 && p[0] instanceof Long a && p[1] instanceof Long b) {
          out.put("route(long, long)", r.route((long) a, (long) b));
        }
        out.put("route(CompositeKey)", r.route(CompositeKey.of(p)));
      }
    }
    return out;
  }
}
