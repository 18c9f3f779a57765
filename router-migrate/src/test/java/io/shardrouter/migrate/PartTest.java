package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.BatchPartitions;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.hash.HashModStrategy;
import io.shardrouter.hash.StableHash;
import io.shardrouter.lookup.LookupStrategy;
import io.shardrouter.lookup.LookupStrategyBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A part's test of a page of rows in one batch is its test of each row. */
class PartTest {
  private static final long SEED = 20261206L;

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** A directory of 300 of the keys {@code k0..k599} over 6 partitions, the rest to hash_mod. */
  private static PartitionStrategy directory() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    LookupStrategyBuilder builder =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(HashModStrategy.of(StableHash.xxh3(), 6))
            .partitions(6);
    for (int i = 0; i < 600; i += 2) {
      builder.entry(b("k" + i), rnd.nextInt(6));
    }
    return builder.build();
  }

  private static List<Row> rows(PartitionStrategy s, int n) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      byte[] key = b("k" + i);
      rows.add(Row.of(key, b("v" + i), 1, i + 1, s.partitionOf(key)));
    }
    return rows;
  }

  @Test
  void containing_ofABatchingStrategy_isContainsOfEachRow_inOrder_withAndWithoutFilter() {
    PartitionStrategy s = directory();
    assertTrue(s instanceof BatchPartitions, "the directory batches: the grouped path is tested");
    List<Row> rows = rows(s, 600); // 38 groups of 16, the last one short
    Part.KeyFilter even = k -> (k[k.length - 1] & 1) == 0;
    for (Part.KeyFilter filter : new Part.KeyFilter[] {null, even}) {
      for (int p = 0; p < 6; p++) {
        Part part = Part.of("p" + p, s, p, filter);
        List<Row> expected = new ArrayList<>();
        for (Row r : rows) {
          if (part.contains(r.key())) {
            expected.add(r);
          }
        }
        String at = "partition " + p + (filter == null ? "" : ", filtered");
        assertTrue(!expected.isEmpty() && expected.size() < rows.size(), at);
        assertEquals(expected, part.containing(rows), at);
        assertEquals(
            expected.subList(0, expected.size() / 2),
            part.containing(rows.subList(0, rows.indexOf(expected.get(expected.size() / 2)))),
            at + ", a page that ends early");
      }
    }
    assertEquals(List.of(), Part.of("p0", s, 0, null).containing(List.of()));
  }

  @Test
  void containing_ofAStrategyWithoutBatches_isContainsOfEachRow() {
    PartitionStrategy s = HashModStrategy.of(StableHash.xxh3(), 4);
    List<Row> rows = rows(s, 100);
    Part part = Part.of("p3", s, 3, null);
    List<Row> expected = new ArrayList<>();
    for (Row r : rows) {
      if (s.partitionOf(r.key()) == 3) {
        expected.add(r);
      }
    }
    assertTrue(expected.size() > 10, "rows of partition 3");
    assertEquals(expected, part.containing(rows));
  }
}
