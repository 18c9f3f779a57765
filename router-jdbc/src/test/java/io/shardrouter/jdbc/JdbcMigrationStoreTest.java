package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Part;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JDBC migration store against router-migrate's in-memory store, operation by operation on
 * seeded random batches, fences and scans; and its refusals.
 */
class JdbcMigrationStoreTest {
  private static final int PARTITIONS = 8;

  private record Setup(DataSource primary, JdbcMigrationStore store, PartitionStrategy strategy) {}

  private static Setup setup(TestDatabase db) {
    TestDatabase.Cluster cluster = db.open(1);
    DataSource primary = cluster.dataSource(cluster.endpoint(1));
    JdbcMigrationStore store = JdbcMigrationStore.create("g1", primary, "kv");
    store.createTables();
    store.createTables(); // idempotent
    return new Setup(primary, store, cluster.table("kv", 1, PARTITIONS).strategy());
  }

  static long seed() {
    return Long.getLong("shardrouter.test.seed", new SplittableRandom().nextLong(1L << 32));
  }

  private static byte[] randomKey(SplittableRandom r) {
    byte[] k = new byte[1 + r.nextInt(4)];
    for (int i = 0; i < k.length; i++) {
      k[i] =
          (byte) r.nextInt(6) == 0 ? (byte) (0x80 + r.nextInt(128)) : (byte) ('a' + r.nextInt(4));
    }
    return k;
  }

  private static Row randomRow(SplittableRandom r, PartitionStrategy s) {
    byte[] key = randomKey(r);
    byte[] value = new byte[r.nextInt(6)];
    r.nextBytes(value);
    byte[] id = r.nextBoolean() ? new byte[0] : new byte[] {(byte) r.nextInt(3), (byte) 0x80};
    return Row.of(key, id, value, 1 + r.nextInt(6), 1 + r.nextInt(5), s.partitionOf(key));
  }

  private static List<Row> scanAll(MigrationStore store, Part part, int limit) {
    List<Row> out = new ArrayList<>();
    byte[] cursor = null;
    while (true) {
      MigrationStore.ScanPage page = store.scan(part, cursor, limit);
      out.addAll(page.rows());
      if (page.done()) {
        return out;
      }
      cursor = page.cursor();
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void sameAnswersAsTheInMemoryStore(TestDatabase db) {
    long seed = seed();
    SplittableRandom r = new SplittableRandom(seed);
    Setup s = setup(db);
    MigrationStore model = MigrationStore.inMemory("g1");
    String at = "seed " + seed + " on " + db + " (rerun with -Dshardrouter.test.seed=" + seed + ")";
    for (int step = 0; step < 120; step++) {
      int op = r.nextInt(10);
      if (op < 6) {
        List<Row> batch = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(5); i < n; i++) {
          batch.add(randomRow(r, s.strategy));
        }
        MigrationStore.WriteOrigin origin =
            r.nextInt(3) == 0
                ? MigrationStore.WriteOrigin.MIGRATION
                : MigrationStore.WriteOrigin.CLIENT;
        assertEquals(
            model.apply(batch, origin), s.store.apply(batch, origin), at + " step " + step);
      } else if (op == 6) {
        int p = r.nextInt(PARTITIONS);
        long base = 1 + r.nextInt(3);
        Fence f = new Fence(p, base, base + r.nextInt(4), Phase.DUAL_WRITE);
        model.setFence(f);
        s.store.setFence(f);
      } else if (op == 7) {
        int p = r.nextInt(PARTITIONS);
        model.clearFence(p);
        s.store.clearFence(p);
      } else if (op == 8) {
        Part part = Part.of("p", s.strategy, r.nextInt(PARTITIONS), null);
        int limit = 1 + r.nextInt(4);
        assertEquals(scanAll(model, part, limit), scanAll(s.store, part, limit), at);
        assertEquals(model.stats(part), s.store.stats(part), at);
      } else {
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
          keys.add(randomKey(r));
        }
        assertEquals(model.fetch(keys), s.store.fetch(keys), at);
      }
      assertEquals(model.fences(), s.store.fences(), at);
    }
    for (int p = 0; p < PARTITIONS; p++) {
      Part part = Part.of("p" + p, s.strategy, p, k -> k[0] != 'a');
      assertEquals(scanAll(model, part, 3), scanAll(s.store, part, 3), at + " filtered part " + p);
      byte[] cursor = null;
      while (true) {
        List<Row> archived = new ArrayList<>();
        MigrationStore.ScanPage page = s.store.delete(part, cursor, 2, archived::addAll);
        assertEquals(page.rows(), archived, at);
        if (page.done()) {
          break;
        }
        cursor = page.cursor();
      }
      assertEquals(0, s.store.stats(part).rows(), at + " part " + p + " deleted");
    }
  }

