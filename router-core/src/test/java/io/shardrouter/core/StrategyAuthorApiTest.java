package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.DocumentReader;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.ReferenceEncoding;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What a strategy written outside the project has to work with (docs/writing-a-strategy.md): the
 * canonical-byte helpers of {@link CanonicalBytes}, {@link KeyText}, {@link KeyType#format}, the
 * large-object views of {@link Spec} and {@link DocumentReader}'s part readers, checked against the
 * reference encoding and each other.
 */
class StrategyAuthorApiTest {
  private static final List<KeyType> TYPES =
      List.of(
          KeyType.STRING,
          KeyType.LONG,
          KeyType.INT,
          KeyType.UUID_KEY,
          KeyType.BYTES,
          KeyType.TIMESTAMP,
          KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG),
          KeyType.composite(KeyType.Kind.UUID, KeyType.Kind.BYTES, KeyType.Kind.TIMESTAMP),
          KeyType.composite(KeyType.Kind.INT, KeyType.Kind.STRING));

  @Test
  void format_isTheInverseOfParseText_forEveryKeyType() {
    long seed = KeyGenerators.seedOr(0xF0A7L);
    KeyGenerators g = KeyGenerators.seeded(seed);
    for (KeyType type : TYPES) {
      for (int i = 0; i < 300; i++) {
        byte[] canonical = ReferenceEncoding.key(g.keyOf(type));
        String text = type.format(canonical);
        assertArrayEquals(
            canonical, type.parseText(text), () -> type + " text '" + text + "'; " + g.describe());
        byte[] framed = new byte[canonical.length + 7];
        System.arraycopy(canonical, 0, framed, 3, canonical.length);
        assertEquals(text, type.format(framed, 3, canonical.length), g::describe);
      }
    }
    assertEquals(
        "[\"plant-a\",42]", TYPES.get(6).format(CompositeKey.of("plant-a", 42L).toBytes()));
    assertEquals(
        "2026-04-01T00:00:00Z",
        KeyType.TIMESTAMP.format(CanonicalBytes.of(Instant.parse("2026-04-01T00:00:00Z"))));
  }

  @Test
  void format_refusesBytesThatAreNoKeyOfTheType() {
    assertThrows(IndexOutOfBoundsException.class, () -> KeyType.LONG.format(new byte[8], 4, 8));
    KeyType sl = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
    assertRefused("7 bytes, not 8", () -> KeyType.LONG.format(new byte[7]));
    assertRefused("17 bytes, not 16", () -> KeyType.UUID_KEY.format(new byte[17]));
    assertRefused(
        "a string part declares 5 bytes but 1 are left",
        () -> sl.format(new byte[] {5, 0, 0, 0, 'a'}));
    assertRefused(
        "a long part needs 8 bytes, 2 are left",
        () -> sl.format(new byte[] {1, 0, 0, 0, 'a', 1, 2}));
    assertRefused(
        "1 bytes follow the last part",
        () -> sl.format(new byte[] {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    assertRefused("4-byte length does not fit", () -> sl.format(new byte[] {1, 0}));
    assertRefused(
        "not well-formed UTF-8", () -> KeyType.STRING.format(new byte[] {'a', (byte) 0xC3}));
  }

  private static void assertRefused(String part, org.junit.jupiter.api.function.Executable call) {
    String m = assertThrows(IllegalArgumentException.class, call).getMessage();
    assertTrue(m.contains(part) && m.contains("no canonical key of type"), m);
  }

  @Test
  void bufferMethods_writeWhatTheArrayMethodsReturn() {
    long seed = KeyGenerators.seedOr(0xB0FFL);
    KeyGenerators g = KeyGenerators.seeded(seed);
    byte[] buf = new byte[600];
    for (int i = 0; i < 500; i++) {
      long l = g.anyLong();
      CanonicalBytes.writeLong(l, buf, 5);
      assertEquals(l, CanonicalBytes.readLong(buf, 5));
      assertArrayEquals(CanonicalBytes.ofLong(l), java.util.Arrays.copyOfRange(buf, 5, 13));
      int n = g.anyInt();
      CanonicalBytes.writeInt(n, buf, 3);
      assertEquals(n, CanonicalBytes.readInt(buf, 3));
      assertArrayEquals(CanonicalBytes.ofInt(n), java.util.Arrays.copyOfRange(buf, 3, 7));
      UUID u = g.uuid();
      CanonicalBytes.writeUuid(u, buf, 1);
      assertArrayEquals(CanonicalBytes.of(u), java.util.Arrays.copyOfRange(buf, 1, 17));
      String s = g.text(40);
      int end = CanonicalBytes.writeUtf8(s, buf, 2);
      assertEquals(CanonicalBytes.utf8Length(s), end - 2, g::describe);
      assertArrayEquals(
          s.getBytes(StandardCharsets.UTF_8),
          java.util.Arrays.copyOfRange(buf, 2, end),
          g::describe);
      int next = CanonicalBytes.writeCompositeString(s, buf, 0);
      assertEquals(CanonicalBytes.compositeStringLength(s), next, g::describe);
      CanonicalBytes.writeCompositeBytes(new byte[] {9, 8}, buf, next);
      assertArrayEquals(
          CompositeKey.of(s, new byte[] {9, 8}).toBytes(),
          java.util.Arrays.copyOf(buf, next + 6),
          g::describe);
    }
  }

  @Test
  void textChecks_andTheirRefusals() {
    assertTrue(CanonicalBytes.isAscii("order-17"));
    assertTrue(!CanonicalBytes.isAscii("Straße"));
    assertTrue(CanonicalBytes.isWellFormed("a\uD83D\uDE00b"));
    assertTrue(!CanonicalBytes.isWellFormed("a\uD83Db"));
    InvalidKeyException lone =
        assertThrows(InvalidKeyException.class, () -> CanonicalBytes.utf8Length("ab\uDC00"));
    assertTrue(lone.getMessage().contains("surrogate"), lone.getMessage());
    assertThrows(InvalidKeyException.class, () -> CanonicalBytes.requireKey(null));
    assertThrows(InvalidKeyException.class, () -> CanonicalBytes.writeUuid(null, new byte[16], 0));
  }

  @Test
  void sharedAscii_isTheStringsBytesOrNull() {
    byte[] shared = CanonicalBytes.sharedAscii("tenant-42");
    if (shared != null) { // switched off on some JDKs (docs/routing-spec.md §2)
      assertArrayEquals("tenant-42".getBytes(StandardCharsets.US_ASCII), shared);
    }
    assertNull(CanonicalBytes.sharedAscii("Straße"));
    assertNull(CanonicalBytes.sharedAscii(null));
  }

  @Test
  void keyText_roundTrips_andRefusesByName() {
    byte[] b = {0, (byte) 0xAB, 0x7F, (byte) 0xFF};
    assertEquals("00ab7fff", KeyText.hex(b));
    assertEquals("ab7f", KeyText.hex(b, 1, 2));
    assertArrayEquals(b, KeyText.parseHex("00AB7ffF"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> KeyText.parseHex("abc"))
            .getMessage()
            .contains("odd number of digits"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> KeyText.parseHex("zz"))
            .getMessage()
            .contains("non-hex digit"));
    // the text is named, escaped: an escape sequence or a forged line never reaches a terminal
    assertEquals(
        "hex text 'ab\\u001b[2J\\nz' has a non-hex digit near index 2",
        assertThrows(IllegalArgumentException.class, () -> KeyText.parseHex("ab\u001b[2J\nz"))
            .getMessage());
    assertEquals(
        "key 'ab\\u001b[2J\\nz' is not a bytes (hex text has a non-hex digit near index 2)",
        assertThrows(InvalidKeyException.class, () -> KeyType.BYTES.parseText("ab\u001b[2J\nz"))
            .getMessage()
            .replaceAll("\\); .*", ")"));
    long micros = KeyText.parseTimestamp("2026-04-01T08:00:00.000001+08:00");
    assertEquals("2026-04-01T00:00:00.000001Z", KeyText.timestamp(micros));
    assertEquals(micros, KeyText.micros(KeyText.instant(micros)));
    InvalidKeyException noOffset =
        assertThrows(InvalidKeyException.class, () -> KeyText.parseTimestamp("2026-04-01T00:00"));
    assertTrue(noOffset.getMessage().contains("2026-04-01T00:00"), noOffset.getMessage());
    assertThrows(
        InvalidKeyException.class,
        () -> KeyText.micros(Instant.ofEpochSecond(0, 1)),
        "a nanosecond");
  }

  @Test
  void views_areNotCopies_andNameTheirFieldsByPosition() {
    Map<String, Spec> fields = new LinkedHashMap<>();
    for (int i = 0; i < 50; i++) {
      fields.put("k" + i, Spec.of(i));
    }
    Map<String, Spec> readOnly = java.util.Collections.unmodifiableMap(fields);
    Spec view = Spec.viewOf(readOnly);
    assertSame(readOnly, view.fields());
    assertEquals("k37", view.fieldNameAt(37));
    assertThrows(IndexOutOfBoundsException.class, () -> view.fieldNameAt(50));
    assertThrows(IllegalStateException.class, () -> Spec.of(1).fieldNameAt(0));
    assertNull(view.flatMembers(), "a view built in memory has no document bytes");
    assertEquals(Spec.object().put("k0", 0).build(), Spec.viewOf(Map.of("k0", Spec.of(0))));
    List<Spec> list = List.of(Spec.of("a"), Spec.of(2));
    assertSame(list, Spec.viewOf(list).elements());
  }

  @Test
  void anIndexedView_namesFieldsThroughItsFunction_andOffersItsFlatForm() {
    Map<String, Spec> fields = new LinkedHashMap<>();
    for (int i = 0; i < 20; i++) {
      fields.put("k" + i, Spec.of(i));
    }
    Map<String, Spec> readOnly = java.util.Collections.unmodifiableMap(fields);
    List<Integer> asked = new ArrayList<>();
    FlatMembers flat =
        new FlatMembers() {
          @Override
          public int size() {
            return 20;
          }

          @Override
          public long nameBytes() {
            return 50;
          }

          @Override
          public void forEach(Visitor visitor) {}
        };
    Spec view =
        Spec.viewOf(
            readOnly,
            i -> {
              asked.add(i);
              return "k" + i;
            },
            flat);
    assertEquals("k13", view.fieldNameAt(13));
    assertEquals(List.of(13), asked, "the name comes from the function, not from a walk");
    assertThrows(IndexOutOfBoundsException.class, () -> view.fieldNameAt(20));
    assertThrows(IndexOutOfBoundsException.class, () -> view.fieldNameAt(-1));
    assertEquals(List.of(13), asked, "an index out of range never reaches the function");
    assertSame(flat, view.flatMembers());
    assertEquals(readOnly, view.fields());
    assertEquals(Spec.of(7), view.get("k7"));
    assertTrue(view.has("k19"));
    assertFalse(view.has("k20"));
    assertEquals(20, view.size());
    assertEquals(Spec.viewOf(readOnly), view, "equal to the plain view of the same fields");
    assertEquals(Spec.viewOf(readOnly).toString(), view.toString());
    assertNull(Spec.viewOf(readOnly, i -> "k" + i, null).flatMembers());
    assertThrows(NullPointerException.class, () -> Spec.viewOf(readOnly, null, flat));
    assertThrows(NullPointerException.class, () -> Spec.viewOf(null, i -> "k", flat));
  }

  @Test
  void aLargeObjectReadFromADocument_offersItsFlatMembers() {
    StringBuilder doc =
        new StringBuilder(
            "{\"format\":1,\"routing_version\":1,\"entity\":\"users\",\"key\":{\"type\":\"string\"},"
                + "\"strategy\":{\"type\":\"test_bulk\",\"entries\":{");
    for (int i = 0; i < 5000; i++) {
      doc.append(i == 0 ? "" : ",").append("\"user-").append(i).append("\":").append(i % 4);
    }
    doc.append(
        "}},\"groups\":[{\"id\":\"g0\",\"primary\":\"db0\"}],\"placement\":[\"g0\",\"g0\",\"g0\",\"g0\"]}");
    BulkFactory factory = new BulkFactory();
    RoutingDocuments.read(
        doc.toString().getBytes(StandardCharsets.UTF_8),
        StrategyRegistry.of(factory),
        ReadLimits.defaults());
    Spec root = factory.entries;
    FlatMembers flat = root.flatMembers();
    assertNotNull(flat, "5,000 flat members read from a document");
    assertEquals(5000, flat.size());
    List<String> names = new ArrayList<>();
    long[] sum = {0};
    flat.forEach(
        (json, off, len, value) -> {
          names.add(new String(json, off, len, StandardCharsets.US_ASCII));
          sum[0] += value;
        });
    assertEquals("user-4999", names.get(4999));
    assertEquals("user-1234", root.fieldNameAt(1234));
    assertEquals(7500, sum[0]);
    assertEquals(
        "user-".length() * 5000L + names.stream().mapToLong(n -> n.length() - 5).sum(),
        flat.nameBytes());
  }

  /** Takes a bulk {@code entries} object as a strategy factory is handed it, and keeps it. */
  private static final class BulkFactory implements StrategyFactory {
    Spec entries;

    @Override
    public String type() {
      return "test_bulk";
    }

    @Override
    public java.util.Set<String> parameterNames() {
      return java.util.Set.of("entries");
    }

    @Override
    public java.util.Set<String> bulkParameters() {
      return java.util.Set.of("entries");
    }

    @Override
    public PartitionStrategy create(StrategyParameters params) {
      entries = params.get("entries");
      return new ByteSumStrategy(4);
    }
  }

  @Test
  void documentReaderParts_readAsFormatOne_andReportTheirPaths() {
    Violations v = new Violations();
    assertEquals(
        KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG),
        DocumentReader.readKeyType(
            Spec.object()
                .put("type", "composite")
                .put("parts", Spec.array(List.of(Spec.of("string"), Spec.of("long"))))
                .build(),
            v));
    assertTrue(v.isEmpty());
    assertNull(DocumentReader.readKeyType(null, v));
    assertTrue(v.isEmpty(), "an absent key object is not reported");
    assertNull(DocumentReader.readKeyType(Spec.object().put("type", "float").build(), v));
    assertEquals("key.type", v.asList().get(0).path());

    Violations g = new Violations();
    List<ReplicaGroup> groups =
        DocumentReader.readGroups(
            Spec.array(
                List.of(
                    Spec.object().put("id", "g0").put("primary", "db0:5432").build(),
                    Spec.object().put("id", "g1").build())),
            g);
    assertEquals("g0", groups.get(0).id());
    assertEquals("groups[1].primary", g.asList().get(0).path());
    assertTrue(DocumentReader.readGroups(null, new Violations()).isEmpty());
  }
}
