package io.shardrouter.zookeeper.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LastKnownGoodTest {
  @TempDir Path dir;

  private static RoutingTable table(String entity) {
    return RoutingDocuments.read(
        "{\"format\":1,\"routing_version\":3,\"entity\":\""
            + entity
            + "\",\"key\":{\"type\":\"string\"},\"strategy\":{\"type\":\"hash_mod\",\"partitions\":2},"
            + "\"groups\":[{\"id\":\"g0\",\"primary\":\"db0\"}],\"placement\":[\"g0\",\"g0\"]}");
  }

  private LastKnownGood written(String entity) {
    LastKnownGood lkg = new LastKnownGood(dir, entity, ReadLimits.defaults());
    lkg.write(RoutingDocuments.writeSnapshot(table(entity)), Instant.parse("2026-12-01T10:00:00Z"));
    return lkg;
  }

  @Test
  void writeThenRead_sameTableAndTime_noTemporaryFileLeft() throws Exception {
    LastKnownGood lkg = written("orders");
    LastKnownGood.Copy copy = lkg.read();
    assertEquals(table("orders"), copy.table());
    assertEquals(Instant.parse("2026-12-01T10:00:00Z"), copy.writtenAt());
    try (var files = Files.list(dir)) {
      assertEquals(1, files.count(), "only orders.lkg");
    }
  }

  @Test
  void missing_isNull() {
    assertNull(new LastKnownGood(dir, "none", ReadLimits.defaults()).read());
  }

  @Test
  void truncated_altered_foreign_otherEntity_allRefused() throws Exception {
    LastKnownGood lkg = written("orders");
    byte[] good = Files.readAllBytes(lkg.file());
    String fix = "; delete it: the instance waits for ZooKeeper and writes a new copy";

    Files.write(lkg.file(), Arrays.copyOf(good, good.length - 1));
    assertEquals(
        "last-known-good copy "
            + lkg.file()
            + " is truncated or extended: its header declares "
            + (good.length - 24)
            + " snapshot bytes, "
            + (good.length - 25)
            + " follow"
            + fix,
        assertThrows(InvalidRoutingTableException.class, lkg::read).violations().get(0).message());

    Files.write(lkg.file(), Arrays.copyOf(good, 10));
    assertEquals(
        "last-known-good copy " + lkg.file() + " is not one (10 bytes, no SRLK header)" + fix,
        assertThrows(InvalidRoutingTableException.class, lkg::read).violations().get(0).message());

    byte[] altered = good.clone();
    altered[30] ^= 1;
    Files.write(lkg.file(), altered);
    String m =
        assertThrows(InvalidRoutingTableException.class, lkg::read).violations().get(0).message();
    assertTrue(m.startsWith("last-known-good copy " + lkg.file() + " was altered: CRC-32C "), m);

    byte[] newer = good.clone();
    newer[4] = 9;
    Files.write(lkg.file(), newer);
    assertEquals(
        "last-known-good copy " + lkg.file() + " has format 9, this library reads 1" + fix,
        assertThrows(InvalidRoutingTableException.class, lkg::read).violations().get(0).message());

    Files.write(lkg.file(), Files.readAllBytes(written("payments").file()));
    assertEquals(
        "last-known-good copy " + lkg.file() + " holds entity 'payments', expected 'orders'" + fix,
        assertThrows(InvalidRoutingTableException.class, lkg::read).violations().get(0).message());
  }

  @Test
  void unwritableDirectory_saysSo() throws Exception {
    Path file = dir.resolve("a-file");
    Files.writeString(file, "x");
    LastKnownGood lkg = new LastKnownGood(file, "orders", ReadLimits.defaults());
    RoutingException e =
        assertThrows(RoutingException.class, () -> lkg.write(new byte[] {1}, Instant.EPOCH));
    assertTrue(
        e.getMessage()
            .startsWith("cannot write the last-known-good copy " + file.resolve("orders.lkg")),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("check that the directory exists and is writable"));
  }
}
