package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A large deferred object (not flat: its values are strings) of more names than the duplicate
 * check's first table holds: every name is kept when the table grows, so a name repeated after the
 * growth is still found and the document left to the strict reader, which refuses it.
 */
class DocumentTreeNamesTest {
  private static final JsonFactory FAST =
      new JsonFactory().disable(JsonFactory.Feature.INTERN_FIELD_NAMES);

  private static JsonNode read(String entries) {
    return DocumentTree.read(
        ("{\"entries\": {" + entries + "}}").getBytes(StandardCharsets.UTF_8),
        FAST,
        Set.of("entries"));
  }

  private static String names(int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ", ").append("\"key-").append(i).append("\": \"g").append(i % 7);
      sb.append('"');
    }
    return sb.toString();
  }

  @Test
  void manyDistinctNames_vouchedFor() {
    JsonNode tree = read(names(6000));
    assertNotNull(tree);
    assertEquals(6000, tree.get("entries").size());
    assertEquals("g6", tree.get("entries").get("key-5998").textValue());
  }

  @Test
  void earlyNameRepeatedAfterTheTableGrew_found() {
    assertNull(read(names(6000) + ", \"key-3\": \"g0\""));
    assertNull(read(names(6000) + ", \"key-5000\": \"g0\""));
  }
}