  /**
   * {@code stats} tests the rows it streams a thousand at a time: parts of more rows than that
   * (about 2,500 each, so two full fetches and a short one) count every row of theirs once, with
   * and without a filter.
   */
  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void stats_ofPartsLargerThanOneFetch_countEveryRowOnce(TestDatabase db) {
    Setup s = setup(db);
    MigrationStore model = MigrationStore.inMemory("g1");
    List<Row> batch = new ArrayList<>();
    for (int i = 0; i < 2_500 * PARTITIONS; i++) {
      byte[] key = ("row-" + i).getBytes(StandardCharsets.UTF_8);
      batch.add(Row.of(key, new byte[] {(byte) i}, 1, 1, s.strategy.partitionOf(key)));
    }
    model.apply(batch, MigrationStore.WriteOrigin.MIGRATION);
    s.store.apply(batch, MigrationStore.WriteOrigin.MIGRATION);
    Part.KeyFilter odd = k -> (k[k.length - 1] & 1) == 1;
    for (int p = 0; p < PARTITIONS; p++) {
      for (Part.KeyFilter filter : new Part.KeyFilter[] {null, odd}) {
        Part part = Part.of("p" + p, s.strategy, p, filter);
        MigrationStore.PartStats expected = model.stats(part);
        assertEquals(expected, s.store.stats(part), db + " part " + p + " filtered " + filter);
        if (filter == null) {
          assertTrue(expected.rows() > 2_000, "part " + p + " has " + expected.rows() + " rows");
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void fenceSetByAnotherProcess_refusesTheWriteInItsTransaction(TestDatabase db) {
    Setup s = setup(db);
    JdbcMigrationStore coordinatorsView = JdbcMigrationStore.create("g1", s.primary, "kv");
    byte[] key = {'k', 1};
    int p = s.strategy.partitionOf(key);
    Row old = Row.of(key, new byte[] {1}, 4, 1, p);
    coordinatorsView.setFence(new Fence(p, 4, 6, Phase.CUT_OVER));
    MigrationStore.ApplyResult refused =
        s.store.apply(List.of(old), MigrationStore.WriteOrigin.CLIENT);
    assertTrue(refused.refused());
    assertEquals(new Fence(p, 4, 6, Phase.CUT_OVER), refused.refusedBy());
    assertNull(s.store.get(key), "nothing of a refused batch is written");
    assertEquals(1, s.store.apply(List.of(old), MigrationStore.WriteOrigin.MIGRATION).applied());
    Row retried = Row.of(key, new byte[] {2}, 6, 2, p);
    assertEquals(1, s.store.apply(List.of(retried), MigrationStore.WriteOrigin.CLIENT).applied());
    coordinatorsView.clearFence(p);
    assertEquals(List.of(), s.store.fences());
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void read_rowsOfTheKeyInIdOrder_refusedReadsReturnNone(TestDatabase db) throws Exception {
    Setup s = setup(db);
    MigrationStore model = MigrationStore.inMemory("g1");
    byte[] key = {'r', 0};
    int p = s.strategy.partitionOf(key);
    byte[] otherKey = {'r'};
    List<Row> rows = new ArrayList<>();
    for (byte[] id :
        List.of(
            new byte[] {2},
            new byte[] {(byte) 0x80},
            new byte[0],
            new byte[] {1, 0},
            new byte[] {1})) {
      rows.add(Row.of(key, id, id, 1, 1, p));
    }
    rows.add(Row.of(otherKey, new byte[0], new byte[] {9}, 1, 1, s.strategy.partitionOf(otherKey)));
    assertEquals(6, s.store.apply(rows, MigrationStore.WriteOrigin.MIGRATION).applied());
    model.apply(rows, MigrationStore.WriteOrigin.MIGRATION);
    // Unsigned id order: [], [1], [1, 0], [2], [0x80]; the other key's row is not the key's.
    List<Row> expected = List.of(rows.get(2), rows.get(4), rows.get(3), rows.get(0), rows.get(1));
    MigrationStore.ReadResult read = s.store.read(1, p, key);
    assertFalse(read.refused());
    assertEquals(expected, read.rows());
    assertEquals(model.read(1, p, key), read);
    assertEquals(rows.get(3), read.row(new byte[] {1, 0}));
    assertEquals(List.of(), s.store.read(1, p, new byte[] {'n', 'o'}).rows());

    Fence fence = new Fence(p, 2, 3, Phase.CUT_OVER);
    s.store.setFence(fence);
    model.setFence(fence);
    int other = (p + 1) % PARTITIONS;
    for (long version = 1; version <= 3; version++) {
      for (int partition : new int[] {p, other}) {
        MigrationStore.ReadResult r = s.store.read(version, partition, key);
        assertEquals(model.read(version, partition, key), r, version + "/" + partition);
        assertEquals(fence.refuses(version, partition), r.refused(), version + "/" + partition);
        if (r.refused()) {
          assertEquals(fence, r.refusedBy());
          assertEquals(List.of(), r.rows(), "a refused read returns no rows");
        } else {
          assertEquals(expected, r.rows());
        }
      }
    }

    try (Connection c = s.primary.getConnection()) {
      IllegalStateException auto =
          assertThrows(IllegalStateException.class, () -> s.store.read(c, 3, p, key));
      assertTrue(auto.getMessage().contains("needs a transaction"), auto::getMessage);
      c.setAutoCommit(false);
      assertEquals(expected, s.store.read(c, 3, p, key).rows());
      MigrationStore.ReadResult refused = s.store.read(c, 2, p, key);
      assertEquals(fence, refused.refusedBy());
      assertEquals(List.of(), refused.rows());
      c.rollback();

      // several keys in one call: each key's rows at its index (a key twice, a key without rows),
      // or the fence that refuses any of their partitions, with no rows
      byte[] none = {'n', 'o'};
      List<byte[]> keys = List.of(none, key, key);
      JdbcMigrationStore.KeysRead many = s.store.read(c, 3, new int[] {other, p, p}, keys);
      assertEquals(List.of(List.of(), expected, expected), many.rows());
      assertNull(many.refusedBy());
      JdbcMigrationStore.KeysRead stale = s.store.read(c, 2, new int[] {other, p, p}, keys);
      assertEquals(JdbcMigrationStore.KeysRead.refused(fence), stale);
      assertTrue(stale.refused());
      c.rollback();
      assertEquals(fence, s.store.read(c, 2, new int[] {p, other}, List.of(key, none)).refusedBy());
      c.rollback();
      // more keys than one statement takes (200), the key on both sides of the cut: its rows once
      // for each time it is asked, in id order
      List<byte[]> wide = new ArrayList<>();
      wide.add(key);
      for (int i = 0; i < 240; i++) {
        wide.add(new byte[] {'f', (byte) i});
      }
      wide.add(key);
      int[] parts = new int[wide.size()];
      Arrays.fill(parts, other);
      List<List<Row>> got = s.store.read(c, 3, parts, wide).rows();
      assertEquals(expected, got.get(0));
      assertEquals(expected, got.get(wide.size() - 1));
      for (int i = 1; i < wide.size() - 1; i++) {
        assertEquals(List.of(), got.get(i), "filler " + i);
      }
      c.rollback();
      assertThrows(
          IllegalArgumentException.class,
          () -> new JdbcMigrationStore.KeysRead(List.of(List.of(rows.get(0))), fence));
      assertEquals(List.of(List.of()), s.store.read(c, 2, new int[] {other}, List.of(none)).rows());
      c.rollback();
      IllegalArgumentException lengths =
          assertThrows(
              IllegalArgumentException.class, () -> s.store.read(c, 3, new int[] {p}, keys));
      assertEquals(
          "1 partitions for 3 keys: give the partition each key was routed to, in the keys' order",
          lengths.getMessage());
      c.setAutoCommit(true);
      IllegalStateException autoMany =
          assertThrows(
              IllegalStateException.class, () -> s.store.read(c, 3, new int[] {p}, List.of(key)));
      assertTrue(autoMany.getMessage().contains("needs a transaction"), autoMany::getMessage);
    }
    assertThrows(
        IllegalArgumentException.class,
        () -> new MigrationStore.ReadResult(List.of(rows.get(0)), fence));
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void writesRacingASetFence_noneLandsAfterIt(TestDatabase db) throws Exception {
    Setup s = setup(db);
    byte[] key = {'r'};
    int p = s.strategy.partitionOf(key);
    long[] seq = {0};
    Thread writer =
        new Thread(
            () -> {
              for (long i = 1; i <= 400; i++) {
                MigrationStore.ApplyResult res =
                    s.store.apply(
                        List.of(Row.of(key, new byte[] {(byte) i}, 3, i, p)),
                        MigrationStore.WriteOrigin.CLIENT);
                if (res.refused()) {
                  return;
                }
                seq[0] = i;
              }
            });
    writer.start();
    while (s.store.get(key) == null) {
      Thread.onSpinWait();
    }
    s.store.setFence(new Fence(p, 3, 4, Phase.DUAL_WRITE));
    long atFence = s.store.get(key).sequence();
    writer.join();
    assertEquals(
        atFence, s.store.get(key).sequence(), "no write of version 3 lands after the fence is set");
    assertTrue(seq[0] < 400 || atFence == 400);
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void refusals_sayWhatAndWhere(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(1);
    DataSource primary = cluster.dataSource(cluster.endpoint(1));
    assertThrows(
        IllegalArgumentException.class, () -> JdbcMigrationStore.create("g1", primary, "kv-x"));
    IllegalArgumentException longName =
        assertThrows(
            IllegalArgumentException.class,
            () -> JdbcMigrationStore.create("g1", primary, "t".repeat(43)));
    assertTrue(
        longName.getMessage().contains("its fence table adds '_fence'"), longName::getMessage);
    JdbcMigrationStore noTables = JdbcMigrationStore.create("g1", primary, "absent");
    PartitionStrategy strategy = cluster.table("kv", 1, PARTITIONS).strategy();
    JdbcStoreException e =
        assertThrows(
            JdbcStoreException.class,
            () -> noTables.scan(Part.of("p0", strategy, 0, null), null, 10));
    assertTrue(
        e.getMessage().startsWith("cannot scan part 'p0' in table 'absent' of replica group 'g1'"),
        e::getMessage);
    assertThrows(
        IllegalArgumentException.class,
        () -> noTables.scan(Part.of("p0", strategy, 0, null), null, 0));
    JdbcMigrationStore store = JdbcMigrationStore.create("g1", primary, "kv2");
    store.createTables();
    try (Connection c = primary.getConnection();
        Statement st = c.createStatement()) {
      st.execute("DELETE FROM kv2_fence");
      st.execute("INSERT INTO kv2_fence VALUES (3, 1, 2, 'SIDEWAYS')");
    }
    JdbcStoreException phase = assertThrows(JdbcStoreException.class, store::fences);
    assertTrue(
        phase.getMessage().contains("holds phase 'SIDEWAYS', expected one of"), phase::getMessage);
    JdbcStoreException lock =
        assertThrows(
            JdbcStoreException.class, () -> store.setFence(new Fence(1, 1, 2, Phase.COPY)));
    assertTrue(lock.getMessage().contains("has no lock record (part -1)"), lock::getMessage);
  }
}
