package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pins declared by a strategy are checked against the placement when a table is built. */
class PlacementPinTest {

  /** Byte-sum partitions with pins given by the test. */
  static final class PinnedStrategy extends ByteSumLike implements GroupConstraint {
    private final List<GroupConstraint.Pin> pins;

    PinnedStrategy(int partitions, List<GroupConstraint.Pin> pins) {
      super(partitions);
      this.pins = pins;
    }

    @Override
    public List<GroupConstraint.Pin> placementPins() {
      return pins;
    }
  }

  /** Delegates to {@link ByteSumStrategy}, which is final. */
  abstract static class ByteSumLike implements PartitionStrategy {
    private final ByteSumStrategy inner;

    ByteSumLike(int partitions) {
      this.inner = new ByteSumStrategy(partitions);
    }

    @Override
    public String type() {
      return "test_pinned";
    }

    @Override
    public int partitionCount() {
      return inner.partitionCount();
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return inner.partitionOf(canonical, offset, length);
    }

    @Override
    public Spec toSpec() {
      return Specs.withType(inner.toSpec(), type());
    }
  }

  private static final GroupConstraint.Pin GLOBEX =
      new GroupConstraint.Pin(
          "tenant 'globex'", "strategy.entries.globex.pin", 2, 2, Map.of("region", "eu"));

  private static RoutingTable.Builder table(List<GroupConstraint.Pin> pins, String... placement) {
    return RoutingTable.builder()
        .version(1)
        .entity("orders")
        .keyType(KeyType.STRING)
        .strategy(new PinnedStrategy(placement.length, pins))
        .group(ReplicaGroup.of("g-us", "db0:5432").withLabels(Map.of("region", "us")))
        .group(ReplicaGroup.of("g-eu", "db1:5432").withLabels(Map.of("region", "eu", "zone", "b")))
        .group(ReplicaGroup.of("g-plain", "db2:5432"))
        .placement(List.of(placement));
  }

  private static List<Violation> refused(RoutingTable.Builder b) {
    return assertThrows(InvalidRoutingTableException.class, b::build).violations();
  }

  @Test
  void build_pinSatisfied_builds() {
    RoutingTable t = table(List.of(GLOBEX), "g-us", "g-plain", "g-eu", "g-eu").build();
    assertEquals("g-eu", t.groupOf(3).id());
  }

  @Test
  void build_pinnedPartitionOnOtherRegion_refusedNamingOwnerGroupAndLabel() {
    List<Violation> v = refused(table(List.of(GLOBEX), "g-us", "g-plain", "g-eu", "g-us"));
    assertEquals(1, v.size(), v::toString);
    assertEquals("placement[3]", v.get(0).path());
    String m = v.get(0).message();
    assertTrue(
        m.contains("tenant 'globex' is pinned to region=eu (strategy.entries.globex.pin)"), m);
    assertTrue(m.contains("group 'g-us', labelled region=us"), m);
    assertTrue(m.contains("[g-eu]"), m);
  }

  @Test
  void build_pinnedPartitionOnUnlabelledGroup_saysLabelMissing() {
    List<Violation> v = refused(table(List.of(GLOBEX), "g-us", "g-plain", "g-plain", "g-eu"));
    assertEquals("placement[2]", v.get(0).path());
    assertTrue(
        v.get(0).message().contains("group 'g-plain', which has no label 'region'"), v::toString);
  }

  @Test
  void build_pinNoGroupSatisfies_refusedAtPinPath() {
    GroupConstraint.Pin mars =
        new GroupConstraint.Pin(
            "key 'rover'", "strategy.entries.rover.pin", 0, 1, Map.of("region", "mars"));
    List<Violation> v = refused(table(List.of(mars), "g-us", "g-eu"));
    assertEquals("strategy.entries.rover.pin", v.get(0).path());
    assertTrue(
        v.get(0)
            .message()
            .contains("key 'rover' is pinned to region=mars but no group has that label"),
        v::toString);
  }

  @Test
  void toBuilder_moveBreaksPin_nextVersionRefused() {
    RoutingTable t = table(List.of(GLOBEX), "g-us", "g-plain", "g-eu", "g-eu").build();
    List<Violation> v = refused(t.toBuilder().version(2).place(2, "g-us"));
    assertEquals("placement[2]", v.get(0).path());
    assertTrue(v.get(0).message().contains("tenant 'globex'"), v::toString);
  }

  @Test
  void build_manyBrokenPins_first20ThenCount() {
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < 30; p++) {
      placement.add("g-us");
    }
    GroupConstraint.Pin all =
        new GroupConstraint.Pin(
            "tenant 'big'", "strategy.entries.big.pin", 0, 30, Map.of("region", "eu"));
    List<Violation> v = refused(table(List.of(all), placement.toArray(new String[0])));
    assertEquals(21, v.size(), v::toString);
    assertEquals("placement", v.get(20).path());
    assertTrue(v.get(20).message().startsWith("10 more pinned partitions"), v::toString);
  }

  @Test
  void pin_badArguments_refused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new GroupConstraint.Pin("x", "p", -1, 1, Map.of("region", "eu")));
    assertThrows(
        IllegalArgumentException.class,
        () -> new GroupConstraint.Pin("x", "p", 0, 0, Map.of("region", "eu")));
    assertThrows(
        IllegalArgumentException.class, () -> new GroupConstraint.Pin("x", "p", 0, 1, Map.of()));
  }
}
