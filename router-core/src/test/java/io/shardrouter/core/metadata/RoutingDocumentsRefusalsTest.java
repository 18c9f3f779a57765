package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violation;
import io.shardrouter.core.Violations;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Refusals of {@link RoutingDocuments} that name what is wrong, where and what to do: {@code
 * parseSpec} at its entries limit, a plugged-in reader's table at the partitions limit, and {@link
 * KeyTypeJson}'s {@code key} object.
 */
class RoutingDocumentsRefusalsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void parseSpec_oneEntryOverTheEntriesLimit_refusedNamingTheArray() {
    int max = ReadLimits.DEFAULT_MAX_ENTRIES;
    StringBuilder json = new StringBuilder(2 * max + 2).append('[');
    json.append("0,".repeat(max)).append("0]");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> RoutingDocuments.parseSpec(json.toString()));
    assertEquals(
        "not one JSON value: $: the array at line 1, column 1 (byte offset 0) has more than "
            + max
            + " entries, over the limit of "
            + max
            + " (ReadLimits.maxEntries); raise the limit where the table is read if it is genuine",
        e.getMessage());
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void pluggedInReader_tableOfExactlyMaxPartitions_read() {
    RoutingTable t =
        RoutingDocuments.read(
            utf8("{\"test_one_group\": \"g0\", \"routing_version\": 3}"),
            StrategyRegistry.defaultRegistry(),
            ReadLimits.defaults().withMaxPartitions(1));
    assertEquals(3, t.version());
    assertEquals(1, t.partitionCount());
  }

  private static JsonNode json(String s) throws Exception {
    return JSON.readTree(s);
  }

  @Test
  void keyType_notAnObject_refusedWithAnExample() throws Exception {
    Violations v = new Violations();
    assertNull(KeyTypeJson.read(json("\"string\""), v));
    assertEquals(
        List.of(
            new Violation(
                "key", "must be an object such as {\"type\": \"string\"}, got \"string\"")),
        v.asList());
  }

  @Test
  void keyType_withoutAType_refusedListingTheTypes() throws Exception {
    Violations v = new Violations();
    assertNull(KeyTypeJson.read(json("{\"type\": 5}"), v));
    assertEquals(
        List.of(
            new Violation(
                "key.type",
                "missing or not a string; one of [string, long, int, uuid, bytes, timestamp,"
                    + " composite]")),
        v.asList());
  }

  @Test
  void keyType_partsOfANonCompositeKey_refused_theTypeStillRead() throws Exception {
    Violations v = new Violations();
    assertEquals(
        KeyType.of(KeyType.Kind.LONG),
        KeyTypeJson.read(json("{\"type\": \"long\", \"parts\": [\"string\"]}"), v));
    assertEquals(
        List.of(new Violation("key.parts", "only a composite key has parts; key type is 'long'")),
        v.asList());
  }
}
