package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each limit's smallest and largest accepted value, the refusal one past them, and limits that
 * differ in any one limit telling themselves apart by their hash codes too.
 */
class ReadLimitsRulesTest {
  @Test
  void withers_acceptTheirSmallestValue() {
    ReadLimits l =
        ReadLimits.defaults()
            .withMaxDocumentBytes(2)
            .withMaxSnapshotContentBytes(2)
            .withMaxPartitions(1)
            .withMaxEntries(1);
    assertEquals(2, l.maxDocumentBytes());
    assertEquals(2, l.maxSnapshotContentBytes());
    assertEquals(1, l.maxPartitions());
    assertEquals(1, l.maxEntries());
  }

  @Test
  void withers_refuseOneBelowTheirSmallestValue_namingIt() {
    ReadLimits d = ReadLimits.defaults();
    assertEquals(
        "maxDocumentBytes must be at least 2, got 1",
        assertThrows(IllegalArgumentException.class, () -> d.withMaxDocumentBytes(1)).getMessage());
    assertEquals(
        "maxSnapshotContentBytes must be at least 2, got 1",
        assertThrows(IllegalArgumentException.class, () -> d.withMaxSnapshotContentBytes(1))
            .getMessage());
    assertEquals(
        "maxPartitions must be at least 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> d.withMaxPartitions(0)).getMessage());
    assertEquals(
        "maxEntries must be at least 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> d.withMaxEntries(0)).getMessage());
  }

  @Test
  void maxPartitions_theCeilingAccepted_oneMoreRefused() {
    assertEquals(
        ReadLimits.PARTITIONS_CEILING,
        ReadLimits.defaults().withMaxPartitions(ReadLimits.PARTITIONS_CEILING).maxPartitions());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ReadLimits.defaults().withMaxPartitions(ReadLimits.PARTITIONS_CEILING + 1));
    assertEquals(
        "maxPartitions must be at most "
            + ReadLimits.PARTITIONS_CEILING
            + " (the most partitions any table has), got "
            + (ReadLimits.PARTITIONS_CEILING + 1),
        e.getMessage());
  }

  @Test
  void limitsThatDifferInOneLimit_areUnequal_andHashApart() {
    Set<ReadLimits> all = new HashSet<>();
    Set<Integer> hashes = new HashSet<>();
    ReadLimits base = ReadLimits.defaults().withMaxDocumentBytes(1000);
    for (int a = 0; a < 3; a++) {
      for (int b = 0; b < 3; b++) {
        for (int c = 0; c < 3; c++) {
          for (int d = 0; d < 3; d++) {
            ReadLimits l =
                base.withMaxDocumentBytes(1000 + a)
                    .withMaxSnapshotContentBytes(2000 + b)
                    .withMaxPartitions(100 + c)
                    .withMaxEntries(50 + d);
            all.add(l);
            hashes.add(l.hashCode());
            assertEquals(
                l,
                base.withMaxDocumentBytes(1000 + a)
                    .withMaxSnapshotContentBytes(2000 + b)
                    .withMaxPartitions(100 + c)
                    .withMaxEntries(50 + d));
            assertEquals(
                l.hashCode(),
                base.withMaxDocumentBytes(1000 + a)
                    .withMaxSnapshotContentBytes(2000 + b)
                    .withMaxPartitions(100 + c)
                    .withMaxEntries(50 + d)
                    .hashCode());
          }
        }
      }
    }
    assertEquals(81, all.size());
    assertEquals(81, hashes.size(), "hash codes of 81 distinct limits");
    assertNotEquals(ReadLimits.defaults().hashCode(), ReadLimits.largest().hashCode());
  }
}
