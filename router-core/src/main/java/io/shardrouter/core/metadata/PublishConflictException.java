package io.shardrouter.core.metadata;

import io.shardrouter.core.RoutingException;
import org.jspecify.annotations.Nullable;

/**
 * A {@link RoutingPublisher} refused a table: another version was published since the caller read
 * its expected version, or the table's version does not go above the published one.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class PublishConflictException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final String entity;
  private final long publishedVersion;
  private final long offeredVersion;

  /**
   * A refusal of version {@code offeredVersion} of {@code entity} while {@code publishedVersion} is
   * published; {@code message} says why and what to do.
   */
  public PublishConflictException(
      String entity, long publishedVersion, long offeredVersion, String message) {
    super(message);
    this.entity = entity;
    this.publishedVersion = publishedVersion;
    this.offeredVersion = offeredVersion;
  }

  /**
   * Another publisher published {@code publishedVersion} (fingerprint {@code fingerprint}) since
   * the caller read {@code expectedVersion}.
   */
  public static PublishConflictException lostRace(
      String entity,
      long expectedVersion,
      long publishedVersion,
      @Nullable String fingerprint,
      long offeredVersion) {
    return new PublishConflictException(
        entity,
        publishedVersion,
        offeredVersion,
        publishedVersion == RoutingPublisher.NOTHING_PUBLISHED
            ? "routing table '"
                + entity
                + "' version "
                + offeredVersion
                + " was not published: it was prepared on top of "
                + describe(expectedVersion)
                + ", but nothing is published now; read the store again and publish with expected"
                + " version "
                + RoutingPublisher.NOTHING_PUBLISHED
            : "routing table '"
                + entity
                + "' version "
                + offeredVersion
                + " was not published: it was prepared on top of "
                + describe(expectedVersion)
                + ", but version "
                + publishedVersion
                + (fingerprint == null ? "" : " (fingerprint " + abbreviate(fingerprint) + ")")
                + " is published now; read version "
                + publishedVersion
                + ", redo the change on top of it and publish it as version "
                + (publishedVersion + 1));
  }

  /** {@code offeredVersion} does not go above {@code publishedVersion}. */
  public static PublishConflictException notAbove(
      String entity, long publishedVersion, long offeredVersion, boolean sameVersionOtherContent) {
    return new PublishConflictException(
        entity,
        publishedVersion,
        offeredVersion,
        sameVersionOtherContent
            ? "routing table '"
                + entity
                + "' version "
                + offeredVersion
                + " cannot replace the published version "
                + publishedVersion
                + " with different content; publish it as version "
                + (publishedVersion + 1)
            : "routing table '"
                + entity
                + "' version "
                + offeredVersion
                + " is older than the published version "
                + publishedVersion
                + "; routers never go back: publish a version above "
                + publishedVersion);
  }

  /** The entity whose table was refused. */
  public String entity() {
    return entity;
  }

  /**
   * The version published when the table was refused, or {@link
   * RoutingPublisher#NOTHING_PUBLISHED}.
   */
  public long publishedVersion() {
    return publishedVersion;
  }

  /** The version that was refused. */
  public long offeredVersion() {
    return offeredVersion;
  }

  private static String describe(long version) {
    return version == RoutingPublisher.NOTHING_PUBLISHED
        ? "nothing published"
        : "version " + version;
  }

  private static String abbreviate(String fingerprint) {
    return fingerprint.length() > 12 ? fingerprint.substring(0, 12) : fingerprint;
  }
}
