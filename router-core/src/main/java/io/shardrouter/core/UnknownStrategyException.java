package io.shardrouter.core;

import java.util.List;

/**
 * A strategy type name that no registered {@link StrategyFactory} answers to.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class UnknownStrategyException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final String type;

  public UnknownStrategyException(String type, List<String> registered) {
    super(
        "unknown strategy '"
            + type
            + "'; registered: "
            + registered
            + " (a strategy module such as router-hash must be on the classpath to decode its types)");
    this.type = type;
  }

  /** The type name that was asked for. */
  public String type() {
    return type;
  }
}
