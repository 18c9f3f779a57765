package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link StrategyRegistry}: the class-path registry is found once; a factory is found by its type;
 * the bulk parameters of every factory are gathered; building a strategy refuses an unknown type
 * with {@link InvalidRoutingTableException} and every other problem with its path, including a
 * factory that builds nothing and says nothing.
 */
class StrategyRegistryTest {

  /** A byte-sum factory that declares a bulk parameter and builds nothing when told to. */
  private static final class QuietFactory implements StrategyFactory {
    @Override
    public String type() {
      return "test_quiet";
    }

    @Override
    public Set<String> parameterNames() {
      return Set.of("partitions", "entries");
    }

    @Override
    public Set<String> bulkParameters() {
      return Set.of("entries");
    }

    @Override
    public PartitionStrategy create(StrategyParameters params) {
      if (params.has("partitions")) {
        params.violation("partitions", "read under " + params.path());
        throw params.refusal();
      }
      return params.has("entries") ? null : new ByteSumStrategy(2);
    }
  }

  private static final StrategyRegistry REGISTRY =
      StrategyRegistry.of(new ByteSumStrategy.Factory(), new QuietFactory());

  @Test
  void defaultRegistry_isTheClassPathsFactories_foundOnce() {
    StrategyRegistry r = StrategyRegistry.defaultRegistry();
    assertSame(r, StrategyRegistry.defaultRegistry());
    Set<String> found = new TreeSet<>();
    for (StrategyFactory f : ServiceLoader.load(StrategyFactory.class)) {
      found.add(f.type());
    }
    assertEquals(new ArrayList<>(found), r.types());
  }

