package io.shardrouter.lookup;

/**
 * The state of a uniqueness claim record.
 *
 * <p><b>Stability:</b> stable: the names are stored by the caller's {@link ClaimStore}.
 *
 * @since 0.1
 */
public enum ClaimState {
  /** Taken by a registration in progress; another registration may take it over once it expires. */
  PENDING,
  /** The registration finished: the value belongs to the owner until released. */
  COMMITTED
}
