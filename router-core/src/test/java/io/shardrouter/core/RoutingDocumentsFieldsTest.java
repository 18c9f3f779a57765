package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Refusals of a format-1 document's top-level fields that are not strings or arrays where they must
 * be, and of a document without {@code format} whose values cannot be read: each with its path and
 * nothing after it.
 */
class RoutingDocumentsFieldsTest {

  private static List<Violation> refused(String json) {
    return assertThrows(
            InvalidRoutingTableException.class,
            () ->
                RoutingDocuments.read(
                    json.getBytes(StandardCharsets.UTF_8),
                    ByteSumStrategy.REGISTRY,
                    ReadLimits.defaults().withMaxDocumentBytes(1 << 20)))
        .violations();
  }

  private static String doc(String entity, String placement) {
    return "{\"format\": 1, \"routing_version\": 7, \"entity\": "
        + entity
        + ", \"key\": {\"type\": \"string\"},"
        + " \"strategy\": {\"type\": \"test_byte_sum\", \"partitions\": 2},"
        + " \"groups\": [{\"id\": \"g0\", \"primary\": \"db0:5432\"}], \"placement\": "
        + placement
        + "}";
  }

  @Test
  void entityNotAString_refused() {
    assertEquals(
        new Violation("entity", "must be a string, got 5"),
        refused(doc("5", "[\"g0\", \"g0\"]")).get(0));
  }

  @Test
  void placementNotAnArray_refused() {
    assertEquals(
        new Violation("placement", "must be an array of group ids, one per partition, got OBJECT"),
        refused(doc("\"orders\"", "{\"0\": \"g0\"}")).get(0));
  }

  @Test
  void shapeWithoutFormat_unreadableValue_refusedBeforeAnyReaderIsAsked() {
    List<Violation> v = refused("{\"test_one_group\": \"g0\", \"weight\": 1e400}");
    assertEquals(1, v.size(), v.toString());
    assertEquals("$", v.get(0).path());
    assertTrue(v.get(0).message().endsWith(" is out of range; give a finite number"), v.toString());
  }
}
