package io.shardrouter.examples.orders;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * What the reshard demo's clients were told: every acknowledged order revision, by user. The truth
 * the databases are checked against at the end (lost: an acknowledged revision that its owner does
 * not hold) and during the run (stale: a read that misses a revision acknowledged before it).
 */
final class Ledger {
  /** The newest acknowledged revision of an order, and its content. */
  record Acked(Order order, long revision) {}

  private final ConcurrentMap<User, ConcurrentMap<String, Acked>> byUser =
      new ConcurrentHashMap<>();

  /** Records an acknowledged revision (an older one than known changes nothing). */
  void ack(Order order, long revision) {
    byUser
        .computeIfAbsent(new User(order.tenant(), order.userId()), u -> new ConcurrentHashMap<>())
        .merge(
            order.orderId(),
            new Acked(order, revision),
            (a, b) -> a.revision() >= b.revision() ? a : b);
  }

  /** A copy of a user's acknowledged orders, by order id. */
  Map<String, Acked> of(User user) {
    ConcurrentMap<String, Acked> m = byUser.get(user);
    return m == null ? Map.of() : Map.copyOf(m);
  }

  /** The newest acknowledged revision of one order, or null. */
  Acked get(User user, String orderId) {
    ConcurrentMap<String, Acked> m = byUser.get(user);
    return m == null ? null : m.get(orderId);
  }

  /** Every acknowledged order. */
  List<Acked> all() {
    return byUser.values().stream().flatMap(m -> m.values().stream()).toList();
  }

  /** Number of orders with an acknowledged revision. */
  int orders() {
    int n = 0;
    for (Map<String, Acked> m : byUser.values()) {
      n += m.size();
    }
    return n;
  }
}
