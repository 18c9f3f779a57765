package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A strategy change ends by renumbering: after DONE's cleanup every group of the new table refuses
 * every version below DONE's, and every row written before it is restamped with its partition under
 * the new table (docs/migration.md, "Scans by partition"). A placement move does neither.
 */
class RenumberingTest {
  @TempDir Path dir;

  private final RoutingTable from = Docs.hashMod(10, 16, 4);
  private final RoutingTable to = sixteenToThirtyTwo();
  private final Map<String, RestampingStore> stores = new LinkedHashMap<>();
  private long seq;

  /** hash_mod 32; partition q where q mod 16 was, except q >= 16 with q mod 4 = 3 on g5. */
  static RoutingTable sixteenToThirtyTwo() {
    List<String> placement = new ArrayList<>();
    for (int q = 0; q < 32; q++) {
      placement.add(q >= 16 && q % 4 == 3 ? "g5" : "g" + (q % 4 + 1));
    }
    return Docs.table(
        11,
        "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":32}",
        Docs.groups(5),
        placement);
  }

  RenumberingTest() {
    for (String g : Docs.groups(5)) {
      stores.put(g, new RestampingStore(g));
    }
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private MigrationCoordinator coordinator(MigrationPlan plan, MigrationRouter router) {
    return MigrationCoordinator.builder(plan)
        .stores(stores)
        .stateStore(MigrationStateStore.inDirectory(dir))
        .migrationRouters(router)
        .migrationId("renumber-" + plan.fingerprint())
        .batchSize(16)
        .build();
  }

  private void writeAll(MigrationRouter router, MigrationWriter writer, int n) {
    for (int i = 0; i < n; i++) {
      String k = "order-" + i;
      long s = ++seq;
      try {
        writer.write(router.write(k), b(k), b("v" + s), s);
      } catch (MovedException e) {
        writer.write(router.write(k), b(k), b("v" + s), s);
      }
    }
  }

  @Test
  void strategyChange_afterDone_everyGroupRefusesOldVersions_andEveryRowIsRestamped() {
    MigrationPlan plan = MigrationPlan.between(from, to);
    assertTrue(plan.strategyChange());
    long done = plan.versionOf(Phase.DONE);
    MigrationRouter router = new MigrationRouter(plan.routes(Phase.PLANNED));
    MigrationWriter writer = new MigrationWriter(new LinkedHashMap<>(stores));
    writeAll(router, writer, 600);
    coordinator(plan, router).advanceTo(Phase.DUAL_WRITE);
    writeAll(router, writer, 200);
    coordinator(plan, router).cutOver();
    writeAll(router, writer, 200);
    // Restarted at every step of DONE, as after a crash: the restamp resumes from its cursor.
    int steps = 0;
    int resumedRestamps = 0;
    while (true) {
      MigrationCoordinator c = coordinator(plan, router);
      c.target(Phase.DONE);
      if (c.state().cursors().keySet().stream().anyMatch(k -> k.startsWith("restamp:"))) {
        resumedRestamps++; // a new coordinator resumes the restamp of a group at its cursor
      }
      if (!c.step()) {
        break;
      }
      if (++steps % 7 == 0) {
        writeAll(router, writer, 50);
      }
    }
    assertEquals(Phase.DONE, router.routes().phase());
    assertTrue(resumedRestamps > 5, "restamps resumed from a saved cursor: " + resumedRestamps);
    writeAll(router, writer, 600); // stamped with the new numbering at DONE
    for (ReplicaGroup g : to.groups()) {
      RestampingStore s = stores.get(g.id());
      assertEquals(List.of(done), s.restampedBelow, g.id() + " restamped once, below DONE");
      assertTrue(s.restampPages > 1, g.id() + " restamped in pages: " + s.restampPages);
      Fence f = s.fence(0);
      assertNotNull(f, g.id() + " has a renumbering fence");
      for (int p = 0; p < 32; p++) {
        assertTrue(f.refuses(done - 1, p), g.id() + ": version " + (done - 1) + " partition " + p);
        assertTrue(s.read(done - 1, p, b("order-1")).refused(), g.id() + " refuses old reads");
        assertFalse(s.read(done, p, b("order-1")).refused(), g.id() + " serves DONE's reads");
      }
      for (Row r : s.rows()) {
        assertEquals(
            to.routeCanonical(r.key()).partition(),
            r.partition(),
            g.id() + ": " + new String(r.key(), StandardCharsets.UTF_8) + " v" + r.version());
        assertEquals(g.id(), to.routeCanonical(r.key()).group().id(), "owned by its group");
      }
    }
    Row late = Row.of(b("order-1"), b("late"), done - 1, 1_000_000, 1);
    String owner = to.route("order-1").group().id();
    assertTrue(
        stores.get(owner).apply(List.of(late), MigrationStore.WriteOrigin.CLIENT).refused(),
        "a late writer on an old version cannot stamp the old numbering");
  }

  @Test
  void placementMove_noRenumbering() {
    MigrationPlan plan = MigrationPlan.between(from, MigrationPlanTest.fiveGroups());
    assertFalse(plan.strategyChange());
    MigrationRouter router = new MigrationRouter(plan.routes(Phase.PLANNED));
    MigrationWriter writer = new MigrationWriter(new LinkedHashMap<>(stores));
    writeAll(router, writer, 300);
    coordinator(plan, router).finish();
    for (RestampingStore s : stores.values()) {
      assertEquals(List.of(), s.restampedBelow, s.groupId());
    }
    assertEquals(List.of(), stores.get("g1").fences(), "g1 took no part: no fence");
  }

  @Test
  void strategyChange_builderNeedsTheStoreOfEveryGroupOfTheNewTable() {
    // A lookup isolating one key: one movement, between two groups, but four groups renumbered.
    String fallback = "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":16}";
    String hot = "user-42";
    int p = from.route(hot).partition();
    String lookup =
        "{\"type\":\"lookup\",\"match\":\"key\",\"partitions\":17,\"fallback\":"
            + fallback
            + ",\"entries\":{\""
            + hot
            + "\":{\"partition\":16,\"dedicated\":true}}}";
    List<String> placement = new ArrayList<>();
    for (int q = 0; q < 16; q++) {
      placement.add(from.groupOf(q).id());
    }
    String other = from.groupOf(p).id().equals("g1") ? "g2" : "g1";
    placement.add(other);
    MigrationPlan plan =
        MigrationPlan.between(from, Docs.table(11, lookup, Docs.groups(4), placement));
    assertTrue(plan.strategyChange());
    assertEquals(1, plan.movements().size());
    Map<String, MigrationStore> two = new LinkedHashMap<>();
    two.put(from.groupOf(p).id(), stores.get(from.groupOf(p).id()));
    two.put(other, stores.get(other));
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                MigrationCoordinator.builder(plan)
                    .stores(two)
                    .stateStore(MigrationStateStore.inDirectory(dir))
                    .publisher(r -> {})
                    .build());
    List<String> missing = new ArrayList<>(Docs.groups(4));
    missing.removeAll(two.keySet());
    assertTrue(e.getMessage().startsWith("no store for groups " + missing), e.getMessage());
    assertTrue(e.getMessage().contains("a strategy change renumbers partitions"), e.getMessage());
  }

  /** The in-memory store, recording its restamp calls. */
  static final class RestampingStore implements MigrationStore {
    private final InMemoryStore rows;
    final List<Long> restampedBelow = new ArrayList<>();
    int restampPages;

    RestampingStore(String groupId) {
      this.rows = new InMemoryStore(groupId);
    }

    List<Row> rows() {
      return rows.rows();
    }

    @Override
    public synchronized ScanPage restamp(
        Numbering numbering, long belowVersion, byte[] cursor, int limit) {
      if (cursor == null) {
        restampedBelow.add(belowVersion);
      }
      restampPages++;
      return rows.restamp(numbering, belowVersion, cursor, limit);
    }

    @Override
    public String groupId() {
      return rows.groupId();
    }

    @Override
    public ScanPage scan(Part part, byte[] cursor, int limit) {
      return rows.scan(part, cursor, limit);
    }

    @Override
    public synchronized ApplyResult apply(List<Row> batch, WriteOrigin origin) {
      return rows.apply(batch, origin);
    }

    @Override
    public ReadResult read(long version, int partition, byte[] key) {
      return rows.read(version, partition, key);
    }

    @Override
    public List<Row> fetch(List<byte[]> keys) {
      return rows.fetch(keys);
    }

    @Override
    public void setFence(Fence fence) {
      rows.setFence(fence);
    }

    @Override
    public void clearFence(int partition) {
      rows.clearFence(partition);
    }

    @Override
    public List<Fence> fences() {
      return rows.fences();
    }

    @Override
    public void deleteRows(List<Row> doomed) {
      rows.deleteRows(doomed);
    }
  }
}
