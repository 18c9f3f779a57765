package io.shardrouter.migrate.internal;

import io.shardrouter.core.Spec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A small JSON reader and writer for the module's own documents (state files, the transition
 * object, routing documents with one): objects become {@code LinkedHashMap}, arrays {@code
 * ArrayList}, integers {@code Long}, other numbers {@code Double}, and text, booleans and null as
 * themselves.
 *
 * <p><b>Stability:</b> internal.
 */
public final class Json {
  private final String text;
  private final String what;
  private int at;

  private Json(String text, String what) {
    this.text = text;
    this.what = what;
  }

  /**
   * Parses a document.
   *
   * @param text the JSON text
   * @param what names the document in error messages
   * @return the value
   * @throws IllegalArgumentException naming the offset when the text is not JSON of this subset
   */
  public static @Nullable Object parse(String text, String what) {
    Json j = new Json(text, what);
    Object v = j.value();
    j.space();
    if (j.at != text.length()) {
      throw j.error("trailing characters");
    }
    return v;
  }

  /** Appends {@code v} as JSON to {@code out}. */
  public static void write(StringBuilder out, @Nullable Object v) {
    if (v == null) {
      out.append("null");
    } else if (v instanceof String s) {
      quote(out, s);
    } else if (v instanceof Number || v instanceof Boolean) {
      out.append(v);
    } else if (v instanceof Map<?, ?> m) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) {
          out.append(',');
        }
        first = false;
        quote(out, String.valueOf(e.getKey()));
        out.append(':');
        write(out, e.getValue());
      }
      out.append('}');
    } else if (v instanceof List<?> l) {
      out.append('[');
      for (int i = 0; i < l.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        write(out, l.get(i));
      }
      out.append(']');
    } else {
      throw new IllegalArgumentException("cannot write " + v.getClass().getName() + " as JSON");
    }
  }

  /** {@code v} as JSON text. */
  public static String write(Object v) {
    StringBuilder sb = new StringBuilder();
    write(sb, v);
    return sb.toString();
  }

  /** {@code s} as a JSON string, escaped as every document is ({@link Spec#toString()}). */
  private static void quote(StringBuilder out, String s) {
    out.append(Spec.of(s));
  }

  private @Nullable Object value() {
    space();
    if (at >= text.length()) {
      throw error("unexpected end");
    }
    char c = text.charAt(at);
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", null);
      default:
        return number();
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> m = new LinkedHashMap<>();
    at++;
    space();
    if (peek() == '}') {
      at++;
      return m;
    }
    while (true) {
      space();
      if (peek() != '"') {
        throw error("expected a field name");
      }
      String k = string();
      space();
      expect(':');
      if (m.put(k, value()) != null) {
        throw error("field '" + k + "' appears twice");
      }
      space();
      char c = next();
      if (c == '}') {
        return m;
      }
      if (c != ',') {
        throw error("expected ',' or '}'");
      }
    }
  }

  private List<Object> array() {
    List<Object> l = new ArrayList<>();
    at++;
    space();
    if (peek() == ']') {
      at++;
      return l;
    }
    while (true) {
      l.add(value());
      space();
      char c = next();
      if (c == ']') {
        return l;
      }
      if (c != ',') {
        throw error("expected ',' or ']'");
      }
    }
  }

  private String string() {
    at++;
    StringBuilder sb = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return sb.toString();
      }
      if (c == '\\') {
        char e = next();
        switch (e) {
          case 'n':
            sb.append('\n');
            break;
          case 't':
            sb.append('\t');
            break;
          case 'r':
            sb.append('\r');
            break;
          case 'b':
            sb.append('\b');
            break;
          case 'f':
            sb.append('\f');
            break;
          case 'u':
            if (at + 4 > text.length()) {
              throw error("short \\u escape");
            }
            sb.append(hexEscape());
            at += 4;
            break;
          default:
            sb.append(e);
        }
      } else {
        sb.append(c);
      }
    }
  }

  /**
   * The character of the four hex digits at {@code at}: exactly four ASCII hex digits, no sign (as
   * {@code Integer.parseInt} would take), refused naming the offset.
   */
  private char hexEscape() {
    int c = 0;
    for (int i = at; i < at + 4; i++) {
      int d = Character.digit(text.charAt(i), 16);
      if (d < 0 || text.charAt(i) > 'f') {
        throw error("\\u escape needs 4 hex digits, got '" + text.substring(at, at + 4) + "'");
      }
      c = c << 4 | d;
    }
    return (char) c;
  }

  private @Nullable Object literal(String word, @Nullable Object v) {
    if (!text.startsWith(word, at)) {
      throw error("expected " + word);
    }
    at += word.length();
    return v;
  }

  private Object number() {
    int start = at;
    boolean integral = true;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
      char c = text.charAt(at);
      if (c == '.' || c == 'e' || c == 'E') {
        integral = false;
      }
      at++;
    }
    if (start == at) {
      throw error("expected a value");
    }
    String n = text.substring(start, at);
    try {
      return integral ? (Object) Long.parseLong(n) : (Object) Double.parseDouble(n);
    } catch (NumberFormatException e) {
      throw error("'" + n + "' is not a number this reader takes (integers must fit a long)");
    }
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  private char peek() {
    return at < text.length() ? text.charAt(at) : '\0';
  }

  private char next() {
    if (at >= text.length()) {
      throw error("unexpected end");
    }
    return text.charAt(at++);
  }

  private void expect(char c) {
    if (next() != c) {
      throw error("expected '" + c + "'");
    }
  }

  private IllegalArgumentException error(String msg) {
    return new IllegalArgumentException(what + ": " + msg + " at offset " + at);
  }
}
