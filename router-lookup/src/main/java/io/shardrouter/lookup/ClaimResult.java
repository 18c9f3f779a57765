package io.shardrouter.lookup;

/**
 * The outcome of {@link Claims#claim}: the value is this registration's to use, or someone holds
 * it.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public sealed interface ClaimResult permits ClaimResult.Granted, ClaimResult.Taken {

  /** True when the claim was granted. */
  boolean granted();

  /**
   * The claim is this registration's, pending: write the primary row, then {@link Claims#commit}.
   */
  record Granted(Claim claim) implements ClaimResult {
    @Override
    public boolean granted() {
      return true;
    }
  }

  /**
   * Someone holds the value: committed (the value is in use), or pending and not yet expired (a
   * registration in progress; try again after {@link ClaimRecord#expiresAtMillis()} if it matters).
   */
  record Taken(ClaimRecord holder) implements ClaimResult {
    @Override
    public boolean granted() {
      return false;
    }
  }
}
