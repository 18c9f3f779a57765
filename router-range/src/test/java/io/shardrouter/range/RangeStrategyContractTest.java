package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.PartitionStrategyContract;
import io.shardrouter.testing.ReferenceEncoding;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link RangeStrategy}: the strategy contract over ranges of {@code long}, {@code int}, {@code
 * uuid}, {@code bytes}, {@code string}, {@code timestamp} and composite keys, open-ended and
 * closed, with boundaries at the extremes of the type and seeded random ones. Keys are those of the
 * strategy's key type inside its span ({@link RangeContractKeys}): a key outside every range has no
 * partition, by design.
 */
class RangeStrategyContractTest extends PartitionStrategyContract {
  static final KeyType STRING_LONG = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
  static final KeyType STRING_TIMESTAMP =
      KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.TIMESTAMP);
  static final KeyType LONG_LONG = KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG);
  static final KeyType STRING_STRING = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING);

  @Override
  protected List<PartitionStrategy> strategies() {
    return strategies(new SplittableRandom(seed()));
  }

  static List<PartitionStrategy> strategies(SplittableRandom rnd) {
    List<PartitionStrategy> out = new ArrayList<>();
    // long
    out.add(RangeStrategy.of(KeyType.LONG, List.of(Long.MIN_VALUE), null));
    out.add(RangeStrategy.of(KeyType.LONG, List.of(0L, 1000L), 2000L));
    out.add(
        RangeStrategy.of(KeyType.LONG, List.of(Long.MIN_VALUE, -1000L, 0L, 1000L, 2000L), null));
    out.add(RangeStrategy.of(KeyType.LONG, List.of(Long.MIN_VALUE, -1L, 0L, Long.MAX_VALUE), null));
    out.add(RangeStrategy.of(KeyType.LONG, List.of(-5L), Long.MAX_VALUE));
    out.add(RangeStrategy.of(KeyType.LONG, randomLongs(rnd, 40), null));
    List<Long> closed = randomLongs(rnd, 201);
    out.add(RangeStrategy.of(KeyType.LONG, closed.subList(0, 200), closed.get(200)));
    // int
    out.add(RangeStrategy.of(KeyType.INT, List.of(-10, 0, 10), 20));
    out.add(RangeStrategy.of(KeyType.INT, List.of(Integer.MIN_VALUE, Integer.MAX_VALUE), null));
    // uuid (unsigned byte order) and bytes
    out.add(
        RangeStrategy.of(
            KeyType.UUID_KEY,
            List.of(new UUID(0, 0), new UUID(1, 0), new UUID(Long.MIN_VALUE, 0), new UUID(-1, -1)),
            null));
    out.add(
        RangeStrategy.of(
            KeyType.BYTES,
            List.of(
                new byte[0],
                new byte[] {0x10},
                new byte[] {(byte) 0x80},
                new byte[] {(byte) 0x80, 0}),
            new byte[] {(byte) 0xFF, (byte) 0xFF}));
    // boundaries that share their first 8 bytes: the prefix index must look past them
    out.add(
        RangeStrategy.of(
            KeyType.UUID_KEY,
            List.of(new UUID(5, 1), new UUID(5, 100), new UUID(5, -1), new UUID(6, 0)),
            new UUID(6, 5)));
    out.add(
        RangeStrategy.of(
            KeyType.STRING,
            List.of("tenant-0001", "tenant-0002", "tenant-00020", "tenant-0003", "tenant-000é"),
            null));
    out.add(
        RangeStrategy.of(
            KeyType.BYTES,
            List.of(
                new byte[8],
                new byte[9],
                new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 1},
                new byte[] {0, 0, 0, 0, 0, 0, 0, 1}),
            null));
    // string
    out.add(RangeStrategy.of(KeyType.STRING, List.of(""), null));
    out.add(RangeStrategy.of(KeyType.STRING, List.of("", "m"), null));
    out.add(RangeStrategy.of(KeyType.STRING, List.of("", "m", "\uFFFF", "\uD83D\uDE00"), null));
    out.add(RangeStrategy.of(KeyType.STRING, List.of("a", "a\u0000", "ab"), null));
    out.add(RangeStrategy.of(KeyType.STRING, List.of("m", "n"), "p"));
    out.add(
        RangeStrategy.of(KeyType.STRING, List.of("tenant-0", "tenant-5", "z\u00FCrich"), "\u4E2D"));
    out.add(RangeStrategy.of(KeyType.STRING, randomStrings(rnd, 30), null));
    // timestamp
    out.add(
        RangeStrategy.of(
            KeyType.TIMESTAMP, List.of(KeyGenerators.instantOfMicros(Long.MIN_VALUE)), null));
    out.add(
        RangeStrategy.of(
            KeyType.TIMESTAMP,
            List.of(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-04-01T00:00:00Z")),
            null));
    List<Instant> months = new ArrayList<>();
    for (int m = 1; m <= 12; m++) {
      months.add(Instant.parse(String.format("2026-%02d-01T00:00:00Z", m)));
    }
    out.add(RangeStrategy.of(KeyType.TIMESTAMP, months, Instant.parse("2027-01-01T00:00:00Z")));
    out.add(
        RangeStrategy.of(
            KeyType.TIMESTAMP,
            List.of(Instant.parse("1969-12-31T23:59:59.999999Z"), Instant.EPOCH),
            KeyGenerators.instantOfMicros(Long.MAX_VALUE)));
    // composite
    out.add(RangeStrategy.of(STRING_LONG, List.of(CompositeKey.of("", Long.MIN_VALUE)), null));
    out.add(
        RangeStrategy.of(
            STRING_LONG,
            List.of(
                CompositeKey.of("a", 0L),
                CompositeKey.of("a", 100L),
                CompositeKey.of("b", Long.MIN_VALUE)),
            CompositeKey.of("c", 0L)));
    out.add(
        RangeStrategy.of(
            STRING_TIMESTAMP,
            List.of(
                CompositeKey.of("", Instant.EPOCH),
                CompositeKey.of("plant-a", Instant.parse("2026-04-01T00:00:00Z")),
                CompositeKey.of("plant-b", Instant.EPOCH)),
            null));
    out.add(
        RangeStrategy.of(
            LONG_LONG,
            List.of(
                CompositeKey.of(Long.MIN_VALUE, Long.MIN_VALUE),
                CompositeKey.of(0L, 0L),
                CompositeKey.of(0L, 10L),
                CompositeKey.of(7L, Long.MAX_VALUE)),
            null));
    out.add(
        RangeStrategy.of(
            STRING_STRING,
            List.of(
                CompositeKey.of("a", ""),
                CompositeKey.of("a", "m"),
                CompositeKey.of("a\u0000", "")),
            CompositeKey.of("b", "")));
    return out;
  }

  @Override
  protected Object keyFor(PartitionStrategy s, KeyGenerators g) {
    return RangeContractKeys.keyFor(s, g);
  }

  private static List<Long> randomLongs(SplittableRandom rnd, int n) {
    TreeSet<Long> set = new TreeSet<>();
    while (set.size() < n) {
      set.add(rnd.nextInt(4) == 0 ? rnd.nextLong(-5000, 5000) : rnd.nextLong());
    }
    return new ArrayList<>(set);
  }

  private static List<String> randomStrings(SplittableRandom rnd, int n) {
    KeyGenerators g = KeyGenerators.seeded(rnd.nextLong());
    TreeSet<byte[]> set = new TreeSet<>(java.util.Arrays::compareUnsigned);
    set.add(new byte[0]);
    while (set.size() < n) {
      set.add(ReferenceEncoding.string(g.text(12)));
    }
    List<String> out = new ArrayList<>();
    for (byte[] b : set) {
      out.add(new String(b, java.nio.charset.StandardCharsets.UTF_8));
    }
    return out;
  }

  @Test
  void keyFor_startOfEachRange_thatRange() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    for (PartitionStrategy s : strategies()) {
      RangeStrategy r = (RangeStrategy) s;
      for (int p = 0; p < r.partitionCount(); p++) {
        int at = p;
        Object start = RangeContractKeys.value(r.keyType(), r.start(p));
        assertEquals(
            p,
            typedPartition(r, start),
            () -> r + ": the start of range " + at + ", " + show(start) + "; " + g.describe());
      }
      if (!r.openEnded()) {
        assertTrue(
            r.find(r.end(r.partitionCount() - 1)) < 0,
            () -> r + ": its closed end is in a range; " + g.describe());
      }
    }
  }
}
