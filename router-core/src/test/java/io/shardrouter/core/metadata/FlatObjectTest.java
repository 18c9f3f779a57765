package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link FlatObject} reads only objects of the simplest form, exactly as the parser would, and
 * leaves everything else to the parser; {@link DocumentTree} gives the same tree either way.
 */
class FlatObjectTest {
  /** The bulk field of the lookup strategy, the one large documents have. */
  private static final java.util.Set<String> BULK = java.util.Set.of("entries");

  private static final ObjectMapper OLD =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
  private static final JsonFactory FAST =
      new JsonFactory().disable(JsonFactory.Feature.INTERN_FIELD_NAMES);

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static FlatObject scan(String object) {
    return FlatObject.scan(utf8(object), 0);
  }

  private static List<String> members(FlatObject o) {
    List<String> out = new ArrayList<>();
    o.forEach(
        (json, off, len, value) ->
            out.add(new String(json, off, len, StandardCharsets.US_ASCII) + "=" + value));
    return out;
  }

  @Test
  void scan_flatObject_membersInOrderWithValues() {
    FlatObject o = scan("{ \"b\" : 7,\n\t\"a\":0 ,\"\":123456789012345678\r}");
    assertNotNull(o);
    assertEquals(3, o.size());
    assertEquals(2, o.nameBytes());
    assertEquals(List.of("b=7", "a=0", "=123456789012345678"), members(o));
    assertEquals(0, scan("{ }").size());
  }

  @Test
  void scan_namesInKeyOrderOrNot_repeatsFoundEitherWay() {
    // Ascending (unsigned bytes, a prefix first): distinct without the hash check.
    assertEquals(
        List.of("a=1", "ab=2", "b=3", "~=4"), members(scan("{\"a\":1,\"ab\":2,\"b\":3,\"~\":4}")));
    // Out of order from some member on: read again with the hash check, which finds the repeat
    // however far back its first occurrence is.
    assertNull(scan("{\"a\":1,\"b\":2,\"c\":3,\"a\":4}"));
    assertNull(scan("{\"a\":1,\"b\":2,\"b\":3}")); // equal to the one before: not above it
    assertEquals(List.of("b=1", "a=2", "c=3"), members(scan("{\"b\":1,\"a\":2,\"c\":3}")));
    // Still refused after the order breaks, for anything but the simplest form.
    assertNull(scan("{\"b\":1,\"a\":2,\"c\":-3}"));
  }

  @Test
  void scan_anythingButTheSimplestForm_leftToTheParser() {
    String[] refused = {
      "{\"a\\u0041\":1}", // an escape
      "{\"caf\u00e9\":1}", // a non-ASCII name
      "{\"a\":{\"partition\":1}}", // a nested value
      "{\"a\":-1}", // a sign
      "{\"a\":1.5}", // a fraction
      "{\"a\":1e3}", // an exponent
      "{\"a\":01}", // a leading zero
      "{\"a\":1234567890123456789}", // 19 digits
      "{\"a\":\"1\"}", // a string value
      "{\"a\":1,\"a\":2}", // a repeated name
      "{\"a\":1,}", // a trailing comma
      "{\"a\":1 \"b\":2}", // a missing comma
      "{\"a\" 1}", // a missing colon
      "{\"a\":}", // a missing value
      "{\"a\tb\":1}", // a control character
      "{\"a\":1", // truncated after a value
      "{\"a\":1,\"b", // truncated in a name
      "{" // truncated at the start
    };
    for (String s : refused) {
      assertNull(scan(s), s);
    }
    assertNull(scan("{\"" + "k".repeat(FlatObject.MAX_NAME_BYTES + 1) + "\":1}"));
    assertNotNull(scan("{\"" + "k".repeat(FlatObject.MAX_NAME_BYTES) + "\":1}"));
  }

  @Test
  void repeats_findsEveryRepeatedHash() {
    SplittableRandom rnd = new SplittableRandom(7);
    long[] h = new long[50_000];
    for (int i = 0; i < h.length; i++) {
      h[i] = rnd.nextLong();
    }
    assertFalse(FlatObject.repeats(h, h.length));
    h[49_999] = h[3];
    assertTrue(FlatObject.repeats(h, h.length));
    assertFalse(FlatObject.repeats(h, 49_999)); // only the first count are looked at
  }

