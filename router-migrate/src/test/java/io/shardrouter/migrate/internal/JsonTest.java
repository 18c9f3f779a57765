package io.shardrouter.migrate.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.Spec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The reader and writer of the module's documents (state files, the transition object): the values
 * each JSON form reads as, the exact text written, and every refusal with the document's name and
 * the offset where the text went wrong.
 */
class JsonTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20_261_206L);

  private static void assertRefused(String text, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Json.parse(text, "state.json"));
    assertEquals("state.json: " + message, e.getMessage(), text);
  }

  @Test
  void parse_everyKindOfValue_readsAsItsJavaType() {
    Object v =
        Json.parse(
            " {\"n\":-12,\"big\":9223372036854775807,\"d\":2.5,\"e\":1e+3,\"E\":-2E-2,"
                + "\"t\":true,\"f\":false,\"z\":null,\"s\":\"x\",\"a\":[1,[],{}],\"o\":{\"k\":[\"v\"]}}\n",
            "doc");
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("n", -12L);
    expected.put("big", Long.MAX_VALUE);
    expected.put("d", 2.5);
    expected.put("e", 1000.0);
    expected.put("E", -0.02);
    expected.put("t", true);
    expected.put("f", false);
    expected.put("z", null);
    expected.put("s", "x");
    expected.put("a", List.of(1L, List.of(), Map.of()));
    expected.put("o", Map.of("k", List.of("v")));
    assertEquals(expected, v);
    assertEquals(
        List.copyOf(expected.keySet()),
        List.copyOf(((Map<?, ?>) v).keySet()),
        "fields keep their order");
    assertEquals(Long.class, ((Map<?, ?>) v).get("n").getClass());
    assertEquals(Double.class, ((Map<?, ?>) v).get("e").getClass());
  }

  @Test
  void parse_whitespaceAroundEveryToken_isIgnored() {
    Object v = Json.parse(" \t\r\n[ 1 , { \"k\" : [ ] , \"l\" : { } } , \"s\" ] \n", "doc");
    assertEquals(List.of(1L, Map.of("k", List.of(), "l", Map.of()), "s"), v);
    assertEquals(Map.of(), Json.parse("{ }", "doc"));
    assertEquals(List.of(), Json.parse("[ ]", "doc"));
    assertEquals(7L, Json.parse("  7  ", "doc"));
  }

  @Test
  void parse_escapes_readAsTheirCharacters() {
    assertEquals(
        "a\nb\tc\rd\be\ff\"g\\h/i\u00e9j\u20ack",
        Json.parse("\"a\\nb\\tc\\rd\\be\\ff\\\"g\\\\h\\/i\\u00e9j\\u20ACk\"", "doc"));
    assertEquals("\u0001", Json.parse("\"\\u0001\"", "doc"));
    assertEquals("\u00ff\uffff", Json.parse("\"\\u00ff\\uFFFF\"", "doc"), "f is a hex digit");
  }

  @Test
  void parse_malformedText_isRefusedNamingTheDocumentAndTheOffset() {
    assertRefused("", "unexpected end at offset 0");
    assertRefused("   ", "unexpected end at offset 3");
    assertRefused("1 x", "trailing characters at offset 2");
    assertRefused("{} {}", "trailing characters at offset 3");
    assertRefused("{1:2}", "expected a field name at offset 1");
    assertRefused("{", "expected a field name at offset 1");
    assertRefused("{\"a\":1,}", "expected a field name at offset 7");
    assertRefused("{\"a\" 1}", "expected ':' at offset 6");
    assertRefused("{\"a\":1,\"a\":2}", "field 'a' appears twice at offset 12");
    assertRefused("{\"a\":1 \"b\":2}", "expected ',' or '}' at offset 8");
    assertRefused("{\"a\":1", "unexpected end at offset 6");
    assertRefused("[1 2]", "expected ',' or ']' at offset 4");
    assertRefused("[1,", "unexpected end at offset 3");
    assertRefused("[1", "unexpected end at offset 2");
    assertRefused("\"ab", "unexpected end at offset 3");
    assertRefused("\"a\\", "unexpected end at offset 3");
    assertRefused("\"\\u00e", "short \\u escape at offset 3");
    assertRefused("\"\\u00e\"", "\\u escape needs 4 hex digits, got '00e\"' at offset 3");
    assertRefused("\"\\u+0e9\"", "\\u escape needs 4 hex digits, got '+0e9' at offset 3");
    assertRefused("\"\\u-001\"", "\\u escape needs 4 hex digits, got '-001' at offset 3");
    // digits of other scripts are not JSON's hex digits
    assertRefused(
        "\"\\u\uFF10\uFF10e9\"", "\\u escape needs 4 hex digits, got '\uFF10\uFF10e9' at offset 3");
    assertEquals("\u00e9\u00e9", Json.parse("\"\\u00E9\\u00e9\"", "doc"), "either case");
    assertRefused("tru", "expected true at offset 0");
    assertRefused("[fals]", "expected false at offset 1");
    assertRefused("nul", "expected null at offset 0");
    assertRefused("x", "expected a value at offset 0");
    assertRefused("[1,}", "expected a value at offset 3");
    assertRefused(
        "1.2.3",
        "'1.2.3' is not a number this reader takes (integers must fit a long) at offset 5");
    assertRefused(
        "9223372036854775808",
        "'9223372036854775808' is not a number this reader takes (integers must fit a long)"
            + " at offset 19");
  }

  @Test
  void write_everyKindOfValue_asCompactJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("z", null);
    m.put("s", "a\"b");
    m.put("n", 42L);
    m.put("i", 7);
    m.put("d", 2.5);
    m.put("t", true);
    m.put("l", Arrays.asList(1L, "x", null, List.of(), Map.of()));
    m.put("o", new LinkedHashMap<>(Map.of("k", false)));
    assertEquals(
        "{\"z\":null,\"s\":\"a\\\"b\",\"n\":42,\"i\":7,\"d\":2.5,\"t\":true,"
            + "\"l\":[1,\"x\",null,[],{}],\"o\":{\"k\":false}}",
        Json.write(m));
    assertEquals("[]", Json.write(List.of()));
    assertEquals("{}", Json.write(Map.of()));
    assertEquals("null", Json.write(null));
    StringBuilder sb = new StringBuilder("x=");
    Json.write(sb, List.of(1L, 2L));
    assertEquals("x=[1,2]", sb.toString());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Json.write(List.of(new Object())));
    assertEquals("cannot write java.lang.Object as JSON", e.getMessage());
  }

  @Test
  void write_text_isEscapedAsEveryDocument_andReadsBack() {
    System.out.println("JsonTest seed " + SEED);
    SplittableRandom rnd = new SplittableRandom(SEED);
    char[] special = {'"', '\\', '/', '\n', '\t', '\r', '\b', '\f', 0x01, 0x1F, 0x7F, 0xE9, 0x20AC};
    for (int n = 0; n < 2_000; n++) {
      StringBuilder sb = new StringBuilder();
      int len = rnd.nextInt(10);
      for (int i = 0; i < len; i++) {
        sb.append(
            rnd.nextBoolean()
                ? (char) ('a' + rnd.nextInt(26))
                : special[rnd.nextInt(special.length)]);
      }
      String s = sb.toString();
      String text = Json.write(s);
      assertEquals(Spec.of(s).toString(), text, "seed " + SEED);
      assertEquals(s, Json.parse(text, "doc"), () -> "seed " + SEED + ": " + text);
      List<Object> nested = new ArrayList<>();
      nested.add(Map.of(s, s));
      assertEquals(nested, Json.parse(Json.write(nested), "doc"), text);
    }
  }
}
