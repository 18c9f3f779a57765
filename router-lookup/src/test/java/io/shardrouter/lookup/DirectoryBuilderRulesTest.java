package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.DirectoryBuilder;
import io.shardrouter.lookup.internal.SortedKeys;
import io.shardrouter.testing.Keys;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link DirectoryBuilder}'s rules: the refusal of repeated keys (its count, up to ten keys named,
 * "..." beyond), the load factor's open interval, the record size when keys of 9 to 24 bytes are as
 * many as the most common other length class, {@link SortedKeys#plain()} exactly for printable
 * ASCII without {@code "} and {@code \}, a built directory's sorted keys unchanged by later {@code
 * setValue}s, and {@code expect} making room so that the expected entries grow no array.
 */
class DirectoryBuilderRulesTest {

  private static DirectoryBuilder twice(int keys) {
    DirectoryBuilder b = Directory.builder();
    for (int i = 0; i < keys; i++) {
      b.add(Keys.of("k" + i), i);
    }
    for (int i = 0; i < keys; i++) {
      b.add(Keys.of("k" + i), i);
    }
    return b;
  }

  @Test
  void build_repeatedKeys_countedAndAtMostTenNamed() {
    DirectoryBuilder one = Directory.builder().add(Keys.of("a"), 1).add(Keys.of("a"), 2);
    assertEquals(
        "directory keys must be distinct; 1 key is given twice: key 61 (entries #0 and #1);"
            + " give each key once",
        assertThrows(IllegalArgumentException.class, one::build).getMessage());

    String two = assertThrows(IllegalArgumentException.class, twice(2)::build).getMessage();
    assertEquals(
        "directory keys must be distinct; 2 keys are given twice: key 6b30 (entries #0 and #2)"
            + " key 6b31 (entries #1 and #3); give each key once",
        two);

    String ten = assertThrows(IllegalArgumentException.class, twice(10)::build).getMessage();
    assertTrue(ten.startsWith("directory keys must be distinct; 10 keys are given twice:"), ten);
    assertTrue(ten.endsWith("key 6b39 (entries #9 and #19); give each key once"), ten);

    String eleven = assertThrows(IllegalArgumentException.class, twice(11)::build).getMessage();
    assertTrue(eleven.startsWith("directory keys must be distinct; 11 keys are given twice:"));
    // sorted by key bytes: k0, k1, k10, k2, ..., k8 are named; k9 is the eleventh
    assertTrue(eleven.endsWith("key 6b38 (entries #8 and #19) ...; give each key once"), eleven);
    assertFalse(eleven.contains("6b39"), eleven);
  }

  @Test
  void loadFactor_outsideTheOpenInterval_refused() {
    for (double bad : new double[] {0, 1, -0.5, 1.5, Double.NaN}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> Directory.builder().loadFactor(bad));
      assertEquals("load factor must be in (0, 1), got " + bad, e.getMessage());
    }
    Directory d = Directory.builder().loadFactor(0.99).add(Keys.of("a"), 1).build();
    assertEquals(1, d.get(Keys.of("a"), 0, 1));
    assertEquals(1, Directory.builder().loadFactor(0.01).add(Keys.of("a"), 1).build().size());
  }

  /**
   * 32-byte records when keys of 9 to 24 bytes are at least as many as those of up to 8 and those
   * over 24; else 16.
   */
  @Test
  void recordBytes_midLengthKeysTiedWithAnotherClass_32ByteRecords() {
    byte[] shortKey = Keys.of("abcd");
    byte[] midKey = Keys.of("0123456789abcdef");
    byte[] longKey = Keys.of("k".repeat(30));
    Directory shortAndMid = Directory.builder().add(shortKey, 1).add(midKey, 2).build();
    assertEquals(32, shortAndMid.recordBytes());
    assertEquals(2, shortAndMid.get(midKey, 0, midKey.length));
    Directory midAndLong = Directory.builder().add(longKey, 3).add(midKey, 2).build();
    assertEquals(32, midAndLong.recordBytes());
    assertEquals(3, midAndLong.get(longKey, 0, longKey.length));
    Directory shortAndLong = Directory.builder().add(shortKey, 1).add(longKey, 3).build();
    assertEquals(16, shortAndLong.recordBytes());
    Directory shortMore =
        Directory.builder().add(shortKey, 1).add(midKey, 2).add(Keys.of("xy"), 4).build();
    assertEquals(16, shortMore.recordBytes());
  }

  @Test
  void sortedKeys_plainExactlyForPrintableAsciiWithoutQuoteOrBackslash() {
    String[] plain = {"", "a b", " ", "~", "a!#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}~"};
    for (String k : plain) {
      DirectoryBuilder b = Directory.builder().add(k.getBytes(StandardCharsets.UTF_8), 1);
      b.build();
      assertTrue(b.sortedKeys().plain(), () -> "'" + k + "' is plain");
    }
    String[] notPlain = {"a\u001f", "\u0000", "a\u007f", "a\"", "\\", "caf\u00e9", "\t"};
    for (String k : notPlain) {
      DirectoryBuilder b =
          Directory.builder()
              .add(Keys.of("plain"), 1)
              .add(k.getBytes(StandardCharsets.UTF_8), 2)
              .add(Keys.of("zzz"), 3);
      b.build();
      assertFalse(b.sortedKeys().plain(), () -> "'" + k + "' needs escaping");
    }
  }

  @Test
  void setValue_afterBuild_leavesTheBuiltSortedKeysAlone() throws IOException {
    DirectoryBuilder b = Directory.builder(); // added in key order: the sorted keys read its arrays
    b.add(Keys.of("a"), 1).add(Keys.of("b"), 2).add(Keys.of("c"), 3);
    b.build();
    SortedKeys built = b.sortedKeys();
    b.setValue(0, 7);
    IllegalStateException stale = assertThrows(IllegalStateException.class, b::sortedKeys);
    assertTrue(stale.getMessage().contains("a value replaced"), stale.getMessage());
    b.setValue(2, 9);
    assertEquals("\"a\":1,\"b\":2,\"c\":3", members(built));
    Directory next = b.build();
    assertEquals(7, next.get(Keys.of("a"), 0, 1));
    assertEquals(9, next.get(Keys.of("c"), 0, 1));
    assertEquals("\"a\":7,\"b\":2,\"c\":9", members(b.sortedKeys()));
    b.setValue(1, 5);
    assertEquals(2, next.get(Keys.of("b"), 0, 1));
    assertEquals(5, b.build().get(Keys.of("b"), 0, 1));
  }

  private static String members(SortedKeys keys) throws IOException {
    StringBuilder sb = new StringBuilder();
    keys.writeMembers(
        (bytes, off, len) -> sb.append(new String(bytes, off, len, StandardCharsets.US_ASCII)));
    return sb.toString();
  }

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  /**
   * After {@code expect(1000, 16000)}, a builder already holding entries takes 1,000 more of 16
   * bytes each without growing an array: nothing is allocated while they are added (without the
   * call, the keys, values and starts arrays double several times, tens of KB).
   */
  @Test
  void expect_roomForTheExpectedEntries_addingThemAllocatesNothing() {
    int n = 1000;
    byte[][] keys = new byte[n][];
    for (int i = 0; i < n; i++) {
      keys[i] = Keys.of(String.format("key-%012d", i)); // 16 bytes
    }
    DirectoryBuilder b = Directory.builder();
    b.add(Keys.of("first"), 0).add(Keys.of("second"), 0).add(Keys.of("third"), 0);
    b.expect(n, 16L * n);
    allocatedBytes(); // the counter's own first call
    long before = allocatedBytes();
    for (int i = 0; i < n; i++) {
      b.add(keys[i], i);
    }
    long allocated = allocatedBytes() - before;
    assertTrue(allocated < 1024, () -> "adding the expected entries allocated " + allocated);
    Directory d = b.build();
    assertEquals(n + 3, d.size());
    assertEquals(n - 1, d.get(keys[n - 1], 0, 16));
  }
}
