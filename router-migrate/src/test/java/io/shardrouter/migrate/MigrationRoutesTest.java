package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MigrationRoutesTest {
  private final MigrationPlan plan =
      Migration.plan(MigrationPlanTest.fourGroups(), MigrationPlanTest.fiveGroups());

  private String keyIn(boolean moving) {
    RoutingTable from = plan.from();
    for (int i = 0; ; i++) {
      String k = "order-" + i;
      int p = from.route(k).partition();
      if ((p == 3 || p == 7 || p == 11) == moving) {
        return k;
      }
    }
  }

  @Test
  void write_eachPhase_answersAsDocumented() {
    String k = keyIn(true);
    String s = plan.from().route(k).group().id();
    assertWrite(Phase.COPY, k, s, null);
    assertWrite(Phase.DUAL_WRITE, k, s, "g5");
    assertWrite(Phase.VERIFY, k, s, "g5");
    assertWrite(Phase.CANARY, k, s, "g5");
    assertWrite(Phase.CUT_OVER, k, "g5", null);
    assertWrite(Phase.ROLLBACK_WINDOW, k, "g5", s);
    assertWrite(Phase.DONE, k, "g5", null);
    WriteRoute rolledBack = plan.routes(Phase.ROLLED_BACK, 18).write(k);
    assertEquals(s, rolledBack.first().id());
    assertEquals(18, rolledBack.version());
  }

  private void assertWrite(Phase phase, String key, String first, String second) {
    WriteRoute w = plan.routes(phase).write(key);
    assertEquals(first, w.first().id(), phase + " first");
    assertEquals(second, w.second() == null ? null : w.second().id(), phase + " second");
    assertEquals(plan.versionOf(phase), w.version());
    assertSame(
        w, plan.routes(phase).write(key.getBytes(StandardCharsets.UTF_8)), "byte[] path agrees");
  }

  @Test
  void read_eachPhase_sourceThenCanaryThenTarget() {
    String k = keyIn(true);
    String s = plan.from().route(k).group().id();
    assertEquals(s, plan.routes(Phase.DUAL_WRITE).read(k).group().id());
    assertEquals("g5", plan.routes(Phase.CUT_OVER).read(k).group().id());
    assertEquals("g5", plan.routes(Phase.ROLLBACK_WINDOW).read(k).group().id());
    MigrationRoutes canary = plan.routes(Phase.CANARY);
    int hits = 0;
    int moving = 0;
    for (int i = 0; i < 20_000; i++) {
      String key = "order-" + i;
      ReadRoute r = canary.read(key);
      assertSame(r, canary.read(key.getBytes(StandardCharsets.UTF_8)));
      if (canary.moving(plan.from().route(key).partition())) {
        moving++;
        if (r.canary()) {
          hits++;
          assertEquals("g5", r.group().id());
          assertNotNull(r.compareWith());
        } else {
          assertEquals(plan.from().route(key).group().id(), r.group().id());
        }
      }
    }
    assertEquals(0.10, (double) hits / moving, 0.015, hits + " of " + moving);
  }

  @Test
  void keysOutsideMovingParts_routeAsThePlainTable() {
    String k = keyIn(false);
    for (Phase phase : MigrationPlan.FORWARD) {
      MigrationRoutes routes = plan.routes(phase);
      WriteRoute w = routes.write(k);
      RoutingTable plain = phase == Phase.DONE ? plan.to() : plan.from();
      assertEquals(plain.route(k).group().id(), w.first().id());
      assertNull(w.second());
      assertNull(w.movement());
      assertEquals(plain.route(k).partition(), w.partition());
      assertSame(w, routes.write(k), "routes are built ahead of time");
    }
  }

  @Test
  void document_roundTrips_everyPhase() {
    for (Phase phase : MigrationPlan.FORWARD) {
      MigrationRoutes routes = plan.routes(phase);
      String doc = routes.toDocument();
      if (phase == Phase.DONE) {
        assertEquals(plan.versionOf(Phase.DONE), RoutingDocuments.read(doc).version());
        continue;
      }
      assertTrue(
          doc.contains("\"extensions\":{\"migration\":{\"format\":1,\"phase\":\"" + phase + "\""),
          doc);
      MigrationRoutes back = MigrationRoutes.fromDocument(doc);
      assertEquals(phase, back.phase());
      assertEquals(routes.version(), back.version());
      for (int i = 0; i < 500; i++) {
        String key = "order-" + i;
        WriteRoute a = routes.write(key);
        WriteRoute b = back.write(key);
        assertEquals(a.first().id(), b.first().id());
        assertEquals(a.second() == null, b.second() == null);
        assertEquals(routes.read(key).group().id(), back.read(key).group().id());
      }
    }
  }

  @Test
  void fromDocument_badMigrationObject_explains() {
    String plain = RoutingDocuments.write(plan.from());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MigrationRoutes.fromDocument(plain));
    assertTrue(e.getMessage().contains("has no extensions.migration object"), e.getMessage());
    String doc =
        plan.routes(Phase.COPY)
            .toDocument()
            .replace("\"phase\":\"COPY\"", "\"phase\":\"SIDEWAYS\"");
    e = assertThrows(IllegalArgumentException.class, () -> MigrationRoutes.fromDocument(doc));
    assertTrue(
        e.getMessage().contains("extensions.migration.phase: 'SIDEWAYS' is not a phase"),
        e.getMessage());
    String extra =
        plan.routes(Phase.COPY)
            .toDocument()
            .replace("\"format\":1,\"phase\"", "\"format\":1,\"owner\":1,\"phase\"");
    e = assertThrows(IllegalArgumentException.class, () -> MigrationRoutes.fromDocument(extra));
    assertTrue(
        e.getMessage().contains("extensions.migration.owner: unknown field"), e.getMessage());
  }
}
