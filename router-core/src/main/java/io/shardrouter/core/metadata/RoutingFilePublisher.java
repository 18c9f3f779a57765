package io.shardrouter.core.metadata;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes routing tables of one entity to one file, the file a {@link RoutingFileSource} of every
 * process reads: the {@link RoutingPublisher} of a fleet that shares a file system (one machine, a
 * mounted volume) instead of a configuration service.
 *
 * <p>A publish holds an OS file lock on the sibling file {@code <file>.lock} (and a lock of this
 * JVM on the same path, since a JVM cannot lock one file twice), reads the version in the file,
 * applies {@link RoutingPublisher}'s rules to it (compare-and-set on the version the caller read;
 * the same version with the same content changes nothing and returns false; an older version, or
 * the same version with other content, is refused with a {@link PublishConflictException}), then
 * writes the routing document ({@link RoutingDocuments#write}) to {@code <file>.tmp} in the same
 * directory, forces it to disk, renames it over the file atomically and forces the directory. A
 * reader sees the old document or the new one, never a part; a crash leaves the old one.
 *
 * <p>The file is read within the {@link ReadLimits} given here, which should be those of the
 * sources that read it: a file this publisher cannot read (damaged, another entity's, over the
 * limits) is refused with its path and what to do, and a document over {@link
 * ReadLimits#maxDocumentBytes()} is not written, since no source could read it. Directories are
 * never created: a publish to a directory that does not exist names it.
 *
 * <p><b>Thread-safety:</b> safe for any number of threads and processes; publishes to one file are
 * serialized by its lock.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RoutingFilePublisher implements RoutingPublisher {
  private static final Logger LOG = LoggerFactory.getLogger(RoutingFilePublisher.class);

  /** How long a publish waits for the lock by default. */
  public static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(30);

  /** One lock per lock file in this JVM: the OS lock is per process, not per thread. */
  private static final ConcurrentMap<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

  private final Path file;
  private final Path directory; // the file's, which exists when anything is published
  private final StrategyRegistry registry;
  private final ReadLimits limits;
  private final Duration lockTimeout;

  private RoutingFilePublisher(
      Path file,
      Path directory,
      StrategyRegistry registry,
      ReadLimits limits,
      Duration lockTimeout) {
    this.file = file;
    this.directory = directory;
    this.registry = registry;
    this.limits = limits;
    this.lockTimeout = lockTimeout;
  }

  /** A publisher to {@code file}, reading it with the strategies on the class path. */
  public static RoutingFilePublisher of(Path file) {
    return of(file, StrategyRegistry.defaultRegistry(), ReadLimits.defaults());
  }

  /**
   * A publisher to {@code file}, reading it with the strategies of {@code registry} within {@code
   * limits} (give it the limits of the sources that read the file).
   *
   * @throws IllegalArgumentException when {@code file} names no file (a root, an empty path)
   */
  public static RoutingFilePublisher of(Path file, StrategyRegistry registry, ReadLimits limits) {
    Objects.requireNonNull(file, "file");
    Path absolute = file.toAbsolutePath().normalize();
    Path directory = absolute.getParent();
    if (absolute.getFileName() == null || directory == null) {
      throw new IllegalArgumentException(
          "routing file '" + file + "' names no file; give the path of a file, e.g. orders.json");
    }
    return new RoutingFilePublisher(
        absolute,
        directory,
        Objects.requireNonNull(registry, "registry"),
        Objects.requireNonNull(limits, "limits"),
        DEFAULT_LOCK_TIMEOUT);
  }

  /**
   * This publisher, waiting at most {@code timeout} for the lock of another publisher (default
   * {@link #DEFAULT_LOCK_TIMEOUT}).
   *
   * @throws IllegalArgumentException when {@code timeout} is negative
   */
  public RoutingFilePublisher withLockTimeout(Duration timeout) {
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("lock timeout must be >= 0, got " + timeout);
    }
    return new RoutingFilePublisher(file, directory, registry, limits, timeout);
  }

  /** The file published to, as an absolute path. */
  public Path file() {
    return file;
  }

  /**
   * {@inheritDoc}
   *
   * @throws RoutingException when the file cannot be read, holds no routing document or snapshot,
   *     or holds another entity's table
   */
  @Override
  public long publishedVersion(String entity) {
    Objects.requireNonNull(entity, "entity");
    RoutingTable current = readCurrent(entity, "read the published version");
    return current == null ? NOTHING_PUBLISHED : current.version();
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException when the table's document is over the read limits' {@link
   *     ReadLimits#maxDocumentBytes()}: no source could read it
   * @throws RoutingException when the directory does not exist or cannot be written, the lock is
   *     not had within the lock timeout, or the file holds no readable table of {@code table}'s
   *     entity; nothing is published then
   */
  @Override
  public boolean publish(RoutingTable table, long expectedVersion) {
    Objects.requireNonNull(table, "table");
    if (expectedVersion < NOTHING_PUBLISHED) {
      throw new IllegalArgumentException(
          "expected version must be >= 0, or "
              + NOTHING_PUBLISHED
              + " when nothing is published, got "
              + expectedVersion);
    }
    String what = "publish routing table '" + table.entity() + "' version " + table.version();
    byte[] document = RoutingDocuments.write(table).getBytes(StandardCharsets.UTF_8);
    if (document.length > limits.maxDocumentBytes()) {
      throw new IllegalArgumentException(
          "table '"
              + table.entity()
              + "' version "
              + table.version()
              + " is not published to "
              + file
              + ": its routing document is "
              + document.length
              + " bytes, over the "
              + limits.maxDocumentBytes()
              + " bytes (ReadLimits.maxDocumentBytes) that the routing file's readers accept, so no"
              + " RoutingFileSource could load it; raise the limit for the sources and this"
              + " publisher alike");
    }
    Path dir = directory;
    if (!Files.isDirectory(dir)) {
      throw new RoutingException(
          "cannot "
              + what
              + " to "
              + file
              + ": the directory "
              + dir
              + (Files.exists(dir) ? " is not a directory" : " does not exist")
              + "; create it or fix the path (the publisher creates no directories, so that a"
              + " mistyped path fails here instead of publishing where no source reads)");
    }
    ReentrantLock jvmLock = JVM_LOCKS.computeIfAbsent(lockFile(), p -> new ReentrantLock());
    long deadline = System.nanoTime() + lockTimeout.toNanos();
    try {
      if (!jvmLock.tryLock(lockTimeout.toNanos(), TimeUnit.NANOSECONDS)) {
        throw lockTimedOut(what);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RoutingException(
          "interrupted while waiting to " + what + " to " + file + "; nothing was published", e);
    }
    try (FileChannel lockChannel = openLock(what)) {
      lock(lockChannel, deadline, what);
      // Closing the channel releases the OS lock.
      return publishLocked(table, expectedVersion, document, what);
    } catch (IOException e) {
      // Only closing the lock's channel throws this, after the publish itself returned.
      throw new RoutingException(
          "routing table '"
              + table.entity()
              + "' version "
              + table.version()
              + " was published to "
              + file
              + ", but releasing the lock "
              + lockFile()
              + " failed ("
              + e
              + "); the OS releases it when this process exits",
          e);
    } finally {
      jvmLock.unlock();
    }
  }

  private boolean publishLocked(
      RoutingTable table, long expectedVersion, byte[] document, String what) {
    RoutingTable current = readCurrent(table.entity(), what);
    if (current != null
        && current.version() == table.version()
        && current.fingerprint().equals(table.fingerprint())) {
      return false;
    }
    long currentVersion = current == null ? NOTHING_PUBLISHED : current.version();
    if (currentVersion != expectedVersion) {
      throw PublishConflictException.lostRace(
          table.entity(),
          expectedVersion,
          currentVersion,
          current == null ? null : current.fingerprint(),
          table.version());
    }
    if (table.version() <= currentVersion) {
      throw PublishConflictException.notAbove(
          table.entity(), currentVersion, table.version(), table.version() == currentVersion);
    }
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      try (FileChannel ch =
          FileChannel.open(
              tmp,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buf = ByteBuffer.wrap(document);
        while (buf.hasRemaining()) {
          ch.write(buf);
        }
        ch.force(true);
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw new RoutingException(
          "cannot "
              + what
              + " to "
              + file
              + ": writing "
              + tmp
              + " and renaming it over the file failed ("
              + e
              + "); the file still holds "
              + (current == null ? "nothing" : "version " + currentVersion)
              + "; make the directory "
              + directory
              + " writable (with room to spare) and publish again",
          e);
    }
    try {
      syncDirectory();
    } catch (IOException e) {
      // The rename is done and readers see the new version; only its durability over a power
      // loss is unconfirmed, and the next publish syncs the directory again.
      LOG.warn(
          "published '{}' version {} to {}, but syncing the directory failed: {}",
          table.entity(),
          table.version(),
          file,
          e.toString());
    }
    LOG.info(
        "published routing table '{}' version {} over {} to {} ({} bytes, fingerprint {})",
        table.entity(),
        table.version(),
        current == null ? "nothing" : Long.toString(currentVersion),
        file,
        document.length,
        table.fingerprint().substring(0, 12));
    return true;
  }

  /** The file holds nothing this publisher can read: what it says, and what to do. */
  private RoutingException unreadable(String what, String entity, RuntimeException e) {
    return new RoutingException(
        "cannot "
            + what
            + ": the routing file "
            + file
            + " holds no routing document or snapshot this publisher can read, so the version"
            + " published there is unknown ("
            + e.getMessage()
            + "); nothing was published, and every RoutingFileSource of the file refuses it too:"
            + " restore the file from the last good routing document of '"
            + entity
            + "' (a coordinator's routes().toDocument(), a backup), then publish again",
        e);
  }

  /** The table in the file, or null when there is no file. */
  private @Nullable RoutingTable readCurrent(String entity, String what) {
    byte[] bytes;
    RoutingTable current;
    try {
      bytes = RoutingDocuments.readBounded(file, limits);
    } catch (UncheckedIOException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof NoSuchFileException) {
        return null;
      }
      throw new RoutingException(
          "cannot "
              + what
              + ": reading the routing file "
              + file
              + " failed ("
              + cause
              + "); nothing was published: make it a readable file, or remove what is in its place",
          cause);
    } catch (InvalidRoutingTableException e) {
      throw unreadable(what, entity, e);
    }
    try {
      current = RoutingDocuments.read(bytes, registry, limits);
    } catch (RoutingException | UncheckedIOException e) {
      throw unreadable(what, entity, e);
    }
    if (!current.entity().equals(entity)) {
      throw new RoutingException(
          "cannot "
              + what
              + ": the routing file "
              + file
              + " holds a table of entity '"
              + current.entity()
              + "' (version "
              + current.version()
              + "), not of '"
              + entity
              + "'; publish each entity to a file of its own");
    }
    return current;
  }

  private Path lockFile() {
    return file.resolveSibling(file.getFileName() + ".lock");
  }

  private FileChannel openLock(String what) {
    try {
      return FileChannel.open(lockFile(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new RoutingException(
          "cannot "
              + what
              + " to "
              + file
              + ": opening the lock file "
              + lockFile()
              + " failed ("
              + e
              + "); the publisher writes "
              + file.getFileName()
              + ".lock and "
              + file.getFileName()
              + ".tmp beside the file, so the directory "
              + directory
              + " must be writable by this process; nothing was published",
          e);
    }
  }

  /** Takes the OS lock on {@code channel}'s file; closing the channel releases it. */
  private void lock(FileChannel channel, long deadline, String what) {
    while (true) {
      try {
        FileLock lock = channel.tryLock();
        if (lock != null) {
          return;
        }
      } catch (OverlappingFileLockException e) {
        // held by this JVM through another path to the same file: wait as for another process
      } catch (IOException e) {
        throw new RoutingException(
            "cannot "
                + what
                + " to "
                + file
                + ": locking "
                + lockFile()
                + " failed ("
                + e
                + "); the file system must support file locks (a local disk, or NFS with locking);"
                + " nothing was published",
            e);
      }
      if (System.nanoTime() - deadline >= 0) {
        throw lockTimedOut(what);
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new RoutingException(
            "interrupted while waiting to " + what + " to " + file + "; nothing was published", e);
      }
    }
  }

  private RoutingException lockTimedOut(String what) {
    return new RoutingException(
        "cannot "
            + what
            + " to "
            + file
            + ": another publisher held the lock "
            + lockFile()
            + " for more than "
            + lockTimeout.toMillis()
            + " ms; nothing was published: publish again (reading the version again), or find"
            + " the process that holds the lock (lsof "
            + lockFile()
            + ")");
  }

  /**
   * Makes the rename durable: on POSIX file systems the new directory entry survives a power loss
   * only once the directory itself is synced. Windows cannot open a directory as a channel; NTFS
   * journals the rename.
   */
  private void syncDirectory() throws IOException {
    if (System.getProperty("os.name", "").startsWith("Windows")) {
      return;
    }
    try (FileChannel d = FileChannel.open(directory, StandardOpenOption.READ)) {
      d.force(true);
    }
  }

  @Override
  public String toString() {
    return "RoutingFilePublisher{" + file + "}";
  }
}
