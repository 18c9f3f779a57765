package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The refusals a caller handles differently each have their own {@link RoutingException} subtype;
 * every way an offered table is refused (bad bytes, a reader limit, a broken rule) is one {@link
 * InvalidRoutingTableException}, told apart by the violation's path and message.
 */
class RoutingExceptionTypesTest {
  @TempDir Path dir;

  private static InvalidRoutingTableException readRefused(byte[] json, int maxBytes) {
    return assertThrows(
        InvalidRoutingTableException.class,
        () ->
            RoutingDocuments.read(
                json,
                ByteSumStrategy.REGISTRY,
                ReadLimits.defaults().withMaxDocumentBytes(maxBytes)));
  }

  private static InvalidRoutingTableException readRefused(String json) {
    return readRefused(
        json.getBytes(StandardCharsets.UTF_8), ReadLimits.DEFAULT_MAX_DOCUMENT_BYTES);
  }

  private static void assertOneViolation(
      InvalidRoutingTableException e, String path, String... parts) {
    assertEquals(1, e.violations().size(), e::getMessage);
    assertEquals(path, e.violations().get(0).path(), e::getMessage);
    for (String part : parts) {
      assertTrue(e.violations().get(0).message().contains(part), e::getMessage);
    }
  }

  @Test
  void otherEntity_isRefusedAtEntity_naming_both_andTheRouterKeepsItsTable() {
    Router r = Router.create(Tables.table(1, 16, 4));
    RoutingTable users = Tables.table(2, 16, 4).toBuilder().entity("users").build();
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> r.update(users));
    assertOneViolation(
        e,
        "entity",
        "routing table for entity 'users' (version 2) cannot replace the table of entity 'orders';"
            + " use one router per entity");
    assertEquals(1, r.version());
    assertEquals("orders", r.table().entity());
  }

  @Test
  void otherEntity_subscribedToAFileSource_isAWiringMistake() throws Exception {
    Path file = dir.resolve("orders.json");
    Files.writeString(file, RoutingDocuments.write(Tables.table(1, 16, 2)));
    RoutingFileSource source =
        RoutingFileSource.of(file, Router.create(Tables.table(0, 16, 2)), ByteSumStrategy.REGISTRY);
    Router users = Router.create(Tables.table(0, 16, 2).toBuilder().entity("users").build());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> source.subscribe(users));
    assertEquals(
        "router of entity 'users' cannot subscribe to the routing file "
            + file
            + " of entity 'orders'; use one source per entity",
        e.getMessage());
    assertEquals(RoutingFileSource.Outcome.UPDATED, source.refresh());
    assertEquals(0, users.version(), "a refused subscriber is not updated");
  }

  @Test
  void otherKeyType_isRefusedAtKey_withBothTypes() {
    Router r = Router.create(Tables.table(1, 16, 4));
    RoutingTable longs = Tables.table(2, 16, 4).toBuilder().keyType(KeyType.LONG).build();
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> r.update(longs));
    assertOneViolation(
        e,
        "key",
        "routing table 'orders' version 2 changes the key type from "
            + KeyType.STRING
            + " to "
            + KeyType.LONG
            + "; keys would change meaning: route the new key type as a new entity");
    assertEquals(1, r.version());
    assertSame(KeyType.STRING, r.table().keyType());
  }

  @Test
  void malformedDocuments_areOneViolationAtTheRoot_withTheLineAndColumn() {
    assertOneViolation(readRefused("{\"format\": 1,"), "$", "malformed JSON at line 1");
    assertOneViolation(readRefused(""), "$", "document is empty");
    assertOneViolation(readRefused("[1, 2]"), "$", "must be a JSON object, got array");
    byte[] overlong = {'{', '"', (byte) 0xC1, (byte) 0xA5, '"', ':', '1', '}'};
    assertOneViolation(
        readRefused(overlong, ReadLimits.DEFAULT_MAX_DOCUMENT_BYTES), "$", "byte offset 2");
  }

  @Test
  void aDocumentThatParsesButBreaksRules_isRefusedAtTheBrokenField() {
    InvalidRoutingTableException e = readRefused(Tables.document().replace("\"g1\"]", "\"g9\"]"));
    assertOneViolation(e, "placement[7]", "unknown group 'g9'; known groups: [g0, g1]");
  }

  @Test
  void documentsOverALimit_areOneViolationAtTheRoot_namingTheLimit() {
    byte[] doc = Tables.document().getBytes(StandardCharsets.UTF_8);
    assertOneViolation(
        readRefused(doc, doc.length - 1),
        "$",
        "document is " + doc.length + " bytes, over the limit of " + (doc.length - 1),
        "raise the limit");
    String deep = "[".repeat(40) + "]".repeat(40);
    assertOneViolation(
        readRefused("{\"a\": " + deep + "}"),
        "$",
        "over a reader limit at line 1",
        "nesting depth");
    String longName = "{\"" + "n".repeat(2000) + "\": 1}";
    assertOneViolation(
        readRefused(longName), "$", "over a reader limit at line 1", "Name length (2000)");
  }

  @Test
  void aRefusalWithoutAViolation_isRefusedItself_andOneViolationIsKept() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new InvalidRoutingTableException(List.of()));
    assertEquals("a refusal needs at least one violation", e.getMessage());
    Violation v = new Violation("snapshot", "snapshot is truncated");
    InvalidRoutingTableException one = new InvalidRoutingTableException(v);
    assertEquals(List.of(v), one.violations());
    assertEquals(
        "invalid routing table (1 violation)\n  snapshot: snapshot is truncated", one.getMessage());
  }
}
