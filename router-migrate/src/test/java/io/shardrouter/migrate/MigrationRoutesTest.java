package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MigrationRoutesTest {
  private final MigrationPlan plan =
      MigrationPlan.between(MigrationPlanTest.fourGroups(), MigrationPlanTest.fiveGroups());

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
  void router_refusesAnotherEntityKeyTypeOrContent_andKeepsServingItsRoutes() {
    RoutingTable table = plan.from();
    MigrationRouter router = new MigrationRouter(MigrationRoutes.of(table));
    MigrationRoutes current = router.routes();
    long next = table.version() + 5;
    InvalidRoutingTableException entity =
        assertThrows(
            InvalidRoutingTableException.class,
            () ->
                router.update(
                    MigrationRoutes.of(
                        table.toBuilder().entity("customers").version(next).build())));
    assertTrue(
        entity.getMessage().contains("use one MigrationRouter per entity"), entity::getMessage);
    InvalidRoutingTableException key =
        assertThrows(
            InvalidRoutingTableException.class,
            () ->
                router.update(
                    MigrationRoutes.of(
                        table.toBuilder().keyType(KeyType.LONG).version(next).build())));
    assertTrue(
        key.getMessage().contains("change the key type from string to long"), key::getMessage);
    RoutingTable other = table.toBuilder().extension("note", Spec.of("other content")).build();
    IllegalArgumentException same =
        assertThrows(
            IllegalArgumentException.class, () -> router.update(MigrationRoutes.of(other)));
    assertTrue(
        same.getMessage().contains("two tables were published under one version"),
        same::getMessage);
    NullPointerException none = assertThrows(NullPointerException.class, () -> router.update(null));
    assertTrue(none.getMessage().startsWith("next is null"), none::getMessage);
    assertSame(current, router.routes(), "the router keeps serving its routes");
    assertFalse(router.update(MigrationRoutes.of(table)), "a repeated delivery changes nothing");
    assertFalse(
        router.update(MigrationRoutes.of(table.toBuilder().version(table.version() - 1).build())),
        "an older version is not installed");
    assertSame(current, router.routes());
  }

  @Test
  void plainTable_routesEveryKeyAsTheTable_andAMigrationTakesOver() {
    RoutingTable table = plan.from();
    MigrationRoutes plain = MigrationRoutes.of(table);
    assertEquals(Phase.PLANNED, plain.phase());
    assertEquals(table.version(), plain.version());
    assertNull(plain.plan());
    assertSame(plan, plan.routes(Phase.COPY).plan(), "a migration's routes name their plan");
    for (int i = 0; i < 2_000; i++) {
      String k = "order-" + i;
      WriteRoute w = plain.write(k);
      assertEquals(table.route(k).group(), w.first(), k);
      assertFalse(w.dual(), k);
      assertEquals(table.route(k).partition(), w.partition(), k);
      assertEquals(table.route(k).group(), plain.read(k).group(), k);
    }
    MigrationRouter router = new MigrationRouter(plain);
    assertTrue(router.update(plan.routes(Phase.COPY)), "the migration's first version follows");
    MigrationRoutes done = MigrationRoutes.of(plan.routes(Phase.DONE).table());
    assertEquals(plan.to().route("order-7").group(), done.write("order-7").first());
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                MigrationRoutes.of(
                    table.toBuilder().version(9).extension("transition", Spec.of(3L)).build()));
    assertTrue(
        bad.getMessage().contains("extensions.transition must be an object"), bad::getMessage);
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
      RoutingTable table = RoutingDocuments.read(doc);
      assertEquals(routes.table().fingerprint(), table.fingerprint());
      if (phase == Phase.DONE) {
        assertNull(table.extension("transition"), "an older library takes it as a plain table");
        assertEquals("DONE", table.extension("migration_end").get("phase").text());
        assertEquals(Phase.DONE, MigrationRoutes.fromDocument(doc).phase());
        continue;
      }
      assertEquals(phase.name(), table.extension("transition").get("phase").text());
      assertNull(table.extension("migration_end"));
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
  void phaseTables_differInContent_soOneVersionRoutesOneWay() {
    assertTrue(
        !plan.routes(Phase.DUAL_WRITE)
            .table()
            .fingerprint()
            .equals(plan.routes(Phase.CUT_OVER).table().fingerprint()));
  }

  private RoutingTable withTransition(Spec.ObjectBuilder b) {
    return plan.routes(Phase.COPY).table().toBuilder().extension("transition", b.build()).build();
  }

  private Spec.ObjectBuilder valid(String phase) {
    return valid(phase, 10);
  }

  private Spec.ObjectBuilder valid(String phase, long canary) {
    Spec t = plan.routes(Phase.COPY).table().extension("transition");
    return Spec.object()
        .put("format", 1L)
        .put("phase", phase)
        .put("source_version", t.get("source_version").longValue())
        .put("canary_percent", canary)
        .put("compare_reads", true)
        .put("target", t.get("target").text());
  }

  @Test
  void finishedMigration_isDoneOrRolledBack_inEveryProcess() {
    for (Phase end : new Phase[] {Phase.DONE, Phase.ROLLED_BACK}) {
      MigrationRoutes leader =
          end == Phase.DONE
              ? plan.routes(end)
              : plan.routes(end, plan.versionOf(Phase.DONE) + 1); // a rollback's next free one
      MigrationRoutes follower = MigrationRoutes.fromDocument(leader.toDocument());
      assertEquals(end, follower.phase(), "a follower of the published table");
      assertEquals(leader.version(), follower.version());
      assertEquals(leader.table().fingerprint(), follower.table().fingerprint());
      assertNull(follower.plan(), "the last table is the whole plan's result");
      RoutingTable plain = end == Phase.DONE ? plan.to() : plan.from();
      for (int i = 0; i < 2_000; i++) {
        String k = "order-" + i;
        assertEquals(plain.route(k).group(), follower.write(k).first(), k);
        assertFalse(follower.write(k).dual(), k);
        assertEquals(plain.route(k).group(), follower.read(k).group(), k);
        assertEquals(end, follower.write(k).phase(), k);
      }
      assertNull(leader.table().extension("transition"));
      Spec marker = leader.table().extension("migration_end");
      assertEquals(
          Set.of("format", "phase", "source_version"),
          Set.copyOf(marker.fieldNames()),
          "a migration's end carries no target");
      assertEquals(1L, marker.get("format").longValue());
      assertEquals(plan.from().version(), marker.get("source_version").longValue());
      for (Spec bad :
          new Spec[] {
            Spec.object()
                .put("format", 1L)
                .put("phase", end.name())
                .put("source_version", plan.from().version())
                .put("target", "{}")
                .build(),
            Spec.object()
                .put("format", 1L)
                .put("phase", "CUT_OVER")
                .put("source_version", plan.from().version())
                .build(),
            Spec.object().put("format", 2L).put("phase", end.name()).build(),
            Spec.of(3L)
          }) {
        IllegalArgumentException e =
            assertThrows(
                IllegalArgumentException.class,
                () ->
                    MigrationRoutes.of(
                        leader.table().toBuilder().extension("migration_end", bad).build()),
                bad::toString);
        assertTrue(e.getMessage().contains("extensions.migration_end"), e.getMessage());
      }
    }
    MigrationRoutes before = MigrationRoutes.of(plan.from());
    assertEquals(Phase.PLANNED, before.phase(), "a table no migration touched");
    MigrationPlan next =
        MigrationPlan.between(
            plan.routes(Phase.DONE).table(),
            plan.from().toBuilder().version(plan.routes(Phase.DONE).version() + 1).build());
    assertEquals(
        Phase.DONE,
        MigrationRoutes.of(next.routes(Phase.PLANNED).table()).phase(),
        "the next migration starts from the last one's result");
    assertEquals(
        "COPY",
        next.routes(Phase.COPY).table().extension("transition").get("phase").text(),
        "the next migration's phases drop the marker");
    assertNull(next.routes(Phase.COPY).table().extension("migration_end"));
    assertEquals(
        Phase.COPY, MigrationRoutes.fromDocument(next.routes(Phase.COPY).toDocument()).phase());
    assertEquals(
        next.from().version(),
        next.routes(Phase.DONE)
            .table()
            .extension("migration_end")
            .get("source_version")
            .longValue());
  }

  @Test
  void of_badTransition_explains() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigrationRoutes.of(withTransition(valid("SIDEWAYS"))));
    assertTrue(
        e.getMessage().contains("extensions.transition.phase: 'SIDEWAYS' is not a phase"),
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigrationRoutes.of(withTransition(valid("COPY").put("owner", 1L))));
    assertTrue(
        e.getMessage().contains("extensions.transition.owner: unknown field"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigrationRoutes.of(withTransition(valid("DONE"))));
    assertTrue(
        e.getMessage()
            .contains(
                "extensions.transition.phase: DONE is published without the extension (a"
                    + " migration's end is marked in extensions.migration_end)"),
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigrationRoutes.of(withTransition(valid("PLANNED"))));
    assertTrue(
        e.getMessage().contains("PLANNED is published without the extension"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                MigrationRoutes.of(
                    withTransition(Spec.object().put("format", 3L).put("phase", "COPY"))));
    assertTrue(
        e.getMessage().contains("format: 3 is not supported; this library reads 1"),
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigrationRoutes.of(withTransition(valid("COPY", 400))));
    assertTrue(e.getMessage().contains("canary_percent"), e.getMessage());
    assertEquals(Phase.COPY, MigrationRoutes.of(withTransition(valid("COPY"))).phase());
  }
}
