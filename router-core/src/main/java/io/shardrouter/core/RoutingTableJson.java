package io.shardrouter.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.key.KeyKind;

/**
 * The routing document form of a {@link RoutingTable}: fields in the fixed order of format 1
 * ({@code docs/format.md} §1.9), which the fingerprint also depends on.
 */
final class RoutingTableJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private RoutingTableJson() {}

  /** The whole document: {@code format}, {@code routing_version}, then the content. */
  static ObjectNode document(RoutingTable t) {
    ObjectNode doc = F.objectNode();
    doc.put("format", RoutingTable.FORMAT);
    doc.put("routing_version", t.version());
    doc.setAll(content(t));
    return doc;
  }

  /** Everything but {@code format} and {@code routing_version}: what the fingerprint digests. */
  static ObjectNode content(RoutingTable t) {
    ObjectNode doc = F.objectNode();
    doc.put("entity", t.entity());
    ObjectNode key = doc.putObject("key");
    if (t.keyType().isComposite()) {
      key.put("type", "composite");
      ArrayNode parts = key.putArray("parts");
      for (KeyKind k : t.keyType().parts()) {
        parts.add(k.documentName());
      }
    } else {
      key.put("type", t.keyType().kind().documentName());
    }
    doc.set("strategy", t.strategy().toJson());
    ArrayNode gs = doc.putArray("groups");
    for (ReplicaGroup g : t.groups()) {
      ObjectNode o = gs.addObject();
      o.put("id", g.id());
      o.set("primary", replica(g.primary()));
      if (!g.replicas().isEmpty()) {
        ArrayNode rs = o.putArray("replicas");
        for (Replica r : g.replicas()) {
          rs.add(replica(r));
        }
      }
      if (!g.labels().isEmpty()) {
        ObjectNode labels = o.putObject("labels");
        g.labels().forEach(labels::put);
      }
    }
    ArrayNode pl = doc.putArray("placement");
    for (int g : t.placement()) {
      pl.add(t.groups().get(g).id());
    }
    return doc;
  }

  private static JsonNode replica(Replica r) {
    if (r.labels().isEmpty()) {
      return F.textNode(r.endpoint());
    }
    ObjectNode o = F.objectNode();
    o.put("endpoint", r.endpoint());
    ObjectNode labels = o.putObject("labels");
    r.labels().forEach(labels::put);
    return o;
  }
}
