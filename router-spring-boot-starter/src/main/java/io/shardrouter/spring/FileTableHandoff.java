package io.shardrouter.spring;

import io.shardrouter.core.RoutingTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * The routing table {@link TableKeyClass} read from the routing file to learn its key class, handed
 * to the starter's router bean so that the file is parsed once at start, not twice (a lookup
 * directory of millions of entries takes seconds to read). The router takes it only when the file
 * is still the one that was read (same path, size and modification time), and only once: the
 * handoff then forgets it, so that it keeps no old version alive; it forgets it too once the
 * context is refreshed (a lazily made router may never take it).
 *
 * <p>The file is read again by the routing source's first refresh, as every {@code
 * RoutingFileSource} does: the handoff saves the router bean's read, not that one.
 *
 * <p><b>Thread-safety:</b> synchronized.
 */
final class FileTableHandoff implements ApplicationListener<ContextRefreshedEvent> {
  /** Its bean name. */
  static final String BEAN = "shardRouterFileTableHandoff";

  private final Path file;
  private final @Nullable Object fileKey;
  private final long size;
  private final FileTime modified;
  private @Nullable RoutingTable table;
  private boolean taken;

  private FileTableHandoff(Path file, BasicFileAttributes read, RoutingTable table) {
    this.file = file;
    this.fileKey = read.fileKey();
    this.size = read.size();
    this.modified = read.lastModifiedTime();
    this.table = table;
  }

  /**
   * The attributes of {@code file} now, to be given to {@link #of} with the table read after them;
   * null when they cannot be read (no handoff then).
   */
  static @Nullable BasicFileAttributes attributes(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class);
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * A handoff of {@code table}, read from {@code file} after its attributes were {@code before}.
   */
  static FileTableHandoff of(Path file, BasicFileAttributes before, RoutingTable table) {
    return new FileTableHandoff(file.toAbsolutePath().normalize(), before, table);
  }

  /**
   * The table read from {@code file}, when {@code file} is the one read and it has not changed
   * since; else null, and the caller reads the file itself. Null after the first call.
   */
  synchronized @Nullable RoutingTable take(Path file) {
    RoutingTable t = table;
    table = null;
    if (t == null || taken) {
      return null;
    }
    taken = true;
    BasicFileAttributes now = attributes(file);
    boolean same =
        now != null
            && file.toAbsolutePath().normalize().equals(this.file)
            && Objects.equals(now.fileKey(), fileKey)
            && now.size() == size
            && now.lastModifiedTime().equals(modified);
    return same ? t : null;
  }

  /** Forgets the table once the context is up: a router that wanted it has taken it. */
  @Override
  public synchronized void onApplicationEvent(ContextRefreshedEvent event) {
    table = null;
  }

  /** True once {@link #take} was called. */
  synchronized boolean taken() {
    return taken;
  }
}
