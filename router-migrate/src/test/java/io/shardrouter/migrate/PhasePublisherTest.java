package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StaleRoutingVersionException;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFilePublisher;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.migrate.MigrationCoordinator.PhasePublisher;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A coordinator that publishes through a {@link RoutingPublisher} in one line ({@link
 * PhasePublisher#to}): every phase reaches a {@link RoutingFileSource} of the file, a phase
 * published again after a crash changes nothing, and a publisher that does not hold the plan's
 * source table, or that another table reached meanwhile, is refused with the migration named.
 */
class PhasePublisherTest {
  @TempDir Path dir;

  private final RoutingTable from = MigrationPlanTest.fourGroups(); // version 10
  private final RoutingTable to = MigrationPlanTest.fiveGroups(); // version 11
  private final MigrationPlan plan = MigrationPlan.between(from, to);

  private Map<String, MigrationStore> stores() {
    Map<String, MigrationStore> stores = new LinkedHashMap<>();
    for (String g : Docs.groups(5)) {
      stores.put(g, MigrationStore.inMemory(g));
    }
    return stores;
  }

  private MigrationCoordinator.Builder coordinator(
      Map<String, MigrationStore> stores, MigrationStateStore state, Path file) {
    return MigrationCoordinator.builder(plan)
        .stores(stores)
        .stateStore(state)
        .publisher(PhasePublisher.to(RoutingFilePublisher.of(file)))
        .migrationId("orders-4to5")
        .batchSize(16);
  }

  private static void write(MigrationStore store, MigrationRoutes routes, String key, long seq) {
    WriteRoute w = routes.write(key);
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    MigrationStore.ApplyResult r =
        store.apply(
            List.of(Row.of(k, k, w.version(), seq, w.partition())),
            MigrationStore.WriteOrigin.CLIENT);
    assertFalse(r.refused(), key);
  }

  @Test
  void to_file_everyPhaseReachesTheFilesSource_andTheFinalVersionIsTheSourcesPlusSeven()
      throws Exception {
    Path file = dir.resolve("orders.json");
    RoutingFilePublisher files = RoutingFilePublisher.of(file);
    assertTrue(files.publish(from, RoutingPublisher.NOTHING_PUBLISHED));
    Router service = Router.create(RoutingDocuments.read(file));
    RoutingFileSource source = RoutingFileSource.of(file, service);
    List<String> seen = new ArrayList<>();
    service.addListener(
        (previous, current) ->
            seen.add(MigrationRoutes.of(current).phase() + " v" + current.version()));
    Map<String, MigrationStore> stores = stores();
    for (int i = 0; i < 200; i++) {
      String key = "order-" + i;
      write(stores.get(from.route(key).group().id()), MigrationRoutes.plain(from), key, 1);
    }
    MigrationCoordinator c =
        coordinator(stores, MigrationStateStore.inDirectory(dir.resolve("state")), file).build();
    c.target(Phase.DONE);
    while (c.step()) {
      source.refresh();
    }
    source.refresh();

    assertEquals(
        List.of(
            "COPY v11",
            "DUAL_WRITE v12",
            "VERIFY v13",
            "CANARY v14",
            "CUT_OVER v15",
            "ROLLBACK_WINDOW v16",
            "DONE v17"), // the target table with the finished migration's marker (format.md §8)
        seen);
    // The finished migration is version 17 (the source's 10 + 7), not the target document's 11.
    assertEquals(17, plan.versionOf(Phase.DONE));
    assertEquals(17, service.version());
    assertEquals(c.routes().table(), service.table());
    assertEquals(
        c.routes().table(), RoutingDocuments.read(c.routes().toDocument()), "the doc to keep");
    assertEquals(
        "DONE",
        service.table().extension("migration_end").get("phase").text(),
        "the service knows the migration finished");
    for (int i = 0; i < 200; i++) {
      String key = "order-" + i;
      assertEquals(to.route(key).group(), service.route(key).group(), key);
    }

    // Publishing the target document as it is: refused by the publisher, and by every router.
    PublishConflictException refused =
        assertThrows(PublishConflictException.class, () -> files.publish(to, 17));
    assertEquals(
        "routing table 'orders' version 11 is older than the published version 17; routers never"
            + " go back: publish a version above 17",
        refused.getMessage());
    Files.writeString(file, RoutingDocuments.write(to)); // by hand, over the publisher
    assertEquals(RoutingFileSource.Outcome.REFUSED, source.refresh());
    assertInstanceOf(StaleRoutingVersionException.class, source.lastError());
    assertEquals(17, service.version());
  }

  /** A state store that fails once, on the save right after the phase's publish. */
  private static final class CrashAfterPublish implements MigrationStateStore {
    private final MigrationStateStore delegate;
    private final Phase phase;
    private boolean crashed;

    CrashAfterPublish(MigrationStateStore delegate, Phase phase) {
      this.delegate = delegate;
      this.phase = phase;
    }

    @Override
    public MigrationState load(String migrationId) {
      return delegate.load(migrationId);
    }

    @Override
    public void save(MigrationState state) {
      if (!crashed && state.phase() == phase && state.done("published")) {
        crashed = true;
        throw new IllegalStateException("killed after publishing " + phase);
      }
      delegate.save(state);
    }
  }

  @Test
  void to_restartAfterPublishBeforeSave_publishesTheSameVersionAgain_asANoOp() throws Exception {
    Path file = dir.resolve("orders.json");
    RoutingFilePublisher.of(file).publish(from, RoutingPublisher.NOTHING_PUBLISHED);
    Map<String, MigrationStore> stores = stores();
    MigrationStateStore saved = MigrationStateStore.inDirectory(dir.resolve("state"));
    for (Phase p : List.of(Phase.COPY, Phase.CUT_OVER, Phase.DONE)) {
      MigrationCoordinator c = coordinator(stores, new CrashAfterPublish(saved, p), file).build();
      IllegalStateException killed = assertThrows(IllegalStateException.class, c::finish);
      assertEquals("killed after publishing " + p, killed.getMessage());
      assertEquals(plan.versionOf(p), RoutingFilePublisher.of(file).publishedVersion("orders"));
      byte[] published = Files.readAllBytes(file);
      // The restarted coordinator has not saved the publish: it publishes the same version again.
      MigrationCoordinator restarted = coordinator(stores, saved, file).build();
      assertEquals(p, restarted.phase());
      assertFalse(restarted.state().done("published"));
      assertTrue(restarted.step());
      assertTrue(restarted.state().done("published"), p.toString());
      assertEquals(new String(published, StandardCharsets.UTF_8), Files.readString(file));
    }
    MigrationCoordinator last = coordinator(stores, saved, file).build();
    last.finish();
    assertEquals(Phase.DONE, last.phase());
    assertEquals(last.routes().table(), RoutingDocuments.read(file));
  }

  @Test
  void to_nothingPublished_refused_nothingWritten() {
    Path file = dir.resolve("orders.json");
    MigrationCoordinator c =
        coordinator(stores(), MigrationStateStore.inDirectory(dir.resolve("state")), file).build();
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> c.advanceTo(Phase.COPY));
    assertTrue(!Files.exists(file));
    assertEquals(
        "phase COPY (version 11) of the migration of 'orders' from version 10 was not published to"
            + " RoutingFilePublisher{"
            + file.toAbsolutePath()
            + "}: nothing is published there, so the services that read it do not serve the"
            + " plan's source table; publish the source table (version 10) there first, or plan"
            + " the migration from the table the services serve",
        e.getMessage());
    assertEquals(Phase.COPY, c.phase(), "the state is kept: resumed once the source is published");
  }

  @Test
  void to_olderTablePublished_refusedNamingBothVersions() {
    Path file = dir.resolve("orders.json");
    RoutingFilePublisher.of(file)
        .publish(from.toBuilder().version(4).build(), RoutingPublisher.NOTHING_PUBLISHED);
    MigrationCoordinator c =
        coordinator(stores(), MigrationStateStore.inDirectory(dir.resolve("state")), file).build();
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> c.advanceTo(Phase.COPY));
    assertTrue(
        e.getMessage().contains(": version 4 is published there, so the services"), e.getMessage());
    assertTrue(e.getMessage().contains("publish the source table (version 10)"), e.getMessage());
  }

  @Test
  void to_anotherTablePublishedMeanwhile_conflictNamesTheMigrationAndThePhase() {
    Path file = dir.resolve("orders.json");
    RoutingFilePublisher files = RoutingFilePublisher.of(file);
    files.publish(from, RoutingPublisher.NOTHING_PUBLISHED);
    MigrationCoordinator c =
        coordinator(stores(), MigrationStateStore.inDirectory(dir.resolve("state")), file).build();
    c.advanceTo(Phase.COPY);
    assertEquals(11, files.publishedVersion("orders"));
    // Someone publishes the target document with the next version by hand.
    files.publish(to.toBuilder().version(12).build(), 11);
    c.target(Phase.DUAL_WRITE);
    PublishConflictException e =
        assertThrows(
            PublishConflictException.class,
            () -> {
              while (c.step()) {
                // until the publish of DUAL_WRITE
              }
            });
    assertEquals(
        "phase DUAL_WRITE (version 12) of the migration of 'orders' from version 10 was not"
            + " published to RoutingFilePublisher{"
            + file.toAbsolutePath()
            + "}: routing table 'orders' version 12 cannot replace the published version 12 with"
            + " different content; publish it as version 13. Another table of 'orders' was"
            + " published while the migration runs: publish nothing else for it until the"
            + " migration ends, and find out who published version 12; the coordinator publishes"
            + " this phase again when it resumes",
        e.getMessage());
    assertEquals(12, e.publishedVersion());
    assertInstanceOf(PublishConflictException.class, e.getCause());
    assertFalse(c.state().done("published"));
  }

  @Test
  void to_planMadeFromTheLastMigrationsTargetDocument_refusedSayingWhatToPlanFrom() {
    // The last migration ended at 17 (10 + 7); its target document, version 11, is planned from.
    Path file = dir.resolve("orders.json");
    RoutingFilePublisher.of(file)
        .publish(to.toBuilder().version(17).build(), RoutingPublisher.NOTHING_PUBLISHED);
    MigrationPlan next = MigrationPlan.between(to, Docs.hashMod(12, 16, 5));
    MigrationCoordinator c =
        MigrationCoordinator.builder(next)
            .stores(stores())
            .stateStore(MigrationStateStore.inDirectory(dir.resolve("state")))
            .publisher(PhasePublisher.to(RoutingFilePublisher.of(file)))
            .build();
    PublishConflictException e =
        assertThrows(PublishConflictException.class, () -> c.advanceTo(Phase.COPY));
    assertEquals(
        "phase COPY (version 12) of the migration of 'orders' from version 11 was not published to"
            + " RoutingFilePublisher{"
            + file.toAbsolutePath()
            + "}: version 17 is published there, above this phase's. Either the plan was made from"
            + " an older table than the services serve (plan again from the published table;"
            + " after a migration that is its final document, not its target document), or"
            + " another table of 'orders' was published while this migration runs (publish"
            + " nothing else for it until the migration ends)",
        e.getMessage());
    assertEquals(17, e.publishedVersion());
    assertEquals(12, e.offeredVersion());
  }

  @Test
  void to_plainRoutes_publishedOnTopOfWhateverIsThere() {
    Path file = dir.resolve("orders.json");
    PhasePublisher p = PhasePublisher.to(RoutingFilePublisher.of(file));
    p.publish(MigrationRoutes.plain(from));
    p.publish(MigrationRoutes.plain(from)); // again: nothing changes
    assertEquals(from, RoutingDocuments.read(file));
    assertEquals(
        "PhasePublisher.to(RoutingFilePublisher{" + file.toAbsolutePath() + "})", p.toString());
  }
}
