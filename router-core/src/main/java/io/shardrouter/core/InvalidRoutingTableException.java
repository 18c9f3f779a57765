package io.shardrouter.core;

import java.util.List;

/**
 * A routing table that cannot be built from what was offered, or cannot replace the one a router
 * serves; {@link #violations()} lists every reason, each with where it was found, so a person can
 * fix them all in one pass. One type covers every way an offered table is refused, because a caller
 * handles them all alike: it keeps serving the table it has, and reports the violations. They are:
 *
 * <ul>
 *   <li>a document or table that breaks the format's rules, each violation at its JSON path ({@code
 *       strategy.partitions}, {@code placement[3]});
 *   <li>a strategy type that no registered factory builds ({@code strategy.type}: put the module
 *       that registers it on the class path);
 *   <li>bytes that are not a document at all: not strict UTF-8, not well-formed JSON (with the line
 *       and column), empty, or not an object at the top ({@code $});
 *   <li>a document or snapshot over one of the reader's limits, naming the limit, which the reader
 *       finds before it builds anything larger;
 *   <li>a binary snapshot that is not exactly what its writer wrote: bad magic, an unknown format,
 *       truncation, a checksum mismatch, or chunks that do not match their manifest ({@code
 *       snapshot}: copy it again from its source, or publish the version again);
 *   <li>a table offered to {@link Router#update} that routes another entity ({@code entity}: one
 *       router per entity) or the entity with another key type ({@code key}: keys would change
 *       meaning, so route the new key type as a new entity and migrate to it).
 * </ul>
 *
 * <p>The violation's path and message tell these apart, for people; the handling is the same.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class InvalidRoutingTableException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final List<Violation> violations;

  /** A refusal for every one of {@code violations}, in the order given; at least one. */
  public InvalidRoutingTableException(List<Violation> violations) {
    super(describe(violations));
    if (violations.isEmpty()) {
      throw new IllegalArgumentException("a refusal needs at least one violation");
    }
    this.violations = List.copyOf(violations);
  }

  /** A refusal for one {@code violation}. */
  public InvalidRoutingTableException(Violation violation) {
    this(List.of(violation));
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
