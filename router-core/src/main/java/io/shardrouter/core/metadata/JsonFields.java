package io.shardrouter.core.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import io.shardrouter.core.Violations;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/** Checks shared by the readers of the parts of a routing document. */
final class JsonFields {
  private JsonFields() {}

  /** Reports every field of {@code node} whose name is not in {@code known}, with its path. */
  public static void unknownFields(JsonNode node, String path, Set<String> known, Violations v) {
    Iterator<String> it = node.fieldNames();
    while (it.hasNext()) {
      String name = it.next();
      if (!known.contains(name)) {
        v.add(
            Violations.member(path, name), "unknown field; known fields: " + new TreeSet<>(known));
      }
    }
  }
}
