package io.shardrouter.lookup;

import static io.shardrouter.lookup.Fixtures.assertViolation;
import static io.shardrouter.lookup.Fixtures.document;
import static io.shardrouter.lookup.Fixtures.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The JSON types a key of the array form ({@code [[key, entry], ...]}) may take, per key type
 * (docs/format.md §1.4.1): a string everywhere, an integer for long and int, an array of the parts
 * for a composite; anything else is refused at {@code strategy.entries[i][0]}.
 */
class LookupArrayKeysTest {
  private static final String UUID_TEXT = "123e4567-e89b-12d3-a456-426614174000";

  private static String doc(String type, String key) {
    return document(
        "{\"type\": " + type + "}",
        "{\"type\": \"lookup\", \"fallback\": {\"type\": \"hash_mod\", \"partitions\": 8},"
            + " \"entries\": [["
            + key
            + ", 5]]}",
        8);
  }

  private static String composite(String key) {
    return document(
        "{\"type\": \"composite\", \"parts\": [\"string\", \"long\"]}",
        "{\"type\": \"lookup\", \"fallback\": {\"type\": \"hash_mod\", \"partitions\": 8},"
            + " \"entries\": [["
            + key
            + ", 5]]}",
        8);
  }

  private static void refusedAt0(String json, String... message) {
    assertViolation(refused(json), "strategy.entries[0][0]", message);
  }

  @Test
  void string_takesAString_refusesEveryOtherType() {
    assertEquals(5, Fixtures.read(doc("\"string\"", "\"12\"")).route("12").partition());
    String form = "must be a key of type string: a string holding its key text";
    refusedAt0(doc("\"string\"", "12"), form, "got number 12");
    refusedAt0(doc("\"string\"", "[\"12\"]"), form, "got array");
    refusedAt0(doc("\"string\"", "1.5"), form, "got number 1.5");
    refusedAt0(doc("\"string\"", "true"), form, "got boolean");
    refusedAt0(doc("\"string\"", "null"), form, "got null");
    refusedAt0(doc("\"string\"", "{\"k\": 1}"), form, "got object");
  }

  @Test
  void longAndInt_takeAnIntegerOrItsDecimalText_refuseTheRest() {
    RoutingTable longs = Fixtures.read(doc("\"long\"", "-42"));
    assertEquals(5, longs.route(-42L).partition());
    assertEquals(5, Fixtures.read(doc("\"long\"", "\"-42\"")).route(-42L).partition());
    assertEquals(longs, RoutingDocuments.read(doc("\"long\"", "\"-42\"")));
    assertEquals(5, Fixtures.read(doc("\"int\"", "7")).route(7).partition());
    assertEquals(5, Fixtures.read(doc("\"int\"", "\"7\"")).route(7).partition());
    String form = "an integer, or a string holding its decimal text";
    refusedAt0(doc("\"long\"", "4.0"), "must be a key of type long", form, "got number 4.0");
    refusedAt0(doc("\"long\"", "[4]"), "must be a key of type long", form, "got array");
    refusedAt0(doc("\"long\"", "false"), "must be a key of type long", form, "got boolean");
    refusedAt0(doc("\"int\"", "7e0"), "must be a key of type int", form, "got number");
    refusedAt0(doc("\"int\"", "{}"), "must be a key of type int", form, "got object");
    // an integer out of the type's range is a key of the right JSON type but no int key
    assertViolation(
        refused(doc("\"int\"", "2147483648")),
        "strategy.entries[0]",
        "is no key of the directory's key type int");
  }

  @Test
  void uuidBytesAndTimestamp_takeAString_refuseAnInteger() {
    assertEquals(
        5,
        Fixtures.read(doc("\"uuid\"", "\"" + UUID_TEXT + "\""))
            .route(UUID.fromString(UUID_TEXT))
            .partition());
    assertEquals(
        5,
        Fixtures.read(doc("\"timestamp\"", "\"2026-04-01T00:00:00Z\""))
            .route(Instant.parse("2026-04-01T00:00:00Z"))
            .partition());
    Fixtures.read(doc("\"bytes\"", "\"0x0a0b\""));
    refusedAt0(doc("\"uuid\"", "12"), "must be a key of type uuid: a string", "got number 12");
    refusedAt0(doc("\"bytes\"", "10"), "must be a key of type bytes: a string", "got number 10");
    refusedAt0(
        doc("\"timestamp\"", "1775001600"),
        "must be a key of type timestamp: a string",
        "got number 1775001600");
  }

  @Test
  void composite_takesAnArrayOfPartsOrItsJsonText_refusesTheRest() {
    RoutingTable parts = Fixtures.read(composite("[\"plant-a\", 42]"));
    assertEquals(5, parts.route("plant-a", 42L).partition());
    RoutingTable text = Fixtures.read(composite("\"[\\\"plant-a\\\", 42]\""));
    assertEquals(5, text.route("plant-a", 42L).partition());
    assertEquals(parts, text);
    String form = "a JSON array of its parts, or a string holding that array's JSON text";
    refusedAt0(composite("42"), "must be a key of type composite", form, "got number 42");
    refusedAt0(composite("{\"a\": 1}"), form, "got object");
    refusedAt0(composite("null"), form, "got null");
    assertViolation(
        refused(composite("[\"plant-a\", \"42\"]")),
        "strategy.entries[0]",
        "is no key of the directory's key type");
  }
}
