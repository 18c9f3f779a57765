package io.shardrouter.core;

import java.math.BigInteger;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/**
 * An immutable JSON-like value owned by this library: what a strategy's parameters and a routing
 * document's extensions are made of, so that no Jackson type crosses the strategy SPI. A value is
 * an object (fields in insertion order, names unique), an array, a text, an integer (any size), a
 * decimal, a boolean or null.
 *
 * <p>Build values with {@link #of(String)} and its overloads, {@link #array(List)} and {@link
 * #object()}; read them with {@link #get(String)}, {@link #elements()} and the typed accessors,
 * which throw {@link IllegalStateException} naming the value's kind when asked for another kind.
 * {@code equals} and {@code hashCode} follow the content (an integer and a decimal of the same
 * number are different values); {@link #toString()} is the compact JSON text.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class Spec {
  /** What a {@link Spec} holds. */
  public enum Kind {
    /** Named fields, in insertion order. */
    OBJECT,
    /** An ordered list of values. */
    ARRAY,
    /** A text. */
    TEXT,
    /** An integer of any size. */
    INTEGER,
    /** A number with a fraction or an exponent. */
    DECIMAL,
    /** {@code true} or {@code false}. */
    BOOLEAN,
    /** JSON {@code null}. */
    NULL
  }

  private static final Spec NULL = new Spec(Kind.NULL, Kind.NULL);
  private static final Spec TRUE = new Spec(Kind.BOOLEAN, Boolean.TRUE);
  private static final Spec FALSE = new Spec(Kind.BOOLEAN, Boolean.FALSE);

  private final Kind kind;
  // Map<String, Spec> (unmodifiable), List<Spec> (unmodifiable), String, BigInteger, Double,
  // Boolean; the null value holds its own kind, so that no spec holds a null
  private final Object value;

  private Spec(Kind kind, Object value) {
    this.kind = kind;
    this.value = value;
  }

  /** A text value. */
  public static Spec of(String text) {
    return new Spec(Kind.TEXT, Objects.requireNonNull(text, "text"));
  }

  /** An integer value. */
  public static Spec of(long n) {
    return new Spec(Kind.INTEGER, BigInteger.valueOf(n));
  }

  /** An integer value of any size. */
  public static Spec of(BigInteger n) {
    return new Spec(Kind.INTEGER, Objects.requireNonNull(n, "n"));
  }

  /** A decimal value; throws {@link IllegalArgumentException} for NaN and infinities (not JSON). */
  public static Spec of(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      throw new IllegalArgumentException("a spec decimal must be finite, got " + d);
    }
    return new Spec(Kind.DECIMAL, d);
  }

  /** A boolean value. */
  public static Spec of(boolean b) {
    return b ? TRUE : FALSE;
  }

  /** The null value. */
  public static Spec nullValue() {
    return NULL;
  }

  /** An array of {@code elements}, copied. */
  public static Spec array(List<Spec> elements) {
    List<Spec> copy = new ArrayList<>(elements.size());
    for (Spec e : elements) {
      copy.add(Objects.requireNonNull(e, "array element"));
    }
    return new Spec(Kind.ARRAY, Collections.unmodifiableList(copy));
  }

  /** A builder of an object value. */
  public static ObjectBuilder object() {
    return new ObjectBuilder();
  }

  /**
   * An object value that is a view of {@code fields}, not a copy: for an object too large to copy,
   * such as the entries of a lookup directory with millions of keys, produced while the directory
   * is walked (docs/writing-a-strategy.md). A map that also implements {@link AsciiMembers} is
   * written as the text it gives.
   *
   * <p>The caller promises what every {@code Spec} promises: the map is read-only (its mutators
   * throw, as those of {@link java.util.AbstractMap} do), its content never changes, no name or
   * value is null, and a map's names are unique. Walking a view may be linear ({@link Map#get}
   * included): code that reads such a value walks it once.
   */
  public static Spec viewOf(Map<String, Spec> fields) {
    return new Spec(Kind.OBJECT, Objects.requireNonNull(fields, "fields"));
  }

  /**
   * An array value that is a view of {@code elements}, not a copy, under the promises of {@link
   * #viewOf(Map)}: read-only, unchanging, no null element.
   */
  public static Spec viewOf(List<Spec> elements) {
    return new Spec(Kind.ARRAY, Objects.requireNonNull(elements, "elements"));
  }

  /**
   * An object value that is a view of {@code fields}, under the promises of {@link #viewOf(Map)},
   * that also knows its names by position and may offer its members in their flat form: {@code
   * nameAt.apply(i)} is the name of field {@code i} (from 0) without walking the fields before it
   * ({@link #fieldNameAt}), and {@code flat}, when not null, holds the same members read straight
   * from a document's bytes ({@link #flatMembers()}). How the codec hands a large document object
   * to a strategy; {@code nameAt} must agree with the map's order, and {@code flat} with its
   * content.
   */
  public static Spec viewOf(
      Map<String, Spec> fields, IntFunction<String> nameAt, @Nullable FlatMembers flat) {
    return new Spec(
        Kind.OBJECT,
        new IndexedFields(
            Objects.requireNonNull(fields, "fields"),
            Objects.requireNonNull(nameAt, "nameAt"),
            flat));
  }

  /**
   * The map of {@link #viewOf(Map, IntFunction, FlatMembers)}: the view, its names, its flat form.
   */
  private static final class IndexedFields extends AbstractMap<String, Spec> {
    private final Map<String, Spec> fields;
    private final IntFunction<String> nameAt;
    private final @Nullable FlatMembers flat;

    IndexedFields(
        Map<String, Spec> fields, IntFunction<String> nameAt, @Nullable FlatMembers flat) {
      this.fields = fields;
      this.nameAt = nameAt;
      this.flat = flat;
    }

    @Override
    public Set<Map.Entry<String, Spec>> entrySet() {
      return fields.entrySet(); // read-only, as viewOf(Map)'s caller promises
    }

    @Override
    public int size() {
      return fields.size();
    }

    @Override
    public @Nullable Spec get(Object name) {
      return fields.get(name);
    }

    @Override
    public boolean containsKey(Object name) {
      return fields.containsKey(name);
    }
  }

  /** What this value holds. */
  public Kind kind() {
    return kind;
  }

  /** True for an object. */
  public boolean isObject() {
    return kind == Kind.OBJECT;
  }

  /** True for an array. */
  public boolean isArray() {
    return kind == Kind.ARRAY;
  }

  /** True for a text. */
  public boolean isText() {
    return kind == Kind.TEXT;
  }

  /** True for an integer. */
  public boolean isIntegral() {
    return kind == Kind.INTEGER;
  }

  /** True for an integer or a decimal. */
  public boolean isNumber() {
    return kind == Kind.INTEGER || kind == Kind.DECIMAL;
  }

  /** True for a boolean. */
  public boolean isBoolean() {
    return kind == Kind.BOOLEAN;
  }

  /** True for null. */
  public boolean isNull() {
    return kind == Kind.NULL;
  }

  /** The field {@code name} of an object; null when absent or when this is not an object. */
  public @Nullable Spec get(String name) {
    return kind == Kind.OBJECT ? fields().get(name) : null;
  }

  /** True when this is an object with a field {@code name}. */
  public boolean has(String name) {
    return get(name) != null;
  }

  /** The field names of an object, in insertion order. */
  public List<String> fieldNames() {
    return List.copyOf(fields().keySet());
  }

  /** The fields of an object, in insertion order; unmodifiable. */
  @SuppressWarnings("unchecked")
  public Map<String, Spec> fields() {
    expect(Kind.OBJECT);
    return (Map<String, Spec>) value;
  }

  /**
   * The name of field {@code index} (from 0) of this object: read in place when the object is a
   * large object read from a document, else found by walking the fields before it.
   *
   * @throws IllegalStateException when this is not an object
   * @throws IndexOutOfBoundsException when there is no such field
   */
  public String fieldNameAt(int index) {
    Map<String, Spec> fields = fields();
    if (fields instanceof IndexedFields indexed) {
      Objects.checkIndex(index, indexed.size());
      return indexed.nameAt.apply(index);
    }
    Objects.checkIndex(index, fields.size());
    java.util.Iterator<String> names = fields.keySet().iterator();
    for (int i = 0; i < index; i++) {
      names.next();
    }
    return names.next();
  }

  /**
   * This object's members read straight from its document's bytes, when it is a large object read
   * from a document (at least 1,024 members, under a parameter its factory lists in {@link
   * StrategyFactory#bulkParameters()}) and every member has the form {@code "name": n} ({@link
   * FlatMembers}); else null. Null is common (a small object, another form, a value built in memory
   * or parsed from text), so a strategy that takes large objects always keeps the {@link #fields()}
   * path and takes this one as a shortcut.
   */
  public @Nullable FlatMembers flatMembers() {
    return kind == Kind.OBJECT && value instanceof IndexedFields indexed ? indexed.flat : null;
  }

  /** The elements of an array; unmodifiable. */
  @SuppressWarnings("unchecked")
  public List<Spec> elements() {
    expect(Kind.ARRAY);
    return (List<Spec>) value;
  }

  /** The number of fields of an object or elements of an array. */
  public int size() {
    return kind == Kind.OBJECT ? fields().size() : elements().size();
  }

  /** The text of a text value. */
  public String text() {
    expect(Kind.TEXT);
    return (String) value;
  }

  /** The integer of an integer value; throws when it does not fit in a {@code long}. */
  public long longValue() {
    BigInteger n = bigIntegerValue();
    if (n.bitLength() > 63) {
      throw new IllegalStateException("integer " + n + " does not fit in a long");
    }
    return n.longValue();
  }

  /** The integer of an integer value, of any size. */
  public BigInteger bigIntegerValue() {
    expect(Kind.INTEGER);
    return (BigInteger) value;
  }

  /** The number of an integer or decimal value, as a {@code double}. */
  public double doubleValue() {
    if (kind == Kind.INTEGER) {
      return ((BigInteger) value).doubleValue();
    }
    expect(Kind.DECIMAL);
    return (Double) value;
  }

  /** The boolean of a boolean value. */
  public boolean booleanValue() {
    expect(Kind.BOOLEAN);
    return (Boolean) value;
  }

  private void expect(Kind k) {
    if (kind != k) {
      throw new IllegalStateException(
          "spec value is "
              + kind.name().toLowerCase(java.util.Locale.ROOT)
              + ", not "
              + k.name().toLowerCase(java.util.Locale.ROOT)
              + ": "
              + this);
    }
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof Spec s && kind == s.kind && Objects.equals(value, s.value);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + Objects.hashCode(value);
  }

  /** The compact JSON text of this value. */
  @Override
  public String toString() {
    return CanonicalJson.of(this);
  }

  /**
   * Builds an object {@link Spec}; fields keep the order they are put in.
   *
   * <p><b>Thread-safety:</b> not thread-safe; the value it builds is immutable.
   */
  public static final class ObjectBuilder {
    private final LinkedHashMap<String, Spec> fields = new LinkedHashMap<>();

    private ObjectBuilder() {}

    /** Adds field {@code name}; throws {@link IllegalArgumentException} when it is already set. */
    public ObjectBuilder put(String name, Spec value) {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(value, "value");
      if (fields.putIfAbsent(name, value) != null) {
        throw new IllegalArgumentException("field '" + name + "' is set twice");
      }
      return this;
    }

    /** Adds a text field. */
    public ObjectBuilder put(String name, String text) {
      return put(name, of(text));
    }

    /** Adds an integer field. */
    public ObjectBuilder put(String name, long n) {
      return put(name, of(n));
    }

    /** Adds a boolean field. */
    public ObjectBuilder put(String name, boolean b) {
      return put(name, of(b));
    }

    /** The object of the fields put so far. */
    public Spec build() {
      return new Spec(Kind.OBJECT, Collections.unmodifiableMap(new LinkedHashMap<>(fields)));
    }
  }
}
