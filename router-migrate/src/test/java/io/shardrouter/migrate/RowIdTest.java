package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.KeyGenerators;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Many rows per routing key: store order, idempotency per (key, id), cursors, delete. */
class RowIdTest {
  private static final PartitionStrategy MOD4 = Docs.hashMod(1, 4, 2).strategy();

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static Row row(String key, String id, String value, long seq) {
    return Row.of(b(key), b(id), b(value), 1, seq, MOD4.partitionOf(b(key)));
  }

  @Test
  void apply_isIdempotentPerKeyAndId_notPerKey() {
    InMemoryStore s = new InMemoryStore("g1");
    MigrationStore.ApplyResult r =
        s.apply(
            List.of(row("user-1", "o1", "a", 1), row("user-1", "o2", "b", 1)),
            MigrationStore.WriteOrigin.CLIENT);
    assertEquals(2, r.applied(), "two orders of one user are two rows");
    MigrationStore.ApplyResult again =
        s.apply(
            List.of(row("user-1", "o1", "a", 1), row("user-1", "o2", "old", 1)),
            MigrationStore.WriteOrigin.CLIENT);
    assertEquals(0, again.applied());
    assertEquals(2, again.duplicates());
    s.apply(List.of(row("user-1", "o2", "c", 2)), MigrationStore.WriteOrigin.CLIENT);
    assertEquals("c", new String(s.get(b("user-1"), b("o2")).value(), StandardCharsets.UTF_8));
    assertEquals("a", new String(s.get(b("user-1"), b("o1")).value(), StandardCharsets.UTF_8));
    assertNull(s.get(b("user-1")), "no row with the empty id");
    assertEquals(2, s.fetch(List.of(b("user-1"))).size(), "fetch gives every id of a key");
  }

  @Test
  void digest_coversTheId_andKeepsIdlessRowsAsBefore() {
    Row a = row("k", "1", "v", 1);
    Row c = row("k", "2", "v", 1);
    assertNotEquals(a.digest(), c.digest());
    Row idless = Row.of(b("k"), b("v"), 1, 1, 0);
    assertEquals(Row.of(b("k"), new byte[0], b("v"), 1, 1, 0).digest(), idless.digest());
    assertTrue(!a.sameContent(c) && a.sameContent(row("k", "1", "v", 1)));
  }

  @Test
  void cursors_sortAsPairs_andRoundTrip() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 20_000; i++) {
      byte[] k1 = bytes(rnd);
      byte[] i1 = bytes(rnd);
      byte[] k2 = rnd.nextInt(4) == 0 ? k1.clone() : bytes(rnd);
      byte[] i2 = bytes(rnd);
      int pair = Arrays.compareUnsigned(k1, k2);
      if (pair == 0) {
        pair = Arrays.compareUnsigned(i1, i2);
      }
      int enc =
          Arrays.compareUnsigned(
              MigrationStore.ScanPage.cursorOf(k1, i1), MigrationStore.ScanPage.cursorOf(k2, i2));
      assertEquals(
          Integer.signum(pair),
          Integer.signum(enc),
          "seed " + seed + ": order of " + Arrays.toString(k1) + "/" + Arrays.toString(i1));
      byte[] c = MigrationStore.ScanPage.cursorOf(k1, i1);
      assertArrayEquals(k1, MigrationStore.ScanPage.cursorKey(c), "seed " + seed);
      assertArrayEquals(i1, MigrationStore.ScanPage.cursorId(c), "seed " + seed);
    }
  }

  private static byte[] bytes(SplittableRandom rnd) {
    byte[] out = new byte[rnd.nextInt(5)];
    for (int j = 0; j < out.length; j++) {
      out[j] = (byte) (rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(3) == 0 ? 0xFF : rnd.nextInt(256));
    }
    return out;
  }

  @Test
  void cursorKey_ofBytesThatAreNoCursor_saysWhatToPass() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigrationStore.ScanPage.cursorKey(new byte[] {'a', 0, 7}));
    assertTrue(e.getMessage().contains("pass back the cursor a scan returned"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> MigrationStore.ScanPage.cursorKey(new byte[] {'a'}));
  }

  @Test
  void scanAndDelete_pagesSplitInsideAKey_loseNoRow() {
    InMemoryStore s = new InMemoryStore("g1");
    List<Row> all = new ArrayList<>();
    for (int u = 0; u < 30; u++) {
      for (int o = 0; o < 7; o++) {
        all.add(row("user-" + u, "order-" + o, "v" + u + "/" + o, 1));
      }
    }
    List<Row> shuffled = new ArrayList<>(all);
    Collections.shuffle(shuffled, new java.util.Random(7));
    s.apply(shuffled, MigrationStore.WriteOrigin.MIGRATION);
    Part part = Part.of("p0", MOD4, 0, null);
    List<Row> expected = new ArrayList<>();
    for (Row r : all) {
      if (part.contains(r.key())) {
        expected.add(r);
      }
    }
    expected.sort(Row::compareStoreOrder);
    List<Row> scanned = new ArrayList<>();
    byte[] cursor = null;
    while (true) {
      MigrationStore.ScanPage page =
          s.scan(part, cursor, 3); // 3 never divides 7 ids: pages end inside keys
      scanned.addAll(page.rows());
      if (page.done()) {
        break;
      }
      cursor = page.cursor();
    }
    assertEquals(expected, scanned);
    List<Row> archived = new ArrayList<>();
    cursor = null;
    while (true) {
      MigrationStore.ScanPage page = s.delete(part, cursor, 4, archived::addAll);
      if (page.done()) {
        break;
      }
      cursor = page.cursor();
    }
    assertEquals(expected, archived, "every deleted row was archived first, once");
    assertEquals(all.size() - expected.size(), s.size());
  }
}
