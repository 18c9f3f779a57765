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
        return null;
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
                    + " reported no reason; this is a bug in that factory")),
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
}
