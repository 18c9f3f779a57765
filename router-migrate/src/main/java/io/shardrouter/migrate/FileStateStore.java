package io.shardrouter.migrate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;

/**
 * Keeps each migration's state in {@code <dir>/<id>.migration.json}: the JSON state, then a last
 * line {@code crc32 <hex>} over the bytes before it. A save writes a temporary file, forces it to
 * disk and renames it over the old one atomically, so a crash leaves the old state or the new one.
 *
 * <p><b>Thread-safety:</b> safe for concurrent use; one writer per migration id is assumed.
 *
 * <p>Made by {@link MigrationStateStore#inDirectory}.
 */
final class FileStateStore implements MigrationStateStore {
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

  /**
   * The lock files this process holds, and the store that holds each: an OS lock is per process, so
   * the stores of one process share it, and the last to claim a migration holds it.
   */
  private static final Map<Path, Held> HELD = new HashMap<>(); // guarded by itself

  private record Held(FileChannel channel, FileLock lock, FileStateStore holder) {}

  private final Path dir;

  /**
   * A store under {@code dir} (created when missing).
   *
   * @param dir the directory
   * @throws UncheckedIOException when the directory cannot be created
   */
  public FileStateStore(Path dir) {
    this.dir = dir;
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create migration state directory " + dir, e);
    }
  }

  /** The file that holds a migration's state. */
  public Path fileOf(String migrationId) {
    if (!ID.matcher(migrationId).matches()) {
      throw new IllegalArgumentException(
          "migration id '"
              + migrationId
              + "' must match "
              + ID.pattern()
              + " (it names a file); choose a name such as 'orders-4to5'");
    }
    return dir.resolve(migrationId + ".migration.json");
  }

  @Override
  public @Nullable MigrationState load(String migrationId) {
    Path file = fileOf(migrationId);
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read migration state " + file, e);
    }
    int nl = text.lastIndexOf("\ncrc32 ");
    if (nl < 0) {
      throw new IllegalStateException(
          "migration state "
              + file
              + " has no 'crc32' line: the file is torn or was not written by FileStateStore;"
              + " restore it from a backup or delete it to start over");
    }
    String body = text.substring(0, nl + 1);
    String want = text.substring(nl + 7).trim();
    String got = crc(body);
    if (!got.equals(want)) {
      throw new IllegalStateException(
          "migration state "
              + file
              + " fails its checksum (file says "
              + want
              + ", content is "
              + got
              + "); the file is corrupt: restore it from a backup");
    }
    try {
      return StateCodec.read(body.trim(), file.toString());
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "migration state " + file + " is not valid: " + e.getMessage(), e);
    }
  }

  /**
   * Takes the OS lock of {@code <dir>/<id>.lock} for this process (or takes the migration over from
   * another store of this process) and writes the holder into the file.
   *
   * @throws ConflictException when another process holds the lock: names the holder
   */
  @Override
  public void claim(String migrationId) {
    Path lockFile = lockOf(migrationId);
    synchronized (HELD) {
      Held held = HELD.get(lockFile);
      if (held != null) {
        HELD.put(lockFile, new Held(held.channel(), held.lock(), this));
        return;
      }
      FileChannel ch = null;
      try {
        ch =
            FileChannel.open(
                lockFile,
                StandardOpenOption.CREATE,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileLock lock = ch.tryLock();
        if (lock == null) {
          String holder = Files.readString(lockFile, StandardCharsets.UTF_8).strip();
          ch.close();
          throw new ConflictException(
              "migration '"
                  + migrationId
                  + "' is held by another coordinator ("
                  + (holder.isEmpty() ? "holder not yet written" : holder)
                  + "; lock file "
                  + lockFile
                  + "): one coordinator per migration; stop that one first, or wait for it to"
                  + " end (the lock goes with its process)");
        }
        byte[] who = (holder() + "\n").getBytes(StandardCharsets.UTF_8);
        ch.truncate(0);
        ch.write(ByteBuffer.wrap(who), 0);
        ch.force(true);
        HELD.put(lockFile, new Held(ch, lock, this));
      } catch (IOException e) {
        closeQuietly(ch);
        throw new UncheckedIOException("cannot lock migration state " + lockFile, e);
      }
    }
  }

  /** {@code pid 1234 on host since 2026-12-05T20:00:00Z}. */
  private static String holder() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      host = "an unknown host";
    }
    return "pid "
        + ProcessHandle.current().pid()
        + " on "
        + host
        + " since "
        + ProcessHandle.current().info().startInstant().orElse(Instant.now());
  }

  private static void closeQuietly(@Nullable FileChannel ch) {
    if (ch != null) {
      try {
        ch.close();
      } catch (IOException ignored) {
        // the claim failed already; the channel holds no lock
      }
    }
  }

  /** Claims the migration on its first save; refuses a save of a store another one took over. */
  private void checkHolder(String migrationId) {
    Path lockFile = lockOf(migrationId);
    Held held;
    synchronized (HELD) {
      held = HELD.get(lockFile);
    }
    if (held == null) {
      claim(migrationId);
    } else if (held.holder() != this) {
      throw new ConflictException(
          "migration '"
              + migrationId
              + "' was taken over by another coordinator of this process; this one must stop"
              + " (its state is not saved)");
    }
  }

  private Path lockOf(String migrationId) {
    Path file = fileOf(migrationId);
    return file.resolveSibling(migrationId + ".lock").toAbsolutePath().normalize();
  }

  @Override
  public void save(MigrationState state) {
    checkHolder(state.migrationId());
    Path file = fileOf(state.migrationId());
    String body = StateCodec.write(state) + "\n";
    byte[] bytes = (body + "crc32 " + crc(body) + "\n").getBytes(StandardCharsets.UTF_8);
    Path tmp = dir.resolve(file.getFileName() + ".tmp");
    try {
      try (FileChannel ch =
          FileChannel.open(
              tmp,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        while (buf.hasRemaining()) {
          ch.write(buf);
        }
        ch.force(true);
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      syncDirectory();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot save migration state " + file, e);
    }
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
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    }
  }

  private static String crc(String body) {
    CRC32 c = new CRC32();
    c.update(body.getBytes(StandardCharsets.UTF_8));
    return String.format(Locale.ROOT, "%08x", c.getValue());
  }

  @Override
  public String toString() {
    return "FileStateStore{" + dir + "}";
  }
}
