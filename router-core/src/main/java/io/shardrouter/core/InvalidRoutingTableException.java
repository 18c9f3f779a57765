package io.shardrouter.core;

import java.util.List;

/**
 * A routing document or table that breaks one or more rules; {@link #violations()} lists every one,
 * each with its JSON path, so a person can fix them all in one pass.
 *
 * <p>Two refusals a caller may handle differently are subclasses: {@link
 * MalformedDocumentException} (the bytes are not a JSON document) and {@link
 * LimitExceededException} (the document is over a reader limit).
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public class InvalidRoutingTableException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final List<Violation> violations;

  public InvalidRoutingTableException(List<Violation> violations) {
    super(describe(violations));
    this.violations = List.copyOf(violations);
  }

  /** Every violation found, in document order. */
  public List<Violation> violations() {
    return violations;
  }

  private static String describe(List<Violation> violations) {
    StringBuilder sb =
        new StringBuilder("invalid routing table (")
            .append(violations.size())
            .append(violations.size() == 1 ? " violation" : " violations")
            .append(')');
    for (Violation v : violations) {
      sb.append("\n  ").append(v);
    }
    return sb.toString();
  }
}
