package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionStrategy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StoreSpiTest {
  private static final PartitionStrategy MOD4 = Docs.hashMod(1, 4, 2).strategy();

  static byte[] k(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static Row row(String key, String value, long version, long seq) {
    return Row.of(k(key), k(value), version, seq, MOD4.partitionOf(k(key)));
  }

  @Test
  void apply_duplicateAndReordered_applyOnce() {
    InMemoryStore s = new InMemoryStore("g1");
    assertEquals(
        1, s.apply(List.of(row("a", "2", 1, 2)), MigrationStore.WriteOrigin.CLIENT).applied());
    MigrationStore.ApplyResult again =
        s.apply(
            List.of(row("a", "2", 1, 2), row("a", "1", 1, 1)), MigrationStore.WriteOrigin.CLIENT);
    assertEquals(0, again.applied());
    assertEquals(1, again.duplicates());
    assertEquals(1, again.superseded());
    assertEquals("2", new String(s.get(k("a")).value(), StandardCharsets.UTF_8));
  }

  @Test
  void apply_fencedPartition_refusesWholeBatch() {
    InMemoryStore s = new InMemoryStore("g1");
    Row a = row("a", "x", 5, 1);
    s.setFence(new Fence(a.partition(), 5, 7, Phase.DUAL_WRITE));
    Row other = row("other-key-0", "y", 5, 1);
    for (int i = 1; other.partition() == a.partition(); i++) {
      other = row("other-key-" + i, "y", 5, 1);
    }
    MigrationStore.ApplyResult r = s.apply(List.of(other, a), MigrationStore.WriteOrigin.CLIENT);
    assertTrue(r.refused(), "one fenced row refuses the batch, its unfenced row included");
    assertEquals(7, r.refusedBy().minVersion());
    assertEquals(0, s.size());
    assertFalse(
        s.apply(
                List.of(Row.of(k("a"), k("x"), 7, 1, a.partition())),
                MigrationStore.WriteOrigin.CLIENT)
            .refused());
    assertFalse(
        s.apply(List.of(row("b", "m", 0, 1)), MigrationStore.WriteOrigin.MIGRATION).refused());
  }

  @Test
  void inMemory_isAStoreOfItsGroup_underTheApplyRule() {
    MigrationStore s = MigrationStore.inMemory("g7");
    assertEquals("g7", s.groupId());
    Row a = row("a", "x", 5, 1);
    Fence f = new Fence(a.partition(), 5, 7, Phase.DUAL_WRITE);
    s.setFence(f);
    assertEquals(List.of(f), s.fences());
    MigrationStore.ApplyResult refused = s.apply(List.of(a), MigrationStore.WriteOrigin.CLIENT);
    assertTrue(refused.refused());
    assertEquals(f, refused.refusedBy());
    assertNull(s.get(k("a")));
    s.clearFence(a.partition());
    assertEquals(1, s.apply(List.of(a), MigrationStore.WriteOrigin.CLIENT).applied());
    assertEquals("x", new String(s.get(k("a")).value(), StandardCharsets.UTF_8));
    assertThrows(NullPointerException.class, () -> MigrationStore.inMemory(null));
  }

  @Test
  void fence_versionBeforeBase_refusedWhateverPartition() {
    Fence f = new Fence(2, 10, 12, Phase.CUT_OVER);
    assertTrue(f.refuses(Row.of(k("x"), k("v"), 9, 1, 3)));
    assertFalse(f.refuses(Row.of(k("x"), k("v"), 10, 1, 3)));
    assertTrue(f.refuses(Row.of(k("x"), k("v"), 11, 1, 2)));
    assertFalse(f.refuses(Row.of(k("x"), k("v"), 12, 1, 2)));
    assertThrows(IllegalArgumentException.class, () -> new Fence(1, 5, 4, Phase.COPY));
  }

  @Test
  void scan_resumesFromCursor_inKeyOrder_andStatsAreOrderFree() {
    InMemoryStore a = new InMemoryStore("a");
    InMemoryStore b = new InMemoryStore("b");
    List<Row> all = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      all.add(row("key-" + i, "v" + i, 1, i + 1));
    }
    a.apply(all, MigrationStore.WriteOrigin.MIGRATION);
    List<Row> reversed = new ArrayList<>(all);
    java.util.Collections.reverse(reversed);
    b.apply(reversed, MigrationStore.WriteOrigin.MIGRATION);
    Part p = Part.of("p1", MOD4, 1, null);
    List<Row> seen = new ArrayList<>();
    byte[] cursor = null;
    while (true) {
      MigrationStore.ScanPage page = a.scan(p, cursor, 3);
      seen.addAll(page.rows());
      if (page.done()) {
        break;
      }
      cursor = page.cursor();
    }
    for (int i = 1; i < seen.size(); i++) {
      assertTrue(java.util.Arrays.compareUnsigned(seen.get(i - 1).key(), seen.get(i).key()) < 0);
    }
    for (Row r : seen) {
      assertEquals(1, r.partition());
    }
    assertEquals(seen.size(), a.stats(p).rows());
    assertEquals(a.stats(p), b.stats(p));
  }

  @Test
  void delete_handsRowsToArchive_thenRemovesThem() {
    InMemoryStore s = new InMemoryStore("g");
    for (int i = 0; i < 20; i++) {
      s.apply(List.of(row("k" + i, "v", 1, 1)), MigrationStore.WriteOrigin.MIGRATION);
    }
    Part p = Part.of("p0", MOD4, 0, null);
    long before = s.stats(p).rows();
    List<Row> archived = new ArrayList<>();
    byte[] cursor = null;
    while (true) {
      MigrationStore.ScanPage page = s.delete(p, cursor, 4, archived::addAll);
      if (page.done()) {
        break;
      }
      cursor = page.cursor();
    }
    assertEquals(before, archived.size());
    assertEquals(0, s.stats(p).rows());
    assertSame(null, s.fence(0));
  }

  @Test
  void row_badNumbers_explain() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Row.of(k("a"), k("b"), 1, 0, 0));
    assertTrue(e.getMessage().contains("sequence must be >= 1"));
    assertThrows(IllegalArgumentException.class, () -> Row.of(k("a"), k("b"), -1, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> Part.of("x", MOD4, 4, null));
    assertNull(new InMemoryStore("g").get(k("none")));
  }
}
