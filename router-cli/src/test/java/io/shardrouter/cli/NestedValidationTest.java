package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ring whose weights name a group the document does not have is refused at every depth: at the
 * top, as a lookup's fallback, as a lookup's split entry, as the business strategy of time buckets,
 * and under a lookup under time buckets — each time with the JSON path of the nested field. The
 * same documents with a good ring are accepted, so each refusal is the ring's and nothing else's.
 */
class NestedValidationTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static ObjectNode example(String name) throws IOException {
    return (ObjectNode) JSON.readTree(Cli.EXAMPLES.resolve(name).toFile());
  }

  /** The 48-partition weighted ring of docs/examples, optionally weighing a group "g9" too. */
  private static ObjectNode ring(boolean unknownGroup) throws IOException {
    ObjectNode ring = (ObjectNode) example("ring-weighted.json").get("strategy");
    if (unknownGroup) {
      ((ObjectNode) ring.get("weights")).put("g9", 1);
    }
    return ring;
  }

  /** The ring example's document (groups g1-g3) with {@code strategy} and key type {@code key}. */
  private static ObjectNode document(ObjectNode strategy, int partitions, ObjectNode key)
      throws IOException {
    ObjectNode doc = example("ring-weighted.json");
    doc.set("strategy", strategy);
    if (key != null) {
      doc.set("key", key);
    }
    ArrayNode placement = doc.putArray("placement");
    for (int p = 0; p < partitions; p++) {
      placement.add("g" + (1 + p % 3));
    }
    return doc;
  }

  private static ObjectNode lookupOver(ObjectNode fallback, ObjectNode splitEntry) {
    ObjectNode lookup = JSON.createObjectNode().put("type", "lookup").put("match", "first_part");
    lookup.put("partitions", splitEntry == null ? 48 : 96);
    lookup.set("fallback", fallback);
    ObjectNode entries = lookup.putObject("entries");
    entries.put("acme", 3);
    if (splitEntry != null) {
      ObjectNode big = entries.putObject("big");
      big.put("first_partition", 48);
      big.set("strategy", splitEntry);
    }
    return lookup;
  }

  private static ObjectNode timeBucketsOver(ObjectNode business) throws IOException {
    ObjectNode tb = (ObjectNode) example("time-buckets.json").get("strategy").deepCopy();
    tb.set("strategy", business);
    return tb;
  }

  private static ObjectNode compositeKey() throws IOException {
    return (ObjectNode) example("lookup-tenants.json").get("key");
  }

  private static ObjectNode timeBucketsKey() throws IOException {
    return (ObjectNode) example("time-buckets.json").get("key");
  }

  private static String read(ObjectNode doc) throws IOException {
    RoutingTable t = RoutingDocuments.read(JSON.writeValueAsString(doc));
    return t.strategy().type();
  }

  private static void assertRefusedAt(ObjectNode doc, String path) {
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> read(doc));
    assertTrue(
        e.getMessage().contains(path + ": names group 'g9'"),
        "expected the unknown group at " + path + ", got: " + e.getMessage());
  }

  @Test
  void topLevel() throws IOException {
    assertEquals("ring", read(document(ring(false), 48, null)));
    assertRefusedAt(document(ring(true), 48, null), "strategy.weights.g9");
  }

  @Test
  void lookupFallback() throws IOException {
    assertEquals("lookup", read(document(lookupOver(ring(false), null), 48, compositeKey())));
    assertRefusedAt(
        document(lookupOver(ring(true), null), 48, compositeKey()), "strategy.fallback.weights.g9");
  }

  @Test
  void lookupSplitEntry() throws IOException {
    assertEquals(
        "lookup", read(document(lookupOver(ring(false), ring(false)), 96, compositeKey())));
    assertRefusedAt(
        document(lookupOver(ring(false), ring(true)), 96, compositeKey()),
        "strategy.entries.big.strategy.weights.g9");
  }

  @Test
  void timeBucketsBusinessStrategy() throws IOException {
    assertEquals(
        "time_buckets", read(document(timeBucketsOver(ring(false)), 48, timeBucketsKey())));
    assertRefusedAt(
        document(timeBucketsOver(ring(true)), 48, timeBucketsKey()),
        "strategy.strategy.weights.g9");
  }

  @Test
  void lookupUnderTimeBuckets_depthThree() throws IOException {
    ObjectNode good =
        document(timeBucketsOver(lookupOver(ring(false), null)), 48, timeBucketsKey());
    assertEquals("time_buckets", read(good));
    assertRefusedAt(
        document(timeBucketsOver(lookupOver(ring(true), null)), 48, timeBucketsKey()),
        "strategy.strategy.fallback.weights.g9");
  }

  @Test
  void shardctlValidate_refusesTheNestedRing_withItsPath() throws IOException {
    Path file = dir.resolve("nested.json");
    Files.writeString(
        file, JSON.writeValueAsString(document(lookupOver(ring(true), null), 48, compositeKey())));
    Cli.Result r = Cli.run("validate", file.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r.out() + r.err());
    assertTrue((r.out() + r.err()).contains("strategy.fallback.weights.g9"), r.out() + r.err());
  }
}
