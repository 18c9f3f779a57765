package io.shardrouter.core.internal;

import java.io.IOException;

/**
 * A {@link SpecViews view} object that can write its members as ready JSON text, so that a
 * directory of millions of entries is written without a name string, a value and a generator call
 * per member: {@link SpecJson#write} hands it an {@link Out} between the object's braces.
 *
 * <p>The text must be exactly what writing the members one by one gives: {@code "name":value} pairs
 * separated by {@code ,}, no whitespace, in the view's member order, printable ASCII only (so its
 * bytes are its UTF-8 and its chars alike).
 *
 * <p><b>Stability:</b> internal.
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
