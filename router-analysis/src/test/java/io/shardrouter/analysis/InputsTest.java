package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import org.junit.jupiter.api.Test;

/** Every bad capacity file and query line is refused with what was wrong. */
class InputsTest {
  @Test
  void capacity_badFiles() {
    refused(
        () -> CapacityLimits.parse("{\"partition\": {\"writes\": 1}}"),
        "$.sample_seconds: missing");
    refused(
        () -> CapacityLimits.parse("{\"sample_seconds\": 0, \"group\": {\"ops\": 1}}"),
        "must be > 0");
    refused(() -> CapacityLimits.parse("{\"sample_seconds\": 1}"), "no limit given");
    refused(
        () -> CapacityLimits.parse("{\"sample_seconds\": 1, \"partition\": {\"write\": 1}}"),
        "$.partition.write: unknown field");
    refused(
        () -> CapacityLimits.parse("{\"sample_seconds\": 1, \"partition\": {\"writes\": \"x\"}}"),
        "$.partition.writes: must be a number");
    refused(() -> CapacityLimits.parse("{\"sample_seconds\": 1,"), "not valid JSON at offset");
  }

  @Test
  void query_badLines() {
    refused(() -> KeyAnalysis.Query.parse("[1]", KeyType.LONG), "query: must be an object");
    refused(() -> KeyAnalysis.Query.parse("{\"keys\": []}", KeyType.LONG), "at least one key");
    refused(() -> KeyAnalysis.Query.parse("{\"from\": 1}", KeyType.LONG), "\"from\": K, \"to\": K");
    refused(() -> KeyAnalysis.Query.parse("{\"keys\": [\"x\"]}", KeyType.LONG), "query.keys[0]");
    refused(
        () -> KeyAnalysis.Query.parse("{\"key\": [1]}", KeyType.LONG), "query.key: unknown field");
  }

  private static void refused(Runnable r, String expected) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
    assertTrue(
        e.getMessage().contains(expected),
        () -> "'" + e.getMessage() + "' lacks '" + expected + "'");
  }
}
