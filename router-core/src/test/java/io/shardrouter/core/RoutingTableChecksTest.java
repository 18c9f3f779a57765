package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The content rules of {@code RoutingTableChecks}, each with its path: group constraints handed to
 * every nested strategy (and a strategy that nests itself stopped), the placement's length limit,
 * unknown groups capped at 20 with the rest counted, an entity with no UTF-8 form, and an extension
 * without a name.
 */
class RoutingTableChecksTest {

  /**
   * Byte-sum partitions over {@code children}; as a group constraint it reports the path it was
   * handed and how many groups it saw.
   */
  private record Nesting(int partitions, List<NestedStrategies.Child> kids)
      implements PartitionStrategy, NestedStrategies, GroupConstraint {
    @Override
    public String type() {
      return "test_nesting";
    }

    @Override
    public int partitionCount() {
      return partitions;
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return new ByteSumStrategy(partitions).partitionOf(canonical, offset, length);
    }

    @Override
    public Spec toSpec() {
      return Spec.object().put("type", type()).put("partitions", partitions).build();
    }

    @Override
    public List<Child> children() {
      return kids;
    }

    @Override
    public void checkGroups(List<ReplicaGroup> groups, String path, Violations violations) {
      violations.add(path, "saw " + groups.size() + " groups");
    }
  }

  /** A strategy whose only child is itself. */
  private static final class SelfNesting implements PartitionStrategy, NestedStrategies {
    @Override
    public String type() {
      return "test_self";
    }

    @Override
    public int partitionCount() {
      return 2;
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return 0;
    }

    @Override
    public Spec toSpec() {
      return Spec.object().put("type", type()).build();
    }

    @Override
    public List<Child> children() {
      return List.of(new Child("self", this));
    }
  }

  private static final List<ReplicaGroup> GROUPS =
      List.of(ReplicaGroup.of("g0", "db0:5432"), ReplicaGroup.of("g1", "db1:5432"));

  private static List<Violation> check(PartitionStrategy s, List<String> placement) {
    Violations v = new Violations();
    RoutingTableChecks.groupsAndPlacement(s, GROUPS, placement, v);
    return v.asList();
  }

  /** A chain of {@code depth} strategies below the top one. */
  private static Nesting chain(int depth) {
    Nesting s = new Nesting(2, List.of());
    for (int i = 0; i < depth; i++) {
      s = new Nesting(2, List.of(new NestedStrategies.Child("next", s)));
    }
    return s;
  }

  @Test
  void groupConstraints_reachEveryNestedStrategy_withItsPath() {
    Nesting leaf = new Nesting(2, List.of());
    Nesting middle = new Nesting(2, List.of(new NestedStrategies.Child("fallback", leaf)));
    Nesting top =
        new Nesting(
            2,
            List.of(
                new NestedStrategies.Child("tenants[0]", middle),
                new NestedStrategies.Child("default", leaf)));
    assertEquals(
        List.of(
            new Violation("strategy", "saw 2 groups"),
            new Violation("strategy.tenants[0]", "saw 2 groups"),
            new Violation("strategy.tenants[0].fallback", "saw 2 groups"),
            new Violation("strategy.default", "saw 2 groups")),
        check(top, List.of("g0", "g1")));
  }

  @Test
  void groupConstraints_notAskedWithoutGroups() {
    Violations v = new Violations();
    RoutingTableChecks.groupsAndPlacement(new Nesting(1, List.of()), List.of(), List.of("g0"), v);
    assertEquals(
        List.of("groups", "placement[0]"), v.asList().stream().map(Violation::path).toList());
  }

  @Test
  void nestingDepth_64Accepted_65Refused() {
    List<Violation> at64 = check(chain(64), List.of("g0", "g1"));
    assertEquals(65, at64.size(), "one constraint report per level, no depth refusal");
    List<Violation> at65 = check(chain(65), List.of("g0", "g1"));
    Violation last = at65.get(at65.size() - 1);
    assertEquals("strategy" + ".next".repeat(65), last.path());
    assertEquals("strategies nest deeper than 64 levels; does one contain itself?", last.message());
  }

  @Test
  void strategyContainingItself_stoppedAtTheDepthLimit() {
    assertEquals(
        List.of(
            new Violation(
                "strategy" + ".self".repeat(65),
                "strategies nest deeper than 64 levels; does one contain itself?")),
        check(new SelfNesting(), List.of("g0", "g1")));
  }

  /** A placement list of {@code size} entries "g0", without holding them. */
  private static List<String> placementOf(int size) {
    return new AbstractList<>() {
      @Override
      public String get(int index) {
        return "g0";
      }

      @Override
      public int size() {
        return size;
      }
    };
  }

  @Test
  void placementLength_atTheLimitChecked_overItRefused() {
    assertEquals(List.of(), check(null, placementOf(RoutingTable.MAX_PARTITIONS)));
    assertEquals(
        List.of(
            new Violation(
                "placement",
                "has "
                    + (RoutingTable.MAX_PARTITIONS + 1)
                    + " entries, over the limit of "
                    + RoutingTable.MAX_PARTITIONS)),
        check(null, placementOf(RoutingTable.MAX_PARTITIONS + 1)));
  }

  private static List<String> unknown(int n) {
    List<String> placement = new ArrayList<>(Collections.nCopies(n, "g9"));
    placement.add("g0");
    return placement;
  }

  @Test
  void unknownGroups_twentyListed_theRestCounted() {
    List<Violation> at20 = check(null, unknown(20));
    assertEquals(20, at20.size());
    assertEquals(
        new Violation("placement[19]", "unknown group 'g9'; known groups: [g0, g1]"), at20.get(19));
    List<Violation> at23 = check(null, unknown(23));
    assertEquals(21, at23.size());
    assertEquals(new Violation("placement", "3 more entries name unknown groups"), at23.get(20));
  }

  @Test
  void entityWithoutUtf8Form_refused() {
    Violations v = new Violations();
    RoutingTableChecks.header(1L, "ord\uD800ers", KeyType.STRING, new ByteSumStrategy(2), v);
    assertEquals(
        List.of(new Violation("entity", "has a lone surrogate and so no UTF-8 form; fix the text")),
        v.asList());
  }

  @Test
  void extensionWithoutName_refused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RoutingTable.builder().extension(null, Spec.of(1)));
    assertEquals(
        "extension name must be 1-64 lower case letters, digits or '_', starting with a letter; got"
            + " null",
        e.getMessage());
  }
}
