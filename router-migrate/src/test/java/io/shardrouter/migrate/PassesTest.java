package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.migrate.internal.Hexes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The data passes one part at a time (docs/migration.md): verification as a merge of two scans in
 * store order with every differing row read again before it counts, and a repair that copies what
 * the target lacks or holds older and never deletes.
 */
class PassesTest {
  private static final PartitionStrategy MOD4 = Docs.hashMod(1, 4, 2).strategy();
  private static final Part PART = Part.of("p1", MOD4, 1, null);

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Keys of partition 1, in store order. */
  private static List<String> keys(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; out.size() < n; i++) {
      String k = "key-" + (char) ('a' + i / 26) + (char) ('a' + i % 26);
      if (MOD4.partitionOf(b(k)) == 1) {
        out.add(k);
      }
    }
    return out;
  }

  private static Row row(String key, String value, long seq) {
    return Row.of(b(key), b(value), 1, seq, MOD4.partitionOf(b(key)));
  }

  private static void put(MigrationStore s, Row... rows) {
    s.apply(List.of(rows), MigrationStore.WriteOrigin.MIGRATION);
  }

  @Test
  void verify_countsEachKindOfDifference_andSamplesTheirKeysInStoreOrder() {
    List<String> k = keys(12);
    for (int pageSize : new int[] {1, 2, 3, 100}) {
      InMemoryStore source = new InMemoryStore("g1");
      InMemoryStore target = new InMemoryStore("g2");
      // k0..k3 equal, k4 and k5 different, k6 k7 k8 only on the source, k9 k10 only on the target
      for (int i = 0; i < 4; i++) {
        put(source, row(k.get(i), "v", 1));
        put(target, row(k.get(i), "v", 1));
      }
      put(source, row(k.get(4), "v", 2), row(k.get(5), "v", 1));
      put(target, row(k.get(4), "v", 1), row(k.get(5), "w", 1));
      put(source, row(k.get(6), "v", 1), row(k.get(7), "v", 1), row(k.get(8), "v", 1));
      put(target, row(k.get(9), "v", 1), row(k.get(10), "v", 1));
      PartReport r = Passes.verify(PART, source, target, pageSize);
      String at = "page size " + pageSize;
      assertEquals("p1", r.part());
      assertEquals(11, r.rowsProcessed(), at);
      assertEquals(4, r.matching(), at);
      assertEquals(2, r.mismatched(), at);
      assertEquals(3, r.extraOnSource(), at);
      assertEquals(2, r.extraOnTarget(), at);
      List<String> samples = new ArrayList<>();
      for (int i = 4; i < 4 + Passes.SAMPLES; i++) {
        samples.add(Hexes.of(b(k.get(i))));
      }
      assertEquals(samples, r.sampleKeys(), at + ": the first five differing keys");
    }
  }

  @Test
  void verify_ofEqualParts_isClean_andOfEmptyParts_countsNothing() {
    InMemoryStore source = new InMemoryStore("g1");
    InMemoryStore target = new InMemoryStore("g2");
    assertEquals(
        new PartReport("p1", 0, 0, 0, 0, 0, List.of()), Passes.verify(PART, source, target, 2));
    for (String key : keys(5)) {
      put(source, row(key, "v", 3));
      put(target, row(key, "v", 3));
    }
    PartReport r = Passes.verify(PART, source, target, 2);
    assertEquals(new PartReport("p1", 5, 5, 0, 0, 0, List.of()), r);
    assertTrue(r.clean());
  }

  /** A target whose row for one key catches up after {@code lagging} reads (a write in flight). */
  private static final class CatchingUp extends ForwardingStore {
    private final byte[] key;
    private final Row caughtUp;
    private int lagging;

    CatchingUp(String key, Row caughtUp, int lagging) {
      super(new InMemoryStore("g2"));
      this.key = b(key);
      this.caughtUp = caughtUp;
      this.lagging = lagging;
    }

    @Override
    public Row get(byte[] k, byte[] id) {
      if (Arrays.equals(k, key) && lagging-- <= 0) {
        return caughtUp;
      }
      return super.get(k, id);
    }
  }

  /** A store whose rows are gone when read again (deleted between the scan and the reread). */
  private static final class Vanishing extends ForwardingStore {
    Vanishing(String group) {
      super(new InMemoryStore(group));
    }

    @Override
    public Row get(byte[] key, byte[] id) {
      return null;
    }
  }

  @Test
  void verify_rereadsADifferingRowUpToThreeTimes_beforeItCounts() {
    String key = keys(1).get(0);
    Row current = row(key, "new", 2);
    for (int lagging = 0; lagging <= Passes.RECHECKS; lagging++) {
      InMemoryStore source = new InMemoryStore("g1");
      put(source, current);
      CatchingUp target = new CatchingUp(key, current, lagging);
      put(target, row(key, "old", 1));
      PartReport r = Passes.verify(PART, source, target, 10);
      if (lagging < Passes.RECHECKS) {
        assertEquals(
            new PartReport("p1", 1, 1, 0, 0, 0, List.of()), r, "caught up at read " + lagging);
      } else {
        assertEquals(
            new PartReport("p1", 1, 0, 1, 0, 0, List.of(Hexes.of(b(key)))), r, "still behind");
      }
    }
  }

  @Test
  void verify_aRowGoneFromBothSidesOnRereading_isNotCounted() {
    List<String> k = keys(2);
    InMemoryStore source = new InMemoryStore("g1");
    put(source, row(k.get(0), "v", 1));
    put(source, row(k.get(1), "v", 1));
    MigrationStore target = new Vanishing("g2");
    put(target, row(k.get(1), "v", 1));
    MigrationStore vanishing = new Vanishing("g1");
    put(vanishing, row(k.get(0), "v", 1));
    put(vanishing, row(k.get(1), "v", 1));
    // k0 only on the source by the scans, gone from both when read again: deleted meanwhile
    PartReport r = Passes.verify(PART, vanishing, target, 10);
    assertEquals(new PartReport("p1", 1, 1, 0, 0, 0, List.of()), r);
    // the same row still on the source when read again is an extra row there
    PartReport s = Passes.verify(PART, source, target, 10);
    assertEquals(new PartReport("p1", 2, 1, 0, 1, 0, List.of(Hexes.of(b(k.get(0))))), s);
  }

  @Test
  void repair_copiesWhatTheTargetLacksOrHoldsOlder_andNeverDeletes() {
    List<String> k = keys(6);
    for (int pageSize : new int[] {1, 2, 100}) {
      InMemoryStore source = new InMemoryStore("g1");
      InMemoryStore target = new InMemoryStore("g2");
      put(source, row(k.get(0), "same", 1));
      put(target, row(k.get(0), "same", 1));
      put(source, row(k.get(1), "newer", 3));
      put(target, row(k.get(1), "older", 2));
      put(source, row(k.get(2), "older", 1));
      put(target, row(k.get(2), "newer", 4));
      put(source, row(k.get(3), "missing", 1));
      put(target, row(k.get(4), "only-target", 1));
      put(source, row(k.get(5), "last", 1));
      String at = "page size " + pageSize;
      assertEquals(3, Passes.repair(PART, source, target, pageSize), at);
      assertEquals("newer", value(target, k.get(1)), at);
      assertEquals("newer", value(target, k.get(2)), at);
      assertEquals("missing", value(target, k.get(3)), at);
      assertEquals("only-target", value(target, k.get(4)), at + ": never deletes");
      assertEquals("last", value(target, k.get(5)), at);
      assertEquals(0, Passes.repair(PART, source, target, pageSize), at + ": repaired");
      PartReport after = Passes.verify(PART, source, target, pageSize);
      assertEquals(1, after.extraOnTarget(), at);
      assertEquals(1, after.mismatched(), at + ": the target's newer row stays");
    }
  }

  @Test
  void copyPage_copiesOnePageAndResumesAtItsCursor() {
    List<String> k = keys(5);
    InMemoryStore source = new InMemoryStore("g1");
    InMemoryStore target = new InMemoryStore("g2");
    for (String key : k) {
      put(source, row(key, "v", 1));
    }
    MigrationStore.ScanPage p = Passes.copyPage(PART, source, target, null, 2);
    assertEquals(2, p.rows().size());
    assertEquals("v", value(target, k.get(1)));
    assertNull(target.get(b(k.get(2))));
    while (!p.done()) {
      p = Passes.copyPage(PART, source, target, p.cursor(), 2);
    }
    assertTrue(Passes.verify(PART, source, target, 2).clean());
  }

  private static String value(MigrationStore s, String key) {
    Row r = s.get(b(key));
    return r == null ? null : new String(r.value(), StandardCharsets.UTF_8);
  }
}
