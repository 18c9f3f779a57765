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
  public Violation {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(message, "message");
  }

  /** {@code path: message}, the form the CLI prints one per line. */
  @Override
  public String toString() {
    return path + ": " + message;
  }
}
