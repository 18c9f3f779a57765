package io.shardrouter.core;

import java.math.BigInteger;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Read access to the parameters of one {@code strategy} object, for {@link StrategyFactory}
 * implementations: typed getters that check type and range and report a {@link Violation} with the
 * parameter's JSON path (such as {@code strategy.partitions}) instead of throwing, and each raw
 * parameter as a {@link Spec} ({@link #get}).
 *
 * <p><b>Thread-safety:</b> mutable; used by one thread while one document is read.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class StrategyParameters {
  private final Spec node;
  private final String path;
  private final Violations violations;
  private final StrategyRegistry registry;
  private final @Nullable KeyType keyType;
  private final int violationsAtStart;
  private final int keptAtStart;

  StrategyParameters(
      Spec node,
      String path,
      Violations violations,
      StrategyRegistry registry,
      @Nullable KeyType keyType) {
    this.node = node;
    this.path = path;
    this.violations = violations;
    this.registry = registry;
    this.keyType = keyType;
    this.violationsAtStart = violations.size();
    this.keptAtStart = violations.kept();
  }

  /** The JSON path of the strategy object, e.g. {@code strategy}. */
  public String path() {
    return path;
  }

  /**
   * The key type of the routing document being read, for strategies whose parameters are keys (the
   * boundaries of a range strategy, the entries of a lookup directory; they read key text with
   * {@link KeyType#parseText}); null when the document's key type is missing or invalid, or the
   * strategy is built without one ({@link StrategyRegistry#create(Spec)}).
   */
  public @Nullable KeyType keyType() {
    return keyType;
  }

  /** The strategy type being built. */
  public String type() {
    Spec type = node.get("type");
    return type != null && type.isText() ? type.text() : "";
  }

  /**
   * The raw parameter, or null when absent. A large parameter read from a document (a directory of
   * millions of entries) may be a value whose members are read from the document while it is
   * walked: walk it once, and do not keep it after {@link StrategyFactory#create} returns.
   */
  public @Nullable Spec get(String name) {
    return node.get(name);
  }

  /** True when the strategy object has parameter {@code name} (null included). */
  public boolean has(String name) {
    return node.has(name);
  }

  /** Reports that parameter {@code name} breaks the rule in {@code message}. */
  public void violation(String name, String message) {
    violations.add(path + "." + name, message);
  }

  /** True when something was reported since these parameters were opened. */
  public boolean hasViolations() {
    return violations.size() > violationsAtStart;
  }

  /**
   * The refusal {@link StrategyFactory#create} throws when it cannot build the strategy: an {@link
   * InvalidRoutingTableException} carrying every violation reported to these parameters, each at
   * its JSON path. Check every parameter first, so that one refusal lists all of them: {@code if
   * (params.hasViolations()) throw params.refusal();}, or {@link #throwIfViolations()}.
   *
   * @since 0.1
   */
  public InvalidRoutingTableException refusal() {
    List<Violation> reported = violations.keptSince(keptAtStart);
    if (reported.isEmpty()) {
      // Every one reported here is past the cap of its kind, or nothing was reported at all.
      reported =
          hasViolations()
              ? violations.asList()
              : List.of(
                  new Violation(
                      path,
                      "strategy '"
                          + type()
                          + "' was refused by its factory, which reported no reason; this is a bug"
                          + " in that factory: report each broken rule with violation(name, message)"));
    }
    return new InvalidRoutingTableException(reported);
  }

  /**
   * Throws {@link #refusal()} when anything was reported since these parameters were opened; call
   * it once every parameter has been checked.
   *
   * @throws InvalidRoutingTableException listing the violations reported to these parameters
   * @since 0.1
   */
  public void throwIfViolations() {
    if (hasViolations()) {
      throw refusal();
    }
  }

  /**
   * A required integer in {@code [min, max]}; reports and returns {@code min} when missing or bad.
   */
  public int requiredInt(String name, int min, int max) {
    Spec v = node.get(name);
    if (v == null || v.isNull()) {
      violation(
          name,
          "missing; strategy '" + type() + "' needs an integer in [" + min + ", " + max + "]");
      return min;
    }
    return checkedInt(name, v, min, max, min);
  }

  /** An optional integer in {@code [min, max]}, {@code dflt} when absent. */
  public int optionalInt(String name, int min, int max, int dflt) {
    Spec v = node.get(name);
    return v == null ? dflt : checkedInt(name, v, min, max, dflt);
  }

  private int checkedInt(String name, Spec v, int min, int max, int fallback) {
    if (!v.isIntegral()) {
      violation(name, "must be an integer in [" + min + ", " + max + "], got " + v);
      return fallback;
    }
    if (!fitsLong(v)) {
      violation(
          name, "must be in [" + min + ", " + max + "] for strategy '" + type() + "', got " + v);
      return fallback;
    }
    long x = v.longValue();
    if (x < min || x > max) {
      violation(
          name, "must be in [" + min + ", " + max + "] for strategy '" + type() + "', got " + x);
      return fallback;
    }
    return (int) x;
  }

  /** An optional 64-bit integer in {@code [min, max]}, {@code dflt} when absent. */
  public long optionalLong(String name, long min, long max, long dflt) {
    Spec v = node.get(name);
    if (v == null) {
      return dflt;
    }
    if (!v.isIntegral() || !fitsLong(v)) {
      violation(name, "must be an integer in [" + min + ", " + max + "], got " + v);
      return dflt;
    }
    long x = v.longValue();
    if (x < min || x > max) {
      violation(name, "must be in [" + min + ", " + max + "], got " + x);
      return dflt;
    }
    return x;
  }

  /**
   * An optional 64-bit pattern such as a hash seed, {@code dflt} when absent: an integer in
   * [-2<sup>63</sup>, 2<sup>64</sup>), where values from 2<sup>63</sup> up are read as unsigned and
   * returned as the {@code long} with the same 64 bits (documents write them back signed).
   */
  public long optionalBits64(String name, long dflt) {
    Spec v = node.get(name);
    if (v == null) {
      return dflt;
    }
    BigInteger min = BigInteger.valueOf(Long.MIN_VALUE);
    BigInteger limit = BigInteger.ONE.shiftLeft(64);
    if (!v.isIntegral()
        || v.bigIntegerValue().compareTo(min) < 0
        || v.bigIntegerValue().compareTo(limit) >= 0) {
      violation(
          name,
          "must be a 64-bit integer: signed in ["
              + Long.MIN_VALUE
              + ", "
              + Long.MAX_VALUE
              + "] or unsigned up to 18446744073709551615, got "
              + v);
      return dflt;
    }
    return v.bigIntegerValue().longValue();
  }

  /**
   * An optional string, null when absent or not a string (reported).
   *
   * @since 0.1
   */
  public @Nullable String optionalString(String name) {
    Spec v = node.get(name);
    if (v == null) {
      return null;
    }
    if (!v.isText()) {
      violation(name, "must be a string, got " + v);
      return null;
    }
    return v.text();
  }

  /** An optional string, {@code dflt} when absent; reports a non-string value. */
  public String optionalString(String name, String dflt) {
    Spec v = node.get(name);
    if (v == null) {
      return dflt;
    }
    if (!v.isText()) {
      violation(name, "must be a string, got " + v);
      return dflt;
    }
    return v.text();
  }

  /**
   * Builds the strategy nested under parameter {@code name} (for composite strategies) for keys of
   * this strategy's {@link #keyType()}; reports and returns null when it is missing or invalid.
   */
  public @Nullable PartitionStrategy nestedStrategy(String name) {
    return nestedStrategy(name, keyType);
  }

  /**
   * Builds the strategy nested under parameter {@code name} for keys of {@code keyType} (for a
   * composite strategy whose nested strategy routes a part of the key); reports and returns null
   * when it is missing or invalid.
   */
  public @Nullable PartitionStrategy nestedStrategy(String name, @Nullable KeyType keyType) {
    Spec v = node.get(name);
    if (v == null) {
      violation(name, "missing; give a nested strategy object with a \"type\"");
      return null;
    }
    return registry.create(v, path + "." + name, violations, keyType);
  }

  /**
   * Builds a strategy object found deeper than one parameter, e.g. inside an entry of a parameter
   * that is a map ({@code relativePath} = {@code entries.initech.strategy}), for keys of {@code
   * keyType}; reports with the path {@code path() + "." + relativePath} and returns null when it is
   * invalid.
   */
  public @Nullable PartitionStrategy nestedStrategyAt(
      String relativePath, @Nullable Spec spec, @Nullable KeyType keyType) {
    return registry.create(spec, path + "." + relativePath, violations, keyType);
  }

  private static boolean fitsLong(Spec integer) {
    return integer.bigIntegerValue().bitLength() <= 63;
  }
}
