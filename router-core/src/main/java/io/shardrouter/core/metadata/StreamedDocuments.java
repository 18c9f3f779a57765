package io.shardrouter.core.metadata;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.key.KeyType;
import java.io.IOException;

/**
 * The document of a table for writing, with its {@code strategy} written by
 * {@link PartitionStrategy#writeJson}: the bytes of {@link RoutingTable#toJson()}, without building
 * the strategy's object (a lookup directory of ten million entries would be a map of ten million
 * nodes, most of the time and memory of a write).
 *
 * <p>The other fields come from {@code toJson()} of the same table with a stand-in strategy (same
 * key type and partition count, no parameters), so their order and form stay the table's own; the
 * stand-in's {@code strategy} field is then replaced in place, keeping its position.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class StreamedDocuments {
  private StreamedDocuments() {}

  /** The document of {@code table}; serialize it, never walk it (its strategy is an opaque node). */
  static ObjectNode of(RoutingTable table) {
    PartitionStrategy strategy = table.strategy();
    ObjectNode doc = table.toBuilder().strategy(new StandIn(strategy)).build().toJson();
    doc.set("strategy", new POJONode(new JsonSerializable.Base() {
      @Override
      public void serialize(JsonGenerator g, SerializerProvider provider) throws IOException {
        strategy.writeJson(g);
      }

      @Override
      public void serializeWithType(JsonGenerator g, SerializerProvider provider, TypeSerializer types) throws IOException {
        strategy.writeJson(g);
      }
    }));
    return doc;
  }

  /** Routes nothing; only holds the place of the table's strategy while the other fields are written. */
  private record StandIn(PartitionStrategy of) implements PartitionStrategy {
    @Override
    public String type() {
      return of.type();
    }

    @Override
    public KeyType keyType() {
      return of.keyType();
    }

    @Override
    public int partitionCount() {
      return of.partitionCount();
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return of.partitionOf(canonical, offset, length);
    }

    @Override
    public ObjectNode toJson() {
      return JsonNodeFactory.instance.objectNode().put("type", of.type());
    }
  }
}
