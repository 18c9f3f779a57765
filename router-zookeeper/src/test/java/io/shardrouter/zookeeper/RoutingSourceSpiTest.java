package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Router;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.zookeeper.internal.KeyValueText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The core source SPI as the file source implements it, its status value, and census records. */
class RoutingSourceSpiTest {
  @TempDir Path dir;

  @Test
  void fileSource_isARoutingSource_subscribersFollow_statusReportsErrors() throws Exception {
    Path file = dir.resolve("orders.json");
    Files.writeString(file, RoutingDocuments.write(ZkTesting.table("orders", 2)));
    Router own = Router.create(ZkTesting.table("orders", 1));
    Router subscriber = Router.create(ZkTesting.table("orders", 0));
    try (RoutingFileSource files = RoutingFileSource.of(file, own)) {
      RoutingSource source = files;
      files.refresh();
      source.subscribe(subscriber);
      assertEquals(2, subscriber.version(), "subscribed routers get the current table at once");
      Files.writeString(file, RoutingDocuments.write(ZkTesting.table("orders", 3)));
      files.refresh();
      assertEquals(3, subscriber.version());
      RoutingSource.Status ok = source.status();
      assertTrue(ok.healthy());
      assertEquals(3, ok.version());
      assertEquals(ZkTesting.table("orders", 3).fingerprint(), ok.fingerprint());

      Files.writeString(file, "{");
      files.refresh();
      RoutingSource.Status bad = source.status();
      assertFalse(bad.healthy());
      assertEquals(3, bad.version());
      assertTrue(bad.lastError() != null);

      source.unsubscribe(subscriber);
      Files.writeString(file, RoutingDocuments.write(ZkTesting.table("orders", 4)));
      files.refresh();
      assertEquals(4, own.version());
      assertEquals(3, subscriber.version(), "unsubscribed");
      assertNull(source.status().lastError());

      Router other = Router.create(ZkTesting.table("payments", 1));
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> source.subscribe(other));
      assertTrue(
          e.getMessage()
              .startsWith("router of entity 'payments' cannot subscribe to the routing file"),
          e.getMessage());
    }
  }

  @Test
  void status_checksItsFields() {
    RoutingSource.Status none =
        new RoutingSource.Status(RoutingSource.Status.NO_VERSION, null, null, null);
    assertFalse(none.hasTable());
    assertFalse(none.healthy());
    assertEquals(
        "status version must be >= 0, or -1 for none, got -2",
        assertThrows(
                IllegalArgumentException.class,
                () -> new RoutingSource.Status(-2, null, null, null))
            .getMessage());
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> new RoutingSource.Status(3, null, Duration.ZERO, null))
            .getMessage()
            .startsWith("a status with a version needs its fingerprint and age"));
    assertEquals(
        "lastGoodAge must not be negative, got PT-1S",
        assertThrows(
                IllegalArgumentException.class,
                () -> new RoutingSource.Status(3, "f", Duration.ofSeconds(-1), null))
            .getMessage());
  }

  @Test
  void publishConflict_nothingPublishedNow_saysHowToRetry() {
    PublishConflictException e = PublishConflictException.lostRace("orders", 4, -1, null, 5);
    assertEquals(
        "routing table 'orders' version 5 was not published: it was prepared on top of version 4,"
            + " but nothing is published now; read the store again and publish with expected"
            + " version -1",
        e.getMessage());
  }

  @Test
  void censusEntry_roundTrip_andBadRecords() {
    CensusReport.Entry e =
        new CensusReport.Entry("i-1", 12, "abc", Instant.parse("2026-12-01T00:00:00Z"), true, null);
    assertEquals(e, CensusReport.Entry.parse(e.toBytes(), "/c"));
    CensusReport.Entry none = new CensusReport.Entry("i-2", -1, null, null, false, Instant.EPOCH);
    assertEquals(none, CensusReport.Entry.parse(none.toBytes(), "/c"));
    assertFalse(none.hasTable());
    assertEquals(Duration.ofSeconds(5), none.lastKnownGoodAge(Instant.ofEpochSecond(5)));
    String text = new String(e.toBytes(), StandardCharsets.UTF_8);
    assertEquals(
        "census node /c field 'serving' is 'maybe', expected zookeeper or last-known-good",
        assertThrows(
                KeyValueText.FormatException.class,
                () ->
                    CensusReport.Entry.parse(
                        text.replace("last-known-good", "maybe").getBytes(StandardCharsets.UTF_8),
                        "/c"))
            .getMessage());
    assertEquals(
        "census node /c field 'since' is not an ISO-8601 instant: 'soon'",
        assertThrows(
                KeyValueText.FormatException.class,
                () ->
                    CensusReport.Entry.parse(
                        text.replace("2026-12-01T00:00:00Z", "soon")
                            .getBytes(StandardCharsets.UTF_8),
                        "/c"))
            .getMessage());
  }
}
