package io.shardrouter.testing;

import io.shardrouter.core.Spec;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.Map;

/** {@link Spec} values for tests: from JSON text, and with one field replaced. */
public final class Specs {
  private Specs() {}

  /** The spec of the JSON text {@code json}, as a routing document's reader gives it. */
  public static Spec parse(String json) {
    return RoutingDocuments.parseSpec(json);
  }

  /**
   * {@code object} with field {@code name} set to {@code value}: replaced in place, or added last.
   */
  public static Spec with(Spec object, String name, Spec value) {
    Spec.ObjectBuilder b = Spec.object();
    boolean replaced = false;
    for (Map.Entry<String, Spec> e : object.fields().entrySet()) {
      if (e.getKey().equals(name)) {
        b.put(name, value);
        replaced = true;
      } else {
        b.put(e.getKey(), e.getValue());
      }
    }
    if (!replaced) {
      b.put(name, value);
    }
    return b.build();
  }

  /** {@code strategy} with its {@code type} replaced by {@code type}. */
  public static Spec withType(Spec strategy, String type) {
    return with(strategy, "type", Spec.of(type));
  }
}
