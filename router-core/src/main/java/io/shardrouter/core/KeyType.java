package io.shardrouter.core;

import io.shardrouter.core.internal.Hex;
import io.shardrouter.core.internal.JsonArrayText;
import io.shardrouter.core.internal.LittleEndian;
import io.shardrouter.core.internal.StrictUtf8;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The type of an entity's keys: one {@link Kind}, or a composite of several parts. It fixes the
 * canonical bytes of every key (see {@link Kind}, {@link CompositeKey}) and so is part of what a
 * routing table means: a table for {@code long} keys refuses a {@code String} key instead of
 * routing its text, since {@code 42L} and {@code "42"} have different canonical bytes.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class KeyType {
  public static final KeyType STRING = new KeyType(Kind.STRING, List.of());
  public static final KeyType LONG = new KeyType(Kind.LONG, List.of());
  public static final KeyType INT = new KeyType(Kind.INT, List.of());
  public static final KeyType UUID_KEY = new KeyType(Kind.UUID, List.of());
  public static final KeyType BYTES = new KeyType(Kind.BYTES, List.of());
  public static final KeyType TIMESTAMP = new KeyType(Kind.TIMESTAMP, List.of());

  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  // Trailing tokens fail: '["a", 1] junk' is no key, not the key ["a", 1].

  private final @Nullable Kind single; // null for composite
  private final List<Kind> parts;

  private KeyType(@Nullable Kind single, List<Kind> parts) {
    this.single = single;
    this.parts = parts;
  }

  /** The single-valued key type of {@code kind}. */
  public static KeyType of(Kind kind) {
    return switch (Objects.requireNonNull(kind, "kind")) {
      case STRING -> STRING;
      case LONG -> LONG;
      case INT -> INT;
      case UUID -> UUID_KEY;
      case BYTES -> BYTES;
      case TIMESTAMP -> TIMESTAMP;
    };
  }

  /** A composite key type with the given parts, in order; at least one part. */
  public static KeyType composite(List<Kind> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("a composite key type needs at least one part, got none");
    }
    for (Kind k : parts) {
      Objects.requireNonNull(k, "composite key part kind");
    }
    return new KeyType(null, List.copyOf(parts));
  }

  public static KeyType composite(Kind... parts) {
    return composite(List.of(parts));
  }

  public boolean isComposite() {
    return single == null;
  }

  /** The kind of a single-valued key type; null for a composite. */
  public @Nullable Kind kind() {
    return single;
  }

  /** The kinds of a composite's parts; empty for a single-valued key type. */
  public List<Kind> parts() {
    return parts;
  }

  /** True when this is the composite type of exactly {@code a, b}. */
  public boolean isComposite(Kind a, Kind b) {
    return single == null && parts.size() == 2 && parts.get(0) == a && parts.get(1) == b;
  }

  /** True when {@code key}'s parts are of this composite type's kinds. */
  public boolean accepts(CompositeKey key) {
    return single == null && key.hasKinds(parts);
  }

  /**
   * The text of the key whose canonical bytes are {@code canonical[offset, offset + length)}: what
   * {@link #parseText} reads back to the same bytes. A {@code string} as is, {@code long} and
   * {@code int} in decimal, {@code uuid} in its 36-char form, {@code bytes} as lower-case hex,
   * {@code timestamp} in ISO-8601 UTC ({@link KeyText#timestamp}), a composite as a compact JSON
   * array of its parts.
   *
   * @throws IllegalArgumentException naming what is wrong when the bytes are no key of this type
   * @throws IndexOutOfBoundsException when the range is outside the array
   */
  public String format(byte[] canonical, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, canonical.length);
    int end = offset + length;
    if (single != null) {
      checkWidth(single, length, length);
      return formatSingle(single, canonical, offset, length);
    }
    List<Spec> parts = new ArrayList<>(this.parts.size());
    int p = offset;
    for (Kind k : this.parts) {
      int width = k.fixedWidth();
      if (width < 0) {
        if (end - p < 4) {
          throw notAKey("a part's 4-byte length does not fit in the " + (end - p) + " bytes left");
        }
        width = LittleEndian.getInt(canonical, p);
        p += 4;
        if (width < 0 || width > end - p) {
          throw notAKey(
              "a "
                  + k.documentName()
                  + " part declares "
                  + (width & 0xFFFFFFFFL)
                  + " bytes but "
                  + (end - p)
                  + " are left");
        }
      } else if (end - p < width) {
        throw notAKey(
            "a "
                + k.documentName()
                + " part needs "
                + width
                + " bytes, "
                + (end - p)
                + " are left");
      }
      switch (k) {
        case STRING -> parts.add(Spec.of(utf8(canonical, p, width)));
        case LONG -> parts.add(Spec.of(LittleEndian.getLong(canonical, p)));
        case INT -> parts.add(Spec.of(LittleEndian.getInt(canonical, p)));
        case UUID, BYTES, TIMESTAMP -> parts.add(Spec.of(formatSingle(k, canonical, p, width)));
      }
      p += width;
    }
    if (p != end) {
      throw notAKey((end - p) + " bytes follow the last part");
    }
    return CanonicalJson.of(Spec.array(parts));
  }

  private void checkWidth(Kind kind, int width, int length) {
    int fixed = kind.fixedWidth();
    if (fixed >= 0 && width != fixed) {
      throw notAKey(length + " bytes, not " + fixed);
    }
  }

  private IllegalArgumentException notAKey(String what) {
    return new IllegalArgumentException(
        "the bytes are no canonical key of type "
            + this
            + ": "
            + what
            + " (docs/routing-spec.md §2)");
  }

  private String formatSingle(Kind kind, byte[] b, int off, int len) {
    return switch (kind) {
      case STRING -> utf8(b, off, len);
      case LONG -> Long.toString(LittleEndian.getLong(b, off));
      case INT -> Integer.toString(LittleEndian.getInt(b, off));
      case UUID -> new UUID(bigEndianLong(b, off), bigEndianLong(b, off + 8)).toString();
      case BYTES -> Hex.of(b, off, len);
      case TIMESTAMP -> Timestamps.format(LittleEndian.getLong(b, off));
    };
  }

  /** Strict UTF-8: a string key's bytes that are no UTF-8 are refused, not replaced by U+FFFD. */
  private String utf8(byte[] b, int off, int len) {
    int bad = StrictUtf8.firstInvalid(b, off, off + len, true);
    if (bad >= 0) {
      throw notAKey(
          "a string is not well-formed UTF-8 at byte "
              + (bad - off)
              + " of its "
              + len
              + " (0x"
              + Hex.of(b, bad, 1)
              + ")");
    }
    return new String(b, off, len, StandardCharsets.UTF_8);
  }

  private static long bigEndianLong(byte[] b, int off) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = v << 8 | (b[off + i] & 0xFF);
    }
    return v;
  }

  /**
   * The text of the key whose canonical bytes are {@code canonical}: {@link #format(byte[], int,
   * int)}.
   */
  public String format(byte[] canonical) {
    return format(canonical, 0, canonical.length);
  }

  /**
   * Parses a key written as text (the command line, a key file) into its canonical bytes, by the
   * grammars of {@code docs/routing-spec.md} §2.4 (ASCII only): a {@code string} as is, {@code
   * long} and {@code int} as {@code -?[0-9]+} in range, {@code uuid} in its 36-char form, {@code
   * bytes} as an even number of hex digits after an optional {@code 0x} (empty text and {@code 0x}
   * alone are the empty key), {@code timestamp} as a date, time and offset ({@link
   * Timestamps#parse}), and a composite as a JSON array of its parts (strings, numbers, uuids,
   * timestamps and bytes as strings), e.g. {@code ["plant-a", 42]}.
   *
   * @throws InvalidKeyException naming the text and the type when the text is no key of this type
   */
  public byte[] parseText(String text) {
    CanonicalKeys.requireKey(text);
    if (single != null) {
      return parseSingle(single, text);
    }
    List<JsonArrayText.Element> array;
    try {
      array = JsonArrayText.parse(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidKeyException(
          "key '"
              + text
              + "' is not a JSON array; keys of type "
              + this
              + " are written as a JSON array of their parts, e.g. "
              + example());
    }
    if (array == null || array.size() != parts.size()) {
      throw new InvalidKeyException(
          "key '"
              + text
              + "' must be a JSON array of "
              + parts.size()
              + " parts for type "
              + this
              + ", e.g. "
              + example());
    }
    Object[] values = new Object[parts.size()];
    for (int i = 0; i < values.length; i++) {
      JsonArrayText.Element p = array.get(i);
      Kind k = parts.get(i);
      boolean numeric = k == Kind.LONG || k == Kind.INT;
      if (numeric ? !p.integral() : !p.textual()) {
        throw new InvalidKeyException(
            "key '"
                + text
                + "' part "
                + i
                + " must be a JSON "
                + (numeric ? "integer" : "string")
                + " for kind "
                + k.documentName()
                + ", got "
                + p.json());
      }
      byte[] single = parseSingle(k, p.value());
      values[i] =
          switch (k) {
            case STRING -> p.value();
            case LONG -> LittleEndian.getLong(single, 0);
            case INT -> LittleEndian.getInt(single, 0);
            case UUID -> java.util.UUID.fromString(p.value());
            case BYTES -> single;
            case TIMESTAMP -> Timestamps.instant(LittleEndian.getLong(single, 0));
          };
    }
    return CompositeKey.of(values).toBytes();
  }

  private static byte[] parseSingle(Kind kind, String text) {
    try {
      return switch (kind) {
        case STRING -> CanonicalKeys.of(text);
        case LONG -> CanonicalKeys.of(KeyTextGrammar.decimal(text, Long.MIN_VALUE, Long.MAX_VALUE));
        case INT ->
            CanonicalKeys.of(
                (int) KeyTextGrammar.decimal(text, Integer.MIN_VALUE, Integer.MAX_VALUE));
        case UUID -> {
          if (!UUID_TEXT.matcher(text).matches()) {
            throw new IllegalArgumentException(
                "not of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
          }
          yield CanonicalKeys.of(UUID.fromString(text));
        }
        case BYTES -> {
          if (text.startsWith("0X")) {
            throw new IllegalArgumentException("the prefix is 0x, lower case");
          }
          yield Hex.parse(text.startsWith("0x") ? text.substring(2) : text);
        }
        case TIMESTAMP -> CanonicalKeys.of(Timestamps.parse(text));
      };
    } catch (IllegalArgumentException e) {
      throw new InvalidKeyException(
          "key '"
              + Printable.of(text)
              + "' is not a "
              + kind.documentName()
              + " ("
              + e.getMessage()
              + "); "
              + hint(kind));
    }
  }

  private static String hint(Kind kind) {
    return switch (kind) {
      case STRING -> "any well-formed text is a string key";
      case LONG ->
          "write ASCII digits 0-9, with a leading '-' when negative, between "
              + Long.MIN_VALUE
              + " and "
              + Long.MAX_VALUE;
      case INT ->
          "write ASCII digits 0-9, with a leading '-' when negative, between "
              + Integer.MIN_VALUE
              + " and "
              + Integer.MAX_VALUE;
      case UUID -> "write 36 characters such as 123e4567-e89b-12d3-a456-426614174000";
      case BYTES -> "write the bytes in hex, such as 0a1b2c or 0x0a1b2c";
      case TIMESTAMP -> "write ISO-8601 with an offset, such as 2026-04-01T00:00:00Z";
    };
  }

  private String example() {
    List<String> shown = new ArrayList<>();
    for (Kind k : parts) {
      shown.add(
          switch (k) {
            case STRING -> "\"plant-a\"";
            case LONG, INT -> "42";
            case UUID -> "\"123e4567-e89b-12d3-a456-426614174000\"";
            case BYTES -> "\"0a1b\"";
            case TIMESTAMP -> "\"2026-04-01T00:00:00Z\"";
          });
    }
    return "[" + String.join(", ", shown) + "]";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeyType other && single == other.single && parts.equals(other.parts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(single, parts);
  }

  /** {@code string}, {@code long}, ... or {@code composite(string, long)}. */
  @Override
  public String toString() {
    if (single != null) {
      return single.documentName();
    }
    List<String> names = new ArrayList<>();
    for (Kind k : parts) {
      names.add(k.documentName());
    }
    return "composite(" + String.join(", ", names) + ")";
  }

  /**
   * The kinds of value a key, or one part of a composite key, can be; each has one canonical byte
   * form.
   *
   * <table>
   *   <caption>Canonical bytes of a single key</caption>
   *   <tr><th>kind</th><th>bytes</th></tr>
   *   <tr><td>{@code string}</td><td>UTF-8, no terminator</td></tr>
   *   <tr><td>{@code long}</td><td>8 bytes, two's complement, little-endian</td></tr>
   *   <tr><td>{@code int}</td><td>4 bytes, two's complement, little-endian</td></tr>
   *   <tr><td>{@code uuid}</td><td>16 bytes in RFC 4122 order (most significant byte first)</td></tr>
   *   <tr><td>{@code bytes}</td><td>as is</td></tr>
   *   <tr><td>{@code timestamp}</td><td>microseconds since 1970-01-01T00:00:00Z, 8 bytes, two's complement,
   *       little-endian (see {@link Timestamps})</td></tr>
   * </table>
   *
   * <p>Inside a composite key, {@code string} and {@code bytes} parts are preceded by their byte
   * length as 4 bytes little-endian; fixed-width parts are written as above. See {@code
   * docs/routing-spec.md}.
   *
   * <p><b>Stability:</b> stable: the names are part of the routing document format.
   *
   * @since 0.1
   */
  public enum Kind {
    STRING(-1),
    LONG(8),
    INT(4),
    UUID(16),
    BYTES(-1),
    TIMESTAMP(8);

    private final int fixedWidth;

    Kind(int fixedWidth) {
      this.fixedWidth = fixedWidth;
    }

    /**
     * The name used in routing documents: {@code string}, {@code long}, {@code int}, {@code uuid},
     * {@code bytes}, {@code timestamp}.
     */
    public String documentName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** Byte width of the canonical form, or -1 for variable-length kinds. */
    public int fixedWidth() {
      return fixedWidth;
    }

    /** The kind named {@code name} in a document, or null if there is none. */
    public static @Nullable Kind fromDocumentName(String name) {
      for (Kind k : values()) {
        if (k.documentName().equals(name)) {
          return k;
        }
      }
      return null;
    }
  }
}
