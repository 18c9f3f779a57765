package io.shardrouter.core.metadata;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
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
 * {@link RoutingFilePublisher} writes it so, with compare-and-set on the version in the file.
 *
 * <p>As a {@link RoutingSource}, more routers of the same entity may {@link #subscribe}; each is
 * given every table the source accepts.
 *
 * <p><b>Thread-safety:</b> {@link #refresh()} may be called from any thread; calls are serialized.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RoutingFileSource implements RoutingSource {
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
  private final ReadLimits limits;
  private final List<Router> subscribers = new CopyOnWriteArrayList<>();
  private @Nullable ScheduledExecutorService scheduler;
  private byte @Nullable [] lastBytes;
  private volatile @Nullable RoutingException lastError;
  private volatile long lastGoodNanos = System.nanoTime();

  private RoutingFileSource(
      Path file, Router router, StrategyRegistry registry, ReadLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
    this.file = Objects.requireNonNull(file, "file");
    this.router = Objects.requireNonNull(router, "router");
    this.registry = Objects.requireNonNull(registry, "registry");
  }

  /** A source for {@code router} reading {@code file} with the strategies on the class path. */
  public static RoutingFileSource of(Path file, Router router) {
    return of(file, router, StrategyRegistry.defaultRegistry(), ReadLimits.defaults());
  }

  /** A source for {@code router} reading {@code file} with the strategies of {@code registry}. */
  public static RoutingFileSource of(Path file, Router router, StrategyRegistry registry) {
    return of(file, router, registry, ReadLimits.defaults());
  }

  /**
   * A source for {@code router} reading {@code file} with the strategies of {@code registry},
   * within {@code limits} (a file over them is refused like any bad table: the router keeps its
   * table).
   */
  public static RoutingFileSource of(
      Path file, Router router, StrategyRegistry registry, ReadLimits limits) {
    return new RoutingFileSource(file, router, registry, limits);
  }

  /** Reads the file and publishes it when its bytes changed since the last refresh. */
  public synchronized Outcome refresh() {
    byte[] bytes;
    try {
      bytes = RoutingDocuments.readBounded(file, limits);
    } catch (InvalidRoutingTableException e) {
      // Over a limit, refused before it is read; said once while the file stays as it is.
      lastBytes = null;
      RoutingException before = lastError;
      if (before != null && Objects.equals(before.getMessage(), e.getMessage())) {
        return Outcome.REFUSED;
      }
      return refused(e);
    } catch (UncheckedIOException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      return refused(
          new RoutingException(
              "cannot read routing file "
                  + file
                  + ": "
                  + reason(cause)
                  + "; the router keeps version "
                  + router.version(),
              cause));
    }
    if (Arrays.equals(bytes, lastBytes)) {
      if (lastError == null) {
        lastGoodNanos = System.nanoTime();
        return Outcome.UNCHANGED;
      }
      return Outcome.REFUSED;
    }
    lastBytes = bytes;
    try {
      RoutingTable table = RoutingDocuments.read(bytes, registry, limits);
      boolean swapped = router.update(table);
      for (Router r : subscribers) {
        r.update(table);
      }
      lastError = null;
      lastGoodNanos = System.nanoTime();
      return swapped ? Outcome.UPDATED : Outcome.UNCHANGED;
    } catch (RoutingException e) {
      return refused(e);
    } catch (UncheckedIOException e) {
      return refused(
          new RoutingException("cannot read routing file " + file + ": " + reason(e), e));
    }
  }

  /**
   * Why a read failed, in the file system's words: a missing file's exception says only its path,
   * which the message names already.
   */
  private static String reason(Throwable e) {
    Throwable t = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
    if (t instanceof java.nio.file.NoSuchFileException) {
      return "no such file (it was deleted or renamed, or its directory is not there)";
    }
    if (t instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (t instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return String.valueOf(t.getMessage());
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

  /**
   * Gives {@code subscriber} every table this source accepts from now on, starting with the table
   * of the source's router when it is newer.
   *
   * @throws IllegalArgumentException when {@code subscriber} routes another entity
   */
  @Override
  public void subscribe(Router subscriber) {
    Objects.requireNonNull(subscriber, "router");
    if (subscriber == router || subscribers.contains(subscriber)) {
      return;
    }
    RoutingTable current = router.table();
    if (!current.entity().equals(subscriber.table().entity())) {
      throw new IllegalArgumentException(
          "router of entity '"
              + subscriber.table().entity()
              + "' cannot subscribe to the routing file "
              + file
              + " of entity '"
              + current.entity()
              + "'; use one source per entity");
    }
    if (current.version() > subscriber.version()) {
      subscriber.update(current);
    }
    subscribers.add(subscriber);
  }

  @Override
  public void unsubscribe(Router subscriber) {
    subscribers.remove(subscriber);
  }

  /** The version the source's router serves, the age of the last accepted read, the last error. */
  @Override
  public RoutingSource.Status status() {
    RoutingTable current = router.table();
    return new RoutingSource.Status(
        current.version(),
        current.fingerprint(),
        Duration.ofNanos(Math.max(0, System.nanoTime() - lastGoodNanos)),
        lastError);
  }

  /** Why the last refresh refused the file, or null when it was accepted. */
  public @Nullable RoutingException lastError() {
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
