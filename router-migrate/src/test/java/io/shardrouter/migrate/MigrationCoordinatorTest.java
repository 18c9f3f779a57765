package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A service's view: 4 -> 5 groups with the coordinator, its routes and the in-memory stores. */
class MigrationCoordinatorTest {
  @TempDir Path dir;

  private final RoutingTable from = MigrationPlanTest.fourGroups();
  private final MigrationPlan plan = MigrationPlan.between(from, MigrationPlanTest.fiveGroups());
  private final Map<String, InMemoryStore> stores = new LinkedHashMap<>();
  private final Router router = Router.create(from);
  private final MigrationRouter routes = new MigrationRouter(plan.routes(Phase.PLANNED));
  private final MigrationWriter writer;
  private long seq;

  MigrationCoordinatorTest() {
    for (String g : Docs.groups(5)) {
      stores.put(g, new InMemoryStore(g));
    }
    writer = new MigrationWriter(new LinkedHashMap<>(stores));
  }

  private MigrationCoordinator coordinator() {
    return MigrationCoordinator.builder(plan)
        .stores(stores)
        .stateStore(MigrationStateStore.inDirectory(dir))
        .routers(router)
        .migrationRouters(routes)
        .migrationId("orders-4to5")
        .batchSize(64)
        .build();
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Writes keys 0..n-1 through the current routes, retrying once on MOVED. */
  private Map<String, Long> writeAll(int n, String tag) {
    Map<String, Long> acked = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      String k = "order-" + i;
      long s = ++seq;
      try {
        writer.write(routes.write(k), b(k), b(tag + s), s);
      } catch (MovedException e) {
        writer.write(routes.write(k), b(k), b(tag + s), s);
      }
      acked.put(k, s);
    }
    return acked;
  }

  /**
   * Writes keys 0..n-1 as {@link #writeAll} does, except that a moving key whose group is fenced at
   * a version not yet published (between the cut-over's closing fence and its publish) is not
   * written: its writer waits for that version, which only the next step publishes.
   */
  private void writeAvailable(int n, String tag) {
    for (int i = 0; i < n; i++) {
      String k = "order-" + i;
      long s = ++seq;
      try {
        writer.write(routes.write(k), b(k), b(tag + s), s);
      } catch (MovedException e) {
        if (e.minVersion() > routes.routes().version()) {
          continue; // the version it needs is not published yet
        }
        writer.write(routes.write(k), b(k), b(tag + s), s);
      }
    }
  }

  private void assertOnOwnerOnly(RoutingTable owner, Map<String, Long> acked) {
    for (Map.Entry<String, Long> e : acked.entrySet()) {
      String g = owner.route(e.getKey()).group().id();
      Row r = stores.get(g).get(b(e.getKey()));
      assertNotNull(r, e.getKey() + " missing on " + g);
      assertEquals((long) e.getValue(), r.sequence(), e.getKey());
      for (InMemoryStore s : stores.values()) {
        if (!s.groupId().equals(g)) {
          assertNull(s.get(b(e.getKey())), e.getKey() + " left on " + s.groupId());
        }
      }
    }
  }

  @Test
  void fourToFive_cutOverThenFinish_everyWriteOnItsNewOwner() {
    writeAll(2_000, "a");
    MigrationCoordinator c = coordinator();
    c.advanceTo(Phase.DUAL_WRITE);
    writeAll(2_000, "b");
    c.cutOver();
    assertEquals(Phase.ROLLBACK_WINDOW, c.phase());
    assertEquals(3, c.report().size());
    assertTrue(c.report().stream().allMatch(PartReport::clean), c.report().toString());
    assertTrue(c.report().get(0).rowsProcessed() > 0);
    Map<String, Long> acked = writeAll(2_000, "c");
    c.finish();
    assertEquals(Phase.DONE, c.phase());
    assertEquals(17, router.version());
    assertEquals(17, routes.routes().version());
    assertOnOwnerOnly(plan.to(), acked);
  }

  @Test
  void restart_atEveryStep_continuesToTheSameEnd() {
    writeAll(500, "a");
    int steps = 0;
    while (true) {
      MigrationCoordinator c = coordinator();
      c.target(Phase.DONE);
      if (!c.step()) {
        break;
      }
      steps++;
      if (steps % 3 == 0) {
        writeAvailable(50, "w" + steps);
      }
    }
    Map<String, Long> acked = writeAll(500, "z");
    assertTrue(steps > 20, "steps " + steps);
    assertOnOwnerOnly(plan.to(), acked);
  }

