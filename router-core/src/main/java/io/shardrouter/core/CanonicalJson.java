package io.shardrouter.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The compact JSON text of a {@link Spec}: no whitespace, members in their order, and the one
 * string escaper of the project — {@code "} and {@code \} escaped, {@code \b \t \n \f \r} by their
 * short forms, every other char below U+0020 as {@code \}{@code u00XX} with upper-case hex digits,
 * everything else (U+007F, {@code /}, non-ASCII) as it is. Numbers as {@link
 * java.math.BigInteger#toString()} and {@link Double#toString(double)}. This is, char for char,
 * what the codec's JSON library writes for the same value, so a table's fingerprint, which digests
 * this text, is what it was when that library wrote it (docs/format.md §1.9).
 *
 * <p>An object view whose map implements {@link AsciiMembers} writes its members as the ready text
 * it gives: straight to the sink when it takes ASCII bytes ({@link AsciiMembers.Out}), else
 * appended char by char.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class CanonicalJson {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private CanonicalJson() {}

  /** The compact text of {@code spec}. */
  public static String of(Spec spec) {
    StringBuilder sb = new StringBuilder();
    try {
      write(spec, sb);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringBuilder does not throw
    }
    return sb.toString();
  }

  /** Appends the compact text of {@code spec} to {@code out}, each member read once. */
  public static void write(Spec spec, Appendable out) throws IOException {
    switch (spec.kind()) {
      case OBJECT -> {
        out.append('{');
        Map<String, Spec> fields = spec.fields();
        if (!(fields instanceof AsciiMembers text) || !text.writeMembers(ascii(out))) {
          boolean first = true;
          for (Map.Entry<String, Spec> e : fields.entrySet()) {
            if (!first) {
              out.append(',');
            }
            first = false;
            string(e.getKey(), out);
            out.append(':');
            write(e.getValue(), out);
          }
        }
        out.append('}');
      }
      case ARRAY -> {
        out.append('[');
        List<Spec> elements = spec.elements();
        for (int i = 0, n = elements.size(); i < n; i++) {
          if (i > 0) {
            out.append(',');
          }
          write(elements.get(i), out);
        }
        out.append(']');
      }
      case TEXT -> string(spec.text(), out);
      case INTEGER -> out.append(spec.bigIntegerValue().toString());
      case DECIMAL -> out.append(Double.toString(spec.doubleValue()));
      case BOOLEAN -> out.append(spec.booleanValue() ? "true" : "false");
      case NULL -> out.append("null");
    }
  }

  /** Appends {@code s} as a JSON string, quoted and escaped by the rules of the class comment. */
  public static void string(String s, Appendable out) throws IOException {
    out.append('"');
    int from = 0;
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x20 && c != '"' && c != '\\') {
        continue;
      }
      out.append(s, from, i);
      from = i + 1;
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\f' -> out.append("\\f");
        case '\r' -> out.append("\\r");
        default -> out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
      }
    }
    out.append(s, from, s.length());
    out.append('"');
  }

  /** {@code s} as a JSON string: {@link #string(String, Appendable)} into a new string. */
  public static String string(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2);
    try {
      string(s, sb);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return sb.toString();
  }

  private static AsciiMembers.Out ascii(Appendable out) {
    if (out instanceof AsciiMembers.Out direct) {
      return direct;
    }
    return (bytes, offset, length) -> {
      for (int i = offset; i < offset + length; i++) {
        out.append((char) bytes[i]);
      }
    };
  }
}
