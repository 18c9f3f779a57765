package io.shardrouter.core.metadata;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A large JSON object of a routing document, such as the {@code entries} of a lookup directory with
 * millions of keys, read from the document's bytes each time its fields are walked instead of held
 * as a tree: the document is already in memory, and a tree of ten million fields costs over a
 * gigabyte and most of the load time.
 *
 * <p>It is an ordinary read-only {@link ObjectNode}: fields in document order, each value built as
 * {@code ObjectMapper.readTree} would build it, {@code equals}, {@code toString} and serialization
 * as for any object. Walking the fields ({@link #fields()}, {@link #fieldNames()}, serialization)
 * is linear, and so is {@link #get(String)}: code that looks fields up by name should walk them
 * once instead. {@link #fieldNameAt(int)} finds the name of the i-th field without walking the ones
 * before. {@link RoutingDocuments} hands such nodes to strategy factories and document readers only
 * while it reads a document; a factory must not keep one, since it holds the caller's bytes.
 *
 * <p><b>Thread-safety:</b> not thread-safe (a cursor and the field offsets are cached).
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
final class LazyObjectNode extends ObjectNode {
  private static final long serialVersionUID = 1L;

  private final transient Fields fields;
  private final transient @Nullable FlatObject flat;

  LazyObjectNode(byte[] json, int start, int end, int size) {
    this(new Fields(json, start, end, size), null);
  }

  LazyObjectNode(byte[] json, FlatObject flat) {
    this(new Fields(json, flat.start(), flat.end(), flat.size()), flat);
  }

  private LazyObjectNode(Fields fields, @Nullable FlatObject flat) {
    super(JsonNodeFactory.instance, fields);
    this.fields = fields;
    this.flat = flat;
  }

  /** The object as a {@link FlatObject}, to be read without a parser; null when it is not flat. */
  public @Nullable FlatObject flat() {
    return flat;
  }

  /** The name of the field at {@code index} (from 0, in document order). */
  public String fieldNameAt(int index) {
    return fields.nameAt(index);
  }

  /**
   * The fields, read from {@code json[start, end)}, which holds one JSON object already checked.
   */
  private static final class Fields extends AbstractMap<String, JsonNode> {
    private final byte[] json;
    private final int start;
    private final int end;
    private final int size;
    private int @Nullable []
        nameOffsets; // where each field name's opening quote is; found on the first fieldNameAt

    Fields(byte[] json, int start, int end, int size) {
      this.json = json;
      this.start = start;
      this.end = end;
      this.size = size;
    }

    @Override
    public int size() {
      return size;
    }

    @Override
    public JsonNode put(String key, JsonNode value) {
      throw new UnsupportedOperationException(
          "a lazily read document object is read-only; copy it with deepCopy() to change it");
    }

    @Override
    public Set<Map.Entry<String, JsonNode>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Map.Entry<String, JsonNode>> iterator() {
          return new Cursor();
        }

        @Override
        public int size() {
          return size;
        }
      };
    }

    String nameAt(int index) {
      if (index < 0 || index >= size) {
        throw new IndexOutOfBoundsException(
            "field " + index + " of an object of " + size + " fields");
      }
      try {
        if (nameOffsets == null) {
          int[] offsets = new int[size];
          try (JsonParser p = DocumentTree.SPANS.createParser(json, start, end - start)) {
            p.nextToken();
            for (int i = 0; p.nextToken() == JsonToken.FIELD_NAME; i++) {
              // Offsets of a parser over a slice count from the slice's start.
              offsets[i] = start + Math.toIntExact(p.currentTokenLocation().getByteOffset());
              p.nextToken();
              p.skipChildren();
            }
          }
          nameOffsets = offsets;
        }
        // A name on its own is a complete JSON string.
        try (JsonParser p =
            DocumentTree.SPANS.createParser(json, nameOffsets[index], end - nameOffsets[index])) {
          p.nextToken();
          return p.getText();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(
            "a document object changed after it was read: " + e.getMessage(), e);
      }
    }

    /** Reads the fields in order with one parser over the span. */
    private final class Cursor implements Iterator<Map.Entry<String, JsonNode>> {
      private final JsonParser parser;
      private JsonToken next;

      Cursor() {
        try {
          parser = DocumentTree.SPANS.createParser(json, start, end - start);
          parser.nextToken();
          next = parser.nextToken();
        } catch (IOException e) {
          throw new UncheckedIOException(
              "a document object changed after it was read: " + e.getMessage(), e);
        }
      }

      @Override
      public boolean hasNext() {
        return next == JsonToken.FIELD_NAME;
      }

      @Override
      public Map.Entry<String, JsonNode> next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        try {
          String name = parser.currentName();
          JsonNode value = DocumentTree.build(parser, parser.nextToken());
          next = parser.nextToken();
          if (next != JsonToken.FIELD_NAME) {
            parser.close();
          }
          return new AbstractMap.SimpleImmutableEntry<>(name, value);
        } catch (IOException e) {
          throw new UncheckedIOException(
              "a document object changed after it was read: " + e.getMessage(), e);
        }
      }
    }
  }
}
