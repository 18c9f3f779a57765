package io.shardrouter.core;

/**
 * The members of a large document object in the simplest form, {@code "name": n} (a name of
 * printable ASCII without escapes, a non-negative integer of at most 18 digits), read straight from
 * the document's bytes with no parser, no name strings and no tree: how a lookup directory of
 * millions of keys is read. {@link Spec#flatMembers()} offers it for an object read from a document
 * in that form.
 *
 * <p>For strategy authors: docs/writing-a-strategy.md.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface FlatMembers {
  /** Receives the members, in document order. */
  @FunctionalInterface
  interface Visitor {
    /**
     * The member whose name is the ASCII {@code json[nameOffset, nameOffset + nameLength)} and
     * whose value is {@code value}. The array is the document's: read it, never write or keep it.
     */
    void member(byte[] json, int nameOffset, int nameLength, long value);
  }

  /** The number of members. */
  int size();

  /** The bytes of all names together, without their quotes. */
  long nameBytes();

  /** Calls {@code visitor} for every member, in document order. */
  void forEach(Visitor visitor);
}
