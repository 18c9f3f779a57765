package io.shardrouter.core;

/**
 * A key that cannot be routed as given: null, an empty composite, text that is not well-formed
 * UTF-16, or a key whose type is not the entity's key type.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class InvalidKeyException extends RoutingException {
  private static final long serialVersionUID = 1L;

  public InvalidKeyException(String message) {
    super(message);
  }
}
