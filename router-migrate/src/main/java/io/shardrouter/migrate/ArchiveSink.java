package io.shardrouter.migrate;

import java.util.List;

/**
 * Receives rows a cleanup removes, before the store deletes them (to an archive table, a file, cold
 * storage). If it throws, the store deletes nothing of that page and the cleanup stops there; it
 * resumes from the same cursor.
 *
 * <p><b>Stability:</b> evolving.
 */
@FunctionalInterface
public interface ArchiveSink {
  /** Takes one page of rows that are about to be deleted. */
  void archive(List<Row> rows);
}
