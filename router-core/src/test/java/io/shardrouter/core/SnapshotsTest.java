package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.LittleEndian;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.KeyGenerators;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SnapshotsTest {
  private static final RoutingTable TABLE = Tables.table(42, 4096, 7);

  private static RoutingTable read(byte[] snapshot) {
    return RoutingDocuments.read(snapshot, ByteSumStrategy.REGISTRY, ReadLimits.defaults());
  }

  /** The message of the one violation, at {@code snapshot}, that refuses {@code snapshot}. */
  private static String corrupt(byte[] snapshot) {
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> read(snapshot));
    assertEquals(1, e.violations().size(), e::getMessage);
    assertEquals("snapshot", e.violations().get(0).path(), e::getMessage);
    return e.violations().get(0).message();
  }

  @Test
  void write_thenRead_sameTable() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    RoutingTable back = read(snap);
    assertEquals(TABLE, back);
    assertEquals(TABLE.fingerprint(), back.fingerprint());
    assertEquals(TABLE.version(), back.version());
    assertArrayEquals(snap, RoutingDocuments.writeSnapshot(back));
  }

  @Test
  void write_compresses() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    int content = LittleEndian.getInt(snap, 8);
    assertTrue(
        snap.length < content / 4,
        "snapshot " + snap.length + " bytes for " + content + " content bytes");
  }

  @Test
  void read_oneMagicByteDamaged_refusedAsADamagedSnapshot_otherwiseReadAsADocument() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    for (int i = 0; i < 4; i++) {
      byte[] damaged = snap.clone();
      damaged[i] = '{';
      assertTrue(corrupt(damaged).contains("not a routing snapshot: magic is 0x"), "byte " + i);
    }
    snap[0] = '{';
    assertTrue(corrupt(snap).contains("magic is 0x7b525453, expected 0x53525453 ('SRTS')"));
    snap[1] = '"';
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> read(snap));
    assertEquals("$", e.violations().get(0).path(), e::getMessage);
    assertTrue(e.violations().get(0).message().contains("NUL byte"), e::getMessage);
    byte[] headerOnly = Arrays.copyOf(RoutingDocuments.writeSnapshot(TABLE), 20);
    headerOnly[0] = '{';
    assertTrue(
        corrupt(headerOnly).contains("not a routing snapshot"),
        "20 bytes, a whole header, are taken for a damaged snapshot");
    byte[] shortDamaged = Arrays.copyOf(RoutingDocuments.writeSnapshot(TABLE), 19);
    shortDamaged[0] = '{';
    InvalidRoutingTableException shortOne =
        assertThrows(InvalidRoutingTableException.class, () -> read(shortDamaged));
    assertEquals("$", shortOne.violations().get(0).path(), "under 20 bytes is read as a document");
    assertFalse(shortOne.getMessage().contains("not a routing snapshot"), shortOne::getMessage);
  }

  @Test
  void read_unknownFormatVersion_refused() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    snap[4] = 2;
    assertTrue(corrupt(snap).contains("snapshot format 2 is not supported"));
  }

  @Test
  void read_nonZeroFlags_refused() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    snap[6] = 1;
    assertTrue(corrupt(snap).contains("flags"));
  }

  @Test
  void read_truncatedHeader_refused() {
    assertTrue(
        corrupt(Arrays.copyOf(RoutingDocuments.writeSnapshot(TABLE), 11))
            .contains("truncated: 11 bytes"));
  }

  @Test
  void read_truncatedBody_refused() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    assertTrue(corrupt(Arrays.copyOf(snap, snap.length - 1)).contains("truncated"));
  }

  @Test
  void read_trailingBytes_refused() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    assertTrue(corrupt(Arrays.copyOf(snap, snap.length + 3)).contains("3 trailing bytes"));
  }

  @Test
  void read_declaredLengthOverLimit_refusedBeforeAllocating() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    LittleEndian.putInt(snap, 8, Integer.MAX_VALUE);
    // A declared length over the caller's limit is a limit, not damage: the caller may raise it.
    InvalidRoutingTableException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            InvalidRoutingTableException.class, () -> RoutingDocuments.read(snap));
    assertTrue(
        e.getMessage()
            .contains("over the limit of " + ReadLimits.DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES),
        e.getMessage());
  }

  @Test
  void read_declaredLengthTooSmall_refused() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    LittleEndian.putInt(snap, 8, LittleEndian.getInt(snap, 8) - 1);
    assertTrue(corrupt(snap).contains("does not decompress within its declared"));
  }

  @Test
  void read_checksumMismatch_refused() {
    byte[] snap = RoutingDocuments.writeSnapshot(TABLE);
    snap[16] ^= 1;
    assertTrue(corrupt(snap).contains("checksum mismatch"));
  }

  @Test
  void read_anyFlippedBodyByte_neverGivesAnotherTable() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    byte[] good = RoutingDocuments.writeSnapshot(TABLE);
    for (int trial = 0; trial < 300; trial++) {
      byte[] snap = good.clone();
      int at = 20 + rnd.nextInt(snap.length - 20);
      snap[at] ^= (byte) (1 + rnd.nextInt(255));
      try {
        RoutingTable t = read(snap);
        // A flip can only be harmless if the content is bit-for-bit the same table.
        assertEquals(
            TABLE.fingerprint(),
            t.fingerprint(),
            "seed " + seed + ": flip at " + at + " gave another table");
      } catch (InvalidRoutingTableException expected) {
        // refused: good
      } catch (RuntimeException other) {
        throw new AssertionError("seed " + seed + ": flip at " + at + " gave " + other, other);
      }
    }
  }
}
