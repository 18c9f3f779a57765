package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Router;
import io.shardrouter.migrate.internal.simulation.MemoryStateStore;
import io.shardrouter.migrate.internal.simulation.SimulationPlans;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's settings and goals (docs/migration.md): each refusal with its message, where
 * {@code advanceTo} stops, and every published version reaching routers, migration routers and the
 * publisher, in order.
 */
class MigrationCoordinatorSettingsTest {
  private final MigrationPlan plan =
      MigrationPlan.between(MigrationPlanTest.fourGroups(), MigrationPlanTest.fiveGroups());
  private final Map<String, MigrationStore> stores = new LinkedHashMap<>();

  MigrationCoordinatorSettingsTest() {
    for (String g : Docs.groups(5)) {
      stores.put(g, MigrationStore.inMemory(g));
    }
  }

  private MigrationCoordinator.Builder builder() {
    return MigrationCoordinator.builder(plan)
        .stores(stores)
        .stateStore(new MemoryStateStore())
        .publisher(r -> {});
  }

  @Test
  void batchSizeAndVerifyRounds_belowOne_areRefused() {
    assertEquals(
        "batchSize must be >= 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> builder().batchSize(0)).getMessage());
    assertEquals(
        "maxVerifyRounds must be >= 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> builder().maxVerifyRounds(0))
            .getMessage());
    MigrationCoordinator c = builder().batchSize(1).maxVerifyRounds(1).build();
    assertEquals(Phase.DONE, c.finish().phase(), "a page of one row at a time still finishes");
  }

  @Test
  void withoutAnId_theMigrationIsNamedByTableAndPlan() {
    MigrationCoordinator c = builder().build();
    assertEquals(plan.from().entity() + "-" + plan.fingerprint(), c.state().migrationId());
    assertEquals("sim", builder().migrationId("sim").build().state().migrationId());
  }

  @Test
  void goals_onlyForwardPhases_andNoneWhileRollingBack() {
    MigrationCoordinator c = builder().build();
    IllegalArgumentException notForward =
        assertThrows(IllegalArgumentException.class, () -> c.target(Phase.ROLLED_BACK));
    assertEquals(
        "goal ROLLED_BACK is not a forward phase; forward phases: " + MigrationPlan.FORWARD,
        notForward.getMessage());
    assertEquals(Phase.VERIFY, c.advanceTo(Phase.VERIFY).phase());
    assertFalse(c.step(), "the goal is reached: nothing to do");
    assertEquals(Phase.VERIFY, c.phase());
    c.requestRollback();
    c.requestRollback();
    assertTrue(c.state().rollingBack());
    IllegalStateException rolling =
        assertThrows(IllegalStateException.class, () -> c.target(Phase.DONE));
    assertEquals(
        "migration '"
            + c.state().migrationId()
            + "' is rolling back; it can only reach ROLLED_BACK",
        rolling.getMessage());
    assertEquals(Phase.ROLLED_BACK, c.rollback().phase());
    assertFalse(c.step());
  }

  @Test
  void everyVersion_reachesRoutersMigrationRoutersAndThePublisher_inOrder() {
    Router router = Router.create(plan.from());
    MigrationRouter mrouter = new MigrationRouter(plan.routes(Phase.PLANNED));
    List<Long> published = new ArrayList<>();
    MigrationCoordinator c =
        MigrationCoordinator.builder(plan)
            .stores(stores)
            .stateStore(new MemoryStateStore())
            .routers(router)
            .migrationRouters(mrouter)
            .publisher(r -> published.add(r.version()))
            .build();
    c.finish();
    assertEquals(Phase.DONE, c.phase());
    assertEquals(c.state().version(), router.version());
    assertEquals(c.state().version(), mrouter.routes().version());
    assertEquals(c.state().version(), (long) published.get(published.size() - 1));
    for (int i = 1; i < published.size(); i++) {
      assertTrue(published.get(i - 1) < published.get(i), published::toString);
    }
    assertSame(c.routes(), c.routes(), "the routes of a state are built once");
    assertEquals(Phase.DONE, c.routes().phase());
  }

  @Test
  void strategyChange_withoutTheStoreOfAGroupOfTheNewTable_isRefused() {
    MigrationPlan found = null;
    Map<String, MigrationStore> some = new LinkedHashMap<>();
    List<String> left = new ArrayList<>();
    for (MigrationPlan p : SimulationPlans.standard()) {
      some.clear();
      left.clear();
      for (MigrationPlan.Movement m : p.movements()) {
        some.put(m.sourceGroup(), MigrationStore.inMemory(m.sourceGroup()));
        some.put(m.targetGroup(), MigrationStore.inMemory(m.targetGroup()));
      }
      for (io.shardrouter.core.ReplicaGroup g : p.to().groups()) {
        if (!some.containsKey(g.id())) {
          left.add(g.id());
        }
      }
      if (p.strategyChange() && !left.isEmpty()) {
        found = p;
        break;
      }
    }
    assertTrue(found != null, "a strategy change that moves keys between some groups only");
    MigrationPlan change = found;
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                MigrationCoordinator.builder(change)
                    .stores(some)
                    .stateStore(new MemoryStateStore())
                    .publisher(r -> {})
                    .build());
    assertTrue(
        e.getMessage().startsWith("no store for groups " + left + " of the new table"),
        e::getMessage);
  }
}
