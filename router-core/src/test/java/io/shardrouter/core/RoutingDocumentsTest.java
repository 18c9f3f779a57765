package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoutingDocumentsTest {

  private static RoutingTable read(String json) {
    return RoutingDocuments.read(
        json.getBytes(StandardCharsets.UTF_8), ByteSumStrategy.REGISTRY, ReadLimits.defaults());
  }

  /**
   * Reads {@code json}, expects it refused, and returns the violations as "path: message" lines.
   */
  private static List<Violation> refused(String json) {
    return assertThrows(InvalidRoutingTableException.class, () -> read(json)).violations();
  }

  private static void assertViolation(List<Violation> violations, String path, String messagePart) {
    for (Violation v : violations) {
      if (v.path().equals(path) && v.message().contains(messagePart)) {
        return;
      }
    }
    throw new AssertionError(
        "expected a violation at '"
            + path
            + "' containing '"
            + messagePart
            + "', got "
            + violations);
  }

  private static String doc(String from, String to) {
    String d = Tables.document();
    assertTrue(d.contains(from), "fixture does not contain " + from);
    return d.replace(from, to);
  }

  @Test
  void read_strategyParameterOutOfDoubleRange_refusedAtTheStrategy() {
    List<Violation> v = refused(doc("\"partitions\": 8}", "\"partitions\": 1e400}"));
    assertViolation(v, "strategy", "is out of range; give a finite number");
    assertViolation(
        v, "strategy", "holds a number beyond the range of a 64-bit float (it reads as Infinity)");
  }

  @Test
  void read_strategyParameterOfTheWrongKind_refusedWithItsPath() {
    assertViolation(
        refused(doc("\"partitions\": 8}", "\"partitions\": \"8\"}")),
        "strategy.partitions",
        "must be an integer in [1, ");
    assertViolation(
        refused(doc("\"partitions\": 8}", "\"partitions\": 1.5}")),
        "strategy.partitions",
        "got 1.5");
  }

  @Test
  void read_minimalDocument_buildsTable() {
    RoutingTable t = read(Tables.document());
    assertEquals(7, t.version());
    assertEquals("orders", t.entity());
    assertEquals(KeyType.STRING, t.keyType());
    assertEquals(8, t.partitionCount());
    assertEquals("g0", t.groupOf(3).id());
    assertEquals("g1", t.groupOf(4).id());
    assertEquals("db1r:5432", t.group("g1").replicas().get(0).endpoint());
    assertEquals("eu", t.group("g1").labels().get("region"));
  }

  @Test
  void write_thenRead_sameTableAndBytes() {
    RoutingTable t = read(Tables.document());
    String written = RoutingDocuments.write(t);
    RoutingTable again = read(written);
    assertEquals(t, again);
    assertEquals(t.fingerprint(), again.fingerprint());
    assertEquals(written, RoutingDocuments.write(again));
  }

  @Test
  void fingerprint_fieldOrderAndWhitespace_doNotMatter() {
    String reordered =
        """
        {"placement": ["g0","g0","g0","g0","g1","g1","g1","g1"],
         "groups": [{"primary": "db0:5432", "id": "g0"},
                    {"labels": {"region": "eu"}, "replicas": ["db1r:5432"], "primary": "db1:5432", "id": "g1"}],
         "strategy": {"partitions": 8, "type": "test_byte_sum"},
         "key": {"type": "string"}, "entity": "orders", "routing_version": 7, "format": 1}
        """;
    assertEquals(read(Tables.document()).fingerprint(), read(reordered).fingerprint());
  }

  @Test
  void fingerprint_ignoresVersion_butNotContent() {
    RoutingTable t = read(Tables.document());
    assertEquals(
        t.fingerprint(),
        read(doc("\"routing_version\": 7", "\"routing_version\": 8")).fingerprint());
    assertNotEquals(t.fingerprint(), read(doc("\"db0:5432\"", "\"db9:5432\"")).fingerprint());
  }

  @Test
  void read_compositeKeyType() {
    RoutingTable t =
        read(
            doc(
                "{\"type\": \"string\"}",
                "{\"type\": \"composite\", \"parts\": [\"string\", \"long\"]}"));
    assertEquals(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG), t.keyType());
    assertSame(t.routeOfPartition(t.strategy().partitionOf(Keys.of("a", 1L))), t.route("a", 1L));
  }

  @Test
  void read_strategyFactorySeesTheDocumentsKeyType_alsoWhenNested() {
    StrategyRegistry registry =
        StrategyRegistry.of(new KeyTypedStrategy.Factory(), new ByteSumStrategy.Factory());
    String json =
        doc("{\"type\": \"test_byte_sum\", \"partitions\": 8}", "{\"type\": \"test_key_typed\"}")
            .replace("{\"type\": \"string\"}", "{\"type\": \"long\"}")
            .replace("[\"g0\",\"g0\",\"g0\",\"g0\",\"g1\",\"g1\",\"g1\",\"g1\"]", "[\"g1\"]");
    RoutingTable t =
        RoutingDocuments.read(
            json.getBytes(StandardCharsets.UTF_8), registry, ReadLimits.defaults());
    assertEquals(KeyType.LONG, t.strategy().keyType());
    RoutingTable nested =
        RoutingDocuments.read(
            json.replace(
                    "{\"type\": \"test_key_typed\"}",
                    "{\"type\": \"test_key_typed\", \"nested\": {\"type\": \"test_key_typed\"}}")
                .getBytes(StandardCharsets.UTF_8),
            registry,
            ReadLimits.defaults());
    assertEquals(KeyType.LONG, nested.strategy().keyType());
    assertEquals(
        KeyType.TIMESTAMP, registry.create(t.strategy().toSpec(), KeyType.TIMESTAMP).keyType());
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class, () -> registry.create(t.strategy().toSpec()));
    assertViolation(e.violations(), "strategy.type", "needs the document's key type");
  }

  @Test
  void builder_strategyBuiltForAnotherKeyType_refused() {
    RoutingTable.Builder b =
        Tables.table(1, 1, 1).toBuilder().strategy(new KeyTypedStrategy(KeyType.LONG));
    InvalidRoutingTableException e = assertThrows(InvalidRoutingTableException.class, b::build);
    assertViolation(
        e.violations(),
        "strategy",
        "was built for keys of type long but the table routes keys of type string");
    assertEquals(KeyType.LONG, b.keyType(KeyType.LONG).build().keyType());
  }

  @Test
  void read_noFormatWithAReadersShape_handedToThatReader() {
    RoutingTable t = read("{\"test_one_group\": \"g9\", \"routing_version\": 3}");
    assertEquals(3, t.version());
    assertEquals("g9", t.groupOf(0).id());
    assertViolation(
        refused("{\"test_one_group\": 5}"), "test_one_group", "must be a string, got 5");
  }

  @Test
  void read_aPluggedInReaderThatReportsProblems_isRefusedEvenIfItReturnsATable() {
    List<Violation> v = refused("{\"test_one_group\": \"g9\", \"test_warn\": \"bad shard\"}");
    assertEquals(List.of(new Violation("test_warn", "bad shard")), v);
  }

  @Test
  void read_aPluggedInReaderThatReturnsNothingWithoutReason_isRefusedAsThatReadersBug() {
    List<Violation> v = refused("{\"test_one_group\": \"g9\", \"test_nothing\": true}");
    assertEquals(1, v.size(), v::toString);
    assertViolation(
        v,
        "$",
        "document reader 'test-one-group' (io.shardrouter.core.OneGroupDocumentReader) read no"
            + " table and reported no reason; this is a bug in that reader");
  }

  @Test
  void read_documentOfExactlyMaxBytes_accepted_oneMoreByteRefused() {
    byte[] json = Tables.document().getBytes(StandardCharsets.UTF_8);
    assertEquals(
        7,
        RoutingDocuments.read(
                json,
                ByteSumStrategy.REGISTRY,
                ReadLimits.defaults().withMaxDocumentBytes(json.length))
            .version());
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () ->
                RoutingDocuments.read(
                    json,
                    ByteSumStrategy.REGISTRY,
                    ReadLimits.defaults().withMaxDocumentBytes(json.length - 1)));
    assertEquals(
        List.of(
            new Violation(
                "$",
                "document is "
                    + json.length
                    + " bytes, over the limit of "
                    + (json.length - 1)
                    + "; ship large tables as a binary snapshot or raise the limit")),
        e.violations());
  }

  @Test
  void read_loneSurrogates_reportedAlone_laterChecksWouldOnlyRepeatThem() {
    List<Violation> v =
        refused(
            doc(
                "\"entity\": \"orders\"",
                "\"entity\": \"or\\uD800ders\", \"unknown_field\": \"\\uDC00\""));
    assertEquals(2, v.size(), v::toString);
    assertViolation(v, "entity", "string has a lone surrogate");
    assertViolation(v, "unknown_field", "string has a lone surrogate");
  }

  @Test
  void read_noFormatAndNoReadersShape_refusedNamingTheShapes() {
    assertViolation(
        refused(doc("\"format\": 1,", "")),
        "format",
        "documents without \"format\" are read when they have one of these shapes: [test-one-group: top-level \"test_one_group\"]");
  }

  @Test
  void read_formatOneWithAReadersField_readAsFormatOne() {
    assertViolation(
        refused(doc("\"format\": 1,", "\"format\": 1, \"test_one_group\": \"g0\",")),
        "test_one_group",
        "unknown field");
  }

  @Test
  void read_timestampKeyTypeAloneAndInComposite() {
    RoutingTable t = read(doc("{\"type\": \"string\"}", "{\"type\": \"timestamp\"}"));
    assertEquals(KeyType.TIMESTAMP, t.keyType());
    assertEquals(t, read(RoutingDocuments.write(t)));
    RoutingTable c =
        read(
            doc(
                "{\"type\": \"string\"}",
                "{\"type\": \"composite\", \"parts\": [\"string\", \"timestamp\"]}"));
    assertEquals(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.TIMESTAMP), c.keyType());
    assertViolation(
        refused(doc("{\"type\": \"string\"}", "{\"type\": \"instant\"}")),
        "key.type",
        "one of [string, long, int, uuid, bytes, timestamp, composite]");
  }

  @Test
  void read_malformedJson_reportsLineAndColumn() {
    List<Violation> v = refused("{\"format\": 1,\n \"entity\": }");
    assertViolation(v, "$", "malformed JSON at line 2");
  }

  @Test
  void read_emptyInput_refused() {
    assertViolation(refused(""), "$", "empty");
  }

  @Test
  void read_notAnObject_refused() {
    assertViolation(refused("[1, 2]"), "$", "must be a JSON object");
  }

  @Test
  void read_trailingContent_refused() {
    assertViolation(
        refused(Tables.document() + " {}"),
        "$",
        "the document continues after its closing brace at line ");
  }

  @Test
  void read_duplicateField_refused() {
    assertViolation(
        refused(doc("\"entity\": \"orders\"", "\"entity\": \"orders\", \"entity\": \"users\"")),
        "$",
        "Duplicate field 'entity'");
  }

  @Test
  void read_unknownTopLevelField_refusedWithKnownFields() {
    List<Violation> v =
        refused(doc("\"entity\": \"orders\"", "\"entity\": \"orders\", \"shards\": 4"));
    assertViolation(
        v,
        "shards",
        "unknown field; known fields: [entity, extensions, format, groups, key, placement, routing_version, strategy]");
  }

  @Test
  void read_unknownNestedFields_refusedWithPath() {
    List<Violation> v =
        refused(
            doc(
                "{\"id\": \"g0\", \"primary\": \"db0:5432\"}",
                "{\"id\": \"g0\", \"primary\": \"db0:5432\", \"weight\": 2}"));
    assertViolation(v, "groups[0].weight", "unknown field");
    assertViolation(
        refused(doc("{\"type\": \"string\"}", "{\"type\": \"string\", \"encoding\": \"latin1\"}")),
        "key.encoding",
        "unknown field");
    assertViolation(
        refused(doc("\"partitions\": 8", "\"partitions\": 8, \"buckets\": 8")),
        "strategy.buckets",
        "unknown field for strategy 'test_byte_sum'; known fields: [partitions]");
  }

  @Test
  void read_unknownStrategy_listsRegistered() {
    assertViolation(
        refused(doc("\"type\": \"test_byte_sum\"", "\"type\": \"murmur\"")),
        "strategy.type",
        "unknown strategy 'murmur'; registered: [test_byte_sum]");
  }

  @Test
  void registry_unknownStrategy_throwsWithKnownNames() {
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class, () -> ByteSumStrategy.REGISTRY.factory("ring"));
    assertTrue(
        e.getMessage().contains("unknown strategy 'ring'; registered: [test_byte_sum]"),
        e.getMessage());
  }

  @Test
  void registry_duplicateType_failsFast() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                StrategyRegistry.of(new ByteSumStrategy.Factory(), new ByteSumStrategy.Factory()));
    assertTrue(e.getMessage().contains("registered twice"), e.getMessage());
  }

  @Test
  void read_missingFields_eachNamed() {
    List<Violation> v = refused("{\"format\": 1}");
    assertViolation(v, "routing_version", "missing");
    assertViolation(v, "entity", "missing");
    assertViolation(v, "key", "missing");
    assertViolation(v, "strategy", "missing");
    assertViolation(v, "groups", "empty");
    assertViolation(v, "placement", "missing");
  }

  @Test
  void read_missingFormat_refused() {
    assertViolation(refused(doc("\"format\": 1,", "")), "format", "missing");
    assertViolation(
        refused(doc("\"format\": 1", "\"format\": 2")), "format", "unsupported format 2");
  }

  @Test
  void read_partitionsZeroNegativeOrHuge_refused() {
    assertViolation(
        refused(doc("\"partitions\": 8", "\"partitions\": 0")),
        "strategy.partitions",
        "must be in [1, 16777216]");
    assertViolation(
        refused(doc("\"partitions\": 8", "\"partitions\": -3")), "strategy.partitions", "got -3");
    assertViolation(
        refused(doc("\"partitions\": 8", "\"partitions\": 100000000000")),
        "strategy.partitions",
        "got 100000000000");
    assertViolation(
        refused(doc("\"partitions\": 8", "\"partitions\": 8.5")),
        "strategy.partitions",
        "must be an integer");
  }

  @Test
  void read_placementLengthMismatch_refused() {
    assertViolation(
        refused(doc("\"g1\",\"g1\"]", "\"g1\"]")),
        "placement",
        "has 7 entries but strategy 'test_byte_sum' has 8 partitions");
  }

  @Test
  void read_placementUnknownGroup_namesPartitionAndKnownGroups() {
    assertViolation(
        refused(doc("\"placement\": [\"g0\"", "\"placement\": [\"g7\"")),
        "placement[0]",
        "unknown group 'g7'; known groups: [g0, g1]");
  }

  @Test
  void read_placementNotStrings_refused() {
    assertViolation(
        refused(doc("\"placement\": [\"g0\"", "\"placement\": [0")),
        "placement[0]",
        "must be a group id string");
  }

  @Test
  void read_duplicateGroupId_refused() {
    assertViolation(
        refused(doc("{\"id\": \"g1\"", "{\"id\": \"g0\"")),
        "groups[1].id",
        "duplicate group id 'g0', also at groups[0]");
  }

  @Test
  void read_groupWithoutPrimary_refused() {
    assertViolation(
        refused(doc("{\"id\": \"g0\", \"primary\": \"db0:5432\"}", "{\"id\": \"g0\"}")),
        "groups[0].primary",
        "missing");
    assertViolation(
        refused(doc("\"primary\": \"db0:5432\"", "\"primary\": \"  \"")),
        "groups[0].primary",
        "non-blank endpoint");
  }

  @Test
  void read_badVersion_refused() {
    assertViolation(
        refused(doc("\"routing_version\": 7", "\"routing_version\": -1")),
        "routing_version",
        "must be an integer >= 0, got -1");
    assertViolation(
        refused(doc("\"routing_version\": 7", "\"routing_version\": 7.5")),
        "routing_version",
        "got 7.5");
    assertViolation(
        refused(doc("\"routing_version\": 7", "\"routing_version\": \"7\"")),
        "routing_version",
        "got \"7\"");
    assertViolation(
        refused(doc("\"routing_version\": 7", "\"routing_version\": 99999999999999999999")),
        "routing_version",
        "must be an integer");
  }

  @Test
  void read_badKeyType_refused() {
    assertViolation(
        refused(doc("{\"type\": \"string\"}", "{\"type\": \"text\"}")),
        "key.type",
        "unknown key type 'text'");
    assertViolation(
        refused(doc("{\"type\": \"string\"}", "{\"type\": \"composite\", \"parts\": []}")),
        "key.parts",
        "non-empty array");
    assertViolation(
        refused(
            doc(
                "{\"type\": \"string\"}",
                "{\"type\": \"composite\", \"parts\": [\"string\", \"date\"]}")),
        "key.parts[1]",
        "unknown key kind");
  }

  @Test
  void read_badLabels_refused() {
    assertViolation(
        refused(doc("{\"region\": \"eu\"}", "{\"region\": 3}")),
        "groups[1].labels.region",
        "label values must be strings");
  }

  @Test
  void read_everyViolationReportedTogether() {
    String bad =
        Tables.document()
            .replace("\"routing_version\": 7", "\"routing_version\": -7")
            .replace("\"partitions\": 8", "\"partitions\": 0")
            .replace("\"placement\": [\"g0\"", "\"placement\": [\"zz\"");
    List<Violation> v = refused(bad);
    assertViolation(v, "routing_version", "got -7");
    assertViolation(v, "strategy.partitions", "got 0");
    assertViolation(v, "placement[0]", "unknown group 'zz'");
  }

  @Test
  void read_overSizeLimit_refusedBeforeParsing() {
    byte[] json = Tables.document().getBytes(StandardCharsets.UTF_8);
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () ->
                RoutingDocuments.read(
                    json,
                    ByteSumStrategy.REGISTRY,
                    ReadLimits.defaults().withMaxDocumentBytes(100)));
    assertViolation(e.violations(), "$", "over the limit of 100");
  }

  @Test
  void read_deepNesting_refused() {
    String deep = "[".repeat(200) + "]".repeat(200);
    assertViolation(
        refused(doc("\"labels\": {\"region\": \"eu\"}", "\"labels\": {\"x\": " + deep + "}")),
        "$",
        "over a reader limit");
  }

  @Test
  void violation_message_hasPathThenMessage() {
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> read(doc("\"partitions\": 8", "\"partitions\": 0")));
    assertTrue(
        e.getMessage()
            .contains(
                "strategy.partitions: must be in [1, 16777216] for strategy 'test_byte_sum', got 0"),
        e.getMessage());
  }

  @Test
  void read_loneSurrogateInAnyString_refusedWithPath() {
    assertViolation(
        refused(doc("\"entity\": \"orders\"", "\"entity\": \"ord\\uD800\"")),
        "entity",
        "lone surrogate");
    assertViolation(
        refused(doc("\"db1r:5432\"", "\"db1r\\uDC00\"")),
        "groups[1].replicas[0]",
        "lone surrogate");
  }

  @Test
  void read_formatThatWrapsAroundLong_refused() {
    assertViolation(
        refused(doc("\"format\": 1", "\"format\": 18446744073709551617")),
        "format",
        "unsupported format");
    assertViolation(
        refused(doc("\"format\": 1", "\"format\": -18446744073709551615")),
        "format",
        "unsupported format");
  }

  @Test
  void read_invalidGroup_stillReportsHeaderViolations() {
    String bad =
        doc("{\"id\": \"g0\", \"primary\": \"db0:5432\"}", "{\"id\": \"g0\"}")
            .replace("\"routing_version\": 7,", "");
    List<Violation> v = refused(bad);
    assertViolation(v, "groups[0].primary", "missing");
    assertViolation(v, "routing_version", "missing");
  }

  @Test
  void read_nullPlacementEntry_reportedOnce() {
    List<Violation> v = refused(doc("\"placement\": [\"g0\"", "\"placement\": [null"));
    assertEquals(1, v.stream().filter(x -> x.path().equals("placement[0]")).count(), v.toString());
  }

  @Test
  void write_usesLineFeedsOnly() {
    String written = RoutingDocuments.write(read(Tables.document()));
    assertTrue(!written.contains("\r") && written.endsWith("}\n"), written);
  }
}
