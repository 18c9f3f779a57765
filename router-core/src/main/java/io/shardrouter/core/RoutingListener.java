package io.shardrouter.core;

/**
 * Told after a {@link Router} swapped in a new routing table, on the thread that called {@link
 * Router#update}, and (optionally) when it refused one. A listener that throws is logged and does
 * not undo the swap or stop the other listeners.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface RoutingListener {
  void onUpdate(RoutingTable previous, RoutingTable current);

  /**
   * Told when {@link Router#update} refused {@code offered} and kept serving {@code current}, just
   * before it throws {@code reason}: a {@link StaleRoutingVersionException} for an older version
   * (or the same version with other content), an {@link InvalidRoutingTableException} for another
   * entity or key type. A repeated delivery of the current table is not refused and not reported.
   * The default does nothing.
   */
  default void onRefused(RoutingTable current, RoutingTable offered, RoutingException reason) {}
}
