package io.shardrouter.lookup;

import java.util.Locale;

/**
 * What a {@link LookupStrategy}'s directory matches: the whole key, or the first part of a
 * composite key (a tenant), so that every key of a listed tenant follows its entry and an unlisted
 * tenant's keys stay together on the fallback's partition for the tenant.
 *
 * <p><b>Stability:</b> stable: the names are part of the routing document format.
 *
 * @since 0.1
 */
public enum MatchMode {
  /** The directory holds whole keys; the fallback routes the whole key. */
  KEY,
  /**
   * The directory holds the first part of a composite key (e.g. the tenant of {@code (tenant,
   * device)}); the fallback routes that first part alone, and an entry's own nested strategy routes
   * the whole key.
   */
  FIRST_PART;

  /** The name in a routing document: {@code key} or {@code first_part}. */
  public String documentName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The mode named {@code name} in a document, or null. */
  public static MatchMode fromDocumentName(String name) {
    for (MatchMode m : values()) {
      if (m.documentName().equals(name)) {
        return m;
      }
    }
    return null;
  }
}