  @Test
  void rollback_fromEveryPhase_restoresTheOldOwnerWithEveryWrite() {
    for (Phase at :
        List.of(
            Phase.PLANNED,
            Phase.COPY,
            Phase.DUAL_WRITE,
            Phase.VERIFY,
            Phase.CANARY,
            Phase.CUT_OVER,
            Phase.ROLLBACK_WINDOW)) {
      MigrationCoordinatorTest t = new MigrationCoordinatorTest();
      t.dir = dir.resolve(at.name());
      t.writeAll(300, "a");
      MigrationCoordinator c = t.coordinator();
      if (at != Phase.PLANNED) {
        c.advanceTo(at);
      }
      Map<String, Long> acked = t.writeAll(300, "b");
      c.rollback();
      assertEquals(Phase.ROLLED_BACK, c.phase(), at.toString());
      Map<String, Long> after = t.writeAll(300, "c");
      t.assertOnOwnerOnly(from, after);
      assertEquals(acked.keySet(), after.keySet());
      assertEquals(from.partitionCount(), t.router.table().partitionCount());
    }
  }

  /**
   * The closing step: when CUT_OVER (or ROLLED_BACK after the window) reaches any process, the
   * group that stops receiving the moving keys' writes is already fenced for every older version,
   * so a reader still on CANARY (or on the window) is refused instead of reading it.
   */
  @Test
  void cutOverAndRolledBack_fenceTheGroupThatLosesWrites_beforeTheVersionIsPublished() {
    for (boolean rollback : new boolean[] {false, true}) {
      MigrationCoordinatorTest t = new MigrationCoordinatorTest();
      t.dir = dir.resolve(rollback ? "rollback" : "forward");
      t.writeAll(300, "a");
      MigrationPlan.Movement moving = t.plan.movements().get(0);
      String key = null;
      for (int i = 0; key == null; i++) {
        if (moving.part().contains(b("order-" + i))) {
          key = "order-" + i;
        }
      }
      String k = key;
      MigrationRoutes[] lastSeen = new MigrationRoutes[1];
      List<String> checked = new java.util.ArrayList<>();
      MigrationCoordinator c =
          MigrationCoordinator.builder(t.plan)
              .stores(t.stores)
              .stateStore(MigrationStateStore.inDirectory(t.dir))
              .migrationRouters(t.routes)
              .publisher(
                  r -> {
                    MigrationRoutes before = lastSeen[0];
                    lastSeen[0] = r;
                    boolean closing =
                        r.phase() == Phase.CUT_OVER
                            || (r.phase() == Phase.ROLLED_BACK
                                && before != null
                                && before.phase() == Phase.ROLLBACK_WINDOW);
                    if (!closing) {
                      return;
                    }
                    // A reader that stayed on the previous version reads where it routed then.
                    ReadRoute stale = before.read(k);
                    MigrationStore.ReadResult got =
                        t.stores
                            .get(stale.group().id())
                            .read(stale.version(), stale.partition(), b(k));
                    assertTrue(
                        got.refused(),
                        r.phase() + " published while " + stale + " still reads " + got.rows());
                    assertEquals(r.version(), got.refusedBy().minVersion());
                    checked.add(r.phase() + " v" + r.version() + " refuses " + stale);
                  })
              .migrationId("closing-" + rollback)
              .batchSize(64)
              .build();
      if (rollback) {
        c.advanceTo(Phase.ROLLBACK_WINDOW);
        c.rollback();
      } else {
        c.finish();
      }
      assertEquals(rollback ? 2 : 1, checked.size(), checked.toString());
    }
  }

