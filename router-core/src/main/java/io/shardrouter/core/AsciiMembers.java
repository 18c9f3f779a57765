package io.shardrouter.core;

import java.io.IOException;

/**
 * The streaming writer of a large object parameter: a map behind a {@link
 * Spec#viewOf(java.util.Map) view} that implements this interface writes its members as ready JSON
 * text, so that a directory of millions of entries is written into a document or snapshot without a
 * name string, a value and a generator call per member. The document writer hands it an {@link Out}
 * between the object's braces; a map that does not implement it is written member by member.
 *
 * <p>The text must be exactly what writing the members one by one gives: {@code "name":value} pairs
 * separated by {@code ,}, no whitespace, in the view's member order, printable ASCII only (so its
 * bytes are its UTF-8 and its chars alike). The document's fingerprint covers this text, so a
 * difference shows as a fingerprint that changes when the table is read back.
 *
 * <p>For strategy authors: docs/writing-a-strategy.md.
 *
 * <p><b>Thread-safety:</b> as the map it is (a view is read-only).
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface AsciiMembers {
  /** Where the text goes. */
  interface Out {
    /** Appends the ASCII text {@code bytes[offset, offset + length)}. */
    void write(byte[] bytes, int offset, int length) throws IOException;
  }

  /**
   * Writes the members to {@code out} and returns true; or returns false, having written nothing,
   * when this view cannot (the members are then written one by one).
   */
  boolean writeMembers(Out out) throws IOException;
}
