package io.shardrouter.lookup;

import io.shardrouter.core.Route;
import java.util.Objects;

/**
 * A claim this process holds: the value, the route it was decided on, and the stored record as this
 * process last wrote it (pending after {@link Claims#claim}, committed after {@link
 * Claims#commit}).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param value the value in its normal form, and its route
 * @param record the stored record
 * @param recovered true when the claim was taken over from a pending claim that had expired
 * @since 0.1
 */
public record Claim(NormalizedValue value, ClaimRecord record, boolean recovered) {
  public Claim {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(record, "record");
  }

  /** The route the claim was decided on. */
  public Route route() {
    return value.route();
  }
}
