package io.shardrouter.core.metadata;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import java.nio.file.Path;

/**
 * Loads a routing table from a file that holds either a JSON routing document or a binary snapshot,
 * told apart by the snapshot magic; the form every {@code shardctl} command accepts.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class RoutingFiles {
  private RoutingFiles() {}

  /** Reads {@code file} with the strategies on the class path and the default limits. */
  public static RoutingTable read(Path file) {
    return read(file, StrategyRegistry.defaultRegistry(), ReadLimits.defaults());
  }

  /**
   * Reads {@code file} (a document or a snapshot) within {@code limits}, building strategies from
   * {@code registry}.
   *
   * @throws io.shardrouter.core.LimitExceededException when the file is over one of {@code limits}
   */
  public static RoutingTable read(Path file, StrategyRegistry registry, ReadLimits limits) {
    return read(
        RoutingDocuments.readFile(
            file, Math.max(limits.maxDocumentBytes(), limits.maxSnapshotContentBytes())),
        registry,
        limits);
  }

  /**
   * Reads {@code bytes}, a document or a snapshot told apart by the magic, within {@code limits}.
   */
  static RoutingTable read(byte[] bytes, StrategyRegistry registry, ReadLimits limits) {
    return Snapshots.isSnapshot(bytes)
        ? Snapshots.read(bytes, registry, limits)
        : RoutingDocuments.read(bytes, registry, limits);
  }
}