  @Test
  void findAll_onlyLargeFlatEntriesObjects() {
    String big = entries(1500, "");
    String doc =
        "{\"note\":\"\\\"entries\\\":{}\",\"a\":{\"entries\":"
            + big
            + "},\"b\":{\"entries\":"
            + entries(10, "")
            + "},\"c\":{\"entries\":"
            + entries(1500, "\"x\\u0041\":1,")
            + "},\"entries\":"
            + big
            + "}";
    byte[] json = utf8(doc);
    List<FlatObject> found = FlatObject.findAll(json, "entries", 1024);
    assertEquals(2, found.size());
    assertEquals(doc.indexOf(big), found.get(0).start());
    assertEquals(doc.lastIndexOf(big), found.get(1).start());
    assertEquals(doc.lastIndexOf(big) + big.length(), found.get(1).end());
  }

  @Test
  void documentTree_defersExactlyTheFieldsTheStrategiesDeclareBulk() throws Exception {
    String doc =
        "{\"strategy\":{\"directory\":"
            + entries(2000, "")
            + "},\"entries\":"
            + entries(2000, "")
            + "}";
    JsonNode custom = DocumentTree.read(utf8(doc), FAST, java.util.Set.of("directory"));
    assertInstanceOf(LazyObjectNode.class, custom.get("strategy").get("directory"));
    assertFalse(custom.get("entries") instanceof LazyObjectNode, "entries is no bulk field here");
    JsonNode none = DocumentTree.read(utf8(doc), FAST, java.util.Set.of());
    assertFalse(none.get("strategy").get("directory") instanceof LazyObjectNode);
    assertFalse(none.get("entries") instanceof LazyObjectNode);
    assertEquals(OLD.readTree(doc), custom);
    assertEquals(OLD.readTree(doc), none);
  }

  @Test
  void documentTree_flatEntries_sameTreeAsReadTree() throws Exception {
    String doc =
        "{\"strategy\":{\"entries\":"
            + entries(2000, "")
            + ",\"fallback\":{\"entries\":"
            + entries(1200, "\"q\\u0041\":{\"partition\":3},")
            + "}},\"placement\":[\"g0\"],\"entries\":"
            + entries(1100, "")
            + "}";
    JsonNode tree = DocumentTree.read(utf8(doc), FAST, BULK);
    assertNotNull(tree);
    JsonNode expected = OLD.readTree(doc);
    assertTrue(tree.equals(expected));
    assertEquals(expected.toString(), tree.toString());
    LazyObjectNode flat =
        assertInstanceOf(LazyObjectNode.class, tree.get("strategy").get("entries"));
    assertNotNull(flat.flat());
    assertEquals(2000, flat.flat().size());
    assertEquals("k1999", flat.fieldNameAt(1999));
    LazyObjectNode nested =
        assertInstanceOf(LazyObjectNode.class, tree.get("strategy").get("fallback").get("entries"));
    assertNull(nested.flat()); // an escape and an entry object: read by the parser
    assertNotNull(((LazyObjectNode) tree.get("entries")).flat());
    assertEquals(1100, tree.get("entries").size());
  }

  @Test
  void documentTree_brokenDocumentAroundFlatEntries_notVouched() {
    String ok = "{\"strategy\":{\"entries\":" + entries(2000, "") + "}}";
    assertNotNull(DocumentTree.read(utf8(ok), FAST, BULK));
    // A syntax error after the flat object, and a repeated name in it: the strict reader reports.
    assertNull(DocumentTree.read(utf8(ok.substring(0, ok.length() - 1) + ",}"), FAST, BULK));
    assertNull(
        DocumentTree.read(
            utf8("{\"strategy\":{\"entries\":" + entries(2000, "\"k7\":1,") + "}}"), FAST, BULK));
  }

  /**
   * An object of {@code n} members "k0": 0 ... preceded by {@code first} (a member and a comma).
   */
  private static String entries(int n, String first) {
    StringBuilder sb = new StringBuilder("{").append(first);
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(i % 1000);
    }
    return sb.append('}').toString();
  }
}
