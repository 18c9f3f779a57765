package io.shardrouter.migrate;

import java.util.List;

/**
 * One page of a part's rows in key order, and where the next page starts.
 *
 * <p>Keys compare as unsigned bytes, lexicographically. {@code cursor} is the last key the store
 * examined (which may be a key the part's filter rejected); passing it back resumes after it. A
 * cursor is only a key, so it survives a restart of the store and of the coordinator.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param rows rows of the part, in key order
 * @param cursor the last key examined, or null when nothing was examined
 * @param done true when the part has no key after {@code cursor}
 */
public record ScanPage(List<Row> rows, byte[] cursor, boolean done) {
  /** Copies the row list. */
  public ScanPage {
    rows = List.copyOf(rows);
    cursor = cursor == null ? null : cursor.clone();
  }
}
