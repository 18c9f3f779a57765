package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.LittleEndian;
import io.shardrouter.core.metadata.Snapshots;
import io.shardrouter.testing.KeyGenerators;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SnapshotsTest {
  private static final RoutingTable TABLE = Tables.table(42, 4096, 7);

  private static RoutingTable read(byte[] snapshot) {
    return Snapshots.read(snapshot, ByteSumStrategy.REGISTRY, Snapshots.DEFAULT_MAX_CONTENT_BYTES);
  }

  private static String corrupt(byte[] snapshot) {
    return assertThrows(CorruptSnapshotException.class, () -> read(snapshot)).getMessage();
  }

  @Test
  void write_thenRead_sameTable() {
    byte[] snap = Snapshots.write(TABLE);
    RoutingTable back = read(snap);
    assertEquals(TABLE, back);
    assertEquals(TABLE.fingerprint(), back.fingerprint());
    assertEquals(TABLE.version(), back.version());
    assertArrayEquals(snap, Snapshots.write(back));
  }

  @Test
  void write_compresses() {
    byte[] snap = Snapshots.write(TABLE);
    int content = LittleEndian.getInt(snap, 8);
    assertTrue(
        snap.length < content / 4,
        "snapshot " + snap.length + " bytes for " + content + " content bytes");
  }

  @Test
  void read_badMagic_refused() {
    byte[] snap = Snapshots.write(TABLE);
    snap[0] = '{';
    assertTrue(corrupt(snap).contains("not a routing snapshot: magic is 0x7b525453"));
  }

  @Test
  void read_unknownFormatVersion_refused() {
    byte[] snap = Snapshots.write(TABLE);
    snap[4] = 2;
    assertTrue(corrupt(snap).contains("snapshot format 2 is not supported"));
  }

  @Test
  void read_nonZeroFlags_refused() {
    byte[] snap = Snapshots.write(TABLE);
    snap[6] = 1;
    assertTrue(corrupt(snap).contains("flags"));
  }

  @Test
  void read_truncatedHeader_refused() {
    assertTrue(corrupt(Arrays.copyOf(Snapshots.write(TABLE), 11)).contains("truncated: 11 bytes"));
  }

  @Test
  void read_truncatedBody_refused() {
    byte[] snap = Snapshots.write(TABLE);
    assertTrue(corrupt(Arrays.copyOf(snap, snap.length - 1)).contains("truncated"));
  }

  @Test
  void read_trailingBytes_refused() {
    byte[] snap = Snapshots.write(TABLE);
    assertTrue(corrupt(Arrays.copyOf(snap, snap.length + 3)).contains("3 trailing bytes"));
  }

  @Test
  void read_declaredLengthOverLimit_refusedBeforeAllocating() {
    byte[] snap = Snapshots.write(TABLE);
    LittleEndian.putInt(snap, 8, Integer.MAX_VALUE);
    // A declared length over the caller's limit is a limit, not damage: the caller may raise it.
    LimitExceededException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            LimitExceededException.class, () -> Snapshots.read(snap));
    assertTrue(
        e.getMessage().contains("over the limit of " + Snapshots.DEFAULT_MAX_CONTENT_BYTES),
        e.getMessage());
  }

  @Test
  void read_declaredLengthTooSmall_refused() {
    byte[] snap = Snapshots.write(TABLE);
    LittleEndian.putInt(snap, 8, LittleEndian.getInt(snap, 8) - 1);
    assertTrue(corrupt(snap).contains("does not decompress within its declared"));
  }

  @Test
  void read_checksumMismatch_refused() {
    byte[] snap = Snapshots.write(TABLE);
    snap[16] ^= 1;
    assertTrue(corrupt(snap).contains("checksum mismatch"));
  }

  @Test
  void read_anyFlippedBodyByte_neverGivesAnotherTable() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    byte[] good = Snapshots.write(TABLE);
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
      } catch (CorruptSnapshotException expected) {
        // refused: good
      } catch (RuntimeException other) {
        throw new AssertionError("seed " + seed + ": flip at " + at + " gave " + other, other);
      }
    }
  }
}
