package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.Keys;
import java.io.IOException;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link LookupStrategyBuilder}'s checks at their limits: the partition bounds (entries below
 * {@code MAX_PARTITIONS}, a declared count from the fallback's up to {@code MAX_PARTITIONS}), the
 * problem count in the message (one problem, a hundred and the note that checking stopped,
 * whichever rule reaches it), a fallback or nested strategy built for another key type, {@code
 * first_part} without a composite key, a rich entry on a dedicated partition; a builder that builds
 * again after more entries; and a document whose first write of the entries matches the later ones.
 */
class LookupStrategyBuilderRulesTest {
  private static final int MAX = RoutingTable.MAX_PARTITIONS;
  private static final KeyType TENANT_DEVICE =
      KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);

  private static String refused(Supplier<LookupStrategy> build) {
    return assertThrows(IllegalArgumentException.class, build::get).getMessage();
  }

  private static LookupStrategyBuilder strings(int fallbackPartitions) {
    return LookupStrategy.builder(KeyType.STRING).fallback(Fixtures.hashMod(fallbackPartitions));
  }

  @Test
  void entry_partitionFromMaxPartitionsOn_refused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> strings(8).entry(Keys.of("a"), MAX));
    assertEquals(
        "directory entry partition must be in [0, " + MAX + "), got " + MAX, e.getMessage());
    LookupStrategy s = strings(8).partitions(MAX).entry(Keys.of("a"), MAX - 1).build();
    assertEquals(MAX - 1, s.partitionOf(Keys.of("a")));
  }

  @Test
  void partitions_fromTheFallbacksCountToMaxPartitions() {
    assertEquals(8, strings(8).partitions(8).build().partitionCount());
    assertEquals(MAX, strings(8).partitions(MAX).build().partitionCount());
    for (int bad : new int[] {0, 7, MAX + 1}) {
      assertEquals(
          "invalid lookup strategy (1 problem):\n"
              + "  partitions: must be in [8, "
              + MAX
              + "]: at least the fallback's 8 partitions (it answers in [0, 8)), got "
              + bad,
          refused(() -> strings(8).partitions(bad).build()),
          "partitions " + bad);
    }
    assertTrue(
        refused(() -> strings(8).partitions(10).entry("a", 10).build())
            .contains("entries.a: partition 10 is out of range: the strategy has 10 partitions"));
  }

  @Test
  void build_problemsCounted_oneSingular() {
    assertEquals(
        "invalid lookup strategy (1 problem):\n"
            + "  entries.a: dedicated partition 0 is one the fallback also answers (it answers in"
            + " [0, 8)); give the entry a partition from 8 on, declaring \"partitions\" to make room",
        refused(() -> strings(8).entry("a", LookupEntry.partition(0).dedicated()).build()));
    assertTrue(
        refused(() -> strings(8).entry("a", 8).entry("b", 9).build())
            .startsWith("invalid lookup strategy (2 problems):\n  entries.a: partition 8"));
  }

  /** 100 problems are reported, then a note that checking stopped: 101 lines. */
  private static void assertStoppedAtHundred(String message) {
    assertTrue(message.startsWith("invalid lookup strategy (101 problems):\n"), message);
    assertTrue(
        message.endsWith(
            "\n  entries: stopped checking after 100 problems; fix these and check again"),
        message);
  }

  @Test
  void build_moreThanHundredProblems_stopsAtHundred_whicheverRuleReachesIt() {
    // out of range: the first pass
    LookupStrategyBuilder outOfRange = strings(8);
    for (int i = 0; i < 101; i++) {
      outOfRange.entry("k" + i, 8);
    }
    assertStoppedAtHundred(refused(outOfRange::build));

    // on a dedicated partition: the second pass
    LookupStrategyBuilder onDedicated =
        strings(8).partitions(9).entry("owner", LookupEntry.partition(8).dedicated());
    for (int i = 0; i < 101; i++) {
      onDedicated.entry("k" + i, 8);
    }
    String dedicated = refused(onDedicated::build);
    assertStoppedAtHundred(dedicated);
    assertTrue(
        dedicated.contains("\n  entries.k0: partition 8 is dedicated to entries.owner;"),
        dedicated);

    // 100 out of range, then a repeated key: the duplicate is not reported
    LookupStrategyBuilder thenDuplicate = strings(8);
    for (int i = 0; i < 100; i++) {
      thenDuplicate.entry("k" + i, 8);
    }
    thenDuplicate.entry("dup", 1).entry("dup", 2);
    String duplicate = refused(thenDuplicate::build);
    assertStoppedAtHundred(duplicate);
    assertTrue(!duplicate.contains("duplicate directory key"), duplicate);
  }

  @Test
  void fallbackBuiltForAnotherKeyType_refused_matchingTypeAccepted() {
    PartitionStrategy forLongs =
        LookupStrategy.builder(KeyType.LONG).fallback(Fixtures.hashMod(8)).build();
    assertEquals(
        "invalid lookup strategy (1 problem):\n"
            + "  fallback: strategy 'lookup' was built for keys of type long but routes the"
            + " entity's keys, of type string",
        refused(() -> LookupStrategy.builder(KeyType.STRING).fallback(forLongs).build()));
    assertEquals(
        "invalid lookup strategy (1 problem):\n"
            + "  fallback: strategy 'lookup' was built for keys of type long but routes the"
            + " first part of the key, of type string",
        refused(
            () ->
                LookupStrategy.builder(TENANT_DEVICE)
                    .match(LookupStrategy.MatchMode.FIRST_PART)
                    .fallback(forLongs)
                    .build()));

    PartitionStrategy forStrings = strings(8).entry("b", 2).build();
    LookupStrategy overLookup =
        LookupStrategy.builder(KeyType.STRING).fallback(forStrings).entry("a", 1).build();
    assertEquals(1, overLookup.partitionOf(Keys.of("a")));
    assertEquals(2, overLookup.partitionOf(Keys.of("b")));
    LookupStrategy tenants =
        LookupStrategy.builder(TENANT_DEVICE)
            .match(LookupStrategy.MatchMode.FIRST_PART)
            .fallback(forStrings)
            .build();
    assertEquals(2, tenants.partitionOf(Keys.of("b", 7L)));
  }

  @Test
  void firstPart_withoutCompositeKey_refused() {
    assertEquals(
        "invalid lookup strategy (1 problem):\n"
            + "  match: \"first_part\" needs a composite key of at least two parts, such as"
            + " (tenant, device); the key is string: use \"match\": \"key\" or a composite key",
        refused(() -> strings(8).match(LookupStrategy.MatchMode.FIRST_PART).entry("a", 1).build()));
  }

  @Test
  void split_nestedStrategyForAnotherKeyType_refused_forTheWholeKeyAccepted() {
    PartitionStrategy forStrings = strings(3).build();
    assertEquals(
        "invalid lookup strategy (1 problem):\n"
            + "  entries.big.strategy: was built for keys of type string; a split routes the"
            + " whole key, of type composite(string, long)",
        refused(
            () ->
                LookupStrategy.builder(TENANT_DEVICE)
                    .match(LookupStrategy.MatchMode.FIRST_PART)
                    .fallback(Fixtures.hashMod(8))
                    .partitions(12)
                    .entry("big", LookupEntry.split(9, forStrings))
                    .build()));
    PartitionStrategy forWholeKeys =
        LookupStrategy.builder(TENANT_DEVICE).fallback(Fixtures.hashMod(3)).build();
    LookupStrategy s =
        LookupStrategy.builder(TENANT_DEVICE)
            .match(LookupStrategy.MatchMode.FIRST_PART)
            .fallback(Fixtures.hashMod(8))
            .partitions(12)
            .entry("big", LookupEntry.split(9, forWholeKeys))
            .build();
    byte[] key = Keys.of("big", 5L);
    assertEquals(9 + forWholeKeys.partitionOf(key), s.partitionOf(key));
  }

  /**
   * A pinned entry is no plain partition number, and a dedicated partition is out of its reach as
   * of any other entry's.
   */
  @Test
  void pinnedEntryOnADedicatedPartition_refused() {
    assertEquals(
        "invalid lookup strategy (1 problem):\n"
            + "  entries.a: partition 8 is dedicated to entries.b; send this entry to another"
            + " partition",
        refused(
            () ->
                strings(8)
                    .partitions(10)
                    .entry("a", LookupEntry.partition(8).pinned(Map.of("region", "eu")))
                    .entry("b", LookupEntry.partition(8).dedicated())
                    .build()));
    LookupStrategy apart =
        strings(8)
            .partitions(10)
            .entry("a", LookupEntry.partition(9).pinned(Map.of("region", "eu")))
            .entry("b", LookupEntry.partition(8).dedicated())
            .build();
    assertEquals(9, apart.partitionOf(Keys.of("a")));
  }

  @Test
  void build_again_andAfterMoreEntries_theStrategyOfAllEntries() {
    LookupStrategyBuilder b =
        strings(8)
            .partitions(10)
            .entry("b", LookupEntry.partition(9).dedicated()) // rich entries out of key order
            .entry("a", LookupEntry.partition(8).dedicated());
    LookupStrategy first = b.build();
    LookupStrategy again = b.build();
    assertEquals(first, again);
    assertEquals(8, again.partitionOf(Keys.of("a")));
    assertEquals(9, again.partitionOf(Keys.of("b")));
    LookupStrategy more = b.entry("c", 1).build();
    LookupStrategy expected =
        strings(8)
            .partitions(10)
            .entry("c", 1)
            .entry("a", LookupEntry.partition(8).dedicated())
            .entry("b", LookupEntry.partition(9).dedicated())
            .build();
    assertEquals(expected, more);
    assertNotEquals(first, more);
    assertEquals(8, more.partitionOf(Keys.of("a")));
    assertEquals(9, more.partitionOf(Keys.of("b")));
  }

  /**
   * The first write of the entries (from the builder's arrays) is the text of the later ones (a
   * walk of the directory): for {@code long} keys whose 8 bytes happen to be printable ASCII too,
   * written as numbers, and for rich entries among plain text keys, written as objects.
   */
  @Test
  void firstWriteOfTheEntries_sameTextAsTheTree() throws IOException {
    LookupStrategy longs =
        LookupStrategy.builder(KeyType.LONG)
            .fallback(Fixtures.hashMod(8))
            .entry(Long.toString(0x6262626262626262L), 2) // bytes "bbbbbbbb"
            .entry(Long.toString(0x6161616161616161L), 1) // bytes "aaaaaaaa"
            .build();
    String written = LookupWriteJsonTest.written(longs);
    assertTrue(
        written.contains("\"entries\":{\"7016996765293437281\":1,\"7089336938131513954\":2}"),
        written);
    assertEquals(SpecText.treeText(longs.toSpec()), written);

    LookupStrategy rich =
        strings(8)
            .partitions(9)
            .entry("a", 1)
            .entry("hot", LookupEntry.partition(8).dedicated())
            .build();
    String richText = LookupWriteJsonTest.written(rich);
    assertTrue(
        richText.contains("\"entries\":{\"a\":1,\"hot\":{\"partition\":8,\"dedicated\":true}}"),
        richText);
    assertEquals(SpecText.treeText(rich.toSpec()), richText);
  }
}
