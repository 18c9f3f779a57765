package io.shardrouter.core;

import java.util.List;

/**
 * A routing document that is not a document at all: bytes that are not strict UTF-8, text that is
 * not well-formed JSON (with the line and column), an empty document, or JSON whose top level is
 * not an object. Nothing of its content was checked, so {@link #violations()} holds the one reason.
 *
 * <p>What to do: the file is damaged, truncated or not a routing document (a snapshot, another
 * file): copy it again from its source, or write it again with a routing document writer. Retrying
 * the same bytes gives the same refusal. A document that parses but breaks the format's rules is an
 * {@link InvalidRoutingTableException} of its own, listing every rule broken.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class MalformedDocumentException extends InvalidRoutingTableException {
  private static final long serialVersionUID = 1L;

  /** A refusal for {@code violation}, found before the document's content was read. */
  public MalformedDocumentException(Violation violation) {
    super(List.of(violation));
  }
}
