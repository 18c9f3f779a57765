package io.shardrouter.core.metadata;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.CanonicalBytes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The fast way to the tree of a routing document: the same tree {@code ObjectMapper.readTree} gives
 * (with {@code USE_BIG_INTEGER_FOR_INTS}), except that a large object or array under a field that a
 * strategy declares bulk ({@link io.shardrouter.core.StrategyFactory#bulkParameters}, such as a
 * lookup directory of millions of keys) is not built: it becomes a {@link LazyObjectNode} or {@link
 * LazyArrayNode} that reads its members from the document bytes whenever they are walked. Such an
 * object of the simplest form ({@link FlatObject}) is checked straight from the bytes before the
 * parser runs, and the parser reads it as {@code {}}.
 *
 * <p>This reader only vouches for documents it finds clean. On anything else (a syntax error, an
 * exceeded limit, a field that may be a duplicate, a lone surrogate inside a deferred container) it
 * returns null and {@link RoutingDocuments} reads the document the strict old way, so every such
 * error is reported exactly as before, with the parser's line and column. Duplicate fields are
 * therefore detected here rather than by the parser (whose detector keeps a {@code HashSet} of
 * every name of an object, a gigabyte for ten million entries): a set per small object, and one
 * table of 64-bit name hashes per deferred container, where a repeated hash only sends the document
 * the old way.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class DocumentTree {
  /** Deferred containers with fewer members are built as ordinary nodes after all. */
  static final int MIN_DEFERRED = 1024;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final byte[] EMPTY_OBJECT = {'{', '}'};

  /**
   * Re-reads spans of a document already checked: no limits, no name interning, no duplicate
   * checks.
   */
  static final JsonFactory SPANS =
      JsonFactory.builder()
          .disable(
              JsonFactory.Feature
                  .INTERN_FIELD_NAMES) // not CANONICALIZE: without it, bytes go through a char
          // reader
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxStringLength(Integer.MAX_VALUE)
                  .maxNestingDepth(Integer.MAX_VALUE)
                  .maxNumberLength(Integer.MAX_VALUE)
                  .build())
          .build();

  private final byte @Nullable [] json; // null when building one value, which has no flat objects
  private final JsonParser parser;
  private final List<FlatObject> flats; // in document order; the parser reads each as {}
  private final Set<String> bulkFields;
  private boolean vouched = true;

  private DocumentTree(
      byte @Nullable [] json, JsonParser parser, List<FlatObject> flats, Set<String> bulkFields) {
    this.bulkFields = bulkFields;
    this.json = json;
    this.parser = parser;
    this.flats = flats;
  }

  /**
   * The tree of {@code json} read with {@code limits} (a parser factory with the document's limits,
   * without duplicate detection); null when the document is not clean (see the class comment).
   */
  public static @Nullable JsonNode read(byte[] json, JsonFactory limits, Set<String> bulkFields) {
    List<FlatObject> flats = FlatObject.findAll(json, bulkFields, MIN_DEFERRED);
    try (JsonParser p =
        flats.isEmpty()
            ? limits.createParser(json)
            : limits.createParser(withoutFlats(json, flats))) {
      DocumentTree t = new DocumentTree(json, p, flats, bulkFields);
      JsonToken first = p.nextToken();
      if (first == null) {
        return null;
      }
      JsonNode root = t.value(first, true);
      if (!t.vouched || p.nextToken() != null) {
        return null;
      }
      return root;
    } catch (IOException | RuntimeException e) {
      return null; // the strict reader reports it, with the parser's location
    }
  }

  /**
   * The node of the value whose first token {@code p} is at, as {@code readTree} builds it; {@code
   * p} ends on its last token.
   */
  static JsonNode build(JsonParser p, JsonToken token) throws IOException {
    return new DocumentTree(null, p, List.of(), Set.of()).value(token, false);
  }

  /**
   * The document with each flat object replaced by {@code {}}, as a stream over the original bytes:
   * the parser checks everything around the flat objects, which {@link FlatObject#scan} checked.
   */
  private static InputStream withoutFlats(byte[] json, List<FlatObject> flats) {
    List<InputStream> pieces = new ArrayList<>();
    int from = 0;
    for (FlatObject f : flats) {
      pieces.add(new ByteArrayInputStream(json, from, f.start() - from));
      pieces.add(new ByteArrayInputStream(EMPTY_OBJECT));
      from = f.end();
    }
    pieces.add(new ByteArrayInputStream(json, from, json.length - from));
    return new SequenceInputStream(Collections.enumeration(pieces));
  }

  /** The offset in the document of offset {@code x} of what the parser reads. */
  private int original(long x) {
    long shift = 0;
    for (FlatObject f : flats) {
      long at = f.start() - shift;
      if (x < at) {
        break;
      }
      if (x == at) {
        return f.start();
      }
      if (x == at + 1) {
        return f.end() - 1;
      }
      shift += f.end() - f.start() - EMPTY_OBJECT.length;
    }
    return Math.toIntExact(x + shift);
  }

  private JsonNode value(JsonToken token, boolean defer) throws IOException {
    switch (token) {
      case START_OBJECT:
        {
          ObjectNode o = NODES.objectNode();
          for (JsonToken t = parser.nextToken();
              t != JsonToken.END_OBJECT;
              t = parser.nextToken()) {
            String name = parser.currentName();
            JsonToken v = parser.nextToken();
            JsonNode child =
                defer
                        && json != null // only a whole document defers
                        && bulkFields.contains(name)
                        && (v == JsonToken.START_OBJECT || v == JsonToken.START_ARRAY)
                    ? deferred(json, v == JsonToken.START_OBJECT)
                    : value(v, defer);
            if (o.replace(name, child) != null) {
              vouched = false; // a duplicate field: the strict reader names it
            }
          }
          return o;
        }
      case START_ARRAY:
        {
          ArrayNode a = NODES.arrayNode();
          for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
            a.add(value(t, defer));
          }
          return a;
        }
      case VALUE_STRING:
        return NODES.textNode(parser.getText());
      case VALUE_NUMBER_INT:
        return NODES.numberNode(parser.getBigIntegerValue());
      case VALUE_NUMBER_FLOAT:
        return parser.getNumberType() == JsonParser.NumberType.BIG_DECIMAL
            ? NODES.numberNode(parser.getDecimalValue())
            : NODES.numberNode(parser.getDoubleValue());
      case VALUE_TRUE:
        return NODES.booleanNode(true);
      case VALUE_FALSE:
        return NODES.booleanNode(false);
      case VALUE_NULL:
        return NODES.nullNode();
      default:
        throw new IllegalStateException("unexpected token " + token + " in a JSON document");
    }
  }

  /**
   * Walks a container without building it, checking what the tree reader would (duplicate fields,
   * well-formed text), and returns it as a lazy node, or as an ordinary one when it is small.
   */
  private JsonNode deferred(byte[] document, boolean object) throws IOException {
    int start = original(parser.currentTokenLocation().getByteOffset());
    for (FlatObject f : flats) {
      if (object && f.start() == start) {
        if (parser.nextToken() != JsonToken.END_OBJECT) {
          throw new IllegalStateException("a flat object's placeholder is not {}");
        }
        return new LazyObjectNode(document, f);
      }
    }
    NameHashes names = object ? new NameHashes() : null;
    Deque<Set<String>> nested = new ArrayDeque<>();
    int members = 0;
    int depth = 1;
    while (depth > 0) {
      JsonToken t = parser.nextToken();
      switch (t) {
        case START_OBJECT -> {
          depth++;
          nested.push(new HashSet<>());
        }
        case START_ARRAY -> depth++;
        case END_OBJECT -> {
          depth--;
          if (depth > 0) {
            nested.pop();
          }
        }
        case END_ARRAY -> depth--;
        case FIELD_NAME -> {
          String name = parser.currentName();
          boolean fresh = depth == 1 ? names != null && names.add(name) : nested.peek().add(name);
          vouched &= fresh && CanonicalBytes.isWellFormed(name);
        }
        case VALUE_STRING -> vouched &= CanonicalBytes.isWellFormed(parser.getText());
        default -> {}
      }
      if (depth == 1 && t != JsonToken.FIELD_NAME && (t.isScalarValue() || t.isStructEnd())) {
        members++;
      }
    }
    int end = original(parser.currentTokenLocation().getByteOffset()) + 1;
    if (members < MIN_DEFERRED) {
      try (JsonParser p = SPANS.createParser(document, start, end - start)) {
        return build(p, p.nextToken());
      }
    }
    return object
        ? new LazyObjectNode(document, start, end, members)
        : new LazyArrayNode(document, start, end, members);
  }

  /**
   * An open-addressing set of 64-bit hashes of field names; a repeated hash counts as a repeated
   * name.
   */
  private static final class NameHashes {
    private long[] slots = new long[1 << 12];
    private int size;

    boolean add(String name) {
      long h = hash(name) | 1; // 0 marks an empty slot
      if (2L * (size + 1) > slots.length) {
        grow();
      }
      int mask = slots.length - 1;
      for (int i = (int) (h >>> 40) & mask; ; i = (i + 1) & mask) {
        if (slots[i] == 0) {
          slots[i] = h;
          size++;
          return true;
        }
        if (slots[i] == h) {
          return false;
        }
      }
    }

    private void grow() {
      long[] old = slots;
      slots = new long[old.length * 2];
      int mask = slots.length - 1;
      for (long h : old) {
        if (h != 0) {
          int i = (int) (h >>> 40) & mask;
          while (slots[i] != 0) {
            i = (i + 1) & mask;
          }
          slots[i] = h;
        }
      }
    }

    private static long hash(String s) {
      long h = 0x9E3779B97F4A7C15L ^ s.length();
      for (int i = 0, n = s.length(); i < n; i++) {
        h = (h ^ s.charAt(i)) * 0x100000001B3L;
      }
      h ^= h >>> 33;
      h *= 0xFF51AFD7ED558CCDL;
      h ^= h >>> 33;
      h *= 0xC4CEB9FE1A85EC53L;
      return h ^ (h >>> 33);
    }
  }
}
