package io.shardrouter.range;

import static io.shardrouter.range.Fixtures.assertViolation;
import static io.shardrouter.range.Fixtures.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The compact range document of docs/format.md §6 (examples/range-compact.json). */
class RangeDocumentReaderTest {
  static final Path EXAMPLE = Path.of("..", "docs", "examples", "range-compact.json");

  static final String COMPACT_DOCUMENT =
      """
      {
        "routing_version": 12,
        "entity": "tenant:plant-a",
        "ranges": [
          {"start": "2026-01-01T00:00:00Z", "end": "2026-04-01T00:00:00Z", "shard": "ts-01", "end_inclusive": false},
          {"start": "2026-04-01T00:00:00Z", "end": null, "shard": "ts-02", "end_inclusive": false}
        ]
      }
      """;

  @Test
  void compactDocument_routesAsItsRangesSay() {
    RoutingTable t = RoutingDocuments.read(COMPACT_DOCUMENT);
    assertEquals(12, t.version());
    assertEquals("tenant:plant-a", t.entity());
    assertEquals(KeyType.TIMESTAMP, t.keyType());
    assertEquals("ts-01", t.route(Instant.parse("2026-03-31T23:59:59Z")).group().id());
    assertEquals("ts-02", t.route(Instant.parse("2026-04-01T00:00:00Z")).group().id());
    assertEquals("ts-01", t.route(Instant.parse("2026-01-01T00:00:00Z")).group().id());
    assertEquals("ts-01", t.route(Instant.parse("2026-03-31T23:59:59.999999Z")).group().id());
    assertEquals("ts-02", t.route(Instant.parse("2099-01-01T00:00:00Z")).group().id());
    NoRouteException e =
        assertThrows(NoRouteException.class, () -> t.route(Instant.parse("2025-12-31T23:59:59Z")));
    assertTrue(
        e.getMessage()
            .contains("below the first range [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z)"),
        e::getMessage);
  }

  @Test
  void compactDocument_shardNamesAreGroupsWhoseEndpointIsTheName() {
    RoutingTable t = RoutingDocuments.read(COMPACT_DOCUMENT);
    assertEquals(List.of("ts-01", "ts-02"), t.groups().stream().map(g -> g.id()).toList());
    assertEquals("ts-01", t.group("ts-01").primary().endpoint());
    assertTrue(t.group("ts-02").replicas().isEmpty());
  }

  @Test
  void compactDocument_exampleFile_isThisDocument_andReadsFromAFile() {
    RoutingTable t = RoutingDocuments.read(EXAMPLE);
    assertEquals(RoutingDocuments.read(COMPACT_DOCUMENT), t);
    Router r = Router.create(t);
    assertEquals("ts-01", r.route(Instant.parse("2026-03-31T23:59:59Z")).group().id());
    assertEquals("ts-02", r.route(Instant.parse("2026-04-01T00:00:00Z")).group().id());
  }

  @Test
  void writtenBack_isFormat1_andReadsToTheSameTable_alsoAsASnapshot() {
    RoutingTable t = RoutingDocuments.read(COMPACT_DOCUMENT);
    String written = RoutingDocuments.write(t);
    assertTrue(written.contains("\"format\" : 1"), written);
    assertTrue(written.contains("\"type\" : \"range\""), written);
    assertEquals(t, RoutingDocuments.read(written));
    assertEquals(t, RoutingDocuments.read(RoutingDocuments.writeSnapshot(t)));
    RoutingTable buckets = RoutingDocuments.read(TimeBucketedStrategyTest.DOC);
    assertEquals(buckets, RoutingDocuments.read(RoutingDocuments.writeSnapshot(buckets)));
  }

  @Test
  void endInclusiveTrue_honouredExactly() {
    RoutingTable t =
        RoutingDocuments.read(
            COMPACT_DOCUMENT.replace(
                "\"end\": \"2026-04-01T00:00:00Z\", \"shard\": \"ts-01\", \"end_inclusive\": false",
                "\"end\": \"2026-03-31T23:59:59.999999Z\", \"shard\": \"ts-01\", \"end_inclusive\": true"));
    assertEquals("ts-01", t.route(Instant.parse("2026-03-31T23:59:59.999999Z")).group().id());
    assertEquals("ts-02", t.route(Instant.parse("2026-04-01T00:00:00Z")).group().id());
    assertEquals(
        RoutingDocuments.read(COMPACT_DOCUMENT).fingerprint(),
        t.fingerprint(),
        "the same keys in the same ranges");
  }

  @Test
  void endInclusiveTrue_onTheSharedBoundary_refusedAsAnOverlapNamingBoth() {
    List<Violation> vs =
        refused(
            COMPACT_DOCUMENT.replace(
                "\"shard\": \"ts-01\", \"end_inclusive\": false",
                "\"shard\": \"ts-01\", \"end_inclusive\": true"));
    assertViolation(
        vs,
        "ranges[1]",
        "ranges[0] [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z] and ranges[1]"
            + " [2026-04-01T00:00:00Z, +∞) overlap on [2026-04-01T00:00:00Z, 2026-04-01T00:00:00.000001Z)");
  }

