package io.shardrouter.core;

/**
 * Makes text taken from an input safe to print on one line of a terminal or log: every control
 * character (U+0000–U+001F, U+007F–U+009F), line and paragraph separator (U+2028, U+2029), format
 * character (Unicode category Cf: the bidirectional overrides U+202A–U+202E and U+2066–U+2069,
 * zero-width spaces and joiners, U+FEFF, the soft hyphen; beyond U+FFFF the tag characters, as the
 * escapes of both UTF-16 code units) and lone surrogate is written as a {@code \\uhhhh} escape
 * ({@code \\n}, {@code \\r}, {@code \\t} for the common three), so that a name or value quoted in
 * an error can neither start a forged line, nor send a terminal escape sequence, nor hide a
 * character that makes two texts look the same.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> internal.
 */
final class Printable {
  private Printable() {}

  /** {@code s} itself when nothing in it needs escaping, else its escaped copy. */
  static String of(String s) {
    int n = s.length();
    int i = 0;
    while (i < n && !needsEscape(s, i)) {
      i++;
    }
    if (i == n) {
      return s;
    }
    StringBuilder b = new StringBuilder(n + 16).append(s, 0, i);
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (!needsEscape(s, i)) {
        b.append(c);
      } else if (c == '\n') {
        b.append("\\n");
      } else if (c == '\r') {
        b.append("\\r");
      } else if (c == '\t') {
        b.append("\\t");
      } else {
        b.append(String.format("\\u%04x", (int) c));
      }
    }
    return b.toString();
  }

  /**
   * {@code s} as a JSON string literal that {@link #of} leaves as it is: in double quotes, with
   * {@code "} and {@code \\} escaped and every character {@link #of} would escape written as {@link
   * #of} writes it ({@code \\n}, {@code \\r}, {@code \\t}, {@code \\uhhhh}). A JSON parser reads it
   * back as {@code s}.
   */
  static String quoted(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (!needsEscape(s, i)) {
        b.append(c);
      } else if (c == '\n') {
        b.append("\\n");
      } else if (c == '\r') {
        b.append("\\r");
      } else if (c == '\t') {
        b.append("\\t");
      } else {
        b.append(String.format("\\u%04x", (int) c));
      }
    }
    return b.append('"').toString();
  }

  private static boolean needsEscape(String s, int i) {
    char c = s.charAt(i);
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029) {
      return true;
    }
    if (Character.getType(c) == Character.FORMAT) {
      // invisible: the bidirectional overrides (U+202A-U+202E, U+2066-U+2069), zero-width spaces
      // and joiners (U+200B-U+200F), U+2060-U+2064, U+FEFF, U+061C, the soft hyphen U+00AD
      return true;
    }
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= s.length()
          || !Character.isLowSurrogate(s.charAt(i + 1))
          || isFormat(c, s.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)) || isFormat(s.charAt(i - 1), c);
    }
    return false;
  }

  /**
   * Whether the pair is a format character beyond U+FFFF (the tag characters U+E0001 and
   * U+E0020-U+E007F, U+1D173-U+1D17A, U+110BD, ...): both halves are escaped.
   */
  private static boolean isFormat(char high, char low) {
    return Character.getType(Character.toCodePoint(high, low)) == Character.FORMAT;
  }
}
