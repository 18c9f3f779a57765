package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A routing source (fixed, or a file) updates a subscriber that serves an older version and leaves
 * one at the same version as it is; a file source keeps the latest reason it refused the file, and
 * reports how long ago it last read a good table; its poller does not keep the JVM alive.
 */
class RoutingSourcesEdgeTest {
  @TempDir Path dir;

  /** A one-partition table on group {@code group} (router-core's test document reader). */
  private static String document(String group, long version) {
    return "{\"test_one_group\": \"" + group + "\", \"routing_version\": " + version + "}";
  }

  private static RoutingTable table(String group, long version) {
    return RoutingDocuments.read(document(group, version));
  }

  @Test
  void fixedSource_subscriberAtTheSameVersion_keepsItsTable_olderOneIsUpdated() {
    RoutingSource source = RoutingSource.fixed(table("g0", 3));
    Router same = Router.create(table("g1", 3));
    RoutingTable kept = same.table();
    source.subscribe(same);
    assertSame(kept, same.table());
    Router older = Router.create(table("g1", 2));
    source.subscribe(older);
    assertEquals(3, older.version());
    assertEquals(table("g0", 3).fingerprint(), older.table().fingerprint());
  }

  @Test
  void fileSource_subscriberAtTheSameVersion_keepsItsTable_olderOneIsUpdated() throws Exception {
    Path file = dir.resolve("one.json");
    Files.writeString(file, document("g0", 3));
    RoutingFileSource source = RoutingFileSource.of(file, Router.create(table("g0", 1)));
    assertEquals(RoutingFileSource.Outcome.UPDATED, source.refresh());
    Router same = Router.create(table("g1", 3));
    RoutingTable kept = same.table();
    source.subscribe(same);
    assertSame(kept, same.table());
    Router older = Router.create(table("g1", 2));
    source.subscribe(older);
    assertEquals(3, older.version());
  }

  @Test
  void fileSource_refusedTwiceForDifferentReasons_keepsTheLatest() throws Exception {
    Path file = dir.resolve("one.json");
    RoutingFileSource source = RoutingFileSource.of(file, Router.create(table("g0", 1)));
    Files.writeString(file, "[1]");
    assertEquals(RoutingFileSource.Outcome.REFUSED, source.refresh());
    String first = source.lastError().getMessage();
    assertTrue(first.contains("must be a JSON object, got array"), first);
    Files.writeString(file, "{\"test_one_group\": 5}");
    assertEquals(RoutingFileSource.Outcome.REFUSED, source.refresh());
    String second = source.lastError().getMessage();
    assertTrue(second.contains("test_one_group: must be a string, got 5"), second);
    assertEquals(RoutingFileSource.Outcome.REFUSED, source.refresh()); // the same reason again
    assertEquals(second, source.lastError().getMessage());
    Files.writeString(file, document("g0", 2));
    assertEquals(RoutingFileSource.Outcome.UPDATED, source.refresh());
    assertNull(source.lastError());
  }

  @Test
  void fileSource_missingFile_refusedNamingItAndTheVersionKept_causeIsTheIoError() {
    Path file = dir.resolve("absent.json");
    RoutingFileSource source = RoutingFileSource.of(file, Router.create(table("g0", 1)));
    assertEquals(RoutingFileSource.Outcome.REFUSED, source.refresh());
    assertEquals(
        "cannot read routing file "
            + file
            + ": no such file (it was deleted or renamed, or its directory is not there); the"
            + " router keeps version 1",
        source.lastError().getMessage());
    assertTrue(
        source.lastError().getCause() instanceof java.nio.file.NoSuchFileException,
        "" + source.lastError().getCause());
  }

  @Test
  void fileSource_status_ageOfTheLastGoodRead_isSmallRightAfterIt() throws Exception {
    Path file = dir.resolve("one.json");
    Files.writeString(file, document("g0", 4));
    RoutingFileSource source = RoutingFileSource.of(file, Router.create(table("g0", 1)));
    source.refresh();
    RoutingSource.Status s = source.status();
    assertEquals(4, s.version());
    assertTrue(s.lastGoodAge().compareTo(Duration.ofMinutes(1)) < 0, "" + s.lastGoodAge());
  }

  @Test
  void fileSource_poller_isADaemonThread() throws Exception {
    Path file = dir.resolve("daemon-check.json");
    Files.writeString(file, document("g0", 4));
    RoutingFileSource source = RoutingFileSource.of(file, Router.create(table("g0", 1)));
    source.start(Duration.ofMillis(10));
    try {
      Thread poller = null;
      for (int i = 0; i < 100 && poller == null; i++) {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
          if (t.getName().equals("shardrouter-file-source-daemon-check.json")) {
            poller = t;
          }
        }
        if (poller == null) {
          Thread.sleep(2);
        }
      }
      assertTrue(poller != null, "no poller thread");
      assertTrue(poller.isDaemon(), "the poller keeps the JVM alive");
    } finally {
      source.close();
    }
  }
}
