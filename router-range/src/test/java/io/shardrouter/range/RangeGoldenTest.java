package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.range.internal.KeyValues;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden vectors of spec 1's range strategy and time buckets, computed in Python by {@code
 * golden/generate_range.py} (bisect over Python's own orders, zoneinfo), not by this code.
 */
class RangeGoldenTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode golden() throws IOException {
    try (InputStream in = RangeGoldenTest.class.getResourceAsStream("/golden/range.json")) {
      return JSON.readTree(in);
    }
  }

  @TestFactory
  Stream<DynamicTest> ranges_everyKeyToItsGoldenPartition() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode c : golden().get("ranges")) {
      tests.add(
          DynamicTest.dynamicTest(
              c.get("name").asText(),
              () -> {
                ObjectNode doc = JSON.createObjectNode();
                doc.put("format", 1).put("routing_version", 1).put("entity", "golden");
                doc.set("key", c.get("key"));
                doc.putObject("strategy").put("type", "range").set("ranges", c.get("ranges"));
                doc.putArray("groups").addObject().put("id", "g0").put("primary", "db0");
                for (int i = 0; i < c.get("ranges").size(); i++) {
                  doc.withArray("placement").add("g0");
                }
                RoutingTable t = RoutingDocuments.read(JSON.writeValueAsString(doc));
                RangeStrategy s = (RangeStrategy) t.strategy();
                for (JsonNode k : c.get("keys")) {
                  byte[] key =
                      KeyValues.fromSpec(
                          t.keyType(), RoutingDocuments.parseSpec(k.get("key").toString()));
                  JsonNode expected = k.get("partition");
                  if (expected.isNull()) {
                    assertEquals(-1, s.find(key), () -> "key " + k.get("key"));
                    assertThrows(
                        NoRouteException.class,
                        () -> t.routeCanonical(key),
                        () -> "key " + k.get("key"));
                  } else {
                    assertEquals(
                        expected.asInt(),
                        t.routeCanonical(key).partition(),
                        () -> "key " + k.get("key"));
                  }
                }
              }));
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> buckets_everyInstantToItsGoldenName() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode b : golden().get("buckets")) {
      tests.add(
          DynamicTest.dynamicTest(
              b.get("unit").asText() + " " + b.get("zone").asText(),
              () -> {
                TimeBuckets buckets =
                    TimeBuckets.of(
                        TimeBuckets.Unit.fromDocumentName(b.get("unit").asText()),
                        TimeBuckets.zone(b.get("zone").asText()),
                        b.get("template").asText(),
                        null);
                for (JsonNode i : b.get("instants")) {
                  Instant at = Instant.parse(i.get("instant").asText());
                  assertEquals(
                      i.get("bucket").asText(),
                      buckets.bucketOf(at).name(),
                      () -> buckets + " at " + at);
                }
              }));
    }
    return tests.stream();
  }
}
