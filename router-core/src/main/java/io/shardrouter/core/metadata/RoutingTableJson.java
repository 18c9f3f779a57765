package io.shardrouter.core.metadata;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.POJONode;
import io.shardrouter.core.Spec;
import java.io.IOException;

/**
 * A routing table as the JSON library's node, for the codec's writers: the document of {@link
 * io.shardrouter.core.RoutingTable#toSpec()}, serialized through {@link SpecJson#write} so that a
 * lookup directory of ten million entries never becomes ten million nodes.
 *
 * <p><b>Stability:</b> internal.
 */
final class RoutingTableJson {
  private RoutingTableJson() {}

  /** The whole document {@code doc}, for writing. Serialize it; never walk it. */
  static JsonNode streamedDocument(Spec doc) {
    return new POJONode(
        new JsonSerializable.Base() {
          @Override
          public void serialize(JsonGenerator g, SerializerProvider provider) throws IOException {
            SpecJson.write(doc, g);
          }

          @Override
          public void serializeWithType(
              JsonGenerator g, SerializerProvider provider, TypeSerializer types)
              throws IOException {
            SpecJson.write(doc, g);
          }
        });
  }
}
