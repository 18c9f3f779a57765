package io.shardrouter.core;

import java.util.List;

/**
 * A routing document over one of the reader's limits: more bytes than the largest document
 * accepted, or JSON nested deeper, or with a string, a field name or a number longer than allowed
 * (with the line and column). The reader stops there, before building anything larger, so a hostile
 * document costs bounded memory; {@link #violations()} holds the one reason, naming the limit.
 *
 * <p>What to do: if the document is genuine, raise the limit where it is read (the {@code maxBytes}
 * argument of {@code RoutingDocuments.read}), or ship a large table as a binary snapshot; if it is
 * not, this refusal is the protection working.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class LimitExceededException extends InvalidRoutingTableException {
  private static final long serialVersionUID = 1L;

  /** A refusal for {@code violation}, whose message names the limit and the value over it. */
  public LimitExceededException(Violation violation) {
    super(List.of(violation));
  }
}
