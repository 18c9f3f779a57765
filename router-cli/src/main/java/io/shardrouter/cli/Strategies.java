package io.shardrouter.cli;

import io.shardrouter.core.Spec;
import java.util.Map;

/**
 * Short text of a strategy's spec for one-line summaries: long arrays (token lists, directories)
 * are counted, not printed.
 */
final class Strategies {
  static final int MAX_SHOWN = 8;

  private Strategies() {}

  static String describe(Spec spec) {
    return abbreviate(spec).toString();
  }

  private static Spec abbreviate(Spec node) {
    if (node.isArray() && node.size() > MAX_SHOWN) {
      return Spec.of("<" + node.size() + " entries>");
    }
    if (node.isObject()) {
      if (node.size() > MAX_SHOWN * 4) {
        return Spec.of("<" + node.size() + " fields>");
      }
      Spec.ObjectBuilder o = Spec.object();
      for (Map.Entry<String, Spec> e : node.fields().entrySet()) {
        o.put(e.getKey(), abbreviate(e.getValue()));
      }
      return o.build();
    }
    return node;
  }
}
