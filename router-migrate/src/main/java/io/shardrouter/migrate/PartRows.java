package io.shardrouter.migrate;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The rows of a part on one store, one at a time in key order, read page by page.
 *
 * <p><b>Stability:</b> internal.
 */
final class PartRows {
  private final MigrationStore store;
  private final Part part;
  private final int pageSize;
  private List<Row> page = List.of();
  private int at;
  private byte @Nullable [] cursor; // null before the first page
  private boolean done;

  PartRows(MigrationStore store, Part part, int pageSize) {
    this.store = store;
    this.part = part;
    this.pageSize = pageSize;
  }

  /** The next row without taking it, or null at the end. */
  @Nullable Row peek() {
    while (at == page.size()) {
      if (done) {
        return null;
      }
      MigrationStore.ScanPage p = store.scan(part, cursor, pageSize);
      page = p.rows();
      at = 0;
      cursor = p.cursor();
      done = p.done();
    }
    return page.get(at);
  }

  /** Takes the next row (after {@link #peek()} returned it). */
  void skip() {
    at++;
  }
}
