package io.shardrouter.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Prints a start that failed on a {@code shardrouter.*} setting as Spring Boot prints its own
 * configuration errors: the setting and what is wrong with it, then what to do, without the stack
 * of bean creation exceptions around it.
 */
final class ShardRouterFailureAnalyzer
    extends AbstractFailureAnalyzer<InvalidShardRouterPropertyException> {

  @Override
  protected FailureAnalysis analyze(Throwable root, InvalidShardRouterPropertyException cause) {
    return new FailureAnalysis(
        "ShardRouter cannot start: the setting '"
            + cause.property()
            + "' does not work: "
            + cause.problem()
            + ".",
        cause.action(),
        cause);
  }
}
