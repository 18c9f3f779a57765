package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.migrate.internal.KeyHash;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A write along its route (docs/migration.md §2–§3): each leg stamped with the route's version and
 * partition, the authoritative group first, a fenced leg refused with what to refresh to; a read
 * from the authoritative group, compared with the other when the route compares.
 */
class MigrationWriterTest {
  private final MigrationPlan plan =
      MigrationPlan.between(MigrationPlanTest.fourGroups(), MigrationPlanTest.fiveGroups());
  private final Map<String, MigrationStore> stores = new LinkedHashMap<>();
  private final MigrationWriter writer;

  MigrationWriterTest() {
    for (String g : new String[] {"g1", "g2", "g3", "g4", "g5"}) {
      stores.put(g, MigrationStore.inMemory(g));
    }
    writer = new MigrationWriter(stores);
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** A key of a partition that moves to g5, in the canary or not. */
  private String movingKey(boolean canary) {
    for (int i = 0; ; i++) {
      String k = "order-" + i;
      int p = plan.from().route(k).partition();
      if ((p == 3 || p == 7 || p == 11) && (KeyHash.bucket(k) < plan.canaryPercent()) == canary) {
        return k;
      }
    }
  }

  @Test
  void dualWrite_landsOnBothGroups_stampedWithTheRoute_andReturnsTheFirstGroupsResult() {
    String k = movingKey(false);
    WriteRoute route = plan.routes(Phase.DUAL_WRITE).write(k);
    String source = route.first().id();
    MigrationStore.ApplyResult r = writer.write(route, b(k), b("o-1"), b("v1"), 5);
    assertEquals(new MigrationStore.ApplyResult(1, 0, 0, null), r);
    for (String g : new String[] {source, "g5"}) {
      Row row = stores.get(g).get(b(k), b("o-1"));
      assertArrayEquals(b("v1"), row.value(), g);
      assertEquals(5, row.sequence(), g);
      assertEquals(route.version(), row.version(), g);
      assertEquals(route.partition(), row.partition(), g);
    }
    // a retry applies nothing twice; the first group says so
    assertEquals(
        new MigrationStore.ApplyResult(0, 1, 0, null),
        writer.write(route, b(k), b("o-1"), b("v1"), 5));
    // the single-row form writes the empty id, returns the first group's result, and reads back
    assertEquals(
        new MigrationStore.ApplyResult(1, 0, 0, null), writer.write(route, b(k), b("only"), 6));
    assertArrayEquals(b("only"), stores.get("g5").get(b(k)).value());
    assertArrayEquals(b("only"), stores.get(source).get(b(k)).value());
    Row read = writer.read(plan.routes(Phase.DUAL_WRITE).read(k), b(k), null);
    assertArrayEquals(b("only"), read.value());
    assertEquals(6, read.sequence());
    assertNull(
        writer.read(plan.routes(Phase.DUAL_WRITE).read("no-such-order"), b("no-such-order"), null));
  }

  @Test
  void copyPhase_writesOnlyTheSource() {
    String k = movingKey(false);
    WriteRoute route = plan.routes(Phase.COPY).write(k);
    writer.write(route, b(k), b("v"), 1);
    assertArrayEquals(b("v"), stores.get(route.first().id()).get(b(k)).value());
    assertNull(stores.get("g5").get(b(k)));
  }

  @Test
  void fencedSecondLeg_isRefused_afterTheFirstWasWritten() {
    String k = movingKey(false);
    WriteRoute route = plan.routes(Phase.DUAL_WRITE).write(k);
    Fence fence =
        new Fence(route.partition(), plan.from().version(), route.version() + 1, Phase.CUT_OVER);
    stores.get("g5").setFence(fence);
    MovedException e =
        assertThrows(MovedException.class, () -> writer.write(route, b(k), b("v"), 1));
    assertEquals("g5", e.groupId());
    assertEquals(fence, e.fence());
    assertEquals(route.version(), e.writtenWith());
    assertEquals(route.version() + 1, e.minVersion());
    assertNull(e.current());
    assertArrayEquals(b("v"), stores.get(route.first().id()).get(b(k)).value());
    assertNull(stores.get("g5").get(b(k)));
  }

  @Test
  void fencedFirstLeg_writesNothing() {
    String k = movingKey(false);
    WriteRoute route = plan.routes(Phase.DUAL_WRITE).write(k);
    String source = route.first().id();
    Fence fence =
        new Fence(route.partition(), plan.from().version(), route.version() + 1, Phase.CUT_OVER);
    stores.get(source).setFence(fence);
    MovedException e =
        assertThrows(MovedException.class, () -> writer.write(route, b(k), b("v"), 1));
    assertEquals(source, e.groupId());
    assertNull(stores.get(source).get(b(k)));
    assertNull(stores.get("g5").get(b(k)), "the second leg is not tried");
  }

  @Test
  void comparedCanaryRead_returnsTheAuthoritativeRow_andCountsMismatches() {
    String k = movingKey(true);
    ReadRoute route = plan.routes(Phase.CANARY).read(k);
    assertEquals("g5", route.group().id());
    String source = route.compareWith().id();
    long[] mismatches = new long[1];
    assertNull(writer.read(route, b(k), mismatches), "no row on either side");
    assertEquals(0, mismatches[0]);
    stores
        .get(source)
        .apply(
            java.util.List.of(Row.of(b(k), b("v1"), 1, 1, route.partition())),
            MigrationStore.WriteOrigin.CLIENT);
    assertArrayEquals(b("v1"), writer.read(route, b(k), mismatches).value());
    assertEquals(1, mismatches[0], "missing on the target");
    stores
        .get("g5")
        .apply(
            java.util.List.of(Row.of(b(k), b("v0"), 1, 1, route.partition())),
            MigrationStore.WriteOrigin.CLIENT);
    assertArrayEquals(b("v1"), writer.read(route, b(k), mismatches).value(), "the source's");
    assertEquals(2, mismatches[0], "different on the target");
    stores
        .get("g5")
        .apply(
            java.util.List.of(Row.of(b(k), b("v1"), 1, 2, route.partition())),
            MigrationStore.WriteOrigin.CLIENT);
    stores
        .get(source)
        .apply(
            java.util.List.of(Row.of(b(k), b("v1"), 1, 2, route.partition())),
            MigrationStore.WriteOrigin.CLIENT);
    assertArrayEquals(b("v1"), writer.read(route, b(k), mismatches).value());
    assertEquals(2, mismatches[0], "equal: not counted");
    assertArrayEquals(b("v1"), writer.read(route, b(k), null).value(), "no counter");
    String other = movingKey(false);
    stores
        .get("g5")
        .apply(
            java.util.List.of(Row.of(b(other), b("t"), 1, 1, route.partition())),
            MigrationStore.WriteOrigin.CLIENT);
    ReadRoute uncompared = plan.routes(Phase.CANARY).read(other);
    assertNull(uncompared.compareWith());
    assertNull(writer.read(uncompared, b(other), mismatches), "the source has none");
    assertEquals(2, mismatches[0]);
  }

  @Test
  void readPastAFence_isRefused_namingTheGroup() {
    String k = movingKey(false);
    ReadRoute route = plan.routes(Phase.VERIFY).read(k);
    String source = route.group().id();
    Fence fence =
        new Fence(route.partition(), plan.from().version(), route.version() + 1, Phase.CUT_OVER);
    stores.get(source).setFence(fence);
    MovedException e = assertThrows(MovedException.class, () -> writer.read(route, b(k), null));
    assertEquals(source, e.groupId());
    assertSame(fence.phase(), e.fence().phase());
    assertEquals(route.version(), e.writtenWith());
  }

  @Test
  void aGroupWithoutAStore_isNamed() {
    String k = movingKey(false);
    WriteRoute route = plan.routes(Phase.DUAL_WRITE).write(k);
    Map<String, MigrationStore> some = new LinkedHashMap<>(stores);
    some.remove("g5");
    MigrationWriter partial = new MigrationWriter(some);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> partial.write(route, b(k), b("v"), 1));
    assertTrue(
        e.getMessage().startsWith("no store for group 'g5'; stores are known for "), e::getMessage);
  }
}
