package io.shardrouter.migrate;

/**
 * The phases of a migration, in order. Every phase change is published as the next routing version;
 * see {@code docs/migration.md} for what the routes answer in each.
 *
 * <p><b>Stability:</b> evolving; the names are written into routing documents and state files.
 */
public enum Phase {
  /** Planned; nothing published yet. Routes are the source table's. */
  PLANNED,
  /** Writes go to the source only; the coordinator backfills the target. */
  COPY,
  /** Writes go to source (authoritative) and target; the coordinator catches the target up. */
  DUAL_WRITE,
  /** As {@link #DUAL_WRITE}; the coordinator compares source and target part by part. */
  VERIFY,
  /** As {@link #DUAL_WRITE}, and a deterministic share of reads is served by the target. */
  CANARY,
  /** Writes and reads go to the target only; the source is fenced. */
  CUT_OVER,
  /** Writes go to target (authoritative) and are mirrored to the source; reads from the target. */
  ROLLBACK_WINDOW,
  /** The target table is plain; moved rows are deleted (or archived) from the source. */
  DONE,
  /** The source table is plain again, with every write; copied rows are deleted from the target. */
  ROLLED_BACK;

  /** True for the two phases after which the migration is over. */
  public boolean terminal() {
    return this == DONE || this == ROLLED_BACK;
  }
}
