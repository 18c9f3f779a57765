package io.shardrouter.lookup;

import static io.shardrouter.lookup.Fixtures.assertViolation;
import static io.shardrouter.lookup.Fixtures.document;
import static io.shardrouter.lookup.Fixtures.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The {@code lookup} strategy object of routing documents: every form it is read in, and every bad
 * input refused.
 */
class LookupDocumentTest {
  private static final String STRING_KEY = "{\"type\": \"string\"}";
  private static final String FALLBACK =
      "\"fallback\": {\"type\": \"hash_mod\", \"partitions\": 8}";

  private static String lookup(String rest) {
    return "{\"type\": \"lookup\", " + FALLBACK + (rest.isEmpty() ? "" : ", " + rest) + "}";
  }

  @Test
  void read_objectEntries_routesAndWritesBack() {
    RoutingTable t =
        Fixtures.read(
            document(
                STRING_KEY,
                lookup("\"partitions\": 9, \"entries\": {\"hot\": 8, \"acme\": 2}"),
                9));
    assertEquals(9, t.partitionCount());
    assertEquals(8, t.route("hot").partition());
    assertEquals(2, t.route("acme").partition());
    assertEquals(Fixtures.hashMod(8).partitionOf(Keys.of("other")), t.route("other").partition());
    RoutingTable again = RoutingDocuments.read(RoutingDocuments.write(t));
    assertEquals(t, again);
    assertTrue(
        RoutingDocuments.write(t)
            .contains("\"entries\" : {\n      \"acme\" : 2,\n      \"hot\" : 8\n    }"),
        RoutingDocuments.write(t));
  }

  @Test
  void read_arrayEntries_sameTableAsObjectForm() {
    RoutingTable asArray =
        Fixtures.read(
            document(
                STRING_KEY,
                lookup("\"partitions\": 9, \"entries\": [[\"hot\", 8], [\"acme\", 2]]"),
                9));
    RoutingTable asObject =
        Fixtures.read(
            document(
                STRING_KEY,
                lookup("\"partitions\": 9, \"entries\": {\"acme\": 2, \"hot\": 8}"),
                9));
    assertEquals(asObject.fingerprint(), asArray.fingerprint());
  }

  @Test
  void read_noEntries_everyKeyToTheFallback() {
    RoutingTable t = Fixtures.read(document(STRING_KEY, lookup(""), 8));
    assertEquals(Fixtures.hashMod(8).partitionOf(Keys.of("x")), t.route("x").partition());
    assertEquals("{}", t.strategy().toSpec().get("entries").toString());
  }

  @Test
  void read_longUuidAndCompositeKeys_parsedInTheEntitysKeyType() {
    RoutingTable longs =
        Fixtures.read(
            document("{\"type\": \"long\"}", lookup("\"entries\": {\"42\": 5, \"-7\": 6}"), 8));
    assertEquals(5, longs.route(42L).partition());
    assertEquals(6, longs.route(-7L).partition());
    UUID u = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    RoutingTable uuids =
        Fixtures.read(
            document(
                "{\"type\": \"uuid\"}",
                lookup("\"entries\": {\"123E4567-E89B-12D3-A456-426614174000\": 7}"),
                8));
    assertEquals(7, uuids.route(u).partition());
    assertTrue(
        uuids.strategy().toSpec().get("entries").has(u.toString()),
        "uuids are written back in lower case");
    RoutingTable pairs =
        Fixtures.read(
            document(
                "{\"type\": \"composite\", \"parts\": [\"string\", \"long\"]}",
                lookup("\"entries\": [[[\"plant-a\", 42], 4]]"),
                8));
    assertEquals(4, pairs.route("plant-a", 42L).partition());
    assertEquals(4, pairs.route(CompositeKey.of("plant-a", 42L)).partition());
    assertEquals(pairs, RoutingDocuments.read(RoutingDocuments.write(pairs)));
  }

  @Test
  void snapshot_hundredThousandEntries_roundTrips() {
    LookupStrategyBuilder b =
        LookupStrategy.builder(KeyType.STRING).fallback(Fixtures.hashMod(1024)).partitions(1030);
    for (int i = 0; i < 100_000; i++) {
      b.entry("tenant-" + i, i % 1030);
    }
    RoutingTable.Builder tb =
        RoutingTable.builder()
            .version(1)
            .entity("orders")
            .keyType(KeyType.STRING)
            .strategy(b.build())
            .group(io.shardrouter.core.ReplicaGroup.of("g0", "db0:5432"));
    tb.placement(java.util.Collections.nCopies(1030, "g0"));
    RoutingTable t = tb.build();
    byte[] snapshot = RoutingDocuments.writeSnapshot(t);
    RoutingTable back = RoutingDocuments.read(snapshot);
    assertEquals(t, back);
    assertEquals(12345 % 1030, back.route("tenant-12345").partition());
    assertEquals(t.strategy(), back.strategy());
  }

