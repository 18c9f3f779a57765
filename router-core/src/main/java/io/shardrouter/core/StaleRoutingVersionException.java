package io.shardrouter.core;

/**
 * A routing table was offered that does not supersede the current one: a lower version, or the same
 * version with different content.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class StaleRoutingVersionException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final long currentVersion;
  private final long offeredVersion;

  StaleRoutingVersionException(
      String entity, long currentVersion, long offeredVersion, boolean sameVersionOtherContent) {
    super(
        sameVersionOtherContent
            ? "routing table '"
                + entity
                + "' version "
                + offeredVersion
                + " cannot replace version "
                + currentVersion
                + " with different content; publish it as version "
                + (currentVersion + 1)
            : "routing table '"
                + entity
                + "' version "
                + offeredVersion
                + " is older than the current version "
                + currentVersion
                + "; a router never goes back: publish a version above "
                + currentVersion);
    this.currentVersion = currentVersion;
    this.offeredVersion = offeredVersion;
  }

  /** The version the router kept serving. */
  public long currentVersion() {
    return currentVersion;
  }

  /** The version that was refused. */
  public long offeredVersion() {
    return offeredVersion;
  }
}
