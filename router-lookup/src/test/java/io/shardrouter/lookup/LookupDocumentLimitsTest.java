package io.shardrouter.lookup;

import static io.shardrouter.lookup.Fixtures.assertViolation;
import static io.shardrouter.lookup.Fixtures.document;
import static io.shardrouter.lookup.Fixtures.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.testing.Keys;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * A lookup document with many problems stops being read after 100 of them, on every load path (an
 * object read by the parser, the flat object read from the bytes, the array of pairs, splits whose
 * nested strategy is refused); and the edges of entry objects: partition 0, first_partition 0, a
 * split given only its strategy.
 */
class LookupDocumentLimitsTest {
  private static final String STRING_KEY = "{\"type\": \"string\"}";
  private static final String PAIR_KEY =
      "{\"type\": \"composite\", \"parts\": [\"string\", \"string\"]}";
  private static final String FALLBACK =
      "\"fallback\": {\"type\": \"hash_mod\", \"partitions\": 8}";
  private static final String STOPPED =
      "stopped reading after 100 problems; fix these and read again";

  private static String lookup(String rest) {
    return "{\"type\": \"lookup\", " + FALLBACK + (rest.isEmpty() ? "" : ", " + rest) + "}";
  }

  private static String joined(int n, IntFunction<String> member) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ", ").append(member.apply(i));
    }
    return sb.toString();
  }

  /** Exactly 100 problems at entries, then the one saying reading stopped. */
  private static void assertStoppedAfter100(List<Violation> v, String firstPath) {
    long atEntries = 0;
    for (Violation x : v) {
      java.util.regex.Matcher more =
          java.util.regex.Pattern.compile("^and (\\d+) more violations").matcher(x.message());
      if (more.find()) {
        atEntries += Long.parseLong(more.group(1)); // similar violations are summarised
      } else if (x.path().startsWith("strategy.entries.")
          || x.path().startsWith("strategy.entries[")) {
        atEntries++;
      }
    }
    assertEquals(100, atEntries, v::toString);
    assertViolation(v, "strategy.entries", STOPPED);
    assertEquals(firstPath, v.get(0).path(), v::toString);
  }

  @Test
  void objectEntries_parsed_stopAfter100Problems() {
    String entries = joined(150, i -> "\"k" + i + "\": {\"partition\": -1}");
    List<Violation> v = refused(document(STRING_KEY, lookup("\"entries\": {" + entries + "}"), 8));
    assertStoppedAfter100(v, "strategy.entries.k0.partition");
  }

  @Test
  void objectEntries_readFromTheBytes_stopAfter100Problems() {
    // 1,200 members "name": n: read the flat way; 150 of them out of range
    String entries = joined(1200, i -> "\"k" + i + "\": " + (i % 8 == 0 ? (1 << 24) : i % 8));
    List<Violation> v = refused(document(STRING_KEY, lookup("\"entries\": {" + entries + "}"), 8));
    assertStoppedAfter100(v, "strategy.entries.k0");
  }

  @Test
  void objectEntries_readFromTheBytes_laterProblemsNamedByKey() {
    // the flat way still names an entry by its key when the strategy refuses it
    String entries = joined(1200, i -> "\"k" + i + "\": " + (i == 700 ? 9 : i % 8));
    List<Violation> v = refused(document(STRING_KEY, lookup("\"entries\": {" + entries + "}"), 8));
    assertEquals(1, v.size(), v::toString);
    assertViolation(
        v, "strategy.entries.k700", "partition 9 is out of range", "declare \"partitions\": 10");
  }

  @Test
  void arrayEntries_stopAfter100Problems() {
    String entries = joined(150, i -> "[\"k" + i + "\", -1]");
    List<Violation> v = refused(document(STRING_KEY, lookup("\"entries\": [" + entries + "]"), 8));
    assertStoppedAfter100(v, "strategy.entries[0]");
  }

  @Test
  void splitsWithRefusedNestedStrategies_countTowardThe100() {
    String entries =
        joined(
            150,
            i ->
                "\"t"
                    + i
                    + "\": {\"first_partition\": 8, \"strategy\": {\"type\": \"hash_mod\","
                    + " \"partitions\": 0}}");
    List<Violation> v =
        refused(
            document(
                PAIR_KEY,
                lookup(
                    "\"match\": \"first_part\", \"partitions\": 12, \"entries\": {"
                        + entries
                        + "}"),
                12));
    assertStoppedAfter100(v, "strategy.entries.t0.strategy.partitions");
  }

  @Test
  void invalidPartition_notAddedAsAnEntry() {
    // the refused entry is not kept: the later "a" is no duplicate of it
    List<Violation> v =
        refused(document(STRING_KEY, lookup("\"entries\": [[\"a\", -1], [\"a\", 3]]"), 8));
    assertEquals(
        List.of(
            new Violation(
                "strategy.entries[0]", "must be a partition number in [0, 16777216), got -1")),
        v);
  }

  @Test
  void entryObject_partitionZero_isAnEntry() {
    String key = firstKeyNotOnPartitionZero();
    RoutingTable t =
        Fixtures.read(
            document(STRING_KEY, lookup("\"entries\": {\"" + key + "\": {\"partition\": 0}}"), 8));
    assertEquals(0, t.route(key).partition());
    assertEquals(1, ((LookupStrategy) t.strategy()).size());
  }

  @Test
  void split_firstPartitionZero_isAnEntry() {
    RoutingTable t =
        Fixtures.read(
            document(
                PAIR_KEY,
                lookup(
                    "\"match\": \"first_part\", \"entries\": {\"big\": {\"first_partition\": 0,"
                        + " \"strategy\": {\"type\": \"hash_mod\", \"partitions\": 4}}}"),
                8));
    assertEquals(1, ((LookupStrategy) t.strategy()).size());
    for (int i = 0; i < 50; i++) {
      int p = t.route("big", "device-" + i).partition();
      assertEquals(true, p >= 0 && p < 4, "a key of tenant big is on the split's partitions: " + p);
    }
  }

  @Test
  void split_onlyStrategy_refusedNamingWhatIsThere() {
    assertViolation(
        refused(
            document(
                PAIR_KEY,
                lookup(
                    "\"match\": \"first_part\", \"entries\": {\"big\": {\"strategy\": {\"type\":"
                        + " \"hash_mod\", \"partitions\": 4}}}"),
                8)),
        "strategy.entries.big",
        "a split needs both \"first_partition\" and \"strategy\", got only strategy");
  }

  private static String firstKeyNotOnPartitionZero() {
    for (int i = 0; ; i++) {
      String k = "key-" + i;
      if (Fixtures.hashMod(8).partitionOf(Keys.of(k)) != 0) {
        return k;
      }
    }
  }
}
