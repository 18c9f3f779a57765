package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violation;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * This process's heap budget for a table's bytes ({@link Snapshots#contentBudget()}, a quarter of
 * the heap) refuses, before anything is decompressed or read, a snapshot that declares one byte
 * more content than it and a file one byte larger than it, when the caller's limits allow both;
 * each refusal names the size, the budget, the heap and what to do. (Needs a heap under 8 GiB, so
 * that the budget is below the largest limit.)
 */
class SnapshotsBudgetRefusalsTest {
  private static final ReadLimits WIDE =
      ReadLimits.defaults().withMaxSnapshotContentBytes(Integer.MAX_VALUE);

  @TempDir Path dir;

  private static long budget() {
    long budget = Snapshots.contentBudget();
    assumeTrue(budget < Integer.MAX_VALUE - 1, "a heap under 8 GiB");
    return budget;
  }

  /** A snapshot header declaring {@code content} bytes, then just enough zero bytes of block. */
  private static byte[] declaring(long content) {
    return SnapshotBombs.header(content, (int) (content / Snapshots.MAX_EXPANSION));
  }

  private static Violation refusal(Runnable read) {
    InvalidRoutingTableException e = assertThrows(InvalidRoutingTableException.class, read::run);
    assertEquals(1, e.violations().size(), e.getMessage());
    return e.violations().get(0);
  }

  private static String heapMiB() {
    return (Runtime.getRuntime().maxMemory() >> 20) + " MiB heap";
  }

  @Test
  void contentBudget_isAQuarterOfTheHeap() {
    assertEquals(Runtime.getRuntime().maxMemory() / 4, Snapshots.contentBudget());
  }

  @Test
  void snapshotDeclaringOneByteOverTheBudget_refusedBeforeDecompressing() {
    long budget = budget();
    Violation v =
        refusal(
            () ->
                RoutingDocuments.read(
                    declaring(budget + 1), StrategyRegistry.defaultRegistry(), WIDE));
    assertEquals("$", v.path());
    assertEquals(
        "snapshot declares "
            + (budget + 1)
            + " content bytes, over this process's heap budget for snapshot content of "
            + budget
            + " bytes (1/4 of its "
            + heapMiB()
            + ", Runtime.maxMemory()); within ReadLimits.maxSnapshotContentBytes ("
            + Integer.MAX_VALUE
            + ") but refused before it is decompressed, and the table served stays: if the table"
            + " is really that large give the process more heap (-Xmx, at least 4 times the"
            + " content), else lower ReadLimits.maxSnapshotContentBytes where the table is read",
        v.message());
  }

  @Test
  void snapshotDeclaringExactlyTheBudget_isDecompressed() {
    long budget = budget();
    Violation v =
        refusal(
            () ->
                RoutingDocuments.read(declaring(budget), StrategyRegistry.defaultRegistry(), WIDE));
    assertEquals("snapshot", v.path());
    assertTrue(
        v.message()
            .startsWith("snapshot content does not decompress within its declared " + budget),
        v.message());
  }

  private Path sparse(long size) throws Exception {
    Path file = dir.resolve("large.snapshot");
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    }
    return file;
  }

  @Test
  void fileOverTheBudget_withinTheLimit_refusedBeforeItIsRead() throws Exception {
    long budget = budget();
    Path file = sparse(budget + 1);
    for (ReadLimits limits :
        new ReadLimits[] {WIDE, WIDE.withMaxSnapshotContentBytes((int) budget + 1)}) {
      Violation v =
          refusal(() -> RoutingDocuments.read(file, StrategyRegistry.defaultRegistry(), limits));
      assertEquals("$", v.path());
      assertEquals(
          "file "
              + file
              + " is "
              + (budget + 1)
              + " bytes, over this process's heap budget for a routing table's bytes of "
              + budget
              + " (1/4 of its "
              + heapMiB()
              + "); refused before it is read: give the process more heap (-Xmx) if the table is"
              + " really that large",
          v.message());
    }
  }

  @Test
  void fileOverTheLimit_andTheBudget_refusedByTheLimit() throws Exception {
    long budget = budget();
    Path file = sparse(budget + 2);
    ReadLimits limits = WIDE.withMaxSnapshotContentBytes((int) budget + 1);
    Violation v =
        refusal(() -> RoutingDocuments.read(file, StrategyRegistry.defaultRegistry(), limits));
    assertEquals(
        "file "
            + file
            + " is "
            + (budget + 2)
            + " bytes, over the limit of "
            + (budget + 1)
            + "; ship large tables as a binary snapshot or raise the limit",
        v.message());
  }
}