  @Test
  void endInclusiveTrue_withOpenEnd_refused() {
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace(
                "\"shard\": \"ts-02\", \"end_inclusive\": false",
                "\"shard\": \"ts-02\", \"end_inclusive\": true")),
        "ranges[1].end_inclusive",
        "is true but the end is null (+∞), which is no key to include");
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace(
                "\"shard\": \"ts-02\", \"end_inclusive\": false",
                "\"shard\": \"ts-02\", \"end_inclusive\": \"no\"")),
        "ranges[1].end_inclusive",
        "must be true or false");
  }

  @Test
  void endInclusiveAtTheLargestKey_isAnOpenEnd() {
    RoutingTable t =
        RoutingDocuments.read(
            "{\"routing_version\": 1, \"entity\": \"ids\", \"key\": {\"type\": \"long\"}, \"ranges\": ["
                + "{\"start\": 0, \"end\": 9223372036854775807, \"shard\": \"a\", \"end_inclusive\": true}]}");
    assertEquals("a", t.route(Long.MAX_VALUE).group().id());
    assertTrue(((RangeStrategy) t.strategy()).openEnded());
  }

  @Test
  void keyAndGroups_optionalFieldsInFormat1Form() {
    RoutingTable t =
        RoutingDocuments.read(
            "{\"routing_version\": 3, \"entity\": \"orders\", \"key\": {\"type\": \"long\"},"
                + " \"groups\": [{\"id\": \"a\", \"primary\": \"db-a:5432\", \"replicas\": [\"db-a2:5432\"]}, {\"id\": \"b\", \"primary\": \"db-b:5432\"}],"
                + " \"ranges\": [{\"start\": 0, \"end\": 1000, \"shard\": \"a\"}, {\"start\": 1000, \"end\": 2000, \"shard\": \"b\"},"
                + " {\"start\": 2000, \"end\": null, \"shard\": \"a\"}]}");
    assertEquals("db-a:5432", t.route(999L).primary().endpoint());
    assertEquals("b", t.route(1000L).group().id());
    assertEquals("a", t.route(5000L).group().id());
    assertEquals(2, t.groups().size());
  }

  @Test
  void shardNotInGivenGroups_refused() {
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace(
                "\"entity\"",
                "\"groups\": [{\"id\": \"ts-01\", \"primary\": \"db1\"}], \"entity\"")),
        "ranges[1].shard",
        "unknown group 'ts-02'; the document's groups are [ts-01]");
  }

  @Test
  void badInput_eachRefusedWithPathAndRule() {
    assertViolation(
        refused(COMPACT_DOCUMENT.replace("\"shard\": \"ts-02\",", "")),
        "ranges[1].shard",
        "missing or not a non-blank string");
    assertViolation(
        refused(COMPACT_DOCUMENT.replace("\"entity\"", "\"owner\": \"x\", \"entity\"")),
        "owner",
        "unknown field; known fields: [entity, groups, key, ranges, routing_version]");
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace(
                "\"shard\": \"ts-02\",", "\"shard\": \"ts-02\", \"weight\": 2,")),
        "ranges[1].weight",
        "unknown field; known fields: [end, end_inclusive, shard, start]");
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace(
                "\"start\": \"2026-01-01T00:00:00Z\"", "\"start\": \"2026-01-01T00:00:00\"")),
        "ranges[0].start",
        "it has no zone offset");
    assertViolation(
        refused(COMPACT_DOCUMENT.replace("\"start\": \"2026-01-01T00:00:00Z\"", "\"start\": 5")),
        "ranges[0].start",
        "a range document without \"key\" ranges timestamps");
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace(
                "\"start\": \"2026-04-01T00:00:00Z\"", "\"start\": \"2026-05-01T00:00:00Z\"")),
        "ranges[1]",
        "gap between ranges[0] [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z) and ranges[1] [2026-05-01T00:00:00Z, +∞)");
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace(
                "\"start\": \"2026-04-01T00:00:00Z\"", "\"start\": \"2025-05-01T00:00:00Z\"")),
        "ranges[1]",
        "ranges must be sorted by start");
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace(
                "\"end\": \"2026-04-01T00:00:00Z\"", "\"end\": \"2026-01-01T00:00:00Z\"")),
        "ranges[0]",
        "empty range [2026-01-01T00:00:00Z, 2026-01-01T00:00:00Z)");
    assertViolation(
        refused(COMPACT_DOCUMENT.replace("\"routing_version\": 12,", "")),
        "routing_version",
        "missing");
    assertViolation(
        refused(COMPACT_DOCUMENT.replace("\"entity\": \"tenant:plant-a\",", "")),
        "entity",
        "missing");
    assertViolation(
        refused("{\"routing_version\": 1, \"entity\": \"x\", \"ranges\": []}"),
        "ranges",
        "empty; give at least one range");
    assertViolation(
        refused("{\"routing_version\": 1, \"entity\": \"x\", \"ranges\": {}}"),
        "ranges",
        "must be an array");
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace("\"entity\"", "\"key\": {\"type\": \"date\"}, \"entity\"")),
        "key.type",
        "unknown key type 'date'");
  }

  @Test
  void formatOneWithRanges_isReadAsFormatOne() {
    assertViolation(
        refused(
            COMPACT_DOCUMENT.replace(
                "\"routing_version\": 12,", "\"format\": 1, \"routing_version\": 12,")),
        "ranges",
        "unknown field");
  }

  @Test
  void routingVersionZero_accepted_negativeRefused() {
    assertEquals(0, RoutingDocuments.read(COMPACT_DOCUMENT.replace("12,", "0,")).version());
    List<Violation> v = refused(COMPACT_DOCUMENT.replace("12,", "-1,"));
    assertEquals(List.of(new Violation("routing_version", "must be an integer >= 0, got -1")), v);
    assertViolation(
        refused(COMPACT_DOCUMENT.replace("12,", "9223372036854775808,")),
        "routing_version",
        "must be an integer >= 0, got 9223372036854775808");
    assertViolation(
        refused(COMPACT_DOCUMENT.replace("12,", "\"12\",")),
        "routing_version",
        "must be an integer >= 0, got \"12\"");
  }

  @Test
  void missingVersionOrEntity_eachReportedOnce_withTheReadersHint() {
    assertEquals(
        List.of(
            new Violation(
                "routing_version",
                "missing; give the table a version >= 0, e.g. \"routing_version\": 12")),
        refused(COMPACT_DOCUMENT.replace("\"routing_version\": 12,", "")));
    assertEquals(
        List.of(
            new Violation(
                "entity",
                "missing; name what the table routes, e.g. \"entity\": \"tenant:plant-a\"")),
        refused(COMPACT_DOCUMENT.replace("\"entity\": \"tenant:plant-a\",", "")));
    assertEquals(
        List.of(new Violation("entity", "must be a string such as \"tenant:plant-a\", got 7")),
        refused(COMPACT_DOCUMENT.replace("\"tenant:plant-a\"", "7")));
  }

  @Test
  void theTableItself_isChecked_aBlankEntityRefusedAsADocumentViolation() {
    List<Violation> v = refused(COMPACT_DOCUMENT.replace("\"tenant:plant-a\"", "\"  \""));
    assertEquals(
        List.of(
            new Violation(
                "entity", "missing or blank; name what the table routes, e.g. \"orders\"")),
        v);
  }

  @Test
  void documentWithNeitherFormatNorRanges_refused_namingTheCompactShape() {
    List<Violation> v = refused("{\"routing_version\": 1, \"entity\": \"x\"}");
    assertViolation(
        v,
        "format",
        "compact-range: top-level \"ranges\" (the compact range document: routing_version,"
            + " entity, ranges[start, end, shard, end_inclusive])");
  }

  @Test
  void rangeNotAnObject_refusedWithItsIndex() {
    assertViolation(
        refused("{\"routing_version\": 1, \"entity\": \"x\", \"ranges\": [5]}"),
        "ranges[0]",
        "must be an object {\"start\", \"end\", \"shard\", \"end_inclusive\"}, got 5");
  }

  @Test
  void missingStartOrEnd_refused_sayingWhatKeyToGive() {
    assertEquals(
        "missing; give a timestamp key such as \"2026-04-01T00:00:00Z\"",
        messageAt(
            refused(COMPACT_DOCUMENT.replace("\"start\": \"2026-01-01T00:00:00Z\", ", "")),
            "ranges[0].start"));
    assertEquals(
        "missing; give a timestamp key, or null for an open end (+∞) such as"
            + " \"2026-04-01T00:00:00Z\"",
        messageAt(
            refused(COMPACT_DOCUMENT.replace("\"end\": \"2026-04-01T00:00:00Z\", ", "")),
            "ranges[0].end"));
    String longs =
        "{\"routing_version\": 1, \"entity\": \"x\", \"key\": {\"type\": \"long\"},"
            + " \"ranges\": [{\"start\": 0, \"shard\": \"g0\"}]}";
    assertEquals(
        "missing; give a long key, or null for an open end (+∞)",
        messageAt(refused(longs), "ranges[0].end"));
    assertEquals(
        "missing; give a long key",
        messageAt(refused(longs.replace("\"start\": 0", "\"end\": null")), "ranges[0].start"));
  }

  @Test
  void routingVersion_largestLong_accepted() {
    assertEquals(
        Long.MAX_VALUE,
        RoutingDocuments.read(COMPACT_DOCUMENT.replace("12,", "9223372036854775807,")).version());
  }

  private static String messageAt(List<Violation> vs, String path) {
    for (Violation v : vs) {
      if (v.path().equals(path)) {
        return v.message();
      }
    }
    throw new AssertionError("no violation at '" + path + "': " + vs);
  }
}
