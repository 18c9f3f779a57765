package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.Hex;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.lang.management.ManagementFactory;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hostile snapshots and documents are refused within bounded memory, with one clean error whose
 * lines quote nothing from the input raw.
 */
class HostileInputTest {
  private static RoutingTable read(byte[] json) {
    return RoutingDocuments.read(json, ByteSumStrategy.REGISTRY, ReadLimits.defaults());
  }

  private static InvalidRoutingTableException refused(byte[] json) {
    return assertThrows(InvalidRoutingTableException.class, () -> read(json));
  }

  private static String doc(String from, String to) {
    String d = Tables.document();
    assertTrue(d.contains(from), from);
    return d.replace(from, to);
  }

  /** Bytes allocated by this thread so far (HotSpot's per-thread counter). */
  private static long allocated() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  @Test
  void snapshot_21BytesDeclaring256MiB_refusedWithoutAllocatingIt() {
    byte[] hostile =
        Hex.parse("53525453" + "0100" + "0000" + "00000010" + "01000000" + "00000000" + "00");
    assertEquals(21, hostile.length);
    long before = allocated();
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> RoutingDocuments.read(hostile, ByteSumStrategy.REGISTRY, ReadLimits.defaults()));
    long used = allocated() - before;
    assertEquals("snapshot", e.violations().get(0).path(), e::getMessage);
    assertTrue(
        e.violations()
            .get(0)
            .message()
            .startsWith(
                "snapshot declares 268435456 content bytes from 1 compressed bytes; LZ4 expands at"
                    + " most 255 times (at most 510 bytes here)"),
        e::getMessage);
    assertTrue(used < (1 << 20), "the refusal allocated " + used + " bytes");
  }

  @Test
  void snapshot_declaredLengthAtTheExpansionBound_stillDecodedAndChecked() {
    // 255 × 1 + 255 = 510 is allowed by the ratio; the block then fails to decode as declared
    byte[] snap =
        Hex.parse("53525453" + "0100" + "0000" + "fe010000" + "01000000" + "00000000" + "00");
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> RoutingDocuments.read(snap, ByteSumStrategy.REGISTRY, ReadLimits.defaults()));
    assertEquals("snapshot", e.violations().get(0).path(), e::getMessage);
    assertEquals(
        "snapshot content decompresses to 0 bytes, header declares 510",
        e.violations().get(0).message());
    assertFalse(e.getMessage().contains("LZ4 expands at most"), e.getMessage());
  }

  @Test
  void document_utf16AndUtf32_refusedNotDetected() {
    for (String cs : new String[] {"UTF-16LE", "UTF-16BE", "UTF-16", "UTF-32LE", "UTF-32BE"}) {
      byte[] json = Tables.document().getBytes(Charset.forName(cs));
      InvalidRoutingTableException e = refused(json);
      assertEquals(1, e.violations().size(), cs);
      assertTrue(e.getMessage().contains("byte offset "), cs + ": " + e.getMessage());
      assertTrue(e.getMessage().contains("strict UTF-8"), cs + ": " + e.getMessage());
    }
  }

  @Test
  void document_overlongAndInvalidUtf8_refusedWithTheByteOffset() {
    String d = Tables.document();
    int at = d.indexOf("orders") + 1; // inside the entity name
    for (String bad : new String[] {"c080", "c1bf", "e080af", "eda080", "f4908080", "80", "e28"}) {
      byte[] seq = Hex.parse(bad.length() % 2 == 0 ? bad : bad + "0");
      byte[] prefix = d.substring(0, at).getBytes(StandardCharsets.UTF_8);
      byte[] suffix = d.substring(at).getBytes(StandardCharsets.UTF_8);
      byte[] json = new byte[prefix.length + seq.length + suffix.length];
      System.arraycopy(prefix, 0, json, 0, prefix.length);
      System.arraycopy(seq, 0, json, prefix.length, seq.length);
      System.arraycopy(suffix, 0, json, prefix.length + seq.length, suffix.length);
      InvalidRoutingTableException e = refused(json);
      assertTrue(
          e.getMessage().contains("byte offset " + prefix.length + " "),
          bad + ": " + e.getMessage());
    }
  }

  @Test
  void document_issueReproducer_c1a5ntityIsNotEntity() {
    byte[] plain = Tables.document().getBytes(StandardCharsets.UTF_8);
    String d = Tables.document();
    int at = d.indexOf("\"entity\"") + 1;
    byte[] json = plain.clone();
    json[at] = (byte) 0xC1;
    byte[] withA5 = new byte[json.length + 1];
    System.arraycopy(json, 0, withA5, 0, at + 1);
    withA5[at + 1] = (byte) 0xA5;
    System.arraycopy(json, at + 1, withA5, at + 2, json.length - at - 1);
    InvalidRoutingTableException e = refused(withA5);
    assertTrue(e.getMessage().contains("byte offset " + at + " (bytes C1 A5"), e.getMessage());
  }

  @Test
  void document_forgedViolationLine_escaped() {
    InvalidRoutingTableException e =
        refused(
            doc("\"placement\": [\"g0\"", "\"placement\": [\"g9'\\nplacement[0]: forged\"")
                .getBytes(StandardCharsets.UTF_8));
    List<String> lines = e.getMessage().lines().toList();
    assertEquals(1 + e.violations().size(), lines.size(), e.getMessage());
    for (String line : lines) {
      assertFalse(line.startsWith("  placement[0]: forged"), e.getMessage());
    }
    assertTrue(e.getMessage().contains("g9'\\nplacement[0]: forged"), e.getMessage());
  }

  @Test
  void document_terminalEscapeInAFieldName_escaped() {
    InvalidRoutingTableException e =
        refused(
            doc("\"entity\"", "\"x\\u001b[2J\": 1, \"entity\"").getBytes(StandardCharsets.UTF_8));
    assertFalse(e.getMessage().contains("\u001b"), e.getMessage());
    assertTrue(e.getMessage().contains("x\\u001b[2J"), e.getMessage());
    for (Violation v : e.violations()) {
      assertFalse(v.toString().chars().anyMatch(c -> c < 0x20), v.toString());
    }
  }

  @Test
  void document_manyViolationsOfOneKind_cappedWithAndNMore() {
    StringBuilder placement = new StringBuilder("\"placement\": [");
    for (int i = 0; i < 100_000; i++) {
      placement.append(i == 0 ? "" : ",").append(i);
    }
    String json =
        doc(
                "\"placement\": [\"g0\",\"g0\",\"g0\",\"g0\",\"g1\",\"g1\",\"g1\",\"g1\"",
                placement.toString())
            .replace("\"partitions\": 8", "\"partitions\": 100000");
    InvalidRoutingTableException e = refused(json.getBytes(StandardCharsets.UTF_8));
    assertTrue(e.violations().size() <= 2 * Violations.MAX_PER_KIND + 2, e.getMessage());
    assertTrue(
        e.getMessage().contains("and " + (100_000 - Violations.MAX_PER_KIND) + " more violations"),
        e.getMessage());
  }

  @Test
  void document_limitViolations_carryLineAndColumn() {
    String deep = "[".repeat(40) + "]".repeat(40);
    String longName = "n".repeat(2_000);
    String longNumber = "1".repeat(100);
    for (String json :
        new String[] {
          doc("\"entity\"", "\"x\": " + deep + ", \"entity\""),
          doc("\"entity\"", "\"" + longName + "\": 1, \"entity\""),
          doc("\"routing_version\": 7", "\"routing_version\": " + longNumber)
        }) {
      InvalidRoutingTableException e = refused(json.getBytes(StandardCharsets.UTF_8));
      assertEquals(1, e.violations().size(), e::getMessage);
      assertEquals("$", e.violations().get(0).path(), e::getMessage);
      assertTrue(
          e.violations().get(0).message().startsWith("over a reader limit at line "),
          e::getMessage);
      assertTrue(e.getMessage().contains(" at line "), e.getMessage());
      assertTrue(e.getMessage().contains(", column "), e.getMessage());
    }
  }
}
