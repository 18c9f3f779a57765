package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link FlatObject} at the bounds of its form: a space is a name character, 18 digits are the
 * longest value, a document may end anywhere after a wanted field's name, several field names are
 * looked for at once, and thousands of distinct names are told apart (a large directory stays on
 * the fast path).
 */
class FlatObjectBoundsTest {

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void emptyObject_endsPastItsBrace() {
    FlatObject o = FlatObject.scan(utf8("{ }, "), 0);
    assertEquals(0, o.start());
    assertEquals(3, o.end());
    assertEquals(0, o.size());
  }

  @Test
  void nameWithASpace_isFlat_controlCharacterIsNot() {
    FlatObject o = FlatObject.scan(utf8("{\"a b\": 1}"), 0);
    assertNotNull(o);
    assertEquals(3, o.nameBytes());
    assertNull(FlatObject.scan(utf8("{\"a\u001fb\": 1}"), 0));
  }

  @Test
  void eighteenDigits_flat_nineteenNot() {
    assertNotNull(FlatObject.scan(utf8("{\"a\": 999999999999999999}"), 0));
    assertNull(FlatObject.scan(utf8("{\"a\": 1000000000000000000}"), 0));
  }

  @Test
  void documentEndingInsideAnObject_notFlat() {
    for (String cut : new String[] {"{\"a\"", "{\"a\" ", "{\"a\":", "{\"a\": 1", "{\"a\": 1,"}) {
      assertNull(FlatObject.scan(utf8(cut), 0), cut);
    }
  }

  @Test
  void findAll_documentEndingAfterTheName_findsNothing() {
    for (String doc :
        new String[] {"{\"entries\"", "{\"entries\" ", "{\"entries\":", "{\"entries\": "}) {
      assertEquals(List.of(), FlatObject.findAll(utf8(doc), "entries", 0), doc);
    }
  }

  @Test
  void findAll_severalNames_inDocumentOrder() {
    byte[] doc =
        utf8(
            "{\"tenants\": {\"t1\": 1, \"t2\": 2}, \"other\": {\"x\": 1}, \"entries\": {\"k\": 3}}");
    List<FlatObject> found = FlatObject.findAll(doc, Set.of("entries", "tenants"), 1);
    assertEquals(List.of(2, 1), found.stream().map(FlatObject::size).toList());
    assertEquals(12, found.get(0).start());
  }

  @Test
  void findAll_minMembers_isInclusive() {
    byte[] doc = utf8("{\"entries\": {\"a\": 1, \"b\": 2}}");
    assertEquals(1, FlatObject.findAll(doc, "entries", 2).size());
    assertEquals(0, FlatObject.findAll(doc, "entries", 3).size());
  }

  @Test
  void thousandsOfDistinctNames_allToldApart() {
    for (String prefix : new String[] {"k", "name-", "a-rather-longer-key-"}) {
      StringBuilder sb = new StringBuilder("{");
      int n = 3000;
      for (int i = 0; i < n; i++) {
        sb.append(i == 0 ? "" : ",").append('"').append(prefix).append(i).append("\":").append(i);
      }
      FlatObject o = FlatObject.scan(utf8(sb.append('}').toString()), 0);
      assertNotNull(o, "distinct names " + prefix + "0.." + (n - 1) + " taken for a repeat");
      assertEquals(n, o.size());
    }
    // And a repeat among them is found.
    assertNull(FlatObject.scan(utf8("{\"name-17\": 1, \"name-18\": 2, \"name-17\": 3}"), 0));
  }
}
