package io.shardrouter.lookup;

import io.shardrouter.core.RoutingException;

/**
 * A claim this process held is no longer its own: it expired while pending and another registration
 * took it over, it was released, or a new routing version moved the value to another partition. The
 * caller must undo what it did under the claim (delete the primary row it wrote) and may claim
 * again.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class ClaimLostException extends RoutingException {
  private static final long serialVersionUID = 1L;

  public ClaimLostException(String message) {
    super(message);
  }
}
