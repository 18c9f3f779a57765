package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link StrictJson}'s refusals and its fallback: an empty document is refused as such; a string
 * with no UTF-8 form is refused at that string; a bulk field the fast tree reader does not vouch
 * for is parsed by the strict reader and returned; a string over the length limit is refused with
 * the line, column and byte offset where it is.
 */
class StrictJsonRefusalsTest {
  private static List<Violation> refused(String json) {
    return assertThrows(InvalidRoutingTableException.class, () -> RoutingDocuments.read(json))
        .violations();
  }

  @Test
  void emptyDocument_refused() {
    assertEquals(
        List.of(new Violation("$", "document is empty; give a routing document object")),
        refused("  \n "));
  }

  @Test
  void aLoneSurrogateInAString_refusedAtThatString() {
    assertEquals(
        List.of(
            new Violation(
                "entity",
                "string has a lone surrogate (an unpaired \\uD800-\\uDFFF escape) and so no UTF-8"
                    + " form")),
        refused("{\"format\": 1, \"entity\": \"a\\ud800\"}"));
  }

  @Test
  void aBulkFieldWithALoneSurrogate_isParsedByTheStrictReader() {
    byte[] json =
        "{\"entries\": {\"a\": \"x\\ud800\", \"b\": 1}, \"n\": 2}"
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    com.fasterxml.jackson.databind.JsonNode root =
        StrictJson.parse(json, json.length, 8, java.util.Set.of("entries"));
    assertEquals("x\ud800", root.get("entries").get("a").textValue());
    assertEquals(2, root.get("n").intValue());
  }

  @Test
  void aStringOverTheLengthLimit_refusedWithWhereItIs() {
    String json = "{\"format\": 1,\n \"entity\": \"" + "x".repeat((1 << 20) + 1) + "\"}";
    List<Violation> v = refused(json);
    assertEquals(1, v.size(), "" + v);
    assertEquals("$", v.get(0).path());
    assertTrue(
        v.get(0).message().startsWith("over a reader limit at line 2, column "),
        v.get(0).message());
    assertTrue(v.get(0).message().contains(" (byte offset "), v.get(0).message());
    assertTrue(
        v.get(0).message().endsWith("; a routing document never needs more"), v.get(0).message());
  }

  @Test
  void trailingContent_refusedInPlainWordsWithWhereItStarts() {
    String what = ": a routing document is one JSON object; remove what follows";
    assertEquals(
        List.of(
            new Violation(
                "$", "the document continues after its closing brace at line 2, column 3" + what)),
        refused("{\"format\": 1}\n  {}"));
    assertEquals(
        List.of(
            new Violation(
                "$", "the document continues after its closing brace at line 3, column 1" + what)),
        refused("{\"format\": 1} \r\n\t\r\nxyz"));
    assertEquals(
        List.of(
            new Violation(
                "$", "the document continues after its closing brace at line 1, column 15" + what)),
        refused("{\"format\": 1} // a comment"));
    // whitespace after the object is no content
    Violation v = refused("{\"format\": 1}\n \r\n\t").get(0);
    assertTrue(!v.message().contains("continues"), v.toString());
  }
}
