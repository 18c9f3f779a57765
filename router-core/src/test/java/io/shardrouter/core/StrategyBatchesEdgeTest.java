package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.testing.Strategies;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PartitionStrategy#partitionsOf(byte[][], int, int, int[])}, the default every strategy
 * has: {@code partitions[i] = partitionOf(keys[i])} for {@code i} in {@code [from, to)} and nothing
 * else written, key by key for a plain strategy and in groups of {@link BatchPartitions#GROUP} (all
 * prepared, then all finished) for one with {@link BatchPartitions}; a bad range is refused before
 * anything is written, a refused key names its index and leaves the keys after it unwritten.
 */
class StrategyBatchesEdgeTest {
  private static final int P = 11;
  private static final int UNTOUCHED = -7;

  /** {@code n} keys of 1 to 6 random bytes, none starting with a refused first byte. */
  private static byte[][] keys(long seed, int n) {
    System.out.println("StrategyBatchesEdgeTest seed " + seed);
    Random r = new Random(seed);
    byte[][] keys = new byte[n][];
    for (int i = 0; i < n; i++) {
      keys[i] = new byte[1 + r.nextInt(6)];
      r.nextBytes(keys[i]);
      keys[i][0] &= 0x7F;
    }
    return keys;
  }

  /**
   * The calls a batch strategy sees for groups of these sizes: each prepared, then loaded, then
   * finished.
   */
  static String groups(int... sizes) {
    StringBuilder b = new StringBuilder();
    for (int n : sizes) {
      b.append("p".repeat(n)).append("l".repeat(n)).append("f".repeat(n));
    }
    return b.toString();
  }

  private static int[] untouched(int n) {
    int[] a = new int[n];
    Arrays.fill(a, UNTOUCHED);
    return a;
  }

  /** What {@code partitionsOf(keys, from, to, ...)} must leave in an array of {@code n}. */
  private static int[] expected(byte[][] keys, int from, int to, int n) {
    int[] e = untouched(n);
    for (int i = from; i < to; i++) {
      e[i] = BatchSumStrategy.sumPartition(keys[i], P);
    }
    return e;
  }

  @Test
  void plainStrategy_writesExactlyTheRange_keyByKey() {
    byte[][] keys = keys(101, 40);
    PartitionStrategy s = new ByteSumStrategy(P);
    int[] out = untouched(42);
    s.partitionsOf(keys, 3, 37, out);
    assertArrayEquals(expected(keys, 3, 37, 42), out);
  }

  @Test
  void batchStrategy_writesExactlyTheRange_inGroupsOfSixteen() {
    byte[][] keys = keys(102, 45);
    BatchSumStrategy s = new BatchSumStrategy(P);
    int[] out = untouched(45);
    // 38 keys from 2: groups of 16, 16 and 6, each prepared before it is finished
    s.partitionsOf(keys, 2, 40, out);
    assertArrayEquals(expected(keys, 2, 40, 45), out);
    assertEquals(groups(16, 16, 6), s.calls.toString());
  }

  @Test
  void batchStrategy_wholeArray_andAnEmptyRange() {
    byte[][] keys = keys(103, 16);
    BatchSumStrategy s = new BatchSumStrategy(P);
    int[] out = untouched(16);
    s.partitionsOf(keys, 0, 16, out); // the array as long as the batch: allowed
    assertArrayEquals(expected(keys, 0, 16, 16), out);
    assertEquals(groups(16), s.calls.toString());

    int[] none = untouched(16);
    s.partitionsOf(keys, 5, 5, none);
    assertArrayEquals(untouched(16), none);
    new ByteSumStrategy(P).partitionsOf(keys, 16, 16, none);
    assertArrayEquals(untouched(16), none);
  }

