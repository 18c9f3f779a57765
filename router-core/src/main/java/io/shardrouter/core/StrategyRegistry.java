package io.shardrouter.core;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Finds {@link StrategyFactory strategy factories} by type name and builds strategies from the
 * {@code strategy} object of a routing document.
 *
 * <p>{@link #defaultRegistry()} holds every factory on the classpath (found once through {@link
 * ServiceLoader}); {@link #of(StrategyFactory...)} builds an explicit one. A type registered twice
 * is refused when the registry is built.
 *
 * <p>Most strategies route canonical bytes and never look at the key type. A strategy whose
 * parameters hold keys (a lookup directory, range boundaries) reads them in the entity's key type:
 * {@link #create(Spec, KeyType)} hands that type to the factory through {@link
 * StrategyParameters#keyType()}, and on to the strategies nested in the one it builds, as {@code
 * RoutingDocuments} does for every document.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class StrategyRegistry {
  private static volatile @Nullable StrategyRegistry defaultRegistry;

  private final Map<String, StrategyFactory> factories;
  private final Set<String> bulkParameters;

  private StrategyRegistry(Map<String, StrategyFactory> factories) {
    this.factories = factories;
    Set<String> bulk = new TreeSet<>();
    for (StrategyFactory f : factories.values()) {
      bulk.addAll(f.bulkParameters());
    }
    this.bulkParameters = Set.copyOf(bulk);
  }

  /** The factories found on the class path of this library, loaded once. */
  public static StrategyRegistry defaultRegistry() {
    StrategyRegistry r = defaultRegistry;
    if (r == null) {
      List<StrategyFactory> found = new ArrayList<>();
      Iterator<StrategyFactory> it =
          ServiceLoader.load(StrategyFactory.class, StrategyRegistry.class.getClassLoader())
              .iterator();
      while (it.hasNext()) {
        found.add(it.next());
      }
      r = of(found.toArray(new StrategyFactory[0]));
      defaultRegistry = r;
    }
    return r;
  }

  /**
   * A registry of exactly {@code factories}; throws {@link IllegalArgumentException} on a duplicate
   * type.
   */
  public static StrategyRegistry of(StrategyFactory... factories) {
    Map<String, StrategyFactory> map = new TreeMap<>();
    for (StrategyFactory f : factories) {
      StrategyFactory previous = map.putIfAbsent(f.type(), f);
      if (previous != null) {
        throw new IllegalArgumentException(
            "strategy type '"
                + f.type()
                + "' is registered twice, by "
                + previous.getClass().getName()
                + " and "
                + f.getClass().getName()
                + "; remove one from the class path");
      }
    }
    return new StrategyRegistry(Map.copyOf(map));
  }

  /**
   * The {@link StrategyFactory#bulkParameters bulk parameters} of every registered factory: the
   * fields whose large values the document reader leaves unbuilt.
   */
  public Set<String> bulkParameters() {
    return bulkParameters;
  }

  /** The registered type names, sorted. */
  public List<String> types() {
    return List.copyOf(new TreeSet<>(factories.keySet()));
  }

  /**
   * The factory of {@code type}.
   *
   * @throws InvalidRoutingTableException with one violation at {@code type} that lists the
   *     registered types, when none is {@code type}
   */
  public StrategyFactory factory(String type) {
    StrategyFactory f = factories.get(type);
    if (f == null) {
      throw new InvalidRoutingTableException(new Violation("type", unknown(type)));
    }
    return f;
  }

  private String unknown(String type) {
    return "unknown strategy '"
        + type
        + "'; registered: "
        + types()
        + " (a strategy module such as router-hash must be on the class path to build its types)";
  }

  /**
   * Builds a strategy from its {@code strategy} object (as {@link PartitionStrategy#toSpec()} gives
   * it); throws {@link InvalidRoutingTableException} listing every problem, an unknown type among
   * them.
   */
  public PartitionStrategy create(Spec spec) {
    return create(spec, null);
  }

  /**
   * Builds a strategy for keys of {@code keyType} from its {@code strategy} object; throws {@link
   * InvalidRoutingTableException} listing every problem, an unknown type among them.
   */
  public PartitionStrategy create(Spec spec, @Nullable KeyType keyType) {
    Violations v = new Violations();
    PartitionStrategy s = create(spec, "strategy", v, keyType);
    if (s == null) {
      throw new InvalidRoutingTableException(v.asList()); // null comes with its violations
    }
    return s;
  }

  /**
   * Builds a strategy from the {@code strategy} object at {@code path} of a document, reporting
   * every problem to {@code violations}; returns null when there was any.
   */
  public @Nullable PartitionStrategy create(Spec spec, String path, Violations violations) {
    return create(spec, path, violations, null);
  }

  /**
   * Builds a strategy for keys of {@code keyType} (null when unknown) from the {@code strategy}
   * object at {@code path} of a document, reporting every problem to {@code violations}; returns
   * null when there was any, the violations of a factory's refusal among them.
   */
  public @Nullable PartitionStrategy create(
      @Nullable Spec spec, String path, Violations violations, @Nullable KeyType keyType) {
    if (spec == null || !spec.isObject()) {
      violations.add(path, "must be an object with a \"type\", got " + spec);
      return null;
    }
    Spec typeNode = spec.get("type");
    if (typeNode == null || !typeNode.isText()) {
      violations.add(path + ".type", "missing or not a string; registered types: " + types());
      return null;
    }
    String type = typeNode.text();
    StrategyFactory f = factories.get(type);
    if (f == null) {
      violations.add(path + ".type", unknown(type));
      return null;
    }
    int before = violations.size();
    for (String name : spec.fields().keySet()) {
      if (!name.equals("type") && !f.parameterNames().contains(name)) {
        violations.add(
            Violations.member(path, name),
            "unknown field for strategy '"
                + type
                + "'; known fields: "
                + new TreeSet<>(f.parameterNames()));
      }
    }
    PartitionStrategy s;
    try {
      s = f.create(new StrategyParameters(spec, path, violations, this, keyType));
    } catch (InvalidRoutingTableException refused) {
      if (violations.size() == before) {
        // Refused with violations it did not report to its parameters: report them here.
        for (Violation x : refused.violations()) {
          violations.add(x.path(), x.message());
        }
      }
      return null;
    }
    if (violations.size() > before) {
      return null;
    }
    if (s == null) {
      violations.add(
          path,
          "strategy '"
              + type
              + "' was not built and its factory "
              + f.getClass().getName()
              + " returned null and reported no reason; this is a bug in that factory, which"
              + " must throw StrategyParameters.refusal() instead");
    }
    return s;
  }

  @Override
  public String toString() {
    return "StrategyRegistry" + types();
  }
}
