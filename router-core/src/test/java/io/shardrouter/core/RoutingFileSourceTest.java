package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
