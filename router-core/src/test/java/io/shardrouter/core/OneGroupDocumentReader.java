package io.shardrouter.core;

import io.shardrouter.core.metadata.DocumentReader;
import java.util.List;

/**
 * A document reader for router-core's tests, registered through META-INF/services: the shape {@code
 * {"test_one_group": ID, "routing_version": V}} is a one-partition string table on group ID. Two
 * misbehaviours a plugged-in reader may have, for the tests of what {@code RoutingDocuments} does
 * with them: {@code "test_warn": MESSAGE} reports a violation and still returns the table; {@code
 * "test_nothing": true} returns no table and reports nothing.
 */
public final class OneGroupDocumentReader implements DocumentReader {
  @Override
  public String name() {
    return "test-one-group";
  }

  @Override
  public String shape() {
    return "top-level \"test_one_group\"";
  }

  @Override
  public boolean accepts(Spec root) {
    return root.has("test_one_group");
  }

  @Override
  public RoutingTable read(Spec root, StrategyRegistry registry, Violations violations) {
    if (root.has("test_nothing")) {
      return null;
    }
    if (root.has("test_warn")) {
      violations.add("test_warn", root.get("test_warn").text());
    }
    Spec id = root.get("test_one_group");
    if (!id.isText()) {
      violations.add("test_one_group", "must be a string, got " + id);
      return null;
    }
    return RoutingTable.builder()
        .version(root.has("routing_version") ? root.get("routing_version").longValue() : 0)
        .entity("one")
        .keyType(KeyType.STRING)
        .strategy(new ByteSumStrategy(1))
        .groups(List.of(ReplicaGroup.of(id.text(), id.text())))
        .placement(List.of(id.text()))
        .build();
  }
}
