package io.shardrouter.core;

/**
 * Told after a {@link Router} swapped in a new routing table, on the thread that called {@link
 * Router#update}. A listener that throws is logged and does not undo the swap or stop the other
 * listeners.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface RoutingListener {
  void onUpdate(RoutingTable previous, RoutingTable current);
}
