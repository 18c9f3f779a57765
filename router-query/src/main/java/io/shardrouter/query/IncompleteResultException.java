package io.shardrouter.query;

import io.shardrouter.core.RoutingException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A fan-out that had to be complete was not: at least one target did not answer. The message names
 * each missing target with its status and cause; {@link #result()} holds what was gathered.
 *
 * <p><b>Thread-safety:</b> immutable once thrown; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class IncompleteResultException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final transient ScatterResult<?> result;

  IncompleteResultException(ScatterResult<?> result) {
    super(message(result));
    this.result = result;
    Throwable cause = firstCause(result); // a missing target has one; null leaves none
    if (cause != null) {
      initCause(cause);
    }
  }

  private static String message(ScatterResult<?> result) {
    List<? extends TargetOutcome<?>> missing = result.failures();
    StringBuilder sb =
        new StringBuilder("fan-out '")
            .append(result.label())
            .append("' to ")
            .append(result.outcomes().size())
            .append(result.outcomes().size() == 1 ? " target" : " targets")
            .append(" is incomplete: ")
            .append(missing.size())
            .append(" missing: ");
    int shown = 0;
    for (TargetOutcome<?> o : missing) {
      if (shown++ == 20) {
        sb.append("; and ").append(missing.size() - 20).append(" more");
        break;
      }
      sb.append(shown > 1 ? "; " : "").append(o);
    }
    return sb.append(
            ". The result is not complete: retry the query, give it a longer deadline, or accept a partial"
                + " result by running it without requireComplete()")
        .toString();
  }

  private static @Nullable Throwable firstCause(ScatterResult<?> result) {
    for (TargetOutcome<?> o : result.failures()) {
      if (o.cause().isPresent()) {
        return o.cause().get();
      }
    }
    return null;
  }

  /** The targets that did not answer, in target order. */
  public List<Target> missingTargets() {
    return result.missingTargets();
  }

  /** Everything the fan-out gathered, including the rows of the targets that answered. */
  public ScatterResult<?> result() {
    return result;
  }
}
