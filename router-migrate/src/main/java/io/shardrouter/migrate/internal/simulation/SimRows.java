package io.shardrouter.migrate.internal.simulation;

import java.nio.charset.StandardCharsets;

/**
 * The simulation's row names: {@code key} for the row with the empty id, {@code key#id} for another
 * row of the same routing key.
 *
 * <p><b>Stability:</b> internal.
 */
final class SimRows {
  private SimRows() {}

  /** The routing key of a row name. */
  static String routed(String name) {
    int at = name.indexOf('#');
    return at < 0 ? name : name.substring(0, at);
  }

  /** The row id of a row name: empty, or the bytes after {@code #}. */
  static byte[] id(String name) {
    int at = name.indexOf('#');
    return at < 0 ? new byte[0] : bytes(name.substring(at + 1));
  }

  /** UTF-8 bytes. */
  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
