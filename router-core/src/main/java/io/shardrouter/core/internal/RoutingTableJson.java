package io.shardrouter.core.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;

/**
 * The routing document form of a {@link RoutingTable}: fields in the fixed order of format 1
 * ({@code docs/format.md} §1.9), which the fingerprint also depends on.
 *
 * <p><b>Stability:</b> internal: public only for {@link #streamedDocument}, which router-core's
 * metadata package writes documents with; applications use {@link RoutingTable#toSpec()}.
 */
public final class RoutingTableJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private RoutingTableJson() {}

  /**
   * The whole document as a {@link Spec}: {@code format}, {@code routing_version}, then the
   * content, with the strategy's own {@link PartitionStrategy#toSpec()}.
   */
  public static Spec documentSpec(RoutingTable t) {
    Spec.ObjectBuilder doc =
        Spec.object().put("format", RoutingTable.FORMAT).put("routing_version", t.version());
    ObjectNode content = content(t, F.nullNode());
    Iterator<Map.Entry<String, JsonNode>> it = content.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      doc.put(
          e.getKey(),
          e.getKey().equals("strategy") ? t.strategy().toSpec() : SpecJson.fromJson(e.getValue()));
    }
    return doc.build();
  }

  /**
   * The whole document, for writing: the strategy is a node that serializes through {@link
   * SpecJson#write} (a lookup directory of ten million entries never becomes ten million nodes).
   * Serialize it; never walk it.
   */
  public static ObjectNode streamedDocument(RoutingTable t) {
    ObjectNode doc = F.objectNode();
    doc.put("format", RoutingTable.FORMAT);
    doc.put("routing_version", t.version());
    doc.setAll(content(t));
    return doc;
  }

  /**
   * Everything but {@code format} and {@code routing_version}: what the fingerprint digests. The
   * strategy is a node that serializes through {@link SpecJson#write}, to the same bytes as the
   * tree of its {@code toSpec()} but without building it; only serialize this object, never walk
   * it.
   */
  public static ObjectNode content(RoutingTable t) {
    return content(t, streamed(t.strategy()));
  }

  /** A node whose serialization is {@code SpecJson.write(s.toSpec(), g)}. */
  static JsonNode streamed(PartitionStrategy s) {
    return new POJONode(
        new JsonSerializable.Base() {
          @Override
          public void serialize(JsonGenerator g, SerializerProvider provider) throws IOException {
            SpecJson.write(s.toSpec(), g);
          }

          @Override
          public void serializeWithType(
              JsonGenerator g, SerializerProvider provider, TypeSerializer types)
              throws IOException {
            SpecJson.write(s.toSpec(), g);
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
      for (KeyType.Kind k : t.keyType().parts()) {
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
    for (int p = 0; p < t.partitionCount(); p++) {
      pl.add(t.routeOfPartition(p).group().id());
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
