package io.shardrouter.range;

import static io.shardrouter.range.Fixtures.assertViolation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Format-1 documents with a {@code range} strategy: every bad input refused with its path and the
 * rule broken.
 */
class RangeStrategyFactoryTest {
  private static final String LONG = "{\"type\": \"long\"}";

  private static List<Violation> refused(String key, String ranges, int partitions) {
    return assertThrows(
            InvalidRoutingTableException.class,
            () -> Fixtures.read(Fixtures.document(key, ranges, partitions)))
        .violations();
  }

  @Test
  void read_validDocument_roundTrips() {
    RoutingTable t =
        Fixtures.read(
            Fixtures.document(
                LONG, "[{\"start\": 0, \"end\": 1000}, {\"start\": 1000, \"end\": null}]", 2));
    assertEquals(KeyType.LONG, t.strategy().keyType());
    assertEquals(1, t.route(1000L).partition());
    assertEquals(t, RoutingDocuments.read(RoutingDocuments.write(t)));
  }

  @Test
  void unsorted_refusedNamingBoth() {
    assertViolation(
        refused(LONG, "[{\"start\": 1000, \"end\": 2000}, {\"start\": 0, \"end\": 1000}]", 2),
        "strategy.ranges[1]",
        "ranges must be sorted by start, but ranges[1] [0, 1000) starts below ranges[0] [1000, 2000); list the ranges in key order");
  }

  @Test
  void overlap_refusedNamingBothAndTheOverlap() {
    assertViolation(
        refused(LONG, "[{\"start\": 0, \"end\": 1200}, {\"start\": 1000, \"end\": 2000}]", 2),
        "strategy.ranges[1]",
        "ranges[0] [0, 1200) and ranges[1] [1000, 2000) overlap on [1000, 1200); every key must be in exactly one range:"
            + " end ranges[0] where ranges[1] starts");
  }

  @Test
  void gap_refusedNamingBothAndTheGap() {
    assertViolation(
        refused(LONG, "[{\"start\": 0, \"end\": 900}, {\"start\": 1000, \"end\": 2000}]", 2),
        "strategy.ranges[1]",
        "gap between ranges[0] [0, 900) and ranges[1] [1000, 2000): keys in [900, 1000) are in no range");
  }

  @Test
  void emptyRange_refused() {
    assertViolation(
        refused(LONG, "[{\"start\": 5, \"end\": 5}]", 1),
        "strategy.ranges[0]",
        "empty range [5, 5): its start must be below its end");
    assertViolation(
        refused(LONG, "[{\"start\": 7, \"end\": 5}]", 1),
        "strategy.ranges[0]",
        "empty range [7, 5)");
  }

  @Test
  void openEndBeforeTheLast_refused() {
    assertViolation(
        refused(LONG, "[{\"start\": 0, \"end\": null}, {\"start\": 1000, \"end\": null}]", 2),
        "strategy.ranges[0].end",
        "is null (+∞) but ranges[1] [1000, +∞) follows; only the last range may be open-ended");
  }

  @Test
  void startThatDoesNotParseForTheKeyType_refused() {
    assertViolation(
        refused(LONG, "[{\"start\": \"0\", \"end\": null}]", 1),
        "strategy.ranges[0].start",
        "must be a JSON integer for type long");
    assertViolation(
        refused(LONG, "[{\"start\": 1.5, \"end\": null}]", 1),
        "strategy.ranges[0].start",
        "must be a JSON integer");
    assertViolation(
        refused(LONG, "[{\"start\": 99999999999999999999, \"end\": null}]", 1),
        "strategy.ranges[0].start",
        "is not a long");
    String ts = "{\"type\": \"timestamp\"}";
    assertViolation(
        refused(ts, "[{\"start\": \"2026-01-01T00:00:00\", \"end\": null}]", 1),
        "strategy.ranges[0].start",
        "key '2026-01-01T00:00:00' is not a timestamp (it has no zone offset");
    assertViolation(
        refused(ts, "[{\"start\": 1767225600, \"end\": null}]", 1),
        "strategy.ranges[0].start",
        "must be a JSON string for type timestamp, such as \"2026-04-01T00:00:00Z\"");
    assertViolation(
        refused(
            ts, "[{\"start\": \"2026-01-01T00:00:00Z\", \"end\": \"2026-13-01T00:00:00Z\"}]", 1),
        "strategy.ranges[0].end",
        "is not a timestamp");
    assertViolation(
        refused(
            "{\"type\": \"composite\", \"parts\": [\"string\", \"long\"]}",
            "[{\"start\": \"a\", \"end\": null}]",
            1),
        "strategy.ranges[0].start",
        "must be a JSON array of 2 parts");
  }

  @Test
  void missingOrMalformedFields_refusedWithPath() {
    assertViolation(
        refused(LONG, "[{\"start\": 0}]", 1),
        "strategy.ranges[0].end",
        "missing; give a long key, or null for +∞");
    assertViolation(refused(LONG, "[{\"end\": null}]", 1), "strategy.ranges[0].start", "missing");
    assertViolation(
        refused(LONG, "[{\"start\": 0, \"end\": null, \"end_inclusive\": true}]", 1),
        "strategy.ranges[0].end_inclusive",
        "unknown field; known fields: [end, start]");
    assertViolation(refused(LONG, "[]", 1), "strategy.ranges", "empty; give at least one range");
    assertViolation(refused(LONG, "{}", 1), "strategy.ranges", "must be an array");
    assertViolation(refused(LONG, "[5]", 1), "strategy.ranges[0]", "must be an object");
  }

  @Test
  void missingKeyType_rangesCannotBeRead() {
    String doc =
        Fixtures.document(LONG, "[{\"start\": 0, \"end\": null}]", 1)
            .replace("\"key\": " + LONG + ",", "");
    List<Violation> vs =
        assertThrows(InvalidRoutingTableException.class, () -> Fixtures.read(doc)).violations();
    assertViolation(vs, "strategy.ranges", "cannot be read without the document's key type");
    assertViolation(vs, "key", "missing");
  }

  @Test
  void placementNotOnePerRange_refused() {
    assertViolation(
        refused(LONG, "[{\"start\": 0, \"end\": 10}, {\"start\": 10, \"end\": null}]", 3),
        "placement",
        "has 3 entries but strategy 'range' has 2 partitions");
  }

  @Test
  void everyViolationReportedTogether() {
    List<Violation> vs =
        refused(
            LONG,
            "[{\"start\": 0, \"end\": 10}, {\"start\": 20, \"end\": 15}, {\"start\": 15, \"end\": 30}]",
            3);
    assertViolation(
        vs, "strategy.ranges[1]", "gap between ranges[0] [0, 10) and ranges[1] [20, 15)");
    assertViolation(vs, "strategy.ranges[1]", "empty range [20, 15)");
    assertViolation(vs, "strategy.ranges[2]", "starts below ranges[1]");
  }
}
