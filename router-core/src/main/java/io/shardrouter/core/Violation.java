package io.shardrouter.core;

import java.util.Objects;

/**
 * One rule a routing document or table breaks: where ({@code path}, a JSON path such as {@code
 * groups[1].primary}) and what ({@code message}).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public record Violation(String path, String message) {
  /**
   * A violation; control characters, line separators, bidirectional overrides and lone surrogates
   * in {@code path} and {@code message} (names and values quoted from the input) are stored escaped
   * as {@code \\uhhhh}, so that one violation always prints as one line and never sends a terminal
   * escape sequence.
   */
  public Violation {
    path = Printable.of(Objects.requireNonNull(path, "path"));
    message = Printable.of(Objects.requireNonNull(message, "message"));
  }

  /** {@code path: message}, the form the CLI prints one per line. */
  @Override
  public String toString() {
    return path + ": " + message;
  }
}
