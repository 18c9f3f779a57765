package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RoutingFilePublisher} publishes a table whose document is exactly the readers' document
 * limit, and a publisher interrupted while it waits for the lock (the JVM's, or the file lock
 * another publisher holds) publishes nothing, says so, and leaves the thread's interrupt status
 * set.
 */
class RoutingFilePublisherEdgeTest {
  @TempDir Path dir;

  private static RoutingTable table(long version) {
    return RoutingDocuments.read(
        "{\"test_one_group\": \"g0\", \"routing_version\": " + version + "}");
  }

  @Test
  void documentOfExactlyTheLimit_published() throws Exception {
    RoutingTable t = table(3);
    byte[] document = RoutingDocuments.write(t).getBytes(StandardCharsets.UTF_8);
    Path file = dir.resolve("one.json");
    RoutingFilePublisher p =
        RoutingFilePublisher.of(
            file,
            StrategyRegistry.defaultRegistry(),
            ReadLimits.defaults().withMaxDocumentBytes(document.length));
    assertTrue(p.publish(t, RoutingPublisher.NOTHING_PUBLISHED));
    assertArrayEquals(document, Files.readAllBytes(file));
  }

  @Test
  void interruptedBeforeTheLock_publishesNothing_keepsTheInterrupt() {
    Path file = dir.resolve("one.json");
    RoutingFilePublisher p = RoutingFilePublisher.of(file);
    Thread.currentThread().interrupt();
    RoutingException e;
    try {
      e =
          assertThrows(
              RoutingException.class,
              () -> p.publish(table(3), RoutingPublisher.NOTHING_PUBLISHED));
    } finally {
      assertTrue(Thread.interrupted(), "the interrupt status was cleared");
    }
    assertEquals(
        "interrupted while waiting to publish routing table 'one' version 3 to "
            + file
            + "; nothing was published",
        e.getMessage());
    assertFalse(Files.exists(file));
  }

  @Test
  void interruptedWhileAnotherHoldsTheFileLock_stopsWaiting_publishesNothing() throws Exception {
    Path file = dir.resolve("one.json");
    RoutingFilePublisher p = RoutingFilePublisher.of(file).withLockTimeout(Duration.ofSeconds(5));
    try (FileChannel held =
        FileChannel.open(
            dir.resolve("one.json.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      held.lock(); // as another publisher would
      AtomicReference<Throwable> thrown = new AtomicReference<>();
      AtomicBoolean interruptKept = new AtomicBoolean();
      Thread publisher =
          new Thread(
              () -> {
                try {
                  p.publish(table(3), RoutingPublisher.NOTHING_PUBLISHED);
                } catch (Throwable t) {
                  thrown.set(t);
                }
                interruptKept.set(Thread.currentThread().isInterrupted());
              });
      publisher.start();
      Thread.sleep(30);
      publisher.interrupt();
      publisher.join(2_000);
      assertFalse(publisher.isAlive(), "still waiting for the lock after an interrupt");
      assertTrue(thrown.get() instanceof RoutingException, "" + thrown.get());
      assertEquals(
          "interrupted while waiting to publish routing table 'one' version 3 to "
              + file
              + "; nothing was published",
          thrown.get().getMessage());
      assertTrue(interruptKept.get(), "the interrupt status was cleared");
    }
    assertFalse(Files.exists(file));
  }
}
