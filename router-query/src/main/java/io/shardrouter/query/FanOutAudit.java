package io.shardrouter.query;

/**
 * Sees every fan-out once it ends: its targets, each target's status and latency, and the outcome,
 * including fan-outs the scatter limit refused. Use it for query audit logs and metrics.
 *
 * <p>Called on the thread that ends the fan-out, before the result is handed to the caller: keep it
 * fast and non-blocking. An exception it throws is logged and does not change the result.
 *
 * <p><b>Thread-safety:</b> implementations are called from several threads at once.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface FanOutAudit {

  /** Records one ended (or refused) fan-out. */
  void onFanOut(FanOutRecord record);

  /** An audit that records nothing. */
  static FanOutAudit none() {
    return record -> {};
  }
}