  @Test
  void factory_byType() {
    StrategyFactory f = REGISTRY.factory("test_quiet");
    assertEquals(QuietFactory.class, f.getClass());
    assertSame(f, REGISTRY.factory("test_quiet"));
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> REGISTRY.factory("ring"));
    assertEquals(
        List.of(
            new Violation(
                "type",
                "unknown strategy 'ring'; registered: [test_byte_sum, test_quiet] (a strategy"
                    + " module such as router-hash must be on the class path to build its"
                    + " types)")),
        e.violations());
  }

  @Test
  void bulkParameters_ofEveryFactory() {
    assertEquals(Set.of("entries"), REGISTRY.bulkParameters());
    assertEquals(Set.of(), ByteSumStrategy.REGISTRY.bulkParameters());
    assertEquals(List.of("test_byte_sum", "test_quiet"), REGISTRY.types());
  }

  @Test
  void create_unknownType_isAViolationAtStrategyType_withTheRegisteredTypes() {
    Spec spec = Spec.object().put("type", "ring").put("partitions", 4).build();
    assertEquals(
        List.of(
            new Violation(
                "strategy.type",
                "unknown strategy 'ring'; registered: [test_byte_sum, test_quiet] (a strategy"
                    + " module such as router-hash must be on the class path to build its"
                    + " types)")),
        refusal(spec));
  }

  private static List<Violation> refusal(Spec spec) {
    return assertThrows(InvalidRoutingTableException.class, () -> REGISTRY.create(spec))
        .violations();
  }

  @Test
  void create_notAnObject_orNoTextType_refusedWithPath() {
    assertEquals(
        List.of(new Violation("strategy", "must be an object with a \"type\", got null")),
        refusal(null));
    assertEquals(
        List.of(new Violation("strategy", "must be an object with a \"type\", got 4")),
        refusal(Spec.of(4)));
    assertEquals(
        List.of(
            new Violation(
                "strategy.type",
                "missing or not a string; registered types: [test_byte_sum, test_quiet]")),
        refusal(Spec.object().put("type", 3).build()));
    assertEquals(
        List.of(
            new Violation(
                "strategy.type",
                "missing or not a string; registered types: [test_byte_sum, test_quiet]")),
        refusal(Spec.object().put("partitions", 3).build()));
  }

  @Test
  void create_atAPath_reportsAndReturnsNull() {
    Violations v = new Violations();
    assertNull(REGISTRY.create(Spec.object().put("type", "ring").build(), "strategy.fallback", v));
    assertEquals(
        List.of(
            new Violation(
                "strategy.fallback.type",
                "unknown strategy 'ring'; registered: [test_byte_sum, test_quiet] (a strategy"
                    + " module such as router-hash must be on the class path to build its"
                    + " types)")),
        v.asList());
    Violations ok = new Violations();
    assertEquals(
        new ByteSumStrategy(5),
        REGISTRY.create(
            Spec.object().put("type", "test_byte_sum").put("partitions", 5).build(), "s", ok));
    assertEquals(0, ok.size());
  }

  @Test
  void create_factoryBuildingNothingSilently_namedAsABug() {
    Spec spec = Spec.object().put("type", "test_quiet").put("entries", 1).build();
    assertEquals(
        List.of(
            new Violation(
                "strategy",
                "strategy 'test_quiet' was not built and its factory "
                    + QuietFactory.class.getName()
                    + " returned null and reported no reason; this is a bug in that factory, which"
                    + " must throw StrategyParameters.refusal() instead")),
        refusal(spec));
    assertEquals(
        new ByteSumStrategy(2), REGISTRY.create(Spec.object().put("type", "test_quiet").build()));
  }

  @Test
  void factory_isToldThePathOfItsObject() {
    Violations v = new Violations();
    REGISTRY.create(
        Spec.object().put("type", "test_quiet").put("partitions", 2).build(), "strategy.inner", v);
    assertEquals(
        List.of(new Violation("strategy.inner.partitions", "read under strategy.inner")),
        v.asList());
  }

  /**
   * Refuses its strategy object in the ways a factory can: {@code how} "reported" reports to its
   * parameters and throws their refusal; "unreported" throws a refusal of its own making; "silent"
   * throws the refusal of parameters it reported nothing to; "none" builds.
   */
  private static final class RefusingFactory implements StrategyFactory {
    @Override
    public String type() {
      return "test_refusing";
    }

    @Override
    public Set<String> parameterNames() {
      return Set.of("how", "partitions");
    }

    @Override
    public PartitionStrategy create(StrategyParameters params) {
      int p = params.optionalInt("partitions", 1, 8, 1);
      String how = params.optionalString("how", "reported");
      if (how.equals("unreported")) {
        throw new InvalidRoutingTableException(new Violation("strategy.how", "refused on its own"));
      }
      if (how.equals("silent")) {
        throw params.refusal();
      }
      if (how.equals("reported")) {
        params.violation("how", "refused as reported");
      }
      params.throwIfViolations();
      return new ByteSumStrategy(p);
    }
  }

  private static final StrategyRegistry REFUSING = StrategyRegistry.of(new RefusingFactory());

  private static Spec refusing(String how, int partitions) {
    return Spec.object()
        .put("type", "test_refusing")
        .put("how", how)
        .put("partitions", partitions)
        .build();
  }

  @Test
  void create_factoryRefusal_listsEveryReportedViolationOnce() {
    List<Violation> expected =
        List.of(
            new Violation(
                "strategy.partitions", "must be in [1, 8] for strategy 'test_refusing', got 9"),
            new Violation("strategy.how", "refused as reported"));
    assertEquals(
        expected,
        assertThrows(
                InvalidRoutingTableException.class, () -> REFUSING.create(refusing("reported", 9)))
            .violations());
    Violations v = new Violations();
    assertNull(REFUSING.create(refusing("reported", 9), "strategy", v));
    assertEquals(expected, v.asList());
    assertEquals(new ByteSumStrategy(3), REFUSING.create(refusing("none", 3)));
  }

  @Test
  void factoryRefusal_carriesOnlyWhatItsParametersReported() {
    Violations v = new Violations();
    v.add("groups[0].id", "missing or not a non-blank string");
    StrategyParameters params =
        new StrategyParameters(refusing("none", 0), "placement.strategy", v, REFUSING, null);
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> REFUSING.factory("test_refusing").create(params));
    assertEquals(
        List.of(
            new Violation(
                "placement.strategy.partitions",
                "must be in [1, 8] for strategy 'test_refusing', got 0")),
        e.violations());
    assertEquals(2, v.size());
  }

  @Test
  void create_factoryRefusingWithoutReporting_itsViolationsReported() {
    Violations v = new Violations();
    assertNull(REFUSING.create(refusing("unreported", 2), "strategy", v));
    assertEquals(List.of(new Violation("strategy.how", "refused on its own")), v.asList());
  }

  @Test
  void create_factoryRefusingWithNoReason_namedAsABug() {
    assertEquals(
        List.of(
            new Violation(
                "strategy",
                "strategy 'test_refusing' was refused by its factory, which reported no reason;"
                    + " this is a bug in that factory: report each broken rule with"
                    + " violation(name, message)")),
        assertThrows(
                InvalidRoutingTableException.class, () -> REFUSING.create(refusing("silent", 2)))
            .violations());
  }
}