  // ---- bad input

  @Test
  void entry_partitionOutOfRange_refusedWithWhatToDo() {
    List<Violation> v = refused(document(STRING_KEY, lookup("\"entries\": {\"hot\": 8}"), 8));
    assertViolation(
        v,
        "strategy.entries.hot",
        "partition 8 is out of range: the strategy has 8 partitions [0, 8), the fallback's",
        "declare \"partitions\": 9 or more");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"entries\": \"hot\""), 8)),
        "strategy.entries",
        "[key, partition or entry] pairs, got string");
    List<Violation> negative =
        refused(document(STRING_KEY, lookup("\"entries\": {\"hot\": -1}"), 8));
    assertViolation(
        negative, "strategy.entries.hot", "must be a partition number in [0, 16777216), got -1");
    List<Violation> split =
        refused(
            document(
                "{\"type\": \"composite\", \"parts\": [\"string\", \"string\"]}",
                lookup(
                    "\"match\": \"first_part\", \"partitions\": 10, \"entries\": {\"big\": {\"first_partition\": 8, \"strategy\":"
                        + " {\"type\": \"hash_mod\", \"partitions\": 4}}}"),
                10));
    assertViolation(
        split,
        "strategy.entries.big",
        "partitions 8-11 of the split are out of range",
        "declare \"partitions\": 12");
  }

  @Test
  void entry_duplicateKeys_refused() {
    List<Violation> array =
        refused(
            document(STRING_KEY, lookup("\"entries\": [[\"a\", 1], [\"b\", 2], [\"a\", 3]]"), 8));
    assertViolation(
        array,
        "strategy.entries[2]",
        "duplicate directory key a: the same key as entries[0]; give each key once");
    List<Violation> longs =
        refused(
            document("{\"type\": \"long\"}", lookup("\"entries\": {\"42\": 1, \"042\": 2}"), 8));
    assertViolation(
        longs, "strategy.entries.042", "duplicate directory key 42: the same key as entries.42");
    List<Violation> json =
        refused(document(STRING_KEY, lookup("\"entries\": {\"a\": 1, \"a\": 2}"), 8));
    assertViolation(json, "$", "Duplicate field 'a'");
  }

  @Test
  void fallback_unknownTypeOrMissing_refused() {
    List<Violation> unknown =
        refused(
            document(
                STRING_KEY,
                "{\"type\": \"lookup\", \"fallback\": {\"type\": \"murmur\", \"partitions\": 8}}",
                8));
    assertViolation(
        unknown,
        "strategy.fallback.type",
        "unknown strategy 'murmur'; registered: [",
        "hash_mod",
        "lookup");
    List<Violation> missing =
        refused(document(STRING_KEY, "{\"type\": \"lookup\", \"entries\": {}}", 8));
    assertViolation(missing, "strategy.fallback", "missing; give a nested strategy object");
    List<Violation> badParam =
        refused(
            document(
                STRING_KEY,
                "{\"type\": \"lookup\", \"fallback\": {\"type\": \"hash_mod\", \"partitions\": 0}}",
                8));
    assertViolation(badParam, "strategy.fallback.partitions", "must be in [1, 16777216]");
  }

  @Test
  void parameters_badValues_refused() {
    assertViolation(
        refused(document(STRING_KEY, lookup("\"match\": \"prefix\""), 8)),
        "strategy.match",
        "must be \"key\" or \"first_part\"");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"match\": \"first_part\""), 8)),
        "strategy.match",
        "needs a composite key of at least two parts",
        "the key is string");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"partitions\": 4"), 4)),
        "strategy.partitions",
        "must be in [8, 16777216]");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"entries\": 3"), 8)),
        "strategy.entries",
        "must be an object");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"size\": 3"), 8)),
        "strategy.size",
        "unknown field for strategy 'lookup'");
    assertViolation(
        refused(document("{\"type\": \"long\"}", lookup("\"entries\": {\"forty\": 1}"), 8)),
        "strategy.entries.forty",
        "is no key of the directory's key type long");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"entries\": [[\"a\"]]"), 8)),
        "strategy.entries[0]",
        "must be a [key, partition or entry] pair");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"entries\": [[true, 1]]"), 8)),
        "strategy.entries[0][0]",
        "must be a key");
  }

  @Test
  void entryObject_badFields_refused() {
    assertViolation(
        refused(
            document(
                STRING_KEY, lookup("\"entries\": {\"a\": {\"partition\": 1, \"weight\": 2}}"), 8)),
        "strategy.entries.a.weight",
        "unknown field of a directory entry; known fields: [dedicated, first_partition, partition, pin, strategy]");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"entries\": {\"a\": {\"dedicated\": true}}"), 8)),
        "strategy.entries.a",
        "give either \"partition\", or \"first_partition\" with a nested \"strategy\"");
    assertViolation(
        refused(
            document(
                STRING_KEY,
                lookup("\"entries\": {\"a\": {\"partition\": 1, \"dedicated\": \"yes\"}}"),
                8)),
        "strategy.entries.a.dedicated",
        "must be true or false");
    assertViolation(
        refused(
            document(
                STRING_KEY, lookup("\"entries\": {\"a\": {\"partition\": 1, \"pin\": {}}}"), 8)),
        "strategy.entries.a.pin",
        "must be an object of at least one label");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"entries\": {\"a\": \"g0\"}"), 8)),
        "strategy.entries.a",
        "must be a partition number or an entry object");
    assertViolation(
        refused(document(STRING_KEY, lookup("\"entries\": {\"a\": {\"first_partition\": 1}}"), 8)),
        "strategy.entries.a",
        "a split needs both \"first_partition\" and \"strategy\"");
    assertViolation(
        refused(
            document(
                STRING_KEY,
                lookup(
                    "\"partitions\": 12, \"entries\": {\"a\": {\"first_partition\": 8, \"strategy\":"
                        + " {\"type\": \"hash_mod\", \"partitions\": 4}}}"),
                12)),
        "strategy.entries.a.strategy",
        "a nested strategy needs \"match\": \"first_part\"");
    assertViolation(
        refused(
            document(
                STRING_KEY,
                lookup("\"entries\": {\"a.b\": {\"partition\": 1, \"pin\": {\"region\": 5}}}"),
                8)),
        "strategy.entries[\"a.b\"].pin.region",
        "label names must be non-blank and values strings");
  }

  @Test
  void dedicated_inFallbackRangeOrShared_refused() {
    assertViolation(
        refused(
            document(
                STRING_KEY,
                lookup("\"entries\": {\"a\": {\"partition\": 3, \"dedicated\": true}}"),
                8)),
        "strategy.entries.a",
        "dedicated partition 3 is one the fallback also answers (it answers in [0, 8))");
    assertViolation(
        refused(
            document(
                STRING_KEY,
                lookup(
                    "\"partitions\": 9, \"entries\": {\"a\": {\"partition\": 8, \"dedicated\": true},"
                        + " \"b\": 8}"),
                9)),
        "strategy.entries.b",
        "partition 8 is dedicated to entries.a");
  }

  @Test
  void pin_noGroupSatisfies_refused() {
    List<Violation> v =
        refused(
            document(
                STRING_KEY,
                lookup(
                    "\"partitions\": 9, \"entries\": {\"rover\": {\"partition\": 8, \"pin\":"
                        + " {\"region\": \"mars\"}}}"),
                9));
    assertViolation(
        v,
        "strategy.entries.rover.pin",
        "key 'rover' is pinned to region=mars but no group has that label");
  }

  @Test
  void pin_brokenByPlacement_refusedNamingKeyGroupAndLabel() {
    // placement puts partition 8 on g0 (region eu); the pin wants us
    List<Violation> v =
        refused(
            document(
                STRING_KEY,
                lookup(
                    "\"partitions\": 9, \"entries\": {\"rover\": {\"partition\": 8, \"pin\":"
                        + " {\"region\": \"us\"}}}"),
                9));
    assertViolation(
        v,
        "placement[8]",
        "key 'rover' is pinned to region=us",
        "group 'g0', labelled region=eu",
        "[g1]");
  }

  @Test
  void registry_withoutKeyType_refusedSayingHow() {
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () ->
                StrategyRegistry.defaultRegistry()
                    .create(
                        Fixtures.read(document(STRING_KEY, lookup(""), 8)).strategy().toSpec()));
    assertViolation(
        e.violations(),
        "strategy.entries",
        "cannot be read without the entity's key type",
        "StrategyRegistry.create(spec, keyType)");
  }
}
