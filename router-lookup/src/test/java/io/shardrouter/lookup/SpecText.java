package io.shardrouter.lookup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.AsciiMembers;
import io.shardrouter.core.Spec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A {@link Spec} as text two ways, for the tests that compare a directory's ready member text
 * ({@link AsciiMembers}) with its members written one by one: the JSON library's tree built member
 * by member, and the compact text with every view that offers ready text written through it.
 */
final class SpecText {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final ObjectMapper JSON = new ObjectMapper();

  private SpecText() {}

  /** The JSON library's tree of {@code spec}, member by member (no ready text). */
  static JsonNode tree(Spec spec) {
    return switch (spec.kind()) {
      case OBJECT -> {
        ObjectNode o = F.objectNode();
        for (Map.Entry<String, Spec> e : spec.fields().entrySet()) {
          o.set(e.getKey(), tree(e.getValue()));
        }
        yield o;
      }
      case ARRAY -> {
        ArrayNode a = F.arrayNode();
        spec.elements().forEach(e -> a.add(tree(e)));
        yield a;
      }
      case TEXT -> F.textNode(spec.text());
      case INTEGER -> F.numberNode(spec.bigIntegerValue());
      case DECIMAL -> F.numberNode(spec.doubleValue());
      case BOOLEAN -> F.booleanNode(spec.booleanValue());
      case NULL -> F.nullNode();
    };
  }

  /** The JSON library's compact text of {@link #tree}. */
  static String treeText(Spec spec) throws IOException {
    return JSON.writeValueAsString(tree(spec));
  }

  /** The compact text of {@code spec}, each object that offers ready member text written by it. */
  static String streamed(Spec spec) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    streamed(spec, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  private static void streamed(Spec spec, ByteArrayOutputStream out) throws IOException {
    switch (spec.kind()) {
      case OBJECT -> {
        out.write('{');
        if (!(spec.fields() instanceof AsciiMembers text) || !text.writeMembers(out::write)) {
          String sep = "";
          for (Map.Entry<String, Spec> e : spec.fields().entrySet()) {
            out.write(
                (sep + JSON.writeValueAsString(e.getKey()) + ":").getBytes(StandardCharsets.UTF_8));
            streamed(e.getValue(), out);
            sep = ",";
          }
        }
        out.write('}');
      }
      case ARRAY -> {
        out.write('[');
        String sep = "";
        for (Spec e : spec.elements()) {
          out.write(sep.getBytes(StandardCharsets.UTF_8));
          streamed(e, out);
          sep = ",";
        }
        out.write(']');
      }
      default -> out.write(JSON.writeValueAsBytes(tree(spec)));
    }
  }
}
