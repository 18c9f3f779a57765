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

  /** Reads {@code file} with the strategies on the class path. */
  public static RoutingTable read(Path file) {
    byte[] bytes = RoutingDocuments.readFile(file, Snapshots.DEFAULT_MAX_CONTENT_BYTES);
    if (Snapshots.isSnapshot(bytes)) {
      return Snapshots.read(bytes);
    }
    return RoutingDocuments.read(
        bytes, StrategyRegistry.defaultRegistry(), RoutingDocuments.DEFAULT_MAX_BYTES);
  }
}
