package io.shardrouter.core;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import io.shardrouter.core.key.KeyKind;
import java.io.IOException;

/**
 * The routing document form of a {@link RoutingTable}: fields in the fixed order of format 1
 * ({@code docs/format.md} §1.9), which the fingerprint also depends on.
 *
 * <p><b>Stability:</b> internal: public only for {@link #streamedDocument}, which router-core's
 * metadata package writes documents with; applications use {@link RoutingTable#toJson()}.
 */
public final class RoutingTableJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private RoutingTableJson() {}

  /** The whole document: {@code format}, {@code routing_version}, then the content. */
  static ObjectNode document(RoutingTable t) {
    return document(t, t.strategy().toJson());
  }

  /**
   * {@link #document} for writing: the same bytes when serialized, but the strategy is a node that
   * serializes through {@link PartitionStrategy#writeJson} (a lookup directory of ten million
   * entries never becomes ten million nodes). Serialize it; never walk it.
   */
  public static ObjectNode streamedDocument(RoutingTable t) {
    return document(t, streamed(t.strategy()));
  }

  private static ObjectNode document(RoutingTable t, JsonNode strategy) {
    ObjectNode doc = F.objectNode();
    doc.put("format", RoutingTable.FORMAT);
    doc.put("routing_version", t.version());
    doc.setAll(content(t, strategy));
    return doc;
  }

  /**
   * Everything but {@code format} and {@code routing_version}: what the fingerprint digests. The
   * strategy is a node that serializes through {@link PartitionStrategy#writeJson}, to the same
   * bytes as its {@code toJson()} but without building it; only serialize this object, never walk
   * it.
   */
  static ObjectNode content(RoutingTable t) {
    return content(t, streamed(t.strategy()));
  }

  /** A node whose serialization is {@code s.writeJson}. */
  static JsonNode streamed(PartitionStrategy s) {
    return new POJONode(
        new JsonSerializable.Base() {
          @Override
          public void serialize(JsonGenerator g, SerializerProvider provider) throws IOException {
            s.writeJson(g);
          }

          @Override
          public void serializeWithType(
              JsonGenerator g, SerializerProvider provider, TypeSerializer types)
              throws IOException {
            s.writeJson(g);
          }
        });
  }

  private static ObjectNode content(RoutingTable t, JsonNode strategy) {
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
    doc.set("strategy", strategy);
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
    if (!t.extensions()
        .isEmpty()) { // absent when empty: the fingerprints of format 1 stay as they were
      ObjectNode ext = doc.putObject("extensions");
      t.extensions().forEach((name, value) -> ext.set(name, SpecJson.toJson(value)));
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
