package io.shardrouter.lookup;

import io.shardrouter.core.Route;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ClaimStore} in memory, for tests and examples: one map keyed by (partition, value),
 * whose {@code putIfAbsent}, conditional {@code replace} and conditional {@code remove} are the
 * atomic insert, update and delete a database gives. Partition, not group: claim records stay with
 * their partition when the placement moves it.
 *
 * <p><b>Thread-safety:</b> safe for concurrent use; every operation is atomic.
 *
 * <p><b>Stability:</b> internal; callers get one from {@link ClaimStore#inMemory()}.
 *
 * @since 0.1
 */
final class InMemoryClaimStore implements ClaimStore {
  private record Key(int partition, String value) {}

  private final ConcurrentHashMap<Key, ClaimRecord> records = new ConcurrentHashMap<>();

  @Override
  public boolean insertIfAbsent(Route route, ClaimRecord record) {
    return records.putIfAbsent(new Key(route.partition(), record.value()), record) == null;
  }

  @Override
  public @Nullable ClaimRecord find(Route route, String value) {
    return records.get(new Key(route.partition(), Objects.requireNonNull(value, "value")));
  }

  @Override
  public boolean replace(Route route, ClaimRecord expected, ClaimRecord next) {
    if (!expected.value().equals(next.value())) {
      throw new IllegalArgumentException(
          "a claim record's value never changes: '"
              + expected.value()
              + "' cannot become '"
              + next.value()
              + "'");
    }
    return records.replace(new Key(route.partition(), expected.value()), expected, next);
  }

  @Override
  public boolean delete(Route route, ClaimRecord expected) {
    return records.remove(new Key(route.partition(), expected.value()), expected);
  }

  /** The number of records. */
  public int size() {
    return records.size();
  }

  /** Every record by partition and value, sorted, for tests and debugging. */
  public Map<String, ClaimRecord> snapshot() {
    Map<String, ClaimRecord> out = new TreeMap<>();
    records.forEach((k, v) -> out.put(k.partition() + "/" + k.value(), v));
    return out;
  }
}