  @Test
  void partitionsArrayShorterThanTheRange_refusedBeforeAnythingIsWritten() {
    byte[][] keys = keys(104, 10);
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategy(P), new BatchSumStrategy(P)}) {
      int[] out = untouched(7);
      IndexOutOfBoundsException e =
          assertThrows(IndexOutOfBoundsException.class, () -> s.partitionsOf(keys, 2, 8, out));
      assertEquals(
          "partitions has 7 elements but the batch writes up to index 7 (partition i goes to"
              + " partitions[i]): give an array at least as long as keys",
          e.getMessage());
      assertArrayEquals(untouched(7), out);
    }
  }

  @Test
  void rangeOutsideTheKeys_refusedBeforeAnythingIsWritten() {
    byte[][] keys = keys(105, 10);
    BatchSumStrategy s = new BatchSumStrategy(P);
    int[] out = untouched(20);
    assertThrows(IndexOutOfBoundsException.class, () -> s.partitionsOf(keys, 4, 11, out));
    assertThrows(IndexOutOfBoundsException.class, () -> s.partitionsOf(keys, 5, 4, out));
    assertThrows(IndexOutOfBoundsException.class, () -> s.partitionsOf(keys, -1, 4, out));
    assertThrows(NullPointerException.class, () -> s.partitionsOf(keys, 0, 4, null));
    assertArrayEquals(untouched(20), out);
    assertEquals("", s.calls.toString());
  }

  @Test
  void nullKey_plainStrategy_namesItsIndex_keysBeforeWritten_noneAfter() {
    byte[][] keys = keys(106, 12);
    keys[7] = null;
    int[] out = untouched(12);
    InvalidKeyException e =
        assertThrows(
            InvalidKeyException.class, () -> new ByteSumStrategy(P).partitionsOf(keys, 2, 12, out));
    assertEquals(
        "keys[7]: key is null; a null key has no partition: check the caller's value before"
            + " routing (the partitions of keys before it are written, none after)",
        e.getMessage());
    assertEquals(7, e.batchIndex(), "the refusal the key's route threw, indexed");
    assertArrayEquals(expected(keys, 2, 7, 12), out);
  }

  @Test
  void nullKey_batchStrategy_keysOfItsGroupBeforeItFinished_noneAfter() {
    byte[][] keys = keys(107, 40);
    keys[21] = null; // the 6th key of the second group (from 0)
    BatchSumStrategy s = new BatchSumStrategy(P);
    int[] out = untouched(40);
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> s.partitionsOf(keys, 0, 40, out));
    assertEquals(
        "keys[21]: key is null; a null key has no partition: check the caller's value before"
            + " routing (the partitions of keys before it are written, none after)",
        e.getMessage());
    assertArrayEquals(expected(keys, 0, 21, 40), out);
    assertEquals(groups(16, 5), s.calls.toString());
  }

  @Test
  void nullFirstKeyOfAGroup_nothingOfThatGroupWritten() {
    byte[][] keys = keys(108, 20);
    keys[16] = null;
    BatchSumStrategy s = new BatchSumStrategy(P);
    int[] out = untouched(20);
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> s.partitionsOf(keys, 0, 20, out));
    assertEquals(true, e.getMessage().startsWith("keys[16]: key is null"), e.getMessage());
    assertArrayEquals(expected(keys, 0, 16, 20), out);
  }

  @Test
  void keyWithNoRoute_staysANoRouteException_withItsKeyAndIndex() {
    byte[][] keys = keys(109, 30);
    keys[18] = new byte[] {BatchSumStrategy.UNCOVERED, 1, 2};
    for (PartitionStrategy s :
        new PartitionStrategy[] {new ByteSumStrategyRefusing(), new BatchSumStrategy(P)}) {
      int[] out = untouched(30);
      NoRouteException e =
          assertThrows(NoRouteException.class, () -> s.partitionsOf(keys, 1, 30, out));
      assertEquals("uncovered-3", e.key());
      assertEquals(
          "keys[18]: no partition covers a key starting 0xEE (the partitions of keys before it are"
              + " written, none after)",
          e.getMessage());
      assertEquals(18, e.batchIndex());
      assertArrayEquals(expected(keys, 1, 18, 30), out, s.type());
    }
  }

  /**
   * A strategy's own refusal, of its own subtype or {@link RoutingException} itself, keeps its type
   * and is named by index, in a batch strategy's group and key by key.
   */
  @Test
  void strategysOwnRefusal_keepsItsType_namedByIndex() {
    byte[][] keys = keys(110, 20);
    keys[3] = new byte[] {BatchSumStrategy.OWN};
    BatchSumStrategy batch = new BatchSumStrategy(P);
    PartitionStrategy plain = Strategies.withoutCapabilities(batch);
    for (PartitionStrategy s : List.of(batch, plain)) {
      int[] out = untouched(20);
      BatchSumStrategy.OwnRefusal e =
          assertThrows(BatchSumStrategy.OwnRefusal.class, () -> s.partitionsOf(keys, 0, 20, out));
      assertEquals(
          "keys[3]: strategy refused a key starting 0xED (the partitions of keys before it are"
              + " written, none after)",
          e.getMessage(),
          s.type());
      assertEquals(3, e.batchIndex());
      assertArrayEquals(expected(keys, 0, 3, 20), out, s.type());
    }
    keys[3] = new byte[] {BatchSumStrategy.BROKEN};
    RoutingException e =
        assertThrows(RoutingException.class, () -> batch.partitionsOf(keys, 0, 20, untouched(20)));
    assertSame(RoutingException.class, e.getClass());
    assertEquals(
        "keys[3]: strategy broke on a key starting 0xEF (the partitions of keys before it are"
            + " written, none after)",
        e.getMessage());
  }

  /**
   * A plain strategy (no {@link BatchPartitions}) that refuses keys as {@link BatchSumStrategy}.
   */
  private static final class ByteSumStrategyRefusing implements PartitionStrategy {
    private final BatchSumStrategy rules = new BatchSumStrategy(P);

    @Override
    public String type() {
      return "test_byte_sum_refusing";
    }

    @Override
    public int partitionCount() {
      return P;
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return rules.partitionOf(canonical, offset, length);
    }

    @Override
    public Spec toSpec() {
      return Spec.object().put("type", type()).build();
    }
  }
}
