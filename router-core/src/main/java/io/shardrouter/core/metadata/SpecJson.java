package io.shardrouter.core.metadata;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.AsciiMembers;
import io.shardrouter.core.Spec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;

/**
 * Converts between {@link Spec} and the JSON codec: the tree ({@link #toJson}, {@link #fromJson})
 * and the stream ({@link #write}). The one place that knows both.
 *
 * <p>A document's large containers ({@link LazyObjectNode}, {@link LazyArrayNode}) become {@link
 * Spec#viewOf(Map) views} that convert each member when it is walked, so reading a directory of
 * millions of entries builds no tree of them; {@link #write} walks a value once, so a view that
 * produces its members while walked (a directory writing itself) is streamed, never built.
 *
 * <p><b>Stability:</b> internal.
 */
final class SpecJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private SpecJson() {}

  /** The tree of {@code spec}. */
  public static JsonNode toJson(Spec spec) {
    return switch (spec.kind()) {
      case OBJECT -> {
        ObjectNode o = F.objectNode();
        for (Map.Entry<String, Spec> e : spec.fields().entrySet()) {
          o.set(e.getKey(), toJson(e.getValue()));
        }
        yield o;
      }
      case ARRAY -> {
        ArrayNode a = F.arrayNode();
        for (Spec e : spec.elements()) {
          a.add(toJson(e));
        }
        yield a;
      }
      case TEXT -> F.textNode(spec.text());
      case INTEGER ->
          spec.bigIntegerValue().bitLength() <= 63
              ? F.numberNode(spec.longValue())
              : F.numberNode(spec.bigIntegerValue());
      case DECIMAL -> F.numberNode(spec.doubleValue());
      case BOOLEAN -> F.booleanNode(spec.booleanValue());
      case NULL -> F.nullNode();
    };
  }

  /**
   * Writes {@code spec} to {@code g}: the tokens that serializing {@link #toJson(Spec)} writes, in
   * the same order, so the bytes are the same; each member is read once, when it is written.
   *
   * @throws IOException when {@code g} cannot write
   */
  public static void write(Spec spec, JsonGenerator g) throws IOException {
    switch (spec.kind()) {
      case OBJECT -> {
        g.writeStartObject();
        boolean compact = g.getPrettyPrinter() == null; // the text has no indentation
        if (!compact
            || !(spec.fields() instanceof AsciiMembers text)
            || !text.writeMembers(out(g))) {
          for (Map.Entry<String, Spec> e : spec.fields().entrySet()) {
            g.writeFieldName(e.getKey());
            write(e.getValue(), g);
          }
        }
        g.writeEndObject();
      }
      case ARRAY -> {
        g.writeStartArray();
        for (Spec e : spec.elements()) {
          write(e, g);
        }
        g.writeEndArray();
      }
      case TEXT -> g.writeString(spec.text());
      case INTEGER -> {
        if (spec.bigIntegerValue().bitLength() <= 63) {
          g.writeNumber(spec.longValue());
        } else {
          g.writeNumber(spec.bigIntegerValue());
        }
      }
      case DECIMAL -> g.writeNumber(spec.doubleValue());
      case BOOLEAN -> g.writeBoolean(spec.booleanValue());
      case NULL -> g.writeNull();
    }
  }

  /**
   * Where {@link AsciiMembers} text goes in {@code g}'s output: straight to its byte stream or to a
   * writer that takes ASCII bytes (the fingerprint's digest), after what {@code g} holds; otherwise
   * through {@code g} as raw text.
   */
  private static AsciiMembers.Out out(JsonGenerator g) throws IOException {
    Object target = g.getOutputTarget();
    if (target instanceof AsciiMembers.Out direct) {
      g.flush();
      return direct;
    }
    if (target instanceof OutputStream stream) {
      g.flush();
      return stream::write;
    }
    return (bytes, offset, length) ->
        g.writeRaw(new String(bytes, offset, length, StandardCharsets.US_ASCII));
  }

  /**
   * The spec of {@code node}, a tree the strict parser built (no duplicate names, bounded depth); a
   * {@link LazyObjectNode} or {@link LazyArrayNode} becomes a view (see the class comment).
   *
   * @throws IllegalArgumentException for a number that is no finite {@code double} (such as {@code
   *     1e400}), which no {@link Spec} holds; in a view, when that member is walked
   */
  public static Spec fromJson(JsonNode node) {
    if (node instanceof LazyObjectNode lazy) {
      return Spec.viewOf(new LazyFields(lazy), lazy::fieldNameAt, lazy.flat());
    }
    if (node instanceof LazyArrayNode lazy) {
      return Spec.viewOf(new LazyElements(lazy));
    }
    if (node.isObject()) {
      Spec.ObjectBuilder b = Spec.object();
      Iterator<Map.Entry<String, JsonNode>> it = node.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        b.put(e.getKey(), fromJson(e.getValue()));
      }
      return b.build();
    }
    if (node.isArray()) {
      List<Spec> es = new ArrayList<>(node.size());
      for (JsonNode e : node) {
        es.add(fromJson(e));
      }
      return Spec.array(es);
    }
    if (node.isTextual()) {
      return Spec.of(node.textValue());
    }
    if (node.isIntegralNumber()) {
      return Spec.of(node.bigIntegerValue());
    }
    if (node.isNumber()) {
      double d = node.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new IllegalArgumentException(
            "holds a number beyond the range of a 64-bit float (it reads as "
                + node.asText()
                + ") and is out of range; give a finite number");
      }
      return Spec.of(d);
    }
    if (node.isBoolean()) {
      return Spec.of(node.booleanValue());
    }
    if (node.isNull()) {
      return Spec.nullValue();
    }
    throw new IllegalArgumentException("not a JSON value: " + node.getNodeType());
  }

  /** The fields of a {@link LazyObjectNode}, each converted when it is walked. */
  private static final class LazyFields extends AbstractMap<String, Spec> {
    final LazyObjectNode node;

    LazyFields(LazyObjectNode node) {
      this.node = node;
    }

    @Override
    public int size() {
      return node.size();
    }

    @Override
    public Set<Map.Entry<String, Spec>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Map.Entry<String, Spec>> iterator() {
          Iterator<Map.Entry<String, JsonNode>> it = node.fields();
          return new Iterator<>() {
            @Override
            public boolean hasNext() {
              return it.hasNext();
            }

            @Override
            public Map.Entry<String, Spec> next() {
              Map.Entry<String, JsonNode> e = it.next();
              return new AbstractMap.SimpleImmutableEntry<>(e.getKey(), fromJson(e.getValue()));
            }
          };
        }

        @Override
        public int size() {
          return node.size();
        }
      };
    }
  }

  /** The elements of a {@link LazyArrayNode}, each converted when it is read. */
  private static final class LazyElements extends AbstractList<Spec> implements RandomAccess {
    private final LazyArrayNode node;

    LazyElements(LazyArrayNode node) {
      this.node = node;
    }

    @Override
    public Spec get(int index) {
      return fromJson(node.get(index));
    }

    @Override
    public int size() {
      return node.size();
    }
  }
}
