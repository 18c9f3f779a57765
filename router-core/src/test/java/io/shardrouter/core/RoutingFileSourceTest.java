package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingFileSource.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoutingFileSourceTest {
  @TempDir Path dir;

  @Test
  void refresh_goodThenBadThenNewer_keepsLastGoodTable() throws Exception {
    Path file = dir.resolve("orders.json");
    RoutingTable v1 = Tables.table(1, 16, 2);
    Files.writeString(file, RoutingDocuments.write(v1));
    Router router = Router.create(Tables.table(0, 16, 2));
    RoutingFileSource source = RoutingFileSource.of(file, router, ByteSumStrategy.REGISTRY);

    assertEquals(Outcome.UPDATED, source.refresh());
    assertEquals(1, router.version());
    assertNull(source.lastError());
    assertEquals(Outcome.UNCHANGED, source.refresh());

    Files.writeString(file, "{\"format\": 1, \"routing_version\": 2");
    assertEquals(Outcome.REFUSED, source.refresh());
    assertInstanceOf(InvalidRoutingTableException.class, source.lastError());
    assertEquals(1, router.version());

    Files.writeString(file, RoutingDocuments.write(Tables.table(0, 16, 2)));
    assertEquals(Outcome.REFUSED, source.refresh());
    assertInstanceOf(StaleRoutingVersionException.class, source.lastError());
    RoutingTable served = router.table();

    Files.write(file, RoutingDocuments.writeSnapshot(Tables.table(3, 16, 4)));
    assertEquals(Outcome.UPDATED, source.refresh());
    assertEquals(3, router.version());
    assertTrue(served.version() < router.version());
  }

  @Test
  void refresh_missingFile_refusedRouterUnchanged() {
    Router router = Router.create(Tables.table(5, 16, 2));
    RoutingTable before = router.table();
    RoutingFileSource source =
        RoutingFileSource.of(dir.resolve("absent.json"), router, ByteSumStrategy.REGISTRY);
    assertEquals(Outcome.REFUSED, source.refresh());
    assertTrue(
        source.lastError().getMessage().contains("cannot read routing file"),
        source.lastError().getMessage());
    assertSame(before, router.table());
  }

  /** A file of {@code bytes} zero bytes that takes no disk space (a sparse file). */
  static Path sparse(Path file, long bytes) throws Exception {
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(bytes);
    }
    return file;
  }

  @Test
  void refresh_fileOverTheLimits_refusedBeforeItIsRead_saidOnce_thenAGoodFileLoads()
      throws Exception {
    Path file = sparse(dir.resolve("orders.json"), 3L << 30);
    Router router = Router.create(Tables.table(5, 16, 2));
    RoutingTable before = router.table();
    RoutingFileSource source = RoutingFileSource.of(file, router, ByteSumStrategy.REGISTRY);

    assertEquals(Outcome.REFUSED, source.refresh());
    InvalidRoutingTableException e =
        assertInstanceOf(InvalidRoutingTableException.class, source.lastError());
    assertEquals(
        "invalid routing table (1 violation)\n  $: file "
            + file
            + " is 3221225472 bytes, over the limit of "
            + ReadLimits.DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES
            + "; ship large tables as a binary snapshot or raise the limit",
        e.getMessage());
    assertSame(before, router.table());
    assertEquals(Outcome.REFUSED, source.refresh());
    assertSame(e, source.lastError(), "an unchanged file over the limit is reported once");

    Files.delete(file);
    Files.writeString(file, RoutingDocuments.write(Tables.table(6, 16, 2)));
    assertEquals(Outcome.UPDATED, source.refresh());
    assertEquals(6, router.version());
  }

  @Test
  void read_fileLongerThanItsSize_refusedAtTheLimit() {
    // A file whose size says 0 bytes and whose read gives more: the read stops at the limit.
    Path proc = Path.of("/proc/self/status");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(proc), "needs Linux's /proc");
    ReadLimits tiny =
        ReadLimits.defaults().withMaxDocumentBytes(10).withMaxSnapshotContentBytes(10);
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> RoutingDocuments.read(proc, ByteSumStrategy.REGISTRY, tiny));
    assertEquals(
        "invalid routing table (1 violation)\n  $: file "
            + proc
            + " was 0 bytes but read past the limit of 10 (it grew while it was read); read stopped"
            + " there: write the file whole and then rename it into place, as RoutingFilePublisher"
            + " does",
        e.getMessage());
  }

  private static boolean sourceThreadAlive() {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.getName().startsWith("shardrouter-file-source") && t.isAlive());
  }

  @Test
  void start_refreshesPeriodically_andStopsOnClose() throws Exception {
    Path file = dir.resolve("orders.json");
    Files.writeString(file, RoutingDocuments.write(Tables.table(1, 16, 2)));
    Router router = Router.create(Tables.table(0, 16, 2));
    try (RoutingFileSource source =
        RoutingFileSource.of(file, router, ByteSumStrategy.REGISTRY).start(Duration.ofMillis(10))) {
      assertThrows(IllegalStateException.class, () -> source.start(Duration.ofMillis(10)));
      Path tmp = dir.resolve("orders.json.tmp");
      Files.writeString(tmp, RoutingDocuments.write(Tables.table(2, 16, 2)));
      Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (router.version() != 2 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertEquals(2, router.version());
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (sourceThreadAlive() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertTrue(!sourceThreadAlive(), "the refresh thread is still alive after close()");
  }
}
