package io.shardrouter.lookup;

import static io.shardrouter.lookup.Fixtures.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.security.MessageDigest;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Lookup documents with entries large enough to be read lazily from the document bytes: the same
 * table, fingerprint and violations as a document read as a whole tree.
 */
class LookupLargeDocumentTest {
  private static final int N = 3000; // over DocumentTree's 1,024 members: read lazily

  private static String document(String entries, String extra) {
    return "{\"format\": 1, \"routing_version\": 3, \"entity\": \"orders\", \"key\": {\"type\": \"string\"}, \"strategy\": {\"type\":"
        + " \"lookup\", \"partitions\": 10, \"fallback\": {\"type\": \"hash_mod\", \"partitions\": 8}"
        + extra
        + ", \"entries\": "
        + entries
        + "}, \"groups\": [{\"id\": \"g0\", \"primary\": \"db0:5432\"}], \"placement\": [\"g0\", \"g0\", \"g0\", \"g0\", \"g0\", \"g0\","
        + " \"g0\", \"g0\", \"g0\", \"g0\"]}";
  }

  /**
   * {@code n} object members "k0": 0 ... with {@code bad} (a whole member) in place of member
   * {@code at}.
   */
  private static String objectEntries(int n, int at, String bad) {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ", ").append(i == at ? bad : "\"k" + i + "\": " + (i % 10));
    }
    return sb.append('}').toString();
  }

  private static String arrayEntries(int n, int at, String bad) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ", ").append(i == at ? bad : "[\"k" + i + "\", " + (i % 10) + "]");
    }
    return sb.append(']').toString();
  }

  /**
   * The fingerprint as it was computed before streaming: SHA-256 of the whole compact content text.
   */
  private static String oldFingerprint(RoutingTable t) throws Exception {
    ObjectNode content = (ObjectNode) SpecText.tree(t.toSpec());
    content.remove("format");
    content.remove("routing_version");
    byte[] text = Keys.of(new ObjectMapper().writeValueAsString(content));
    return KeyText.hex(MessageDigest.getInstance("SHA-256").digest(text));
  }

  @Test
  void read_randomLargeDocuments_sameTableAndFingerprintAsBuilt() throws Exception {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int round = 0; round < 6; round++) {
      int n = round % 2 == 0 ? 1 + rnd.nextInt(1500) : 1024 + rnd.nextInt(4000);
      boolean asArray = rnd.nextBoolean();
      LookupStrategyBuilder b =
          LookupStrategy.builder(KeyType.STRING).fallback(Fixtures.hashMod(8)).partitions(10);
      StringBuilder entries = new StringBuilder(asArray ? "[" : "{");
      for (int i = 0; i < n; i++) {
        String key =
            "t-"
                + i
                + (rnd.nextInt(5) == 0 ? "\u00e9\uD83D\uDE00" : "")
                + (rnd.nextInt(7) == 0 ? "\\\"q" : "");
        String keyText = key.replace("\\\"", "\"");
        int p = rnd.nextInt(10);
        boolean dedicatedLike = rnd.nextInt(50) == 0 && p >= 8;
        String value =
            dedicatedLike
                ? "{\"partition\": " + p + ", \"pin\": {\"region\": \"eu\"}}"
                : Integer.toString(p);
        entries
            .append(i == 0 ? "" : ",")
            .append(asArray ? "[\"" + key + "\"," + value + "]" : "\"" + key + "\":" + value);
        if (dedicatedLike) {
          b.entry(keyText, LookupEntry.partition(p).pinned(java.util.Map.of("region", "eu")));
        } else {
          b.entry(keyText, p);
        }
      }
      entries.append(asArray ? "]" : "}");
      String json =
          document(entries.toString(), "")
              .replace(
                  "\"primary\": \"db0:5432\"}",
                  "\"primary\": \"db0:5432\", \"labels\": {\"region\": \"eu\"}}");
      RoutingTable read = RoutingDocuments.read(json);
      RoutingTable built =
          RoutingTable.builder()
              .version(3)
              .entity("orders")
              .keyType(KeyType.STRING)
              .strategy(b.build())
              .group(ReplicaGroup.of("g0", "db0:5432").withLabels(java.util.Map.of("region", "eu")))
              .placement(List.of("g0", "g0", "g0", "g0", "g0", "g0", "g0", "g0", "g0", "g0"))
              .build();
      assertEquals(built, read, "seed " + seed + ", n " + n);
      assertEquals(oldFingerprint(read), read.fingerprint(), "seed " + seed);
      assertEquals(
          read, RoutingDocuments.read(RoutingDocuments.writeSnapshot(read)), "seed " + seed);
      assertEquals(built.strategy(), read.strategy(), "seed " + seed);
    }
  }

  @Test
  void badEntryDeepInLargeEntries_reportedAtItsPath() {
    List<Violation> v = refused(document(objectEntries(N, 2500, "\"k2500\": \"x\""), ""));
    assertEquals(
        List.of(
            new Violation(
                "strategy.entries.k2500",
                "must be a partition number or an entry object such as"
                    + " {\"partition\": 1024, \"dedicated\": true}, got \"x\"")),
        v);
    List<Violation> range = refused(document(arrayEntries(N, 2900, "[\"k2900\", -1]"), ""));
    assertEquals(
        List.of(
            new Violation(
                "strategy.entries[2900]", "must be a partition number in [0, 16777216), got -1")),
        range);
    List<Violation> field =
        refused(
            document(objectEntries(N, 1700, "\"k1700\": {\"partition\": 1, \"weight\": 2}"), ""));
    assertEquals("strategy.entries.k1700.weight", field.get(0).path());
    List<Violation> pair = refused(document(arrayEntries(N, 2999, "[\"k2999\"]"), ""));
    assertEquals("strategy.entries[2999]", pair.get(0).path());
  }

  @Test
  void numberOutOfDoubleRangeDeepInLargeEntries_reportedAtItsPath() {
    List<Violation> v = refused(document(objectEntries(N, 2100, "\"k2100\": 1e400"), ""));
    assertEquals(1, v.size(), v::toString);
    assertEquals("strategy.entries.k2100", v.get(0).path());
    assertTrue(v.get(0).message().contains("is out of range; give a finite number"), v::toString);
    List<Violation> pair = refused(document(arrayEntries(N, 2200, "[\"k2200\", 1e400]"), ""));
    assertEquals("strategy.entries[2200]", pair.get(0).path(), pair::toString);
  }

  @Test
  void duplicateKeysInLargeEntries_refusedAsBefore() {
    // A repeated field name is the parser's error, at its line and column, as for any document.
    String dupField = document(objectEntries(N, 2800, "\"k17\": 3"), "");
    List<Violation> v = refused(dupField);
    assertEquals(1, v.size());
    assertEquals("$", v.get(0).path());
    int column = dupField.indexOf("\"k17\": 3") + "\"k17\"".length() + 1;
    assertEquals(
        "malformed JSON at line 1, column " + column + ": Duplicate field 'k17'",
        v.get(0).message());
    // The same key twice in the array form is the directory's error, naming both entries.
    List<Violation> pairs = refused(document(arrayEntries(N, 2800, "[\"k17\", 3]"), ""));
    assertEquals(
        List.of(
            new Violation(
                "strategy.entries[2800]",
                "duplicate directory key k17: the same key as entries[17]; give each key once")),
        pairs);
  }

  @Test
  void unknownFieldNextToLargeEntries_refused() {
    List<Violation> v = refused(document(objectEntries(N, -1, ""), ", \"size\": 3"));
    assertEquals(
        List.of(
            new Violation(
                "strategy.size",
                "unknown field for strategy 'lookup'; known fields: [entries, fallback, match,"
                    + " partitions]")),
        v);
    List<Violation> twice = refused(document(objectEntries(N, -1, ""), ", \"entries\": {}"));
    assertEquals("$", twice.get(0).path());
    assertEquals(
        true, twice.get(0).message().contains("Duplicate field 'entries'"), twice.toString());
  }

  @Test
  void loneSurrogateDeepInLargeEntries_reportedAtItsPath() {
    // The parser itself refuses a broken pair in a field name, in a small document as in a large
    // one.
    List<Violation> name = refused(document(objectEntries(N, 2000, "\"k\\uD800\": 1"), ""));
    List<Violation> small = refused(document(objectEntries(3, 2, "\"k\\uD800\": 1"), ""));
    assertEquals("$", name.get(0).path());
    assertEquals(
        small.get(0).message().replaceAll("column \\d+", ""),
        name.get(0).message().replaceAll("column \\d+", ""));
    List<Violation> key = refused(document(arrayEntries(N, 2000, "[\"k\\uDC00\", 1]"), ""));
    assertEquals(
        List.of(
            new Violation(
                "strategy.entries[2000][0]",
                "string has a lone surrogate (an unpaired \\uD800-\\uDFFF escape)"
                    + " and so no UTF-8 form")),
        key);
  }

  @Test
  void manyProblemsInLargeEntries_stopAtTheLimitWithPaths() {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < N; i++) {
      sb.append(i == 0 ? "" : ", ")
          .append("\"k")
          .append(i)
          .append("\": ")
          .append(i % 20 == 0 ? "9" : "1");
    }
    // Partition 9 is out of the fallback's range and 'partitions' is left at 8: every 20th entry is
    // refused.
    List<Violation> v =
        refused(document(sb.append('}').toString(), "").replace("\"partitions\": 10, ", ""));
    assertEquals("strategy.entries.k0", v.get(0).path());
    assertEquals("strategy.entries.k20", v.get(1).path());
    assertEquals("strategy.entries", v.get(v.size() - 1).path());
  }
}
