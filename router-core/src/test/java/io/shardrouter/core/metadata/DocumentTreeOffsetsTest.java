package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A large container that is not flat, after flat objects that the parser read as {@code {}}: its
 * span in the document is the parser's offset moved back by what each flat object before it left
 * out, so its lazy node reads exactly its own bytes.
 */
class DocumentTreeOffsetsTest {
  private static final ObjectMapper OLD =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
  private static final JsonFactory FAST =
      new JsonFactory().disable(JsonFactory.Feature.INTERN_FIELD_NAMES);

  private static String flat(String prefix, int n) {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ", ").append('"').append(prefix).append(i).append("\": ").append(i);
    }
    return sb.append('}').toString();
  }

  private static String pairs(int n) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ",").append("[\"p").append(i).append("\", ").append(i).append(']');
    }
    return sb.append(']').toString();
  }

  @Test
  void deferredAfterFlatObjects_readsItsOwnBytes() throws Exception {
    String json =
        "{\"a\": {\"entries\": "
            + flat("key-", 2000)
            + "}, \"b\": {\"entries\": "
            + flat("other-", 1500)
            + "}, \"c\": {\"entries\": "
            + pairs(1200)
            + "}}";
    JsonNode tree =
        DocumentTree.read(json.getBytes(StandardCharsets.UTF_8), FAST, Set.of("entries"));
    assertInstanceOf(LazyObjectNode.class, tree.get("a").get("entries"));
    JsonNode c = tree.get("c").get("entries");
    assertInstanceOf(LazyArrayNode.class, c);
    assertEquals("p1199", c.get(1199).get(0).textValue());
    assertEquals(0, c.get(0).get(1).intValue());
    JsonNode expected = OLD.readTree(json);
    assertTrue(tree.equals(expected), "the tree differs from the parser's");
    assertEquals(expected.toString(), tree.toString());
  }
}
