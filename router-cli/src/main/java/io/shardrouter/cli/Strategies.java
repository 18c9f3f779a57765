package io.shardrouter.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Short text of a strategy's JSON for one-line summaries: long arrays (token lists, directories)
 * are counted, not printed.
 */
final class Strategies {
  static final int MAX_SHOWN = 8;

  private Strategies() {}

  static String describe(JsonNode json) {
    return abbreviate(json).toString();
  }

  private static JsonNode abbreviate(JsonNode node) {
    if (node.isArray() && node.size() > MAX_SHOWN) {
      return JsonNodeFactory.instance.textNode("<" + node.size() + " entries>");
    }
    if (node.isObject()) {
      if (node.size() > MAX_SHOWN * 4) {
        return JsonNodeFactory.instance.textNode("<" + node.size() + " fields>");
      }
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      Iterator<Map.Entry<String, JsonNode>> it = node.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        o.set(e.getKey(), abbreviate(e.getValue()));
      }
      return o;
    }
    return node;
  }
}
