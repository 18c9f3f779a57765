package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.testing.KeyGenerators;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DocumentTree} builds the tree {@code readTree} builds, and refuses to vouch for anything
 * unclean.
 */
class DocumentTreeTest {
  /** The bulk field of the lookup strategy, the one large documents have. */
  private static final java.util.Set<String> BULK = java.util.Set.of("entries");

  private static final ObjectMapper OLD =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
  private static final JsonFactory FAST =
      new JsonFactory().disable(JsonFactory.Feature.INTERN_FIELD_NAMES);

  private static JsonNode fast(String json) {
    return DocumentTree.read(json.getBytes(StandardCharsets.UTF_8), FAST, BULK);
  }

  @Test
  void read_randomDocuments_sameTreeAsReadTree() throws Exception {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 60; i++) {
      String json =
          new RandomJson(rnd).document(i % 3 == 0 ? 1500 + rnd.nextInt(1500) : rnd.nextInt(40));
      JsonNode expected = OLD.readTree(json);
      JsonNode actual = fast(json);
      assertNotNull(actual, "seed " + seed + ": not vouched for: " + json);
      // The lazy side is the receiver: its equals walks itself once and looks the other side up by
      // name.
      assertTrue(actual.equals(expected), "seed " + seed + ": trees differ for " + json);
      assertEquals(expected.toString(), actual.toString(), "seed " + seed);
      assertEquals(expected.hashCode(), actual.hashCode(), "seed " + seed);
    }
  }

  @Test
  void read_largeEntries_lazyAndWalkable() throws Exception {
    StringBuilder obj = new StringBuilder("{\"strategy\":{\"entries\":{");
    StringBuilder arr = new StringBuilder("{\"entries\":[");
    for (int i = 0; i < 3000; i++) {
      obj.append(i == 0 ? "" : ",")
          .append("\"k\\u0041")
          .append(i)
          .append("\":")
          .append(i % 2 == 0 ? i : "{\"partition\":" + i + "}");
      arr.append(i == 0 ? "" : ",").append("[\"k").append(i).append("\",").append(i).append(']');
    }
    JsonNode o = fast(obj.append("}}}").toString()).get("strategy").get("entries");
    LazyObjectNode lazy = assertInstanceOf(LazyObjectNode.class, o);
    assertEquals(3000, lazy.size());
    assertEquals("kA2999", lazy.fieldNameAt(2999));
    assertEquals("kA17", lazy.fieldNameAt(17));
    assertEquals(1234, lazy.get("kA1234").intValue());
    assertEquals(OLD.readTree("{\"partition\":77}"), lazy.get("kA77"));
    Iterator<String> names = lazy.fieldNames();
    for (int i = 0; i < 3000; i++) {
      assertEquals("kA" + i, names.next());
    }
    assertThrows(UnsupportedOperationException.class, () -> lazy.put("x", 1));
    assertEquals(OLD.readTree(obj.toString()).get("strategy").get("entries"), lazy.deepCopy());
    JsonNode a = fast(arr.append("]}").toString()).get("entries");
    assertInstanceOf(LazyArrayNode.class, a);
    assertEquals("k2999", a.get(2999).get(0).textValue());
    assertEquals("k5", a.get(5).get(0).textValue()); // backwards: walks again from the start
    assertEquals(6, a.get(6).get(1).intValue());
    List<JsonNode> all = new ArrayList<>();
    a.elements().forEachRemaining(all::add);
    assertEquals(3000, all.size());
  }

  @Test
  void read_smallEntries_ordinaryNodes() {
    JsonNode n = fast("{\"entries\":{\"a\":1,\"b\":[1,2]},\"x\":{\"entries\":[[\"a\",1]]}}");
    assertEquals("ObjectNode", n.get("entries").getClass().getSimpleName());
    assertEquals("ArrayNode", n.get("x").get("entries").getClass().getSimpleName());
  }

  @Test
  void read_unclean_notVouchedFor() {
    String big = bigEntries(2000);
    assertNotNull(fast("{\"entries\":{" + big + "}}"));
    assertNull(
        fast("{\"entries\":{" + big + ",\"k1999\":5}}"),
        "a duplicate name deep in deferred entries");
    assertNull(
        fast("{\"entries\":{" + big + ",\"x\":{\"a\":1,\"a\":2}}}"),
        "a duplicate inside an entry object");
    assertNull(
        fast("{\"entries\":{" + big + ",\"\\uD800x\":5}}"), "a lone surrogate in a deferred name");
    assertNull(
        fast("{\"entries\":{" + big + ",\"y\":[\"\\uDC00\"]}}"),
        "a lone surrogate in a deferred string");
    assertNull(
        fast("{\"entries\":{" + big + "}, \"entries\": 3}"), "a duplicate field next to entries");
    assertNull(fast("{\"a\":1,\"b\":{\"c\":1,\"c\":1}}"), "a duplicate in an ordinary object");
    assertNull(fast("{\"entries\":{" + big + ",}}"), "a syntax error");
    assertNull(fast("{} {}"), "trailing tokens");
    assertNull(fast(""), "no content");
  }

  private static String bigEntries(int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(i);
    }
    return sb.toString();
  }

  /**
   * Random JSON of every token kind, with an "entries" object or array of about {@code entries}
   * members.
   */
  private static final class RandomJson {
    private final SplittableRandom rnd;

    RandomJson(SplittableRandom rnd) {
      this.rnd = rnd;
    }

    String document(int entries) {
      StringBuilder sb =
          new StringBuilder("{\"format\":1,\"strategy\":{\"type\":\"lookup\",\"entries\":");
      boolean object = rnd.nextBoolean();
      sb.append(object ? '{' : '[');
      for (int i = 0; i < entries; i++) {
        sb.append(i == 0 ? "" : ",");
        if (object) {
          sb.append('"').append("key-").append(i).append(text()).append("\":");
          value(sb, 2);
        } else {
          sb.append("[\"key-").append(i).append("\",");
          value(sb, 2);
          sb.append(']');
        }
      }
      sb.append(object ? '}' : ']').append("},\"other\":");
      value(sb, 4);
      return sb.append('}').toString();
    }

    private String text() {
      String[] parts = {
        "", "a", "\\n", "\\u00e9", "\\uD83D\\uDE00", "\u00fc", "\\\"", "/", "\\u001f", "z9"
      };
      return parts[rnd.nextInt(parts.length)] + parts[rnd.nextInt(parts.length)];
    }

    private void value(StringBuilder sb, int depth) {
      String[] scalars = {
        "0",
        "-1",
        "7",
        "2147483648",
        "-9223372036854775809",
        "123456789012345678901234567890",
        "1.5",
        "-0.0",
        "1e400",
        "2.5E-3",
        "true",
        "false",
        "null",
        "\"s" + text() + "\""
      };
      int kind = depth == 0 ? 0 : rnd.nextInt(4);
      if (kind < 2) {
        sb.append(scalars[rnd.nextInt(scalars.length)]);
      } else if (kind == 2) {
        sb.append('[');
        for (int i = 0, n = rnd.nextInt(4); i < n; i++) {
          sb.append(i == 0 ? "" : ",");
          value(sb, depth - 1);
        }
        sb.append(']');
      } else {
        sb.append('{');
        for (int i = 0, n = rnd.nextInt(4); i < n; i++) {
          sb.append(i == 0 ? "" : ",").append("\"f").append(i).append(text()).append("\":");
          value(sb, depth - 1);
        }
        sb.append('}');
      }
    }
  }
}
