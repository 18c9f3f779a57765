package io.shardrouter.core;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How a batch of keys is refused, said once for every batch of the library: a range {@code [from,
 * to)} outside its array ({@link #checkRange}), and the refusal of {@code keys[i]}, the exception
 * the key's single route throws, of its own type, named by the key's index ({@link #refusedAt}).
 * For code that routes keys in batches over a table or a strategy (router-migrate's {@code
 * MigrationRoutes}, router-query's {@code KeyTargets}, a service's own batches), so that its
 * refusals read as a table's batch routes' do.
 *
 * <p><b>Thread-safety:</b> stateless; a refusal is recorded on the exception of the thread that
 * caught it, before it is thrown on.
 *
 * <p><b>Stability:</b> evolving.
 *
 * <p><b>Allocation:</b> none, but for the exception of a range refused.
 *
 * @since 0.1
 */
public final class KeyBatches {
  private KeyBatches() {}

  /**
   * Refuses a batch range {@code [from, to)} that is not within the {@code length} elements of the
   * array named {@code keys}, before anything of the batch is done, saying which bound is wrong and
   * what to give: {@code batch range [from, to) = [2, 1) has from after to: give 0 <= from <= to <=
   * keys.length (3)}.
   *
   * <p><b>Allocation:</b> none when the range is within the array.
   *
   * @param keys the array's name in the message ({@code "keys"}, {@code "part0"})
   * @param length its length
   * @throws IndexOutOfBoundsException when {@code from < 0}, {@code from > to} or {@code to >
   *     length}
   */
  public static void checkRange(String keys, int length, int from, int to) {
    if (from < 0 || from > to || to > length) {
      throw new IndexOutOfBoundsException(
          "batch range [from, to) = ["
              + from
              + ", "
              + to
              + ") "
              + (from < 0
                  ? "starts before 0"
                  : from > to
                      ? "has from after to"
                      : "ends past the " + length + " elements of " + keys)
              + ": give 0 <= from <= to <= "
              + keys
              + ".length ("
              + length
              + ")");
    }
  }

  /**
   * {@code refusal}, the refusal of {@code keys[index]} of a batch, as the batch's: the same
   * exception, of its own type (a strategy's own subtype included, so callers still catch it by
   * type), with the index recorded on it ({@link RoutingException#batchIndex()}), so that its
   * message starts with {@code keys[index]: }. When {@code written} names what the batch writes for
   * each key ({@code "routes"}, {@code "partitions"}), the message ends by saying that those of the
   * keys before it are written and none after; null when the caller keeps nothing of the batch. A
   * refusal recorded by an inner batch is recorded again with the caller's index and words.
   *
   * <p><b>Allocation:</b> none.
   *
   * @return {@code refusal}, to throw
   * @throws IllegalArgumentException when {@code index} is negative
   */
  public static <E extends RoutingException> E refusedAt(
      int index, E refusal, @Nullable String written) {
    Objects.requireNonNull(refusal, "refusal");
    if (index < 0) {
      throw new IllegalArgumentException(
          "a batch names a refused key by its index in keys, which is >= 0; got " + index);
    }
    refusal.refusedAt(index, written);
    return refusal;
  }
}
