package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.shardrouter.core.AsciiMembers;
import io.shardrouter.core.Spec;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link SpecJson}: streamed writes give the bytes of the tree, and a document's large containers
 * become views with the content of the eager conversion.
 */
class SpecJsonTest {
  /** The bulk field of the lookup strategy, the one large documents have. */
  private static final java.util.Set<String> BULK = java.util.Set.of("entries");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonFactory DOCUMENTS =
      new JsonFactory().disable(JsonFactory.Feature.INTERN_FIELD_NAMES);

  private static Spec sample() {
    return Spec.object()
        .put("type", "t\u00e9xt \"quoted\"\n")
        .put("small", 7)
        .put("big", Spec.of(BigInteger.ONE.shiftLeft(64)))
        .put("negative", Long.MIN_VALUE)
        .put("decimal", Spec.of(2.5e-3))
        .put("flag", false)
        .put("none", Spec.nullValue())
        .put("empty", Spec.object().build())
        .put("list", Spec.array(List.of(Spec.of(1), Spec.array(List.of()), Spec.of("x"))))
        .build();
  }

  @Test
  void write_sameBytesAsTheTree_compactAndIndented() throws Exception {
    Spec s = sample();
    StringWriter compact = new StringWriter();
    try (JsonGenerator g = JSON.getFactory().createGenerator(compact)) {
      SpecJson.write(s, g);
    }
    assertEquals(JSON.writeValueAsString(SpecJson.toJson(s)), compact.toString());
    StringWriter pretty = new StringWriter();
    try (JsonGenerator g = JSON.getFactory().createGenerator(pretty).useDefaultPrettyPrinter()) {
      SpecJson.write(s, g);
    }
    assertEquals(
        JSON.writerWithDefaultPrettyPrinter().writeValueAsString(SpecJson.toJson(s)),
        pretty.toString());
  }

  @Test
  void fromJson_toJson_roundTrip() {
    Spec s = sample();
    assertEquals(s, SpecJson.fromJson(SpecJson.toJson(s)));
    assertEquals(s.toString(), JSON.valueToTree(SpecJson.toJson(s)).toString());
  }

  @Test
  void fromJson_largeEntries_areViewsWithTheEagerContent() throws Exception {
    StringBuilder obj = new StringBuilder("{\"entries\":{");
    StringBuilder arr = new StringBuilder("{\"entries\":[");
    for (int i = 0; i < 3000; i++) {
      obj.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(i);
      arr.append(i == 0 ? "" : ",").append("[\"k").append(i).append("\",{\"p\":").append(i);
      arr.append("}]");
    }
    for (String doc : List.of(obj.append("}}").toString(), arr.append("]}").toString())) {
      JsonNode tree = DocumentTree.read(doc.getBytes(StandardCharsets.UTF_8), DOCUMENTS, BULK);
      JsonNode entries = tree.get("entries");
      assertTrue(
          entries instanceof LazyObjectNode || entries instanceof LazyArrayNode,
          "a large entries container is read lazily");
      Spec view = SpecJson.fromJson(tree).get("entries");
      Spec eager = SpecJson.fromJson(JSON.readTree(doc)).get("entries");
      assertEquals(3000, view.size());
      assertEquals(eager, view);
      assertEquals(eager.hashCode(), view.hashCode());
      assertEquals(eager.toString(), view.toString());
      if (view.isObject()) {
        assertEquals("k2999", view.fieldNameAt(2999));
        assertThrows(UnsupportedOperationException.class, () -> view.fields().remove("k1"));
        assertThrows(
            UnsupportedOperationException.class,
            () -> view.fields().entrySet().iterator().remove());
        assertEquals("k17", eager.fieldNameAt(17));
        assertEquals(Spec.of(17), view.get("k17"));
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, Spec> e : view.fields().entrySet()) {
          names.add(e.getKey());
        }
        assertEquals(eager.fieldNames(), names);
      } else {
        assertEquals(Spec.of(1234), view.elements().get(1234).elements().get(1).get("p"));
      }
    }
  }

  @Test
  void fromJson_numberNoDoubleHolds_refusedWithTheNumber() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SpecJson.fromJson(JsonNodeFactory.instance.numberNode(Double.POSITIVE_INFINITY)));
    assertTrue(
        e.getMessage().contains("Infinity") && e.getMessage().contains("finite"), e::getMessage);
  }

  /** Members {@code a: 1, b: 2} that can write themselves as text, and count how often they did. */
  private static final class TextMembers extends java.util.LinkedHashMap<String, Spec>
      implements AsciiMembers {
    private static final long serialVersionUID = 1L;
    private final boolean able;
    int written;

    TextMembers(boolean able) {
      this.able = able;
      put("a", Spec.of(1));
      put("b", Spec.of(2));
    }

    @Override
    public boolean writeMembers(AsciiMembers.Out out) throws java.io.IOException {
      if (!able) {
        return false;
      }
      written++;
      byte[] text = "\"a\":1,\"b\":2".getBytes(StandardCharsets.US_ASCII);
      out.write(text, 0, 5);
      out.write(text, 5, text.length - 5);
      return true;
    }
  }

  private static Spec inArray(TextMembers m) {
    return Spec.array(List.of(Spec.of(0), Spec.viewOf(m), Spec.of(3)));
  }

  @Test
  void write_asciiMembers_asTextWhereCompactElseOneByOne() throws Exception {
    JsonFactory f = new JsonFactory();
    TextMembers toStream = new TextMembers(true);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (JsonGenerator g = f.createGenerator(bytes)) {
      SpecJson.write(inArray(toStream), g);
    }
    assertEquals("[0,{\"a\":1,\"b\":2},3]", bytes.toString(StandardCharsets.UTF_8));
    assertEquals(1, toStream.written);

    TextMembers toWriter = new TextMembers(true);
    StringWriter chars = new StringWriter();
    try (JsonGenerator g = f.createGenerator(chars)) {
      SpecJson.write(inArray(toWriter), g);
    }
    assertEquals("[0,{\"a\":1,\"b\":2},3]", chars.toString());
    assertEquals(1, toWriter.written);

    TextMembers unable = new TextMembers(false);
    StringWriter oneByOne = new StringWriter();
    try (JsonGenerator g = f.createGenerator(oneByOne)) {
      SpecJson.write(inArray(unable), g);
    }
    assertEquals("[0,{\"a\":1,\"b\":2},3]", oneByOne.toString());

    TextMembers pretty = new TextMembers(true);
    StringWriter indented = new StringWriter();
    try (JsonGenerator g = f.createGenerator(indented).useDefaultPrettyPrinter()) {
      SpecJson.write(Spec.viewOf(pretty), g);
    }
    assertEquals("{\n  \"a\" : 1,\n  \"b\" : 2\n}", indented.toString());
    assertEquals(0, pretty.written); // its text has no indentation
  }
}
