package io.shardrouter.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Converts between {@link Spec} and the JSON codec's tree: the one place that knows both.
 *
 * <p><b>Stability:</b> internal.
 */
public final class SpecJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private SpecJson() {}

  /** The tree of {@code spec}. */
  public static JsonNode toJson(Spec spec) {
    return switch (spec.kind()) {
      case OBJECT -> {
        ObjectNode o = F.objectNode();
        for (Map.Entry<String, Spec> e : spec.fields().entrySet()) {
          o.set(e.getKey(), toJson(e.getValue()));
        }
        yield o;
      }
      case ARRAY -> {
        ArrayNode a = F.arrayNode();
        for (Spec e : spec.elements()) {
          a.add(toJson(e));
        }
        yield a;
      }
      case TEXT -> F.textNode(spec.text());
      case INTEGER ->
          spec.bigIntegerValue().bitLength() <= 63
              ? F.numberNode(spec.longValue())
              : F.numberNode(spec.bigIntegerValue());
      case DECIMAL -> F.numberNode(spec.doubleValue());
      case BOOLEAN -> F.booleanNode(spec.booleanValue());
      case NULL -> F.nullNode();
    };
  }

  /**
   * The spec of {@code node}, a tree the strict parser built (no duplicate names, finite numbers,
   * bounded depth).
   */
  public static Spec fromJson(JsonNode node) {
    if (node.isObject()) {
      Spec.ObjectBuilder b = Spec.object();
      Iterator<Map.Entry<String, JsonNode>> it = node.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        b.put(e.getKey(), fromJson(e.getValue()));
      }
      return b.build();
    }
    if (node.isArray()) {
      List<Spec> es = new ArrayList<>(node.size());
      for (JsonNode e : node) {
        es.add(fromJson(e));
      }
      return Spec.array(es);
    }
    if (node.isTextual()) {
      return Spec.of(node.textValue());
    }
    if (node.isIntegralNumber()) {
      return Spec.of(node.bigIntegerValue());
    }
    if (node.isNumber()) {
      return Spec.of(node.doubleValue());
    }
    if (node.isBoolean()) {
      return Spec.of(node.booleanValue());
    }
    if (node.isNull()) {
      return Spec.nullValue();
    }
    throw new IllegalArgumentException("not a JSON value: " + node.getNodeType());
  }
}
