package io.shardrouter.core;

import java.io.Serializable;
import org.jspecify.annotations.Nullable;

/**
 * Root of every domain failure the library reports: a bad routing document, a stale version, a key
 * that cannot be routed, a corrupt snapshot.
 *
 * <p>Messages say what was wrong, where (JSON path, key, partition, version) and what to do. When
 * one of these is thrown while a {@link Router} is being updated, the router keeps its last good
 * table.
 *
 * <p><b>In a batch</b> ({@link KeyRouter#routeAll(long[], int, int, Route[]) routeAll}, {@link
 * PartitionStrategy#partitionsOf partitionsOf}), the refusal of {@code keys[i]} is the exception
 * the key's single route throws, whatever its type (a strategy's own subtype included, so callers
 * catch it by type), with the key's index recorded on it ({@link #batchIndex()}, through {@link
 * KeyBatches#refusedAt}): its message then starts with {@code keys[i]: }. A strategy therefore
 * throws a new exception for each refusal, never a shared instance; a subtype that overrides {@link
 * #getMessage()} builds on {@code super.getMessage()}, which says the index.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public class RoutingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  // Where a batch refused its key with this: one object, written in one store, so that a reader
  // never pairs one batch's index with another's words
  private volatile @Nullable BatchRefusal batch;

  public RoutingException(String message) {
    super(message);
  }

  public RoutingException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * The index of the key of a batch this refusal is about: {@code i} when a batch refused {@code
   * keys[i]} with it (its message starts with {@code keys[i]: }); -1 when no batch did (a single
   * route's refusal, or one of a whole batch, such as a key type the entity does not route).
   *
   * @since 0.1
   */
  public final int batchIndex() {
    BatchRefusal b = batch;
    return b == null ? -1 : b.index();
  }

  /**
   * What was wrong, where and what to do; when a batch refused one key with it ({@link
   * #batchIndex()}), after {@code keys[i]: } and followed by what the batch wrote for the keys
   * before it.
   */
  @Override
  public @Nullable String getMessage() {
    String message = super.getMessage();
    BatchRefusal b = batch;
    if (b == null) {
      return message;
    }
    String refusal = String.valueOf(message);
    if (b.written() == null) {
      return "keys[" + b.index() + "]: " + refusal;
    }
    if (refusal.endsWith(".")) {
      refusal = refusal.substring(0, refusal.length() - 1); // the sentence goes on
    }
    return "keys["
        + b.index()
        + "]: "
        + refusal
        + " (the "
        + b.written()
        + " of keys before it are written, none after)";
  }

  /**
   * Records that a batch refused its key {@code index} with this ({@link KeyBatches#refusedAt}).
   */
  final void refusedAt(int index, @Nullable String written) {
    this.batch = new BatchRefusal(index, written);
  }

  /** A batch's refusal of its key {@code index}; {@code written}: what it wrote for the others. */
  private record BatchRefusal(int index, @Nullable String written) implements Serializable {
    private static final long serialVersionUID = 1L;
  }
}
