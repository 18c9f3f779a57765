package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.Spec;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The lazily read nodes of a document ({@link LazyArrayNode}, {@link LazyObjectNode}) answer for
 * exactly their indexes, from the first to the last; a field name past the end or at -1 is refused
 * saying how many fields there are; their member views, and a {@link Spec} over them, report their
 * size.
 */
class LazyNodesEdgeTest {
  private static final byte[] DOC =
      "{\"o\": {\"a\": 1, \"b\": [2]}, \"l\": [10, 20, 30]}".getBytes(StandardCharsets.UTF_8);

  private static LazyObjectNode object() {
    int start = 6;
    return new LazyObjectNode(DOC, start, 24, 2);
  }

  private static LazyArrayNode array() {
    return new LazyArrayNode(DOC, 31, 43, 3);
  }

  @Test
  void theSlices_areTheObjectAndTheArray() {
    assertEquals('{', DOC[6]);
    assertEquals('}', DOC[23]);
    assertEquals('[', DOC[31]);
    assertEquals(']', DOC[42]);
  }

  @Test
  void array_firstToLastElement_thenOnePastTheEnd_refused() {
    LazyArrayNode a = array();
    assertEquals(10, a.get(0).intValue());
    assertEquals(30, a.get(2).intValue());
    assertNull(a.get(3), "past the end, as any ArrayNode");
    assertNull(a.get(-1));
  }

  @Test
  void object_firstToLastName_thenOnePastTheEnd_refused() {
    LazyObjectNode o = object();
    assertEquals("a", o.fieldNameAt(0));
    assertEquals("b", o.fieldNameAt(1));
    assertEquals(
        "field 2 of an object of 2 fields",
        assertThrows(IndexOutOfBoundsException.class, () -> o.fieldNameAt(2)).getMessage());
    assertEquals(
        "field -1 of an object of 2 fields",
        assertThrows(IndexOutOfBoundsException.class, () -> o.fieldNameAt(-1)).getMessage());
  }

  @Test
  void memberViews_reportTheirSize() {
    assertEquals(2, object().properties().size());
    assertEquals(2, SpecJson.fromJson(object()).fields().entrySet().size());
    assertEquals(3, SpecJson.fromJson(array()).elements().size());
  }
}
