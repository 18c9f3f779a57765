package io.shardrouter.query;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Writes a sort key into a cursor and reads it back: the caller's part of the cursor format. Write
 * every component of the key, the unique tie-breaker included (a cursor that holds only the
 * timestamp loses the other rows of that timestamp at a page boundary), and read them back in the
 * same order, so that {@code read(write(k))} equals {@code k}.
 *
 * <pre>{@code
 * SortKeyCodec<OrderKey> codec = SortKeyCodec.of(
 *     (k, out) -> out.putLong(k.createdAt()).putString(k.orderId()),
 *     in -> new OrderKey(in.getLong(), in.getString()));
 * }</pre>
 *
 * <p>What is written is part of every cursor handed out: change it only together with the {@link
 * SortOrder#name() sort name}, so that old cursors are refused instead of misread.
 *
 * <p><b>Thread-safety:</b> implementations must be stateless or immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <K> the sort key type
 * @since 0.1
 */
public interface SortKeyCodec<K> {

  /** Writes every component of {@code key}. */
  void write(K key, SortKeyWriter out);

  /** Reads a key written by {@link #write}; the reader refuses reads past the end. */
  K read(SortKeyReader in);

  /** A codec from two functions. */
  static <K> SortKeyCodec<K> of(
      BiConsumer<? super K, SortKeyWriter> write, Function<SortKeyReader, ? extends K> read) {
    Objects.requireNonNull(write, "write");
    Objects.requireNonNull(read, "read");
    return new SortKeyCodec<>() {
      @Override
      public void write(K key, SortKeyWriter out) {
        write.accept(key, out);
      }

      @Override
      public K read(SortKeyReader in) {
        return read.apply(in);
      }
    };
  }
}
