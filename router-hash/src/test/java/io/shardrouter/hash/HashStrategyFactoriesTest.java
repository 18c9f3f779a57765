package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Specs;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code hash_mod} and {@code jump} factories reading the {@code strategy} object of a routing
 * document ({@link RoutingDocuments#read(String)}): good parameters build the strategy, every bad
 * one is refused with {@link InvalidRoutingTableException} naming its JSON path, the bad value and
 * what is allowed.
 */
class HashStrategyFactoriesTest {

  /**
   * A routing document of 4 partitions whose strategy object is {@code {"type": type <fields>}}.
   */
  private static String document(String type, String fields) {
    return "{\"format\": 1, \"routing_version\": 3, \"entity\": \"orders\", \"key\": {\"type\": \"string\"},"
        + " \"strategy\": {\"type\": \""
        + type
        + "\""
        + fields
        + "},"
        + " \"groups\": [{\"id\": \"g0\", \"primary\": \"db0:5432\"}, {\"id\": \"g1\", \"primary\": \"db1:5432\"}],"
        + " \"placement\": [\"g0\", \"g1\", \"g0\", \"g1\"]}";
  }

  private static InvalidRoutingTableException refused(String json) {
    return assertThrows(
        InvalidRoutingTableException.class,
        () -> RoutingDocuments.read(json),
        () -> "must refuse " + json);
  }

  /**
   * Exactly one violation, at {@code path}, whose message contains every fragment; the exception's
   * message shows it.
   */
  private static void assertOnly(InvalidRoutingTableException e, String path, String... fragments) {
    List<Violation> vs = e.violations();
    assertEquals(1, vs.size(), () -> "expected one violation at " + path + ", got " + vs);
    Violation v = vs.get(0);
    assertEquals(path, v.path(), () -> "violation " + v);
    for (String f : fragments) {
      assertTrue(
          v.message().contains(f),
          () -> "message of " + path + " should contain '" + f + "', got: " + v.message());
    }
    assertTrue(
        e.getMessage().contains(path + ": " + v.message()),
        () -> "exception message should list the violation: " + e.getMessage());
  }

  private static BiFunction<StableHash, Integer, PartitionStrategy> factory(String type) {
    return switch (type) {
      case "jump" -> JumpHashStrategy::of;
      case "jump_back" -> JumpBackHashStrategy::of;
      case "jump_back2" -> JumpBack2HashStrategy::of;
      default -> HashModStrategy::of;
    };
  }

  // ---------------------------------------------------------------- accepted

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_goodParameters_buildsStrategy(String type) {
    BiFunction<StableHash, Integer, PartitionStrategy> of = factory(type);
    assertEquals(
        of.apply(StableHash.xxh3(), 4),
        RoutingDocuments.read(document(type, ", \"partitions\": 4")).strategy());
    assertEquals(
        of.apply(StableHash.byName("xxh3-64", 42), 4),
        RoutingDocuments.read(
                document(type, ", \"hash\": \"xxh3-64\", \"seed\": 42, \"partitions\": 4"))
            .strategy());
    assertEquals(
        of.apply(StableHash.byName("xxh3-64", TestHashes.XXH3_LARGE_SEED), 4),
        RoutingDocuments.read(
                document(
                    type,
                    ", \"hash\": \"xxh3-64\", \"seed\": -7046029254386353131, \"partitions\": 4"))
            .strategy());
    assertEquals(
        of.apply(StableHash.byName("murmur3-64", 4294967295L), 4),
        RoutingDocuments.read(
                document(
                    type, ", \"hash\": \"murmur3-64\", \"seed\": 4294967295, \"partitions\": 4"))
            .strategy());
    assertEquals(
        of.apply(StableHash.byName("blake2b-64", 0), 4),
        RoutingDocuments.read(document(type, ", \"hash\": \"blake2b-64\", \"partitions\": 4"))
            .strategy());
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void registryCreate_maxPartitions_accepted(String type) throws Exception {
    PartitionStrategy s =
        StrategyRegistry.defaultRegistry()
            .create(
                Specs.parse(
                    "{\"type\": \""
                        + type
                        + "\", \"partitions\": "
                        + RoutingTable.MAX_PARTITIONS
                        + "}"));
    assertEquals(RoutingTable.MAX_PARTITIONS, s.partitionCount());
  }

  // ---------------------------------------------------------------- hash and seed

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_unknownHashName_reportsStrategyHash(String type) {
    InvalidRoutingTableException e =
        refused(document(type, ", \"hash\": \"md5\", \"partitions\": 4"));
    assertOnly(e, "strategy.hash", "unknown hash 'md5'", "blake2b-64", "murmur3-64", "xxh3-64");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_hashNotAString_reportsStrategyHash(String type) {
    assertOnly(
        refused(document(type, ", \"hash\": 64, \"partitions\": 4")),
        "strategy.hash",
        "must be a string",
        "64");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_seedGivenToBlake2b_reportsStrategySeed(String type) {
    InvalidRoutingTableException e =
        refused(document(type, ", \"hash\": \"blake2b-64\", \"seed\": 7, \"partitions\": 4"));
    assertOnly(e, "strategy.seed", "blake2b-64 takes no seed", "got 7", "remove the seed");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_murmur3NegativeSeed_reportsStrategySeed(String type) {
    InvalidRoutingTableException e =
        refused(document(type, ", \"hash\": \"murmur3-64\", \"seed\": -1, \"partitions\": 4"));
    assertOnly(e, "strategy.seed", "murmur3-64", "[0, 4294967295]", "got -1");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_murmur3SeedOver32Bits_reportsStrategySeed(String type) {
    InvalidRoutingTableException e =
        refused(
            document(type, ", \"hash\": \"murmur3-64\", \"seed\": 4294967296, \"partitions\": 4"));
    assertOnly(e, "strategy.seed", "murmur3-64", "32-bit", "[0, 4294967295]", "got 4294967296");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_seedOver64Bits_reportsStrategySeed(String type) {
    InvalidRoutingTableException e =
        refused(document(type, ", \"seed\": 18446744073709551616, \"partitions\": 4"));
    assertOnly(
        e,
        "strategy.seed",
        "must be a 64-bit integer",
        "unsigned up to 18446744073709551615",
        "18446744073709551616");
  }

  /**
   * A seed above 2^63 may be written unsigned (as Python users do); it means the same 64 bits as
   * the signed form.
   */
  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_unsignedSeedAboveInt64Max_sameAsSignedForm(String type) {
    PartitionStrategy unsigned =
        RoutingDocuments.read(document(type, ", \"seed\": 11400714819323198485, \"partitions\": 4"))
            .strategy();
    PartitionStrategy signed =
        RoutingDocuments.read(document(type, ", \"seed\": -7046029254386353131, \"partitions\": 4"))
            .strategy();
    assertEquals(signed, unsigned);
    assertEquals(-7046029254386353131L, ((HashPartitionStrategy) unsigned).hash().seed());
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_seedNotAnInteger_reportsStrategySeed(String type) {
    assertOnly(
        refused(document(type, ", \"seed\": \"42\", \"partitions\": 4")),
        "strategy.seed",
        "must be a 64-bit integer",
        "\"42\"");
    assertOnly(
        refused(document(type, ", \"seed\": 4.2, \"partitions\": 4")),
        "strategy.seed",
        "must be a 64-bit integer",
        "4.2");
  }

  // ---------------------------------------------------------------- partitions

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_zeroPartitions_reportsStrategyPartitions(String type) {
    assertOnly(
        refused(document(type, ", \"partitions\": 0")),
        "strategy.partitions",
        "must be in [1, 16777216]",
        "strategy '" + type + "'",
        "got 0");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_negativePartitions_reportsStrategyPartitions(String type) {
    assertOnly(
        refused(document(type, ", \"partitions\": -4")),
        "strategy.partitions",
        "must be in [1, 16777216]",
        "strategy '" + type + "'",
        "got -4");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_partitionsOverMax_reportsStrategyPartitions(String type) {
    assertOnly(
        refused(document(type, ", \"partitions\": " + (RoutingTable.MAX_PARTITIONS + 1))),
        "strategy.partitions",
        "must be in [1, 16777216]",
        "got 16777217");
    assertOnly(
        refused(document(type, ", \"partitions\": 100000000000000000000")),
        "strategy.partitions",
        "[1, 16777216]",
        "100000000000000000000");
  }

  @ParameterizedTest
  @ValueSource(strings = {"8.5", "4.0", "\"4\"", "true", "[4]", "{\"n\": 4}"})
  void read_nonIntegerPartitions_reportsStrategyPartitions(String value) {
    for (String type : List.of("hash_mod", "jump", "jump_back", "jump_back2")) {
      InvalidRoutingTableException e = refused(document(type, ", \"partitions\": " + value));
      assertOnly(e, "strategy.partitions", "must be an integer in [1, 16777216]", "got ");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_missingPartitions_reportsStrategyPartitions(String type) {
    assertOnly(
        refused(document(type, "")),
        "strategy.partitions",
        "missing",
        "strategy '" + type + "'",
        "[1, 16777216]");
    assertOnly(refused(document(type, ", \"partitions\": null")), "strategy.partitions", "missing");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_placementOfOtherSize_reportsPlacement(String type) {
    InvalidRoutingTableException e = refused(document(type, ", \"partitions\": 5"));
    assertOnly(e, "placement", "has 4 entries", "strategy '" + type + "' has 5 partitions");
  }

  // ---------------------------------------------------------------- unknown names

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_unknownParameter_reportsItsPath(String type) {
    InvalidRoutingTableException e = refused(document(type, ", \"partitions\": 4, \"buckets\": 4"));
    assertOnly(
        e,
        "strategy.buckets",
        "unknown field for strategy '" + type + "'",
        "[hash, partitions, seed]");
  }

  @Test
  void read_unknownStrategyType_reportsStrategyType() {
    InvalidRoutingTableException e = refused(document("jump2", ", \"partitions\": 4"));
    assertOnly(e, "strategy.type", "unknown strategy 'jump2'", "hash_mod", "jump");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void read_severalProblems_reportsEveryOne(String type) {
    InvalidRoutingTableException e =
        refused(document(type, ", \"hash\": \"md5\", \"partitions\": 0, \"nodes\": 3"));
    Set<String> paths =
        e.violations().stream().map(Violation::path).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(
        new TreeSet<>(List.of("strategy.hash", "strategy.nodes", "strategy.partitions")),
        paths,
        e::getMessage);
  }

  @ParameterizedTest
  @ValueSource(strings = {"hash_mod", "jump", "jump_back", "jump_back2"})
  void registryCreate_badPartitions_throwsWithPath(String type) throws Exception {
    Spec json =
        Specs.parse("{\"type\": \"" + type + "\", \"hash\": \"xxh3-64\", \"partitions\": 0}");
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> StrategyRegistry.defaultRegistry().create(json));
    assertOnly(e, "strategy.partitions", "got 0");
  }
}
