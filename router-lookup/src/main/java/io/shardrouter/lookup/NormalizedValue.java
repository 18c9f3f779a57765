package io.shardrouter.lookup;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import java.util.Objects;

/**
 * A value in its normal form and the route of that form: where its claim or index entry lives.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param raw the value as the caller gave it
 * @param normalized its normal form, what is stored
 * @param route the route of the normal form in the claim or index table
 * @since 0.1
 */
public record NormalizedValue(String raw, String normalized, Route route) {
  public NormalizedValue {
    Objects.requireNonNull(raw, "raw");
    Objects.requireNonNull(normalized, "normalized");
    Objects.requireNonNull(route, "route");
  }

  /**
   * Normalizes {@code raw} with {@code normalizer} and routes the result through {@code router} (a
   * router of {@code string} keys), checking that the normalizer is a function: two calls on {@code
   * raw} give one form, and that form normalizes to itself.
   *
   * @throws IllegalStateException when the normalizer gives two forms (naming both and their
   *     partitions) or is not idempotent: a claim or index entry would be filed in two places
   * @throws IllegalArgumentException when the value has no normal form
   */
  static NormalizedValue of(String raw, Normalizer normalizer, Router router, String purpose) {
    Objects.requireNonNull(
        raw, () -> purpose + ": the value is null; give the value to " + purpose);
    String first = normalizer.normalize(raw);
    String second = normalizer.normalize(raw);
    Route route = router.route(first);
    if (!first.equals(second)) {
      throw new IllegalStateException(
          "normalizer '"
              + normalizer.name()
              + "' gave two forms of one value: '"
              + first
              + "' (partition "
              + route.partition()
              + ") and then '"
              + second
              + "' (partition "
              + router.route(second).partition()
              + "); "
              + purpose
              + " must be decided under one form on one partition: make the normalizer a pure function");
    }
    String again = normalizer.normalize(first);
    if (!again.equals(first)) {
      throw new IllegalStateException(
          "normalizer '"
              + normalizer.name()
              + "' is not idempotent: '"
              + first
              + "' (partition "
              + route.partition()
              + ") normalizes again to '"
              + again
              + "' (partition "
              + router.route(again).partition()
              + "); a stored"
              + " normal form must normalize to itself, or "
              + purpose
              + " looks in two places");
    }
    return new NormalizedValue(raw, first, route);
  }
}
