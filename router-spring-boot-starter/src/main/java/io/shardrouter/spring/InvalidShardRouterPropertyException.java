package io.shardrouter.spring;

import org.jspecify.annotations.Nullable;

/**
 * A {@code shardrouter.*} setting that cannot work: which setting, what is wrong with it, and what
 * to do. {@link ShardRouterFailureAnalyzer} prints the three apart when the start fails.
 */
final class InvalidShardRouterPropertyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String property;
  private final String problem;
  private final String action;

  InvalidShardRouterPropertyException(String property, String problem, String action) {
    this(property, problem, action, null);
  }

  InvalidShardRouterPropertyException(
      String property, String problem, String action, @Nullable Throwable cause) {
    super(property + ": " + problem + "; " + action, cause);
    this.property = property;
    this.problem = problem;
    this.action = action;
  }

  /** The setting, e.g. {@code shardrouter.routing.file}. */
  String property() {
    return property;
  }

  /** What is wrong. */
  String problem() {
    return problem;
  }

  /** What to do. */
  String action() {
    return action;
  }
}
