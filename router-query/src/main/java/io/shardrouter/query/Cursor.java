package io.shardrouter.query;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The content of a page cursor: the full sort key of the last row served (encoded by the sort's
 * {@link SortKeyCodec}), fingerprints of the filter and the sort it belongs to, the routing version
 * it was issued under, and optionally the snapshot or read version the first page was read at.
 * {@link CursorCodec} turns it into an opaque URL-safe token and back.
 *
 * <p>A cursor is a position in one total order, not a snapshot: rows inserted before the position
 * after the first page are not seen, unless every page reads at the {@link #snapshot()} it carries.
 *
 * <p>Callers never see it: {@link Pager} writes and checks it, and hands out only the token.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 */
final class Cursor {
  private final long routingVersion;
  private final long filterFingerprint;
  private final long sortFingerprint;
  private final @Nullable String snapshot;
  private final byte[] sortKey;

  /**
   * @param snapshot the snapshot or read-version id, or null
   * @param sortKey the encoded sort key, at most {@link SortKeyCodec.Writer#MAX_BYTES}
   */
  Cursor(
      long routingVersion,
      long filterFingerprint,
      long sortFingerprint,
      @Nullable String snapshot,
      byte[] sortKey) {
    Objects.requireNonNull(sortKey, "sortKey");
    if (sortKey.length > SortKeyCodec.Writer.MAX_BYTES) {
      throw new IllegalArgumentException(
          "a cursor's sort key has at most "
              + SortKeyCodec.Writer.MAX_BYTES
              + " bytes, got "
              + sortKey.length);
    }
    checkSnapshot(snapshot);
    this.routingVersion = routingVersion;
    this.filterFingerprint = filterFingerprint;
    this.sortFingerprint = sortFingerprint;
    this.snapshot = snapshot;
    this.sortKey = sortKey.clone();
  }

  /**
   * Refuses a snapshot id that is empty or longer than {@link CursorCodec#MAX_SNAPSHOT_BYTES}; null
   * is none.
   */
  static void checkSnapshot(@Nullable String snapshot) {
    if (snapshot != null
        && (snapshot.isEmpty()
            || Fingerprint.utf8(snapshot).length > CursorCodec.MAX_SNAPSHOT_BYTES)) {
      throw new IllegalArgumentException(
          "a snapshot id must be 1 to "
              + CursorCodec.MAX_SNAPSHOT_BYTES
              + " bytes of UTF-8 (or null for none), got "
              + Fingerprint.utf8(snapshot).length
              + " bytes");
    }
  }

  /** The routing version the cursor was issued under. */
  long routingVersion() {
    return routingVersion;
  }

  /** The first 8 bytes of SHA-256 of the filter text, little-endian (see {@link Fingerprint}). */
  long filterFingerprint() {
    return filterFingerprint;
  }

  /** The first 8 bytes of SHA-256 of the sort's name and direction, little-endian. */
  long sortFingerprint() {
    return sortFingerprint;
  }

  /** The snapshot or read-version id every page must read at, if the first page fixed one. */
  Optional<String> snapshot() {
    return Optional.ofNullable(snapshot);
  }

  /** A copy of the encoded sort key. */
  byte[] sortKey() {
    return sortKey.clone();
  }

  byte[] sortKeyUnsafe() {
    return sortKey;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Cursor c
        && routingVersion == c.routingVersion
        && filterFingerprint == c.filterFingerprint
        && sortFingerprint == c.sortFingerprint
        && Objects.equals(snapshot, c.snapshot)
        && Arrays.equals(sortKey, c.sortKey);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        routingVersion, filterFingerprint, sortFingerprint, snapshot, Arrays.hashCode(sortKey));
  }

  @Override
  public String toString() {
    return "Cursor{routingVersion="
        + routingVersion
        + ", filter="
        + Fingerprint.hex(filterFingerprint)
        + ", sort="
        + Fingerprint.hex(sortFingerprint)
        + (snapshot == null ? "" : ", snapshot=" + snapshot)
        + ", sortKey="
        + sortKey.length
        + " bytes}";
  }
}
