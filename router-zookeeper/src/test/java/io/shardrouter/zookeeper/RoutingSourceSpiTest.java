package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.util.List;
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

  @Test
  void censusEntry_format2_withHeartbeat_roundTrip_andStaleness() {
    Instant beat = Instant.parse("2026-12-01T00:00:10Z");
    CensusReport.Entry e =
        new CensusReport.Entry(
            "api-7:4242",
            13,
            "3f9a",
            Instant.parse("2026-12-01T00:00:00Z"),
            true,
            Instant.parse("2026-11-30T23:00:00Z"),
            beat,
            Duration.ofSeconds(5));
    assertEquals(
        "format=2\ninstance=api-7:4242\nversion=13\nfingerprint=3f9a\n"
            + "since=2026-12-01T00:00:00Z\nserving=last-known-good\n"
            + "lkg_written_at=2026-11-30T23:00:00Z\nheartbeat_at=2026-12-01T00:00:10Z\n"
            + "heartbeat_every_ms=5000\n",
        new String(e.toBytes(), StandardCharsets.UTF_8));
    assertEquals(e, CensusReport.Entry.parse(e.toBytes(), "/c"));
    assertEquals(Duration.ofSeconds(15), e.staleAfter());
    assertEquals(Duration.ofSeconds(15), e.heartbeatAge(beat.plusSeconds(15)));
    assertFalse(e.stale(beat.plusSeconds(15)));
    assertTrue(e.stale(beat.plusMillis(15_001)));
    assertEquals(Duration.ZERO, e.heartbeatAge(beat.minusSeconds(2)), "a clock ahead is age 0");
    CensusReport report =
        new CensusReport(
            "orders",
            beat.plusSeconds(20),
            List.of(e, e.withHeartbeat(beat, Duration.ofSeconds(10))));
    assertEquals(1, report.stale().size());
    String text = new String(e.toBytes(), StandardCharsets.UTF_8);
    assertEquals(
        "census node /c has format 3; this library reads census formats 1 and 2: read it with the"
            + " library version of that instance",
        assertThrows(
                KeyValueText.FormatException.class,
                () ->
                    CensusReport.Entry.parse(
                        text.replace("format=2", "format=3").getBytes(StandardCharsets.UTF_8),
                        "/c"))
            .getMessage());
    assertEquals(
        "census node /c has heartbeat_at=2026-12-01T00:00:10Z and heartbeat_every_ms=0; expected"
            + " an instant and a positive number of milliseconds",
        assertThrows(
                KeyValueText.FormatException.class,
                () ->
                    CensusReport.Entry.parse(
                        text.replace("=5000", "=0").getBytes(StandardCharsets.UTF_8), "/c"))
            .getMessage());
    assertEquals(
        "census node /c has no 'heartbeat_at' line",
        assertThrows(
                KeyValueText.FormatException.class,
                () ->
                    CensusReport.Entry.parse(
                        text.replace("heartbeat_at=2026-12-01T00:00:10Z\n", "")
                            .getBytes(StandardCharsets.UTF_8),
                        "/c"))
            .getMessage());
  }

  /** A node as library versions before the heartbeat wrote it (census format 1) still reads. */
  @Test
  void censusEntry_format1_asWrittenBefore_reads() {
    byte[] old =
        ("instance=api-7\nversion=13\nfingerprint=3f9a0c11d2e4\nsince=2026-12-01T22:05:51.412Z\n"
                + "serving=zookeeper\nlkg_written_at=2026-12-01T22:05:51.430Z\n")
            .getBytes(StandardCharsets.UTF_8);
    CensusReport.Entry e = CensusReport.Entry.parse(old, "/c");
    assertEquals(
        new CensusReport.Entry(
            "api-7",
            13,
            "3f9a0c11d2e4",
            Instant.parse("2026-12-01T22:05:51.412Z"),
            false,
            Instant.parse("2026-12-01T22:05:51.430Z")),
        e);
    assertNull(e.heartbeatAt());
    assertNull(e.staleAfter());
    assertFalse(e.stale(Instant.MAX));
    assertArrayEquals(old, e.toBytes(), "written back as format 1, byte for byte");
  }
}
