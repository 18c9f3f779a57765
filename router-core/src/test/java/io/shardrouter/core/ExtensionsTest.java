package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Extensions: named values a table carries in documents, snapshots and its fingerprint. */
class ExtensionsTest {
  private static final StrategyRegistry REGISTRY = ByteSumStrategy.REGISTRY;

  private static Spec transition() {
    return Spec.object()
        .put("phase", "dual_write")
        .put("from_version", 7)
        .put("canary_bp", 500)
        .put("verified", false)
        .put("parts", Spec.array(List.of(Spec.of(3), Spec.of(5))))
        .put("note", Spec.nullValue())
        .put("big", Spec.of(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)))
        .build();
  }

  @Test
  void aTableWithoutExtensions_keepsItsDocumentAndFingerprint() {
    RoutingTable plain = Tables.table(7, 8, 2);
    String doc = RoutingDocuments.write(plain);
    assertTrue(!doc.contains("extensions"), doc);
    RoutingTable withEmpty = plain.toBuilder().extension("transition", null).build();
    assertEquals(plain.fingerprint(), withEmpty.fingerprint());
    assertTrue(plain.extensions().isEmpty());
    assertNull(plain.extension("transition"));
  }

  @Test
  void extensions_roundTripThroughDocumentsAndSnapshots_andChangeTheFingerprint() {
    RoutingTable plain = Tables.table(7, 8, 2);
    RoutingTable t =
        plain.toBuilder()
            .extension("transition", transition())
            .extension("audit", Spec.of("x"))
            .build();
    assertNotEquals(plain.fingerprint(), t.fingerprint());
    assertEquals(List.of("audit", "transition"), List.copyOf(t.extensions().keySet()));

    String doc = RoutingDocuments.write(t);
    assertTrue(
        doc.indexOf("\"extensions\"") > doc.indexOf("\"placement\""), "extensions come last");
    RoutingTable back =
        RoutingDocuments.read(
            doc.getBytes(StandardCharsets.UTF_8),
            REGISTRY,
            ReadLimits.defaults().withMaxDocumentBytes(1 << 20));
    assertEquals(t.fingerprint(), back.fingerprint());
    assertEquals(transition(), back.extension("transition"));
    assertEquals(t.extensions(), back.extensions());

    RoutingTable fromSnapshot =
        RoutingDocuments.read(
            RoutingDocuments.writeSnapshot(t),
            REGISTRY,
            ReadLimits.defaults().withMaxSnapshotContentBytes(1 << 20));
    assertEquals(t.fingerprint(), fromSnapshot.fingerprint());
    assertEquals(transition(), fromSnapshot.extension("transition"));
    assertEquals(t.extensions(), t.toBuilder().build().extensions(), "toBuilder keeps them");
  }

  @Test
  void badExtensionNames_andDecimals_areRefusedWithTheirPath() {
    RoutingTable.Builder b = Tables.table(7, 8, 2).toBuilder();
    for (String bad : new String[] {"", "Transition", "9x", "a-b", "x".repeat(65)}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> b.extension(bad, Spec.of(1)));
      assertTrue(e.getMessage().contains("extension name"), e.getMessage());
    }
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                b.extension(
                    "t",
                    Spec.object().put("w", Spec.array(List.of(Spec.of(1), Spec.of(0.5)))).build()));
    assertTrue(
        e.getMessage().contains("t.w[1]") && e.getMessage().contains("integers only"),
        e.getMessage());
  }

  @Test
  void documentsWithBadExtensions_areRefusedWithTheirPath() {
    String base = Tables.document().strip();
    String body = base.substring(0, base.length() - 1);
    InvalidRoutingTableException notObject =
        assertThrows(
            InvalidRoutingTableException.class, () -> read(body + ", \"extensions\": [1]}"));
    assertTrue(notObject.getMessage().contains("extensions"), notObject.getMessage());
    InvalidRoutingTableException badName =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> read(body + ", \"extensions\": {\"Bad\": 1}}"));
    assertTrue(badName.getMessage().contains("extensions.Bad"), badName.getMessage());
    InvalidRoutingTableException decimal =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> read(body + ", \"extensions\": {\"t\": {\"p\": 1.5}}}"));
    assertTrue(decimal.getMessage().contains("t.p"), decimal.getMessage());
    assertEquals(Spec.of(1), read(body + ", \"extensions\": {\"t\": 1}}").extension("t"));
  }

  @Test
  void spec_valueSemantics() {
    assertEquals(transition(), transition());
    assertEquals(transition().hashCode(), transition().hashCode());
    assertNotEquals(Spec.of(1), Spec.of(1.0));
    assertEquals(
        "{\"a\":\"q\\\"\\n\\u0001\",\"b\":[1,true,null]}",
        Spec.object()
            .put("a", "q\"\n\u0001")
            .put("b", Spec.array(List.of(Spec.of(1), Spec.of(true), Spec.nullValue())))
            .build()
            .toString());
    IllegalStateException wrongKind =
        assertThrows(IllegalStateException.class, () -> Spec.of("x").longValue());
    assertTrue(wrongKind.getMessage().contains("text, not integer"), wrongKind.getMessage());
    assertThrows(
        IllegalStateException.class, () -> Spec.of(BigInteger.ONE.shiftLeft(63)).longValue());
    assertThrows(IllegalArgumentException.class, () -> Spec.of(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> Spec.object().put("a", 1).put("a", 2));
    assertNull(Spec.of(1).get("a"));
  }

  private static RoutingTable read(String doc) {
    return RoutingDocuments.read(
        doc.getBytes(StandardCharsets.UTF_8),
        REGISTRY,
        ReadLimits.defaults().withMaxDocumentBytes(1 << 20));
  }
}
