package io.shardrouter.zookeeper;

import io.shardrouter.zookeeper.internal.Manifest;
import java.time.Instant;

/**
 * One kept version of an entity, as its manifest describes it: what {@link
 * ZkRoutingPublisher#history} lists.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param entity the entity
 * @param version the routing version
 * @param fingerprint the table's content fingerprint
 * @param snapshotBytes the length of the binary snapshot
 * @param chunks the number of chunks it is stored in
 * @param publishedAt when it was published
 * @param publisher who published it
 * @since 0.1
 */
public record PublishedVersion(
    String entity,
    long version,
    String fingerprint,
    int snapshotBytes,
    int chunks,
    Instant publishedAt,
    String publisher) {
  static PublishedVersion of(Manifest m) {
    return new PublishedVersion(
        m.entity(),
        m.version(),
        m.fingerprint(),
        m.snapshotBytes(),
        m.chunks(),
        m.publishedAt(),
        m.publisher());
  }
}