  @Test
  void cutOver_refusedWhileVerificationIsNotClean() {
    writeAll(300, "a");
    String k = null;
    for (int i = 0; k == null; i++) {
      if (plan.movements().get(0).part().contains(b("ghost-" + i))) {
        k = "ghost-" + i;
      }
    }
    stores
        .get("g5")
        .apply(List.of(Row.of(b(k), b("x"), 1, 1, 3)), MigrationStore.WriteOrigin.MIGRATION);
    MigrationCoordinator c =
        MigrationCoordinator.builder(plan)
            .stores(stores)
            .stateStore(MigrationStateStore.inDirectory(dir))
            .routers(router)
            .maxVerifyRounds(2)
            .build();
    IllegalStateException e = assertThrows(IllegalStateException.class, c::cutOver);
    assertTrue(e.getMessage().contains("cut-over refused"), e.getMessage());
    assertTrue(e.getMessage().contains("extraOnTarget=1"), e.getMessage());
    assertEquals(Phase.VERIFY, c.phase());
    c.rollback();
    assertEquals(Phase.ROLLED_BACK, c.phase());
  }

  @Test
  void verify_repairsADifference_andCountsTheRowsItRepaired() {
    writeAll(300, "a");
    MigrationCoordinator c = coordinator();
    c.target(Phase.CANARY);
    while (c.phase() != Phase.VERIFY) {
      assertTrue(c.step());
    }
    MigrationPlan.Movement m = plan.movements().get(0);
    String k = null;
    for (int i = 0; k == null; i++) {
      if (m.part().contains(b("order-" + i))) {
        k = "order-" + i;
      }
    }
    InMemoryStore source = (InMemoryStore) stores.get(m.sourceGroup());
    InMemoryStore target = (InMemoryStore) stores.get(m.targetGroup());
    Row copied = target.get(b(k), new byte[0]);
    assertNotNull(copied, "the copy passes ran before VERIFY");
    // A newer write that reached the source only: the verification must find and repair it.
    source.apply(
        List.of(
            Row.of(b(k), b("late"), copied.version(), copied.sequence() + 1, copied.partition())),
        MigrationStore.WriteOrigin.MIGRATION);
    assertEquals(0, c.state().counter("repaired#"));
    while (c.phase() == Phase.VERIFY && c.state().counter("round#") == 0) {
      assertTrue(c.step());
    }
    assertEquals(Phase.VERIFY, c.phase(), "one more round verifies the repair");
    assertEquals(1, c.state().counter("repaired#"), "the one row the repair copied");
    assertArrayEquals(b("late"), target.get(b(k), new byte[0]).value());
    while (c.step()) {
      // to CANARY
    }
    assertEquals(Phase.CANARY, c.phase());
    assertTrue(c.state().verifiedClean(), "the second round was clean");
  }

  @Test
  void rollbackAfterDone_isRefused() {
    MigrationCoordinator c = coordinator();
    c.finish();
    IllegalStateException e = assertThrows(IllegalStateException.class, c::rollback);
    assertTrue(e.getMessage().contains("plan a migration from the new table back"), e.getMessage());
  }

  @Test
  void builder_missingPieces_explain() {
    Map<String, InMemoryStore> four = new LinkedHashMap<>(stores);
    four.remove("g5");
    IllegalStateException noStore =
        assertThrows(
            IllegalStateException.class,
            () ->
                MigrationCoordinator.builder(plan)
                    .stores(four)
                    .stateStore(MigrationStateStore.inDirectory(dir))
                    .routers(router)
                    .build());
    assertTrue(noStore.getMessage().contains("no store for groups [g5]"), noStore.getMessage());
    IllegalStateException noState =
        assertThrows(
            IllegalStateException.class,
            () -> MigrationCoordinator.builder(plan).stores(stores).routers(router).build());
    assertTrue(noState.getMessage().contains("needs a stateStore"));
    IllegalStateException noRouters =
        assertThrows(
            IllegalStateException.class,
            () ->
                MigrationCoordinator.builder(plan)
                    .stores(stores)
                    .stateStore(MigrationStateStore.inDirectory(dir))
                    .build());
    assertTrue(noRouters.getMessage().contains("needs routers"));
    coordinator();
    MigrationPlan other = plan.withCanary(50, false);
    IllegalStateException otherPlan =
        assertThrows(
            IllegalStateException.class,
            () ->
                MigrationCoordinator.builder(other)
                    .stores(stores)
                    .stateStore(MigrationStateStore.inDirectory(dir))
                    .routers(router)
                    .migrationId("orders-4to5")
                    .build());
    assertTrue(otherPlan.getMessage().contains("was started with plan"), otherPlan.getMessage());
  }
}
