package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.shardrouter.migrate.internal.KeyHash;
import io.shardrouter.migrate.internal.simulation.SimulationPlans;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A route asked with a key's canonical bytes is the route of the key (docs/migration.md §2), in
 * every phase of every kind of plan; and the canary reads from the target exactly the keys whose
 * bucket is below the plan's percent.
 */
class MigrationRoutesBytesTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void routesOfCanonicalBytes_areTheRoutesOfTheKey_inEveryPhaseOfEveryPlan() {
    List<MigrationPlan> plans = SimulationPlans.standard();
    for (MigrationPlan plan : plans) {
      for (Phase phase : Phase.values()) {
        MigrationRoutes routes = plan.routes(phase, plan.versionOf(Phase.COPY) + 20);
        for (int i = 0; i < 400; i++) {
          String k = "k" + i;
          String at = plan.to().strategy() + " " + phase + " " + k;
          assertSame(routes.write(k), routes.write(b(k)), at);
          assertSame(routes.read(k), routes.read(b(k)), at);
        }
      }
    }
  }

  @Test
  void canary_readsTheTargetForKeysBelowThePercent_comparedWithTheSource() {
    for (MigrationPlan standard : SimulationPlans.standard()) {
      for (int percent : new int[] {1, 10, 37, 100}) {
        MigrationPlan plan = standard.withCanary(percent, true);
        MigrationRoutes canary = plan.routes(Phase.CANARY);
        MigrationRoutes verify = plan.routes(Phase.VERIFY);
        for (int i = 0; i < 400; i++) {
          String k = "k" + i;
          WriteRoute w = verify.write(k);
          ReadRoute r = canary.read(k);
          ReadRoute rb = canary.read(b(k));
          String at = plan.to().strategy() + " " + percent + "% " + k;
          if (!w.dual()) {
            assertEquals(w.first(), r.group(), at + ": a key that stays");
            assertNull(r.compareWith(), at);
            continue;
          }
          boolean inCanary = KeyHash.bucket(k) < percent;
          assertEquals(inCanary, r.canary(), at);
          assertEquals(inCanary, rb.canary(), at);
          assertEquals(inCanary ? w.second() : w.first(), r.group(), at);
          assertEquals(inCanary ? w.second() : w.first(), rb.group(), at);
          if (inCanary) {
            assertEquals(w.first(), r.compareWith(), at + ": compared with the source");
          } else {
            assertNull(r.compareWith(), at);
          }
        }
      }
    }
  }

  @Test
  void moving_namesThePartitionsWithMovingKeys_onlyWhileKeysMove() {
    MigrationPlan plan = SimulationPlans.standard().get(0); // 4 -> 5 groups: 3, 7 and 11 move
    for (Phase phase : Phase.values()) {
      MigrationRoutes routes = plan.routes(phase, plan.versionOf(Phase.COPY) + 20);
      boolean keysMove = phase != Phase.PLANNED && !phase.terminal();
      for (int p = 0; p < 16; p++) {
        assertEquals(keysMove && (p == 3 || p == 7 || p == 11), routes.moving(p), phase + " " + p);
      }
      assertEquals(plan.versionOf(Phase.COPY) + 20, routes.table().version(), phase.toString());
      assertEquals(plan.versionOf(Phase.COPY) + 20, routes.version(), phase.toString());
    }
  }

  @Test
  void copyPhase_writesTheSourceAlone_namingTheMovementOfAMovingKey() {
    MigrationPlan plan = SimulationPlans.standard().get(0);
    MigrationRoutes copy = plan.routes(Phase.COPY);
    for (int i = 0; i < 200; i++) {
      String k = "k" + i;
      int p = plan.from().route(k).partition();
      WriteRoute w = copy.write(k);
      assertEquals(plan.from().route(k).group(), w.first(), k);
      assertNull(w.second(), k);
      if (p == 3 || p == 7 || p == 11) {
        assertEquals(p, w.movement().sourcePartition(), k);
        assertEquals("g5", w.movement().targetGroup(), k);
      } else {
        assertNull(w.movement(), k);
      }
    }
  }

  @Test
  void canaryWithoutComparing_readsTheTargetAlone_andOtherPhasesHaveNoCanary() {
    MigrationPlan plan = SimulationPlans.standard().get(0).withCanary(100, false);
    for (int i = 0; i < 200; i++) {
      String k = "k" + i;
      WriteRoute w = plan.routes(Phase.VERIFY).write(k);
      if (!w.dual()) {
        continue;
      }
      ReadRoute r = plan.routes(Phase.CANARY).read(b(k));
      assertEquals(w.second(), r.group(), k);
      assertNull(r.compareWith(), k);
      for (Phase p : new Phase[] {Phase.COPY, Phase.DUAL_WRITE, Phase.VERIFY}) {
        ReadRoute before = plan.routes(p).read(b(k));
        assertEquals(w.first(), before.group(), p + " " + k);
        assertEquals(false, before.canary(), p + " " + k);
      }
      ReadRoute after = plan.routes(Phase.CUT_OVER).read(b(k));
      assertNotNull(after.group());
      assertEquals(w.second(), after.group(), k);
    }
  }
}
