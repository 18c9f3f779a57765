package io.shardrouter.core.metadata;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractList;
import java.util.RandomAccess;
import org.jspecify.annotations.Nullable;

/**
 * A large JSON array of a routing document (the {@code entries} of a lookup directory written as
 * {@code [key, partition]} pairs), read from the document's bytes instead of held as a tree; the
 * array counterpart of {@link LazyObjectNode}, read-only. {@link #get(int)} is cheap for ascending
 * indices (one cursor moves on), and walks from the start for any other index.
 *
 * <p><b>Thread-safety:</b> not thread-safe (the cursor is cached).
 */
final class LazyArrayNode extends ArrayNode {
  private static final long serialVersionUID = 1L;

  LazyArrayNode(byte[] json, int start, int end, int size) {
    super(JsonNodeFactory.instance, new Elements(json, start, end, size));
  }

  /**
   * The elements, read from {@code json[start, end)}, which holds one JSON array already checked.
   */
  private static final class Elements extends AbstractList<JsonNode> implements RandomAccess {
    private final byte[] json;
    private final int start;
    private final int end;
    private final int size;
    private @Nullable JsonParser
        cursor; // on the last token of element `at`, or before the first element when at == -1
    private int at;

    Elements(byte[] json, int start, int end, int size) {
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
    public JsonNode get(int index) {
      if (index < 0 || index >= size) {
        throw new IndexOutOfBoundsException(
            "element " + index + " of an array of " + size + " elements");
      }
      try {
        if (cursor == null || index <= at) {
          if (cursor != null) {
            cursor.close();
          }
          cursor = DocumentTree.SPANS.createParser(json, start, end - start);
          cursor.nextToken();
          at = -1;
        }
        while (at < index - 1) {
          cursor.nextToken();
          cursor.skipChildren();
          at++;
        }
        JsonNode n = DocumentTree.build(cursor, cursor.nextToken());
        at++;
        return n;
      } catch (IOException e) {
        throw new UncheckedIOException(
            "a document array changed after it was read: " + e.getMessage(), e);
      }
    }
  }
}
