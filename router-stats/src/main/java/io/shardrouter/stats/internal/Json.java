package io.shardrouter.stats.internal;

import io.shardrouter.core.Spec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A small JSON reader and string quoting for the statistics and analysis files: objects become
 * {@code LinkedHashMap<String, Object>}, arrays {@code List<Object>}, numbers {@code Long} when
 * integral and {@code Double} otherwise, and {@code true}, {@code false}, {@code null} themselves.
 * A syntax error is an {@code IllegalArgumentException} naming the offset and what was expected.
 *
 * <p><b>Thread-safety:</b> stateless static methods.
 */
public final class Json {
  private final String s;
  private int i;

  private Json(String s) {
    this.s = s;
  }

  /** Parses one JSON value that makes up all of {@code text}. */
  public static @Nullable Object parse(String text) {
    Json j = new Json(text);
    j.ws();
    Object v = j.value(0);
    j.ws();
    if (j.i != text.length()) {
      throw j.error("end of input");
    }
    return v;
  }

  /**
   * {@code text} as a JSON string literal, quotes included: the project's one string escaper,
   * router-core's canonical JSON ({@code Spec.toString}; docs/format.md §2).
   */
  public static String quote(String text) {
    return Spec.of(text).toString();
  }

  /** {@code d} as a JSON number: finite, at most 6 decimals. */
  public static String number(double d) {
    if (!Double.isFinite(d)) {
      return "null";
    }
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return new java.math.BigDecimal(d)
        .setScale(6, java.math.RoundingMode.HALF_EVEN)
        .stripTrailingZeros()
        .toPlainString();
  }

  private @Nullable Object value(int depth) {
    if (depth > 64) {
      throw error("at most 64 levels of nesting");
    }
    if (i >= s.length()) {
      throw error("a value");
    }
    char c = s.charAt(i);
    switch (c) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", null);
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw error("a value");
    }
  }

  private Map<String, Object> object(int depth) {
    Map<String, Object> m = new LinkedHashMap<>();
    i++;
    ws();
    if (peek('}')) {
      i++;
      return m;
    }
    while (true) {
      ws();
      if (!peek('"')) {
        throw error("a field name in double quotes");
      }
      String k = string();
      ws();
      expect(':');
      ws();
      if (m.containsKey(k)) {
        throw error("no second field '" + k + "'");
      }
      m.put(k, value(depth + 1));
      ws();
      if (peek(',')) {
        i++;
      } else {
        expect('}');
        return m;
      }
    }
  }

  private List<Object> array(int depth) {
    List<Object> a = new ArrayList<>();
    i++;
    ws();
    if (peek(']')) {
      i++;
      return a;
    }
    while (true) {
      ws();
      a.add(value(depth + 1));
      ws();
      if (peek(',')) {
        i++;
      } else {
        expect(']');
        return a;
      }
    }
  }

  private String string() {
    i++;
    StringBuilder sb = new StringBuilder();
    while (true) {
      if (i >= s.length()) {
        throw error("a closing double quote");
      }
      char c = s.charAt(i++);
      if (c == '"') {
        return sb.toString();
      }
      if (c == '\\') {
        if (i >= s.length()) {
          throw error("an escape");
        }
        char e = s.charAt(i++);
        switch (e) {
          case '"', '\\', '/' -> sb.append(e);
          case 'b' -> sb.append('\b');
          case 'f' -> sb.append('\f');
          case 'n' -> sb.append('\n');
          case 'r' -> sb.append('\r');
          case 't' -> sb.append('\t');
          case 'u' -> {
            if (i + 4 > s.length()) {
              throw error("four hex digits");
            }
            try {
              sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            } catch (NumberFormatException ex) {
              throw error("four hex digits");
            }
            i += 4;
          }
          default -> {
            i--;
            throw error("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u and four hex digits)");
          }
        }
      } else if (c < 0x20) {
        i--;
        throw error("no control character inside a string");
      } else {
        sb.append(c);
      }
    }
  }

  private Object number() {
    int start = i;
    if (peek('-')) {
      i++;
    }
    boolean integral = true;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c >= '0' && c <= '9') {
        i++;
      } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
        integral = false;
        i++;
      } else {
        break;
      }
    }
    String t = s.substring(start, i);
    try {
      if (integral) {
        return Long.parseLong(t);
      }
      return Double.parseDouble(t);
    } catch (NumberFormatException e) {
      i = start;
      throw error("a number (got '" + t + "')");
    }
  }

  private @Nullable Object literal(String word, @Nullable Object v) {
    if (!s.startsWith(word, i)) {
      throw error("a value");
    }
    i += word.length();
    return v;
  }

  private boolean peek(char c) {
    return i < s.length() && s.charAt(i) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error("'" + c + "'");
    }
    i++;
  }

  private void ws() {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
  }

  private IllegalArgumentException error(String expected) {
    String found = i < s.length() ? "'" + s.charAt(i) + "'" : "the end";
    return new IllegalArgumentException(
        "not valid JSON at offset " + i + ": expected " + expected + ", found " + found);
  }
}
