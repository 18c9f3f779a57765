package io.shardrouter.range;

import java.time.LocalDateTime;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The name of a time bucket, e.g. a per-bucket table: literal text with date fields in braces, such
 * as {@code metrics_{yyyyMM}} (a monthly metrics table) or {@code events_{yyyy-MM-dd}}. Fields are
 * filled from the bucket's first local date-time:
 *
 * <table>
 *   <caption>Template fields</caption>
 *   <tr><th>field</th><th>value</th></tr>
 *   <tr><td>{@code yyyy}</td><td>year, at least 4 digits</td></tr>
 *   <tr><td>{@code MM}</td><td>month, 01 to 12</td></tr>
 *   <tr><td>{@code dd}</td><td>day of the month, 01 to 31</td></tr>
 *   <tr><td>{@code HH}</td><td>hour, 00 to 23</td></tr>
 *   <tr><td>{@code GGGG}</td><td>ISO week-based year, at least 4 digits</td></tr>
 *   <tr><td>{@code ww}</td><td>ISO week of the week-based year, 01 to 53</td></tr>
 * </table>
 *
 * <p>Inside braces, any other character than a letter or a brace is copied as is. A template must
 * have a field, and fields that tell every bucket of its unit apart ({@link TimeBuckets.Unit}): a
 * monthly template without {@code MM} would give twelve buckets one name. The fields are not {@link
 * java.time.format.DateTimeFormatter} patterns, whose week fields depend on the locale.
 *
 * <p><b>Thread-safety:</b> immutable.
 */
final class BucketTemplate {
  private static final List<String> FIELDS = List.of("yyyy", "GGGG", "MM", "dd", "HH", "ww");

  private final String text;
  private final List<String> parts; // literal text, or a field as "{field}"

  private BucketTemplate(String text, List<String> parts) {
    this.text = text;
    this.parts = parts;
  }

  /**
   * Parses {@code text} for buckets of {@code unit}.
   *
   * @throws IllegalArgumentException naming the template and what is wrong
   */
  static BucketTemplate parse(String text, TimeBuckets.Unit unit) {
    List<String> parts = new ArrayList<>();
    Set<String> fields = new LinkedHashSet<>();
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '}') {
        throw bad(text, "has a '}' at index " + i + " without a '{' before it");
      }
      if (c != '{') {
        literal.append(c);
        i++;
        continue;
      }
      int close = text.indexOf('}', i + 1);
      int nested = text.indexOf('{', i + 1);
      if (close < 0 || (nested >= 0 && nested < close)) {
        throw bad(text, "has a '{' at index " + i + " that is not closed by a '}'");
      }
      if (close == i + 1) {
        throw bad(
            text, "has empty braces at index " + i + "; put date fields in them, such as {yyyyMM}");
      }
      for (int j = i + 1; j < close; ) {
        char f = text.charAt(j);
        if (!Character.isLetter(f)) {
          literal.append(f);
          j++;
          continue;
        }
        String field = fieldAt(text, j);
        if (field == null) {
          int end = j;
          while (end < close && text.charAt(end) == f) {
            end++;
          }
          throw bad(
              text,
              "has the unknown field '"
                  + text.substring(j, end)
                  + "' at index "
                  + j
                  + "; fields are yyyy (year),"
                  + " MM (month), dd (day), HH (hour), GGGG (ISO week-based year) and ww (ISO week)");
        }
        if (literal.length() > 0) {
          parts.add(literal.toString());
          literal.setLength(0);
        }
        parts.add("{" + field + "}");
        fields.add(field);
        j += field.length();
      }
      i = close + 1;
    }
    if (literal.length() > 0) {
      parts.add(literal.toString());
    }
    if (fields.isEmpty()) {
      throw bad(
          text,
          "has no date field, so every bucket would get the same name; add fields in braces, such as "
              + (text.isEmpty() ? "metrics_" : text)
              + "_{yyyyMM}");
    }
    boolean namesApart = false;
    for (Set<String> needed : unit.namingFields()) {
      namesApart |= fields.containsAll(needed);
    }
    if (!namesApart) {
      List<String> options = new ArrayList<>();
      for (Set<String> needed : unit.namingFields()) {
        options.add(String.join(" and ", new TreeSet<>(needed)));
      }
      throw bad(
          text,
          "cannot name "
              + unit.adjective()
              + " buckets apart: it needs the fields "
              + String.join(", or ", options));
    }
    return new BucketTemplate(text, List.copyOf(parts));
  }

  private static @Nullable String fieldAt(String text, int j) {
    for (String f : FIELDS) {
      if (text.startsWith(f, j)) {
        return f;
      }
    }
    return null;
  }

  private static IllegalArgumentException bad(String text, String what) {
    return new IllegalArgumentException("template '" + text + "' " + what);
  }

  /** The name of the bucket whose first local date-time is {@code start}. */
  String format(LocalDateTime start) {
    StringBuilder sb = new StringBuilder();
    for (String p : parts) {
      switch (p) {
        case "{yyyy}" -> digits(sb, start.getYear(), 4);
        case "{GGGG}" -> digits(sb, start.toLocalDate().get(IsoFields.WEEK_BASED_YEAR), 4);
        case "{MM}" -> digits(sb, start.getMonthValue(), 2);
        case "{dd}" -> digits(sb, start.getDayOfMonth(), 2);
        case "{HH}" -> digits(sb, start.getHour(), 2);
        case "{ww}" -> digits(sb, start.toLocalDate().get(IsoFields.WEEK_OF_WEEK_BASED_YEAR), 2);
        default -> sb.append(p);
      }
    }
    return sb.toString();
  }

  /**
   * {@code value} in decimal with at least {@code width} digits, a minus sign before them when
   * negative.
   */
  private static void digits(StringBuilder sb, int value, int width) {
    String d = Integer.toString(Math.abs(value));
    if (value < 0) {
      sb.append('-');
    }
    sb.append("0".repeat(Math.max(0, width - d.length()))).append(d);
  }

  @Override
  public String toString() {
    return text;
  }
}
