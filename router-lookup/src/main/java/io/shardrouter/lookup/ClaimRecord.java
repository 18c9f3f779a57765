package io.shardrouter.lookup;

import java.util.Objects;

/**
 * One stored uniqueness claim: the normal form of the value (the record's key, unique on its
 * partition), who claims it, a random token that tells one claim attempt from another, the state,
 * and, while pending, when it expires.
 *
 * <p>A {@link ClaimStore} compares whole records for its conditional updates: a record equals
 * another when every field is equal, so the token makes an update by a registration that lost its
 * claim fail.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable: the caller stores these fields.
 *
 * @param value the normal form of the claimed value
 * @param owner what the value is claimed for, e.g. the new user's id
 * @param token a random id of this claim attempt
 * @param state pending or committed
 * @param expiresAtMillis while pending, the time (ms since the epoch, by the claims' clock) after
 *     which another registration may take the claim over; {@link Long#MAX_VALUE} once committed
 * @since 0.1
 */
public record ClaimRecord(
    String value, String owner, String token, State state, long expiresAtMillis) {
  public ClaimRecord {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(state, "state");
    if (state == State.COMMITTED && expiresAtMillis != Long.MAX_VALUE) {
      throw new IllegalArgumentException(
          "a committed claim never expires: expiresAtMillis must be Long.MAX_VALUE, got "
              + expiresAtMillis);
    }
  }

  /** True when a pending claim has expired at {@code nowMillis}. */
  public boolean expiredAt(long nowMillis) {
    return state == State.PENDING && nowMillis >= expiresAtMillis;
  }

  /** This claim, committed. */
  ClaimRecord committed() {
    return new ClaimRecord(value, owner, token, State.COMMITTED, Long.MAX_VALUE);
  }

  /**
   * The state of a uniqueness claim record.
   *
   * <p><b>Stability:</b> stable: the names are stored by the caller's {@link ClaimStore}.
   *
   * @since 0.1
   */
  public enum State {
    /**
     * Taken by a registration in progress; another registration may take it over once it expires.
     */
    PENDING,
    /** The registration finished: the value belongs to the owner until released. */
    COMMITTED
  }
}
