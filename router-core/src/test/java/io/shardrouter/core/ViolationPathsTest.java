package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Violation paths name a member read from the input unambiguously ({@code docs/format.md} §1.8): a
 * plain name ({@code A-Z a-z 0-9 _ -}) after a {@code .}, any other name as a JSON string in
 * brackets, so that {@code routing_versio.} cannot be read as a path with a trailing separator.
 */
class ViolationPathsTest {

  @Test
  void member_plainNames_bare() {
    assertEquals("routing_version", Violations.member("", "routing_version"));
    assertEquals("strategy.partitions", Violations.member("strategy", "partitions"));
    assertEquals("groups[0].labels.zone-2", Violations.member("groups[0].labels", "zone-2"));
    assertEquals("weights.G7", Violations.member("weights", "G7"));
    assertEquals("extensions.42", Violations.member("extensions", "42"));
  }

  @Test
  void member_otherNames_quotedInBrackets() {
    assertEquals("[\"routing_versio.\"]", Violations.member("", "routing_versio."));
    assertEquals("strategy[\"a.b\"]", Violations.member("strategy", "a.b"));
    assertEquals("x[\"[0]\"]", Violations.member("x", "[0]"));
    assertEquals("x[\"a]\"]", Violations.member("x", "a]"));
    assertEquals("x[\"say \\\"hi\\\"\"]", Violations.member("x", "say \"hi\""));
    assertEquals("x[\"it's\"]", Violations.member("x", "it's"));
    assertEquals("x[\"back\\\\slash\"]", Violations.member("x", "back\\slash"));
    assertEquals("x[\"\"]", Violations.member("x", ""));
    assertEquals("x[\" \"]", Violations.member("x", " "));
    assertEquals("x[\"Zürich\"]", Violations.member("x", "Zürich"));
    assertEquals("x[\"a\\nb\"]", Violations.member("x", "a\nb"));
    assertEquals("x[\"\\u001b[2J\"]", Violations.member("x", "\u001b[2J"));
    assertEquals("x[\"\\u2028\"]", Violations.member("x", "\u2028"));
  }

  @Test
  void member_quotedName_isTheJsonStringOfTheName() throws Exception {
    ObjectMapper json = new ObjectMapper();
    for (String name :
        List.of(
            "routing_versio.",
            "a\"b",
            "\\",
            "",
            "\u0000\u001f\u007f\u0085",
            "\u202e\u2066",
            "\ud800",
            "😀")) {
      String path = Violations.member("p", name);
      assertTrue(path.startsWith("p[\"") && path.endsWith("\"]"), path);
      String literal = path.substring(2, path.length() - 1);
      assertEquals(name, json.readValue(literal, String.class), path);
      assertEquals(path, new Violation(path, "m").path(), "printing leaves it as it is");
    }
  }

  @Test
  void kindOf_keepsQuotedNamesWhole() {
    assertEquals("entries[\"a1\"]", Violations.kindOf("entries[\"a1\"]"));
    assertEquals("x[\"]1[\"][].y", Violations.kindOf("x[\"]1[\"][3].y"));
    assertEquals("x[\"\\\"9\"][]", Violations.kindOf("x[\"\\\"9\"][12]"));
  }

  private static List<Violation> refused(String json) {
    return assertThrows(
            InvalidRoutingTableException.class,
            () ->
                RoutingDocuments.read(
                    json.getBytes(StandardCharsets.UTF_8),
                    ByteSumStrategy.REGISTRY,
                    ReadLimits.defaults()))
        .violations();
  }

  private static String doc(String from, String to) {
    String d = Tables.document();
    assertTrue(d.contains(from), "fixture does not contain " + from);
    return d.replace(from, to);
  }

  private static void assertPath(List<Violation> violations, String path) {
    assertTrue(
        violations.stream().anyMatch(v -> v.path().equals(path)),
        "expected a violation at " + path + ", got " + violations);
  }

  @Test
  void read_fieldNamesThatAreNoPlainName_quotedWhereverTheyAre() {
    // the fuzzed document of issue 33: "routing_version" with one bit flipped to "routing_versio."
    List<Violation> v =
        refused(doc("\"routing_version\": 7", "\"routing_version\": 7, \"routing_versio.\": 7"));
    assertPath(v, "[\"routing_versio.\"]");
    assertTrue(v.toString().contains("unknown field; known fields: ["), v::toString);

    assertPath(
        refused(doc("\"partitions\": 8}", "\"partitions\": 8, \"seed[0]\": 1}")),
        "strategy[\"seed[0]\"]");
    assertPath(
        refused(doc("\"primary\": \"db0:5432\"}", "\"primary\": \"db0:5432\", \"a\\\"b\": 1}")),
        "groups[0][\"a\\\"b\"]");
    assertPath(
        refused(doc("{\"region\": \"eu\"}", "{\"region\": \"eu\", \"k8s.io/zone\": 3}")),
        "groups[1].labels[\"k8s.io/zone\"]");
    assertPath(
        refused(doc("\"key\": {\"type\": \"string\"}", "\"key\": {\"type\": \"string\", \"\": 1}")),
        "key[\"\"]");
  }
}
