package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFilePublisher;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingPublisher;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file publisher: {@link RoutingPublisher}'s rules on a file that {@link RoutingFileSource}s
 * read, an atomic replace under an OS lock, and a clear refusal of every bad file and place.
 */
class RoutingFilePublisherTest {
  @TempDir Path dir;

  private RoutingFilePublisher publisher(Path file) {
    return RoutingFilePublisher.of(file, ByteSumStrategy.REGISTRY, ReadLimits.defaults());
  }

  @Test
  void publish_thenEveryVersion_reachesARoutingFileSource() {
    Path file = dir.resolve("orders.json");
    RoutingFilePublisher publisher = publisher(file);
    assertEquals(RoutingPublisher.NOTHING_PUBLISHED, publisher.publishedVersion("orders"));
    RoutingTable v1 = Tables.table(1, 16, 2);
    assertTrue(publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED));
    assertEquals(1, publisher.publishedVersion("orders"));
    assertEquals(v1, RoutingDocuments.read(file, ByteSumStrategy.REGISTRY, ReadLimits.defaults()));

    Router router = Router.create(Tables.table(0, 16, 2));
    RoutingFileSource source = RoutingFileSource.of(file, router, ByteSumStrategy.REGISTRY);
    assertEquals(RoutingFileSource.Outcome.UPDATED, source.refresh());
    assertEquals(1, router.version());
    RoutingTable v2 = Tables.table(2, 16, 3);
    assertTrue(publisher.publish(v2, 1));
    assertEquals(RoutingFileSource.Outcome.UPDATED, source.refresh());
    assertEquals(v2, router.table());
    // a service that was offline may skip versions: "higher", not "one higher"
    assertTrue(publisher.publish(Tables.table(9, 16, 3), 2));
    assertEquals(RoutingFileSource.Outcome.UPDATED, source.refresh());
    assertEquals(9, router.version());
    assertFalse(Files.exists(dir.resolve("orders.json.tmp")), "the temporary file is renamed");
  }

  @Test
  void publish_sameTableAgain_returnsFalse_andLeavesTheFileAlone() throws Exception {
    Path file = dir.resolve("orders.json");
    RoutingFilePublisher publisher = publisher(file);
    RoutingTable v1 = Tables.table(1, 16, 2);
    assertTrue(publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED));
    byte[] before = Files.readAllBytes(file);
    long modified = Files.getLastModifiedTime(file).toMillis();
    Thread.sleep(20);
    assertFalse(publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED), "a retried publish");
    assertFalse(publisher.publish(v1, 1));
    assertArrayEquals(before, Files.readAllBytes(file));
    assertEquals(modified, Files.getLastModifiedTime(file).toMillis());
  }

  @Test
  void publish_sameVersionOtherContent_refusedWithTheVersionToUse() {
    RoutingFilePublisher publisher = publisher(dir.resolve("orders.json"));
    publisher.publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED);
    PublishConflictException e =
        assertThrows(
            PublishConflictException.class, () -> publisher.publish(Tables.table(1, 16, 3), 1));
    assertEquals(
        "routing table 'orders' version 1 cannot replace the published version 1 with different"
            + " content; publish it as version 2",
        e.getMessage());
    assertEquals(1, e.publishedVersion());
  }

  @Test
  void publish_olderVersion_refused() {
    RoutingFilePublisher publisher = publisher(dir.resolve("orders.json"));
    publisher.publish(Tables.table(8, 16, 2), RoutingPublisher.NOTHING_PUBLISHED);
    PublishConflictException e =
        assertThrows(
            PublishConflictException.class, () -> publisher.publish(Tables.table(2, 16, 3), 8));
    assertEquals(
        "routing table 'orders' version 2 is older than the published version 8; routers never go"
            + " back: publish a version above 8",
        e.getMessage());
    assertEquals(8, publisher.publishedVersion("orders"));
  }

  @Test
  void publish_staleExpectedVersion_namesTheVersionThatWon() {
    RoutingFilePublisher publisher = publisher(dir.resolve("orders.json"));
    publisher.publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED);
    publisher.publish(Tables.table(2, 16, 2), 1);
    PublishConflictException e =
        assertThrows(
            PublishConflictException.class, () -> publisher.publish(Tables.table(3, 16, 2), 1));
    assertTrue(
        e.getMessage()
            .startsWith(
                "routing table 'orders' version 3 was not published: it was prepared on top of"
                    + " version 1, but version 2 (fingerprint "),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("publish it as version 3"), e.getMessage());
    PublishConflictException first =
        assertThrows(
            PublishConflictException.class,
            () -> publisher.publish(Tables.table(3, 16, 2), RoutingPublisher.NOTHING_PUBLISHED));
    assertTrue(first.getMessage().contains("on top of nothing published"), first.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> publisher.publish(Tables.table(3, 16, 2), -2));
  }

  @Test
  void publish_expectingAVersion_whenNothingIsPublished_refused() {
    RoutingFilePublisher publisher = publisher(dir.resolve("orders.json"));
    PublishConflictException e =
        assertThrows(
            PublishConflictException.class, () -> publisher.publish(Tables.table(2, 16, 2), 1));
    assertTrue(
        e.getMessage().contains("but nothing is published now; read the store again"),
        e.getMessage());
  }

  @Test
  void publish_corruptFile_refusedNamingTheFile_andLeavesItAlone() throws Exception {
    Path file = dir.resolve("orders.json");
    Files.writeString(file, "{\"format\": 1, \"routing_version\": 4");
    RoutingFilePublisher publisher = publisher(file);
    RoutingException e =
        assertThrows(RoutingException.class, () -> publisher.publish(Tables.table(5, 16, 2), 4));
    assertEquals(RoutingException.class, e.getClass());
    assertTrue(
        e.getMessage()
            .startsWith(
                "cannot publish routing table 'orders' version 5: the routing file "
                    + file
                    + " holds no routing document or snapshot this publisher can read, so the"
                    + " version published there is unknown ("),
        e.getMessage());
    assertTrue(
        e.getMessage()
            .endsWith(
                "restore the file from the last good routing document of 'orders'"
                    + " (a coordinator's routes().toDocument(), a backup), then publish again"),
        e.getMessage());
    assertTrue(e.getCause() instanceof InvalidRoutingTableException, e.getCause().toString());
    assertEquals("{\"format\": 1, \"routing_version\": 4", Files.readString(file));
    RoutingException read =
        assertThrows(RoutingException.class, () -> publisher.publishedVersion("orders"));
    assertTrue(read.getMessage().startsWith("cannot read the published version: the routing file"));
  }

  @Test
  void publish_overTheReadLimits_refusedWithTheLimit_fileUnchanged() {
    Path file = dir.resolve("orders.json");
    publisher(file).publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED);
    RoutingTable big = Tables.table(2, 16, 2);
    int size = RoutingDocuments.write(big).getBytes(StandardCharsets.UTF_8).length;
    RoutingFilePublisher tight =
        RoutingFilePublisher.of(
            file, ByteSumStrategy.REGISTRY, ReadLimits.defaults().withMaxDocumentBytes(size - 1));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> tight.publish(big, 1));
    assertEquals(
        "table 'orders' version 2 is not published to "
            + file
            + ": its routing document is "
            + size
            + " bytes, over the "
            + (size - 1)
            + " bytes (ReadLimits.maxDocumentBytes) that the routing file's readers accept, so no"
            + " RoutingFileSource could load it; raise the limit for the sources and this publisher"
            + " alike",
        e.getMessage());
    assertEquals(1, publisher(file).publishedVersion("orders"));
  }

  @Test
  void publish_overAFileOverTheReadLimits_refusedBeforeReadingIt_fileUnchanged() throws Exception {
    Path file = RoutingFileSourceTest.sparse(dir.resolve("orders.json"), 3L << 30);
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () ->
                publisher(file)
                    .publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED));
    assertTrue(
        e.getMessage().startsWith("cannot publish")
            && e.getMessage()
                .contains(" holds no routing document or snapshot this publisher can read")
            && e.getMessage().contains("is 3221225472 bytes, over the limit of 268435456"),
        e.getMessage());
    assertEquals(3L << 30, Files.size(file));
  }

  @Test
  void publish_fileOfAnotherEntity_refused() throws Exception {
    Path file = dir.resolve("orders.json");
    RoutingTable users = Tables.table(3, 16, 2).toBuilder().entity("users").build();
    Files.writeString(file, RoutingDocuments.write(users));
    RoutingException e =
        assertThrows(
            RoutingException.class, () -> publisher(file).publish(Tables.table(4, 16, 2), 3));
    assertEquals(
        "cannot publish routing table 'orders' version 4: the routing file "
            + file
            + " holds a table of entity 'users' (version 3), not of 'orders'; publish each entity"
            + " to a file of its own",
        e.getMessage());
  }

  @Test
  void publish_missingDirectory_refusedAndNotCreated() {
    Path file = dir.resolve("no-such-dir").resolve("orders.json");
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () ->
                publisher(file)
                    .publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED));
    assertEquals(
        "cannot publish routing table 'orders' version 1 to "
            + file
            + ": the directory "
            + file.getParent()
            + " does not exist; create it or fix the path (the publisher creates no directories,"
            + " so that a mistyped path fails here instead of publishing where no source reads)",
        e.getMessage());
    assertFalse(Files.exists(file.getParent()));
    assertEquals(RoutingPublisher.NOTHING_PUBLISHED, publisher(file).publishedVersion("orders"));
  }

  @Test
  void publish_fileIsADirectory_refusedNamingIt() throws Exception {
    Path file = Files.createDirectory(dir.resolve("orders.json"));
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () ->
                publisher(file)
                    .publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED));
    assertTrue(
        e.getMessage()
            .startsWith(
                "cannot publish routing table 'orders' version 1: reading the routing file "
                    + file
                    + " failed ("),
        e.getMessage());
    assertTrue(
        e.getMessage().endsWith("make it a readable file, or remove what is in its place"),
        e.getMessage());
  }

  @Test
  void of_pathWithoutAFileName_refused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RoutingFilePublisher.of(Path.of("/")));
    assertEquals(
        "routing file '/' names no file; give the path of a file, e.g. orders.json",
        e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> RoutingFilePublisher.of(dir.resolve("f")).withLockTimeout(Duration.ofMillis(-1)));
  }

  /**
   * A directory this process cannot write: read-only permissions, or, for root (who writes any
   * directory whatever its permissions), the immutable attribute ({@code chattr +i}).
   */
  private AutoCloseable readOnly(Path d) throws Exception {
    Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("r-xr-xr-x"));
    Path probe = d.resolve(".probe");
    try {
      Files.createFile(probe);
    } catch (java.io.IOException refused) {
      return () -> Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    Files.delete(probe);
    Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxr-xr-x"));
    Process p = new ProcessBuilder("chattr", "+i", d.toString()).inheritIO().start();
    Assumptions.assumeTrue(
        p.waitFor() == 0,
        "this process writes read-only directories and cannot make one immutable (chattr +i)");
    return () -> {
      Process undo = new ProcessBuilder("chattr", "-i", d.toString()).inheritIO().start();
      assertEquals(0, undo.waitFor(), "chattr -i " + d);
    };
  }

  @Test
  void publish_unwritableDirectory_refusedNamingTheDirectory_beforeAndAfterALockFileExists()
      throws Exception {
    Path fresh = Files.createDirectory(dir.resolve("fresh"));
    Path file = fresh.resolve("orders.json");
    try (AutoCloseable undo = readOnly(fresh)) {
      RoutingException e =
          assertThrows(
              RoutingException.class,
              () ->
                  publisher(file)
                      .publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "cannot publish routing table 'orders' version 1 to "
                      + file
                      + ": opening the lock file "
                      + file
                      + ".lock failed ("),
          e.getMessage());
      assertTrue(
          e.getMessage()
              .endsWith(
                  "the publisher writes orders.json.lock and orders.json.tmp beside the file, so"
                      + " the directory "
                      + fresh
                      + " must be writable by this process; nothing was published"),
          e.getMessage());
    }

    // With the lock file already there (a publish before), the temporary file is what fails.
    Path used = Files.createDirectory(dir.resolve("used"));
    Path usedFile = used.resolve("orders.json");
    publisher(usedFile).publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED);
    try (AutoCloseable undo = readOnly(used)) {
      RoutingException e =
          assertThrows(
              RoutingException.class, () -> publisher(usedFile).publish(Tables.table(2, 16, 2), 1));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "cannot publish routing table 'orders' version 2 to "
                      + usedFile
                      + ": writing "
                      + usedFile
                      + ".tmp and renaming it over the file failed ("),
          e.getMessage());
      assertTrue(
          e.getMessage()
              .endsWith(
                  "the file still holds version 1; make the directory "
                      + used
                      + " writable (with room to spare) and publish again"),
          e.getMessage());
    }
    assertEquals(1, publisher(usedFile).publishedVersion("orders"));
  }

  @Test
  void publish_concurrentPublishers_exactlyOneWinsEachVersion() throws Exception {
    Path file = dir.resolve("orders.json");
    publisher(file).publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED);
    int publishers = 6;
    ExecutorService pool = Executors.newFixedThreadPool(publishers);
    try {
      for (int round = 2; round <= 6; round++) {
        long version = round;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Boolean>> results = new ArrayList<>();
        for (int i = 0; i < publishers; i++) {
          int groups = 2 + i; // each publisher offers its own content
          results.add(
              pool.submit(
                  () -> {
                    go.await();
                    return publisher(file).publish(Tables.table(version, 16, groups), version - 1);
                  }));
        }
        go.countDown();
        int won = 0;
        for (Future<Boolean> f : results) {
          try {
            assertTrue(f.get());
            won++;
          } catch (ExecutionException e) {
            PublishConflictException c = (PublishConflictException) e.getCause();
            assertEquals(version, c.publishedVersion(), c.getMessage());
          }
        }
        assertEquals(1, won, "winners of version " + version);
        assertEquals(version, publisher(file).publishedVersion("orders"));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** A program that holds the OS lock of its argument until its standard input closes. */
  private static final String LOCKER =
      "import java.nio.channels.FileChannel;\n"
          + "import java.nio.file.*;\n"
          + "public class Locker {\n"
          + "  public static void main(String[] a) throws Exception {\n"
          + "    try (FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.CREATE,"
          + " StandardOpenOption.WRITE); var l = c.lock()) {\n"
          + "      System.out.println(\"locked\");\n"
          + "      System.out.flush();\n"
          + "      while (System.in.read() >= 0) {}\n"
          + "    }\n"
          + "  }\n"
          + "}\n";

  @Test
  void publish_lockHeldByAnotherProcess_waitsThenTimesOut_thenPublishesOnceReleased()
      throws Exception {
    Path file = dir.resolve("orders.json");
    publisher(file).publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED);
    Path locker = dir.resolve("Locker.java");
    Files.writeString(locker, LOCKER);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(java, locker.toString(), file + ".lock")
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("locked", out.readLine());
      RoutingFilePublisher impatient = publisher(file).withLockTimeout(Duration.ofMillis(300));
      long start = System.nanoTime();
      RoutingException e =
          assertThrows(RoutingException.class, () -> impatient.publish(Tables.table(2, 16, 2), 1));
      long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(waited >= 300, "waited " + waited + " ms");
      assertEquals(
          "cannot publish routing table 'orders' version 2 to "
              + file
              + ": another publisher held the lock "
              + file
              + ".lock for more than 300 ms; nothing was published: publish again (reading the"
              + " version again), or find the process that holds the lock (lsof "
              + file
              + ".lock)",
          e.getMessage());
      assertEquals(1, publisher(file).publishedVersion("orders"));
      p.getOutputStream().close(); // the locker exits, and the OS releases its lock
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
      assertTrue(
          publisher(file)
              .withLockTimeout(Duration.ofSeconds(10))
              .publish(Tables.table(2, 16, 2), 1));
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void publish_leavesNoTemporaryFile_andOnlyItsLockBeside() throws Exception {
    Path file = dir.resolve("orders.json");
    publisher(file).publish(Tables.table(1, 16, 2), RoutingPublisher.NOTHING_PUBLISHED);
    publisher(file).publish(Tables.table(2, 16, 2), 1);
    List<String> names;
    try (Stream<Path> s = Files.list(dir)) {
      names = s.map(x -> x.getFileName().toString()).sorted().toList();
    }
    assertEquals(List.of("orders.json", "orders.json.lock"), names);
  }
}
