package io.shardrouter.stats.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The typed reads the capacity file uses beyond the statistics file: numbers, finite only. */
class FieldsTest {
  @Test
  void number_integersAndFiniteFractions() {
    assertEquals(3.0, Fields.number(Json.parse("3"), "$.x"));
    assertEquals(-2.5, Fields.number(Json.parse("-2.5"), "$.x"));
    assertEquals(0.0, Fields.number(Json.parse("0"), "$.x"));
  }

  @Test
  void number_refusesWhatIsNoFiniteNumber() {
    for (Map.Entry<String, String> e :
        Map.of(
                "1e999", "Infinity",
                "-1e999", "-Infinity",
                "\"3\"", "a string",
                "null", "null",
                "true", "true",
                "[1]", "an array",
                "{}", "an object")
            .entrySet()) {
      assertEquals(
          "$.x: must be a number, got " + e.getValue(),
          assertThrows(
                  IllegalArgumentException.class,
                  () -> Fields.number(Json.parse(e.getKey()), "$.x"),
                  e.getKey())
              .getMessage());
    }
    assertEquals(List.of(), Json.parse("[]"));
  }
}
