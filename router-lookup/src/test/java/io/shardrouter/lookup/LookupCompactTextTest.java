package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The compact text of a directory read from a flat document (its keys written straight from their
 * bytes): longer than the writer's buffer, the same text as the document tree and the same table
 * read back; the size of the entries view; and the messages for a null value and a nameless
 * normalizer.
 */
class LookupCompactTextTest {

  private static String document(int n, String longKey) {
    StringBuilder sb =
        new StringBuilder(
            "{\"format\":1,\"routing_version\":2,\"entity\":\"users\",\"key\":{\"type\":\"string\"},"
                + "\"strategy\":{\"type\":\"lookup\",\"partitions\":8,\"fallback\":{\"type\":"
                + "\"hash_mod\",\"partitions\":8},\"entries\":{");
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "\"" : ",\"")
          .append(i == n / 2 ? longKey : "user-" + i)
          .append("\":")
          .append(i % 8);
    }
    return sb.append("}},\"groups\":[{\"id\":\"g0\",\"primary\":\"db0:5432\"}],\"placement\":[")
        .append("\"g0\",".repeat(7))
        .append("\"g0\"]}")
        .toString();
  }

  @Test
  void compactWrite_longerThanTheWritersBuffer_sameTextAndTable() throws Exception {
    String longKey = "k".repeat(1000); // the longest name a document reader takes is 1,024
    RoutingTable t = RoutingDocuments.read(document(3000, longKey));
    String compact = new String(RoutingDocuments.writeCompact(t), StandardCharsets.UTF_8);
    assertEquals(SpecText.treeText(t.toSpec()), compact);
    RoutingTable again = RoutingDocuments.read(compact);
    assertEquals(t, again);
    assertEquals(1500 % 8, Router.create(again).route(longKey).partition());
    assertEquals(3000, t.strategy().toSpec().get("entries").fields().entrySet().size());
  }

  @Test
  void builtDirectory_firstCompactWriteFromItsKeys_sameTextAsTheTree() throws Exception {
    LookupStrategyBuilder b = LookupStrategy.builder(KeyType.STRING).fallback(Fixtures.hashMod(8));
    for (int i = 0; i < 3000; i++) {
      b.entry("user-" + i + "-" + "x".repeat(i % 40), i % 8);
    }
    LookupStrategy s = b.build();
    String tree = SpecText.treeText(s.toSpec());
    assertEquals(tree, SpecText.streamed(s.toSpec()));
  }

  @Test
  void entriesView_sizeIsTheDirectorys() {
    LookupStrategy s =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(Fixtures.hashMod(8))
            .entry("a", 1)
            .entry("b", 2)
            .partitions(9)
            .entry("c", LookupEntry.partition(8).dedicated())
            .build();
    Spec entries = s.toSpec().get("entries");
    assertEquals(3, entries.fields().size());
    assertEquals(3, entries.fields().entrySet().size());
  }

  @Test
  void nullValue_refusedNamingWhatItWasFor() {
    IndexTable idx =
        IndexTable.of(
            "users_by_email",
            Router.create(Fixtures.hashModTable("users_by_email", KeyType.STRING, 8)),
            Router.create(Fixtures.hashModTable("users", KeyType.LONG, 8)),
            Normalizer.email(),
            IndexTable.Maintenance.SYNCHRONOUS);
    NullPointerException e = assertThrows(NullPointerException.class, () -> idx.locate(null));
    assertEquals(
        "index 'users_by_email': the value is null; give the value to index 'users_by_email'",
        e.getMessage());
  }

  @Test
  void normalizer_withoutAName_refusedShowingWhatWasGiven() {
    assertEquals(
        "a normalizer needs a name such as 'email-v1', got null",
        assertThrows(IllegalArgumentException.class, () -> Normalizer.of(null, x -> x))
            .getMessage());
    assertEquals(
        "a normalizer needs a name such as 'email-v1', got ' '",
        assertThrows(IllegalArgumentException.class, () -> Normalizer.of(" ", x -> x))
            .getMessage());
  }
}
