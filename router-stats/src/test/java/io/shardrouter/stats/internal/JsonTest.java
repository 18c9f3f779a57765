package io.shardrouter.stats.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The reader of the statistics, capacity and report files: every value it accepts, the exact
 * message of every syntax error (offset, what was expected, what was found), and quoting that reads
 * back as the same text.
 */
class JsonTest {
  @Test
  void parse_everyKindOfValue() {
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("s", "a\"\\/\b\f\n\r\tAé");
    expected.put("n", -12L);
    expected.put("d", 2.5e3);
    expected.put("t", true);
    expected.put("f", false);
    expected.put("z", null);
    expected.put("a", List.of(1L, List.of(), Map.of()));
    Object v =
        Json.parse(
            " {\"s\": \"a\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\", \"n\":-12,\"d\":2.5e3,"
                + " \"t\":true, \"f\" : false,\"z\":null, \"a\" :[ 1 , [ ] , { } ] }\n");
    assertEquals(expected, v);
    assertEquals(List.copyOf(expected.keySet()), List.copyOf(((Map<?, ?>) v).keySet()));
    assertEquals(0.5, Json.parse("0.5"));
    assertEquals(-1e-2, Json.parse("-1E-2"));
    assertEquals(10.0, Json.parse("1e+1"));
    assertEquals(Long.MIN_VALUE, Json.parse("-9223372036854775808"));
    assertNull(Json.parse("null"));
    assertEquals("", Json.parse("\"\""));
  }

  @Test
  void parse_syntaxErrors_nameTheOffsetAndWhatWasExpected() {
    refused("", "not valid JSON at offset 0: expected a value, found the end");
    refused("   ", "not valid JSON at offset 3: expected a value, found the end");
    refused("x", "not valid JSON at offset 0: expected a value, found 'x'");
    refused("tru", "not valid JSON at offset 0: expected a value, found 't'");
    refused("nul", "not valid JSON at offset 0: expected a value, found 'n'");
    refused("falsy", "not valid JSON at offset 0: expected a value, found 'f'");
    refused("1 2", "not valid JSON at offset 2: expected end of input, found '2'");
    refused(
        "{\"a\":1,}",
        "not valid JSON at offset 7: expected a field name in double quotes," + " found '}'");
    refused(
        "{a:1}",
        "not valid JSON at offset 1: expected a field name in double quotes," + " found 'a'");
    refused("{\"a\" 1}", "not valid JSON at offset 5: expected ':', found '1'");
    refused("{\"a\":1 \"b\":2}", "not valid JSON at offset 7: expected '}', found '\"'");
    refused("{\"a\":1", "not valid JSON at offset 6: expected '}', found the end");
    refused(
        "{\"a\":1,\"a\":2}",
        "not valid JSON at offset 11: expected no second field 'a'," + " found '2'");
    refused("[1 2]", "not valid JSON at offset 3: expected ']', found '2'");
    refused("[1,]", "not valid JSON at offset 3: expected a value, found ']'");
    refused("[", "not valid JSON at offset 1: expected a value, found the end");
    refused("\"abc", "not valid JSON at offset 4: expected a closing double quote, found the end");
    refused("\"a\\", "not valid JSON at offset 3: expected an escape, found the end");
    refused(
        "\"a\\x\"",
        "not valid JSON at offset 3: expected an escape (\\\" \\\\ \\/ \\b \\f \\n"
            + " \\r \\t \\u and four hex digits), found 'x'");
    refused("\"\\u12\"", "not valid JSON at offset 3: expected four hex digits, found '1'");
    refused(
        "\"\\u0041", "not valid JSON at offset 7: expected a closing double quote, found the end");
    refused("\"\\u12g4\"", "not valid JSON at offset 3: expected four hex digits, found '1'");
    refused(
        "\"a\tb\"",
        "not valid JSON at offset 2: expected no control character inside a"
            + " string, found '\t'");
    refused("1.2.3", "not valid JSON at offset 0: expected a number (got '1.2.3'), found '1'");
    refused("-", "not valid JSON at offset 0: expected a number (got '-'), found '-'");
    refused(
        "99999999999999999999",
        "not valid JSON at offset 0: expected a number (got"
            + " '99999999999999999999'), found '9'");
  }

  @Test
  void parse_nesting_64LevelsBelowTheTop_more_refused() {
    assertEquals(List.of(), unwrap(Json.parse(nested(65)), 65));
    refused(
        nested(66),
        "not valid JSON at offset 65: expected at most 64 levels of nesting," + " found '['");
  }

  @Test
  void quote_escapesWhatJsonNeeds_andReadsBackAsTheSameText() {
    assertEquals("\"\"", Json.quote(""));
    assertEquals("\"a\\\"b\\\\c\\nd\\re\\tf\"", Json.quote("a\"b\\c\nd\re\tf"));
    assertEquals( // the canonical escaping: short forms, upper-case hex, DEL and U+2028 as they are
        "\"\\u0000\\b\\f\\u001F\u007F\u2028\u2029\u2027\u202a\"",
        Json.quote("\u0000\b\f\u001f\u007f\u2028\u2029\u2027\u202a"));
    assertEquals("\"é/\"", Json.quote("é/"));
    StringBuilder all = new StringBuilder();
    for (char c = 0; c < 0x2100; c++) {
      all.append(c);
    }
    assertEquals(all.toString(), Json.parse(Json.quote(all.toString())));
  }

  @Test
  void number_integersPlain_fractionsToSixDecimals_nonFiniteAsNull() {
    assertEquals("0", Json.number(0));
    assertEquals("-3", Json.number(-3));
    assertEquals("123456789012345", Json.number(123456789012345d));
    assertEquals("1000000000000000", Json.number(1e15));
    assertEquals("100000000000000000000", Json.number(1e20));
    assertEquals("0.333333", Json.number(1.0 / 3));
    assertEquals("2.5", Json.number(2.5));
    assertEquals("-0.000001", Json.number(-0.000001));
    assertEquals("0", Json.number(0.0000001));
    assertEquals("null", Json.number(Double.NaN));
    assertEquals("null", Json.number(Double.POSITIVE_INFINITY));
    assertEquals("null", Json.number(Double.NEGATIVE_INFINITY));
  }

  @Test
  void parse_nestedObjects_countTheSameLevels() {
    // the value inside the 64th object is the 65th level, as the innermost of 65 arrays is
    Object v = Json.parse("{\"a\":".repeat(64) + "1" + "}".repeat(64));
    for (int i = 0; i < 64; i++) {
      v = ((Map<?, ?>) v).get("a");
    }
    assertEquals(1L, v);
    refused(
        "{\"a\":".repeat(65) + "1" + "}".repeat(65),
        "not valid JSON at offset 325: expected at most 64 levels of nesting, found '1'");
  }

  private static String nested(int depth) {
    char[] open = new char[depth];
    char[] close = new char[depth];
    Arrays.fill(open, '[');
    Arrays.fill(close, ']');
    return new String(open) + new String(close);
  }

  private static Object unwrap(Object v, int levels) {
    for (int i = 1; i < levels; i++) {
      v = ((List<?>) v).get(0);
    }
    return v;
  }

  private static void refused(String text, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Json.parse(text), text);
    assertEquals(message, e.getMessage(), text);
  }
}
