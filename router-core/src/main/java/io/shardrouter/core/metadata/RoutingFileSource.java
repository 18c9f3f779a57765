package io.shardrouter.core.metadata;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a {@link Router} up to date from one file holding a routing document or snapshot: each
 * {@link #refresh()} reads the file when its bytes changed and publishes the table with {@link
 * Router#update}. A file that is malformed, invalid, stale or unreadable is logged and remembered
 * in {@link #lastError()}, and the router keeps serving its last good table; nothing is ever routed
 * to a guessed place.
 *
 * <p>Write the file atomically (write a temporary file, then rename) so a refresh never sees half a
 * document; a half-written file is refused like any bad input and picked up on the next refresh.
 *
 * <p><b>Thread-safety:</b> {@link #refresh()} may be called from any thread; calls are serialized.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RoutingFileSource implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RoutingFileSource.class);

  /** What one refresh did. */
  public enum Outcome {
    /** A new version was published. */
    UPDATED,
    /** The file is unchanged, or holds the version the router already serves. */
    UNCHANGED,
    /** The file was refused; see {@link #lastError()}; the router kept its table. */
    REFUSED
  }

  private final Path file;
  private final Router router;
  private final StrategyRegistry registry;
  private ScheduledExecutorService scheduler;
  private byte[] lastBytes;
  private volatile RoutingException lastError;

  private RoutingFileSource(Path file, Router router, StrategyRegistry registry) {
    this.file = Objects.requireNonNull(file, "file");
    this.router = Objects.requireNonNull(router, "router");
    this.registry = Objects.requireNonNull(registry, "registry");
  }

  /** A source for {@code router} reading {@code file} with the strategies on the class path. */
  public static RoutingFileSource of(Path file, Router router) {
    return new RoutingFileSource(file, router, StrategyRegistry.defaultRegistry());
  }

  /** A source for {@code router} reading {@code file} with the strategies of {@code registry}. */
  public static RoutingFileSource of(Path file, Router router, StrategyRegistry registry) {
    return new RoutingFileSource(file, router, registry);
  }

  /** Reads the file and publishes it when its bytes changed since the last refresh. */
  public synchronized Outcome refresh() {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      return refused(
          new RoutingException(
              "cannot read routing file "
                  + file
                  + ": "
                  + e.getMessage()
                  + "; the router keeps version "
                  + router.version(),
              e));
    }
    if (Arrays.equals(bytes, lastBytes)) {
      return lastError == null ? Outcome.UNCHANGED : Outcome.REFUSED;
    }
    lastBytes = bytes;
    try {
      RoutingTable table =
          Snapshots.isSnapshot(bytes)
              ? Snapshots.read(bytes, registry, Snapshots.DEFAULT_MAX_CONTENT_BYTES)
              : RoutingDocuments.read(bytes, registry, RoutingDocuments.DEFAULT_MAX_BYTES);
      boolean swapped = router.update(table);
      lastError = null;
      return swapped ? Outcome.UPDATED : Outcome.UNCHANGED;
    } catch (RoutingException e) {
      return refused(e);
    } catch (UncheckedIOException e) {
      return refused(
          new RoutingException("cannot read routing file " + file + ": " + e.getMessage(), e));
    }
  }

  private Outcome refused(RoutingException e) {
    lastError = e;
    LOG.warn(
        "routing file {} refused; still serving version {}: {}",
        file,
        router.version(),
        e.getMessage());
    return Outcome.REFUSED;
  }

  /** Why the last refresh refused the file, or null when it was accepted. */
  public RoutingException lastError() {
    return lastError;
  }

  /**
   * Refreshes every {@code interval} on one daemon thread until {@link #close()}.
   *
   * @throws IllegalStateException when already started
   */
  public synchronized RoutingFileSource start(Duration interval) {
    if (scheduler != null) {
      throw new IllegalStateException("routing file source for " + file + " is already started");
    }
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("refresh interval must be positive, got " + interval);
    }
    scheduler =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "shardrouter-file-source-" + file.getFileName());
              t.setDaemon(true);
              return t;
            });
    scheduler.scheduleWithFixedDelay(
        this::refreshQuietly, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    return this;
  }

  private void refreshQuietly() {
    try {
      refresh();
    } catch (RuntimeException e) {
      LOG.error(
          "routing file {} refresh failed unexpectedly; still serving version {}",
          file,
          router.version(),
          e);
    }
  }

  /** Stops periodic refreshes, if started. */
  @Override
  public synchronized void close() {
    if (scheduler != null) {
      scheduler.shutdownNow();
      scheduler = null;
    }
  }
}
