package io.shardrouter.core;

/**
 * A routing table was offered to a {@link Router} whose current table routes the same entity with
 * another {@link KeyType}: every key would change meaning (the text {@code "12"} is not the {@code
 * long} 12), so {@link Router#update} refuses it and keeps serving its current table.
 *
 * <p>What to do: a key type never changes under an entity. Route the keys of the new type as a new
 * entity (a new router), and migrate the data to it.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class KeyTypeMismatchException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final KeyType currentKeyType;
  private final KeyType offeredKeyType;

  KeyTypeMismatchException(
      String entity, long offeredVersion, KeyType currentKeyType, KeyType offeredKeyType) {
    super(
        "routing table '"
            + entity
            + "' version "
            + offeredVersion
            + " changes the key type from "
            + currentKeyType
            + " to "
            + offeredKeyType
            + "; keys would change meaning: route the new key type as a new entity");
    this.currentKeyType = currentKeyType;
    this.offeredKeyType = offeredKeyType;
  }

  /** The key type the router keeps routing. */
  public KeyType currentKeyType() {
    return currentKeyType;
  }

  /** The key type of the refused table. */
  public KeyType offeredKeyType() {
    return offeredKeyType;
  }
}
