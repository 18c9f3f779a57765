package io.shardrouter.jdbc;

import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Part;
import io.shardrouter.migrate.Row;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * router-migrate's {@link MigrationStore} on the primary of one replica group, for H2 and
 * PostgreSQL: the rows in one table keyed by the routing key's canonical bytes and a row id, the
 * group's fence records in a second one, and every client write checked against the fences in its
 * own transaction, so that a fenced write fails inside the database.
 *
 * <p>The tables:
 *
 * <ul>
 *   <li>{@code <table>(row_key, row_id, <value>, routed_version, seq, part)}, primary key {@code
 *       (row_key, row_id)} and an index on {@code (part, row_key, row_id)}: a row's routing key and
 *       id (binary), its value, the routing version and partition it was written with, and its
 *       sequence. The value is either one binary column {@code row_value} ({@link #create(String,
 *       DataSource, String)}, which also creates the table), or the service's own columns ({@link
 *       #create(String, DataSource, String, List)}: a business table such as {@code orders} that
 *       carries the five bookkeeping columns beside its own, so that the service queries it with
 *       plain SQL);
 *   <li>{@code <table>_fence(part PRIMARY KEY, base_version, min_version, phase)}: one record per
 *       fenced partition, and a lock record (part -1) that every client write and fenced read holds
 *       shared (H2: exclusively) for its transaction and that {@link #setFence}/{@link #clearFence}
 *       update, and so hold exclusively, for theirs: the lock record's {@code min_version} counts
 *       the fence changes. A fence set while a write is open waits for it; a write that starts
 *       after reads the new fence.
 * </ul>
 *
 * <p><b>Isolation levels.</b> A client write ({@link #apply(Connection, List,
 * MigrationStore.WriteOrigin)}) or read ({@link #read(Connection, long, int, byte[])}, and of
 * several keys {@link #read(Connection, long, int[], List)}) on the caller's connection is checked
 * in the caller's transaction, at the caller's isolation level:
 *
 * <ul>
 *   <li>{@code READ COMMITTED}: the check waits for a fence change in progress, then reads the
 *       fences it committed (each statement reads the latest committed rows). A refusal is a
 *       {@linkplain MigrationStore.ApplyResult#refused() refused} result.
 *   <li>{@code REPEATABLE READ} and {@code SERIALIZABLE}: the transaction reads one snapshot, so a
 *       fence committed after its first statement is invisible to it. Because every fence change
 *       updates the lock record, such a transaction cannot take it: PostgreSQL fails the locking
 *       read with SQL state 40001 ("could not serialize access due to concurrent update") and
 *       aborts the transaction; H2 fails it with 40001 ("Deadlock detected"), without rolling the
 *       transaction back. This store then reads the current fences on another connection of its
 *       data source: when one of them refuses the call, the result is refused with that fence;
 *       otherwise the call throws a {@link java.sql.SQLTransactionRollbackException} (SQL state of
 *       the database's failure, a message that says to retry the transaction). In both cases the
 *       call wrote nothing, and the caller must roll back its transaction, then retry it (along a
 *       newer route when refused). A transaction whose snapshot follows the fence change sees it
 *       and is refused directly. H2's {@code REPEATABLE READ} takes a table's snapshot when the
 *       transaction first reads that table, so there a transaction that had not read the fence
 *       table yet sees the new fences without a conflict.
 * </ul>
 *
 * <p>So at every level, a write this store applies, or a read it answers, passed every fence
 * committed before its transaction commits: a fence change waits for the transactions holding the
 * lock record, and a transaction that cannot see a committed change does not pass. The fallback
 * needs a second connection from the data source while the caller holds the first: size a pool for
 * it. On PostgreSQL the caller's transaction must not be read-only (the shared lock is a locking
 * read).
 *
 * <p>The calls without a connection ({@link #apply(List, MigrationStore.WriteOrigin)}, {@link
 * #read(long, int, byte[])}, {@link #setFence}, {@link #clearFence}, {@link #deleteRows}) run their
 * own transactions at {@code READ COMMITTED} whatever level the pool hands connections out at, and
 * give the connection back with its auto-commit mode and isolation level as they were: so a fence
 * change waits for the client transactions it must wait for instead of failing, and a store's own
 * write or read is refused, never failed, by a fence set while it waited.
 *
 * <p><b>Scans by partition.</b> A part's scan, its statistics and its deletion read only the rows
 * stamped with the part's source partition, through the index on {@code (part, row_key, row_id)},
 * with keyset pagination inside the partition (the rest of the cursor's key, {@code WHERE part = ?
 * AND row_key = ? AND row_id > ?}, then {@code WHERE part = ? AND row_key > ? ORDER BY part,
 * row_key, row_id LIMIT ?}), and test each row with {@link Part#contains}: a pass over one of 64
 * partitions reads 1/64 of the table, not all of it. A cursor ({@link
 * MigrationStore.ScanPage#cursorOf}) names the last row examined and survives restarts. Binary
 * columns order as unsigned bytes on both databases. This is exact because every row's {@code part}
 * is its partition under the table in service: clients stamp the partition of their route, copies
 * keep it, and a strategy change, which renumbers partitions, ends with a fence against the old
 * versions and a {@link #restamp} of the rows written before it ({@code docs/migration.md}, "Scans
 * by partition"). A service that writes this table without the store must stamp {@code part} with
 * its route's partition too. A batch is applied in one transaction: a row is written only when its
 * sequence is higher than the stored one ({@code INSERT ... ON CONFLICT DO UPDATE ... WHERE seq <
 * EXCLUDED.seq} on PostgreSQL; on H2 an {@code UPDATE ... WHERE seq < ?}, then an {@code INSERT}
 * when no row was there). A service that writes other rows in the same transaction (an outbox
 * event) applies its rows with {@link #apply(Connection, List, MigrationStore.WriteOrigin)} on its
 * own connection. Row counts and checksums stream the source partition's rows from one query: a
 * filtered part's membership is the target strategy's, which only Java has.
 *
 * <p><b>Thread-safety:</b> safe for concurrent use; each call takes its own connection (a call on
 * the caller's connection may take a second one, see "Isolation levels").
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class JdbcMigrationStore implements MigrationStore {
  private static final int IN_LIST = 200;

  /** Rows {@link #stats} fetches from the driver at a time, and tests with one batch route. */
  private static final int STATS_FETCH = 1000;

  private final String groupId;
  private final DataSource primary;
  private final RowTable rows;
  private final FenceRecords fences;
  private final Dialect dialect;
  private final AtomicLong rowsRead = new AtomicLong();

  private JdbcMigrationStore(
      String groupId, DataSource primary, String table, List<String> valueColumns) {
    this.groupId = Objects.requireNonNull(groupId, "groupId");
    this.primary = Objects.requireNonNull(primary, "primary");
    if (table != null && table.length() > 42) {
      throw new IllegalArgumentException(
          "migration store table '"
              + table
              + "' is longer than 42 characters; its fence table adds '_fence': choose a shorter"
              + " name");
    }
    SqlIdentifiers.check("migration store table", table);
    this.dialect = Dialect.of(primary);
    this.rows = new RowTable(table, valueColumns, dialect);
    this.fences = new FenceRecords(groupId, primary, table + "_fence", dialect);
  }

  /**
   * The store of group {@code groupId} in {@code table} (and {@code <table>_fence}) on {@code
   * primary}, the group's primary, with each row's value in one binary column {@code row_value}.
   * Opens one connection to learn the dialect.
   *
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier of at most 42
   *     characters
   * @throws JdbcStoreException when the database cannot be reached or is neither H2 nor PostgreSQL
   */
  public static JdbcMigrationStore create(String groupId, DataSource primary, String table) {
    return new JdbcMigrationStore(groupId, primary, table, List.of());
  }

  /**
   * The store of group {@code groupId} over the service's table {@code table} on {@code primary},
   * whose rows hold their value in {@code valueColumns}. The table must have, beside them, the
   * columns {@code row_key} and {@code row_id} (binary, the primary key), {@code routed_version}
   * and {@code seq} ({@code BIGINT}) and {@code part} ({@code INT}); {@link #createTables} checks
   * them. Build rows for it with {@link #row}.
   *
   * @throws IllegalArgumentException when a name is not a plain SQL identifier, the table name is
   *     longer than 42 characters, or a value column is one of the five bookkeeping columns
   * @throws JdbcStoreException when the database cannot be reached or is neither H2 nor PostgreSQL
   */
  public static JdbcMigrationStore create(
      String groupId, DataSource primary, String table, List<String> valueColumns) {
    if (valueColumns.isEmpty()) {
      throw new IllegalArgumentException(
          "table '"
              + table
              + "' needs at least one value column; for a single binary value use create(groupId,"
              + " primary, table)");
    }
    return new JdbcMigrationStore(groupId, primary, table, valueColumns);
  }

  /**
   * Creates the fence table and its lock record when missing, and the row table when this store
   * keeps values in {@code row_value}; over a service's table, checks instead that the table has
   * every column this store reads and writes. Either way, makes sure the row table has an index
   * whose first columns are {@code (part, row_key, row_id)}, which scans of a part read: when the
   * database reports none, creates {@code <table>_by_part} ({@link #partIndexStatement()}).
   *
   * <p>Building the index on a large table that takes writes blocks them on PostgreSQL for the
   * build: create it beforehand with {@code CREATE INDEX CONCURRENTLY} (any name), and this call
   * finds it.
   *
   * @throws JdbcStoreException when a statement fails, the service's table lacks a column, or the
   *     index is missing and cannot be created (the message names the statement to run)
   */
  public void createTables() {
    try (Connection c = primary.getConnection();
        java.sql.Statement s = c.createStatement()) {
      if (rows.valueColumns.isEmpty()) {
        s.execute(rows.createGeneric());
      } else {
        probeRows(s);
      }
      if (!rows.hasPartIndex(c)) {
        try {
          s.execute(rows.createPartIndex());
        } catch (SQLException e) {
          throw new JdbcStoreException(
              "table '"
                  + rows.table
                  + "' of replica group '"
                  + groupId
                  + "' has no index on (part, row_key, row_id), which the scans of a migration"
                  + " read, and this store cannot create it; run '"
                  + rows.createPartIndex()
                  + "' (on PostgreSQL, CREATE INDEX CONCURRENTLY on a table that takes writes),"
                  + " then call createTables() again",
              e);
        }
      }
      fences.create(c);
    } catch (SQLException e) {
      throw failure("create tables '" + rows.table + "' and '" + rows.table + "_fence'", e);
    }
  }

  /**
   * Checks, creating nothing, what {@link #createTables()} would create or check: the row table
   * reads with this store's columns, and the fence table {@code <table>_fence} exists with its lock
   * record. For a service whose schema is created by its own migrations: a missing table fails
   * here, when the group opens, instead of on every call.
   *
   * @throws JdbcStoreException naming the table, the group and what to create
   */
  public void checkTables() {
    try (Connection c = primary.getConnection();
        java.sql.Statement s = c.createStatement()) {
      probeRows(s);
      fences.check(c);
    } catch (SQLException e) {
      throw failure("check tables '" + rows.table + "' and '" + rows.table + "_fence'", e);
    }
  }

  /** Reads no row of the row table with this store's columns: refused when one is missing. */
  private void probeRows(java.sql.Statement s) {
    try (ResultSet rs = s.executeQuery(rows.probe())) {
      rs.next();
    } catch (SQLException e) {
      throw new JdbcStoreException(
          "table '"
              + rows.table
              + "' of replica group '"
              + groupId
              + "' cannot be read as a migration store with columns "
              + rows.columns()
              + ": create it, or add the missing columns (row_key and row_id binary, the primary"
              + " key; routed_version and seq BIGINT; part INT)",
          e);
    }
  }

  /**
   * The statement {@link #createTables()} runs when the row table has no index on {@code (part,
   * row_key, row_id)}: {@code CREATE INDEX IF NOT EXISTS <table>_by_part ON <table> (part, row_key,
   * row_id)}.
   */
  public String partIndexStatement() {
    return rows.createPartIndex();
  }

  /**
   * A row for this store's table from its value columns' values, in the order the store was created
   * with (each a {@code String}, {@code Long}, {@code Integer}, {@code Short}, {@code Boolean},
   * {@code Double}, {@code BigDecimal}, {@code byte[]} or null, as the driver returns the column).
   *
   * @param key the routing key's canonical bytes
   * @param id the row's id among the rows of its key
   * @param version the routing version the write was routed with
   * @param sequence the write's sequence, growing per (key, id)
   * @param partition the partition the write was routed to
   * @param values the value columns' values
   * @return the row
   * @throws IllegalArgumentException when the number of values is not the number of value columns
   * @throws JdbcStoreException when a value has a type the store cannot copy
   */
  public Row row(
      byte[] key, byte[] id, long version, long sequence, int partition, Object... values) {
    if (rows.valueColumns.isEmpty()) {
      throw new IllegalStateException(
          "table '" + rows.table + "' keeps values in row_value: build rows with Row.of");
    }
    return Row.of(
        key, id, ColumnValues.encode(rows.valueColumns, values), version, sequence, partition);
  }

  /**
   * The value columns' values of a row of this store, in column order.
   *
   * @throws IllegalArgumentException when the row's value was not made for this store's columns
   */
  public List<Object> values(Row row) {
    return Arrays.asList(ColumnValues.decode(rows.valueColumns, row.value()));
  }

  @Override
  public String groupId() {
    return groupId;
  }

  /**
   * Rows of {@code part} after {@code cursor}, in store order: the rows stamped with the part's
   * {@link Part#sourcePartition()}, read through the index on {@code (part, row_key, row_id)}
   * keyset-paged on {@code (row_key, row_id)}, then tested with {@link Part#contains} (a strategy
   * change's part is filtered by key). {@code limit} bounds the rows read of that partition; the
   * cursor is a {@link MigrationStore.ScanPage#cursorOf} cursor, so a cursor saved by a full-table
   * scan resumes here too. Exact as long as every row's stamp is its partition under the table in
   * service ({@code docs/migration.md}, "Scans by partition").
   */
  @Override
  public MigrationStore.ScanPage scan(Part part, byte @Nullable [] cursor, int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("scan limit must be >= 1, got " + limit);
    }
    int partition = part.sourcePartition();
    List<Row> examined = new ArrayList<>(Math.min(limit, 1024));
    try (Connection c = primary.getConnection()) {
      if (cursor == null) {
        rows.selectPart(c, rows.partFirst, partition, null, null, limit, examined);
      } else {
        byte[] key = MigrationStore.ScanPage.cursorKey(cursor);
        rows.selectPart(
            c,
            rows.partSameKey,
            partition,
            key,
            MigrationStore.ScanPage.cursorId(cursor),
            limit,
            examined);
        if (examined.size() < limit) {
          rows.selectPart(
              c, rows.partAfterKey, partition, key, null, limit - examined.size(), examined);
        }
      }
    } catch (SQLException e) {
      throw failure("scan part '" + part.id() + "'", e);
    }
    rowsRead.addAndGet(examined.size());
    List<Row> out = part.containing(examined);
    byte[] last = cursor;
    if (!examined.isEmpty()) {
      Row r = examined.get(examined.size() - 1);
      last = MigrationStore.ScanPage.cursorOf(r.key(), r.id());
    }
    return new MigrationStore.ScanPage(out, last, examined.size() < limit);
  }

  /**
   * Row count and checksum of {@code part}, streamed from one query over the rows stamped with its
   * source partition (through the same index as {@link #scan}) and tested {@value #STATS_FETCH}
   * rows at a time with {@link Part#containing}.
   */
  @Override
  public MigrationStore.PartStats stats(Part part) {
    MigrationStore.PartStats stats = MigrationStore.PartStats.EMPTY;
    long read = 0;
    try (Connection c = primary.getConnection()) {
      boolean auto = c.getAutoCommit();
      c.setAutoCommit(false); // PostgreSQL streams with a fetch size only inside a transaction
      try (PreparedStatement ps = c.prepareStatement(rows.partRows)) {
        ps.setInt(1, part.sourcePartition());
        ps.setFetchSize(STATS_FETCH);
        try (ResultSet rs = ps.executeQuery()) {
          List<Row> fetched = new ArrayList<>(STATS_FETCH);
          boolean more = true;
          while (more) {
            more = rs.next();
            if (more) {
              fetched.add(rows.read(rs));
              read++;
            }
            if (fetched.size() == STATS_FETCH || (!more && !fetched.isEmpty())) {
              for (Row r : part.containing(fetched)) {
                stats = stats.plus(r);
              }
              fetched.clear();
            }
          }
        }
        c.commit();
      } finally {
        c.setAutoCommit(auto);
      }
    } catch (SQLException e) {
      throw failure("count and checksum part '" + part.id() + "'", e);
    } finally {
      rowsRead.addAndGet(read);
    }
    return stats;
  }

  /**
   * One page of the restamp pass (see {@link MigrationStore#restamp}): reads {@code limit} rows of
   * the whole table after {@code cursor} in store order (keyset pages on the primary key), and sets
   * {@code part} to {@code numbering}'s partition of each row routed with a version below {@code
   * belowVersion} whose stamp differs, in one transaction: {@code UPDATE ... SET part = ? WHERE
   * row_key = ? AND row_id = ? AND routed_version < ?}, so a concurrent write of a newer version is
   * left as it wrote itself.
   */
  @Override
  public MigrationStore.ScanPage restamp(
      MigrationStore.Numbering numbering, long belowVersion, byte @Nullable [] cursor, int limit) {
    Objects.requireNonNull(numbering, "numbering");
    if (limit < 1) {
      throw new IllegalArgumentException("restamp limit must be >= 1, got " + limit);
    }
    List<Row> examined = new ArrayList<>(Math.min(limit, 1024));
    try (Connection c = primary.getConnection()) {
      if (cursor == null) {
        rows.select(c, rows.scanFirst, null, null, limit, examined);
      } else {
        byte[] key = MigrationStore.ScanPage.cursorKey(cursor);
        rows.select(
            c, rows.scanSameKey, key, MigrationStore.ScanPage.cursorId(cursor), limit, examined);
        if (examined.size() < limit) {
          rows.select(c, rows.scanAfterKey, key, null, limit - examined.size(), examined);
        }
      }
    } catch (SQLException e) {
      throw failure("read rows to restamp", e);
    }
    rowsRead.addAndGet(examined.size());
    List<Row> stale = new ArrayList<>();
    for (Row r : examined) {
      if (r.version() < belowVersion) {
        int p = numbering.partitionOf(r.key());
        if (p != r.partition()) {
          stale.add(Row.of(r.key(), r.id(), r.value(), r.version(), r.sequence(), p));
        }
      }
    }
    List<Row> restamped = List.of();
    if (!stale.isEmpty()) {
      try {
        restamped =
            StoreTransaction.run(
                primary,
                c -> {
                  try (PreparedStatement ps = c.prepareStatement(rows.restamp)) {
                    for (Row r : stale) {
                      ps.setInt(1, r.partition());
                      ps.setBytes(2, r.key());
                      ps.setBytes(3, r.id());
                      ps.setLong(4, belowVersion);
                      ps.addBatch();
                    }
                    int[] counts = ps.executeBatch();
                    List<Row> changed = new ArrayList<>(stale.size());
                    for (int i = 0; i < counts.length; i++) {
                      if (counts[i] > 0 || counts[i] == java.sql.Statement.SUCCESS_NO_INFO) {
                        changed.add(stale.get(i));
                      }
                    }
                    return changed;
                  }
                },
                changed -> true);
      } catch (SQLException e) {
        throw failure("restamp " + stale.size() + " rows", e);
      }
    }
    byte[] last = cursor;
    if (!examined.isEmpty()) {
      Row r = examined.get(examined.size() - 1);
      last = MigrationStore.ScanPage.cursorOf(r.key(), r.id());
    }
    return new MigrationStore.ScanPage(restamped, last, examined.size() < limit);
  }

  /**
   * Rows this store object has read from its table for scans, part statistics, deletions of a part
   * and restamps since it was created (rows examined, before a part's filter): with the index on
   * {@code (part, row_key, row_id)}, a pass over a part reads the rows stamped with its source
   * partition, not the table. For monitoring and tests.
   */
  public long rowsRead() {
    return rowsRead.get();
  }

  @Override
  public MigrationStore.ApplyResult apply(List<Row> batch, MigrationStore.WriteOrigin origin) {
    Objects.requireNonNull(origin, "origin");
    if (batch.isEmpty()) {
      return new MigrationStore.ApplyResult(0, 0, 0, null);
    }
    try {
      return StoreTransaction.run(primary, c -> apply(c, batch, origin), r -> !r.refused());
    } catch (SQLException e) {
      throw failure("apply a batch of " + batch.size() + " " + origin + " rows", e);
    }
  }

  /**
   * Applies rows under the apply rule of {@link MigrationStore} inside the caller's transaction on
   * {@code connection} (a connection to this store's primary, auto-commit off), so that the service
   * can write other rows (an outbox event) in the same transaction. The caller commits. When the
   * result is {@linkplain MigrationStore.ApplyResult#refused() refused}, this call wrote nothing:
   * roll back what else the transaction wrote and retry along a newer route.
   *
   * <p>At {@code REPEATABLE READ} or {@code SERIALIZABLE}, a transaction whose snapshot predates a
   * fence change cannot check the fences (see the class documentation, "Isolation levels"): the
   * result is then refused by a current fence, with the transaction aborted on PostgreSQL (roll
   * back, as for any refusal), or the call throws a {@link
   * java.sql.SQLTransactionRollbackException} (roll back and retry the transaction). The fallback
   * reads the current fences on a second connection of the store's data source.
   *
   * @param connection the caller's connection, in a transaction
   * @param batch the rows
   * @param origin whether fences apply
   * @return what was applied, or the refusing fence
   * @throws java.sql.SQLTransactionRollbackException when the transaction's snapshot predates a
   *     fence change and no current fence refuses the batch, or predates a row of the batch that a
   *     concurrent transaction wrote (the store's copy, another client): roll back and retry the
   *     transaction
   * @throws SQLException when a statement fails (roll back)
   * @throws IllegalStateException when the connection is in auto-commit mode (the fence check and
   *     the write would not be atomic)
   */
  public MigrationStore.ApplyResult apply(
      Connection connection, List<Row> batch, MigrationStore.WriteOrigin origin)
      throws SQLException {
    if (connection.getAutoCommit()) {
      throw new IllegalStateException(
          "apply on the caller's connection needs a transaction: call"
              + " connection.setAutoCommit(false) first, and commit after");
    }
    if (origin == MigrationStore.WriteOrigin.CLIENT) {
      Fence refusing =
          fences.refusing(connection, current -> FenceRecords.refusing(current, batch));
      if (refusing != null) {
        return MigrationStore.ApplyResult.refused(refusing);
      }
    }
    int applied = 0;
    int duplicates = 0;
    int superseded = 0;
    try (PreparedStatement seq = connection.prepareStatement(rows.storedSequence)) {
      for (Row r : batch) {
        if (rows.writeIfNewer(connection, r)) {
          applied++;
        } else if (RowTable.storedSequence(seq, r) == r.sequence()) {
          duplicates++;
        } else {
          superseded++;
        }
      }
    } catch (SQLTransactionRollbackException e) {
      throw e;
    } catch (SQLException e) {
      if (FenceRecords.isConflict(e)) {
        // PostgreSQL's upsert meeting a row committed after a REPEATABLE READ or SERIALIZABLE
        // snapshot: the same retryable answer as a stale fence check.
        throw new SQLTransactionRollbackException(
            "cannot write "
                + batch.size()
                + " rows to table '"
                + rows.table
                + "' of replica group '"
                + groupId
                + "' in this transaction: it conflicts with a concurrent one; roll back and retry"
                + " the transaction ("
                + e.getMessage()
                + ")",
            e.getSQLState(),
            e);
      }
      throw e;
    }
    return new MigrationStore.ApplyResult(applied, duplicates, superseded, null);
  }

  @Override
  public MigrationStore.ReadResult read(long version, int partition, byte[] key) {
    try {
      return StoreTransaction.run(primary, c -> read(c, version, partition, key), r -> true);
    } catch (SQLException e) {
      throw failure("read the rows of one key", e);
    }
  }

  /**
   * A fenced read of one key's rows (see {@link MigrationStore#read}) inside the caller's
   * transaction on {@code connection} (a connection to this store's primary, auto-commit off), so
   * that the fence check and the rows come from one transaction, as a write's check and its rows
   * do. The caller commits or rolls back; when the result is refused, it read nothing, and the
   * caller rolls back and reads along a newer route.
   *
   * <p>At {@code REPEATABLE READ} or {@code SERIALIZABLE}, a transaction whose snapshot predates a
   * fence change cannot check the fences (see the class documentation, "Isolation levels"): the
   * result is then refused by a current fence, with the transaction aborted on PostgreSQL (roll
   * back), or the call throws a {@link java.sql.SQLTransactionRollbackException} (roll back and
   * retry the transaction). The transaction must not be read-only on PostgreSQL: the fence check
   * takes a shared lock.
   *
   * @param connection the caller's connection, in a transaction
   * @param version the routing version the read was routed with
   * @param partition the partition it was routed to
   * @param key the routing key's canonical bytes
   * @return the key's rows in id order, or the refusing fence
   * @throws java.sql.SQLTransactionRollbackException when the transaction's snapshot predates a
   *     fence change and no current fence refuses the read: roll back and retry the transaction
   * @throws SQLException when a statement fails (roll back)
   * @throws IllegalStateException when the connection is in auto-commit mode
   */
  public MigrationStore.ReadResult read(
      Connection connection, long version, int partition, byte[] key) throws SQLException {
    Fence refusing = checkFence(connection, version, partition);
    if (refusing != null) {
      return MigrationStore.ReadResult.refused(refusing);
    }
    List<Row> out = new ArrayList<>();
    try (PreparedStatement ps =
        connection.prepareStatement(rows.select + " WHERE row_key = ? ORDER BY row_id")) {
      ps.setBytes(1, key);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rows.read(rs));
        }
      }
    }
    return new MigrationStore.ReadResult(out, null);
  }

  /**
   * The fence check of a read in the caller's transaction, before statements of the caller's own (a
   * query of the key's rows in the caller's SQL): the fence that refuses a read routed with {@code
   * version} to {@code partition} on this group, or null when none does. Everything {@link
   * #read(Connection, long, int, byte[])} says of the transaction holds here: when a fence is
   * returned, roll back and read along a newer route. After a null answer the check holds the
   * fences' lock record shared until the transaction ends, so no fence of this group changes before
   * the caller's statements in the same transaction have read the key's rows.
   *
   * @param connection the caller's connection, in a transaction
   * @param version the routing version the read was routed with
   * @param partition the partition it was routed to
   * @return the refusing fence, or null
   * @throws java.sql.SQLTransactionRollbackException when the transaction's snapshot predates a
   *     fence change and no current fence refuses the read: roll back and retry the transaction
   * @throws SQLException when a statement fails (roll back)
   * @throws IllegalStateException when the connection is in auto-commit mode
   */
  public @Nullable Fence checkFence(Connection connection, long version, int partition)
      throws SQLException {
    requireTransaction(connection);
    return fences.refusing(
        connection, current -> FenceRecords.refusing(current, version, partition));
  }

  /**
   * The rows of several keys, each routed with {@code version} to {@code partitions[i]} on this
   * group, read in the caller's transaction as {@link #read(Connection, long, int, byte[])} reads
   * one: one fence check for all their partitions (holding the fences' lock record shared until the
   * transaction ends; on H2, where it is held exclusively, fence changes and writes on this group
   * wait for the whole call, so keep the lists to a page), then their rows in one statement per 200
   * distinct keys. Everything that method says of the transaction holds here: when a fence refuses,
   * roll back and read along a newer route.
   *
   * @param connection the caller's connection, in a transaction
   * @param version the routing version the keys were routed with
   * @param partitions {@code partitions[i]}: the partition {@code keys.get(i)} was routed to
   * @param keys the keys' canonical bytes
   * @return each key's rows in id order ({@code keys.get(i)}'s at i), or the fence that refuses a
   *     read of one of the partitions, with no rows
   * @throws java.sql.SQLTransactionRollbackException as {@link #read(Connection, long, int,
   *     byte[])}: roll back and retry the transaction
   * @throws SQLException when a statement fails (roll back)
   * @throws IllegalArgumentException when there are not as many partitions as keys
   * @throws IllegalStateException when the connection is in auto-commit mode
   */
  public KeysRead read(Connection connection, long version, int[] partitions, List<byte[]> keys)
      throws SQLException {
    if (partitions.length != keys.size()) {
      throw new IllegalArgumentException(
          partitions.length
              + " partitions for "
              + keys.size()
              + " keys: give the partition each key was routed to, in the keys' order");
    }
    requireTransaction(connection);
    Fence refusing =
        fences.refusing(
            connection,
            current -> {
              for (int p : partitions) {
                Fence f = FenceRecords.refusing(current, version, p);
                if (f != null) {
                  return f;
                }
              }
              return null;
            });
    if (refusing != null) {
      return KeysRead.refused(refusing);
    }
    Map<ByteBuffer, List<Row>> found = rowsOf(connection, keys);
    List<List<Row>> out = new ArrayList<>(keys.size());
    for (byte[] k : keys) {
      out.add(found.getOrDefault(ByteBuffer.wrap(k), List.of()));
    }
    return new KeysRead(out, null);
  }

  /**
   * What {@link #read(Connection, long, int[], List)} read: each key's rows, or the fence that
   * refused (and no rows).
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param rows {@code rows.get(i)}: the rows of key i in id order; empty when refused
   * @param refusedBy the refusing fence, or null
   */
  public record KeysRead(List<List<Row>> rows, @Nullable Fence refusedBy) {
    /**
     * Copies the lists. (A canonical constructor, not a compact one, as {@link
     * MigrationStore.ReadResult}'s: so that other modules see that {@code refusedBy} may be null.)
     *
     * @throws IllegalArgumentException when a refused read carries rows
     */
    public KeysRead(List<List<Row>> rows, @Nullable Fence refusedBy) {
      List<List<Row>> copied = new ArrayList<>(rows.size());
      for (List<Row> r : rows) {
        copied.add(List.copyOf(r));
      }
      this.rows = List.copyOf(copied);
      this.refusedBy = refusedBy;
      if (refusedBy != null && !this.rows.isEmpty()) {
        throw new IllegalArgumentException("a refused read returns no rows");
      }
    }

    /** A refusal: no rows. */
    public static KeysRead refused(Fence fence) {
      return new KeysRead(List.of(), Objects.requireNonNull(fence, "fence"));
    }

    /** True when a fence refused the read. */
    public boolean refused() {
      return refusedBy != null;
    }
  }

  /**
   * The rows of {@code asked} on {@code c}, by key, each key's in id order: each distinct key is
   * selected once, so a key asked twice (even in two statements) gets its rows once.
   */
  private Map<ByteBuffer, List<Row>> rowsOf(Connection c, List<byte[]> asked) throws SQLException {
    Map<ByteBuffer, byte[]> distinct = new java.util.LinkedHashMap<>();
    for (byte[] k : asked) {
      distinct.putIfAbsent(ByteBuffer.wrap(k), k);
    }
    List<byte[]> keys = new ArrayList<>(distinct.values());
    Map<ByteBuffer, List<Row>> found = new HashMap<>();
    for (int from = 0; from < keys.size(); from += IN_LIST) {
      List<byte[]> chunk = keys.subList(from, Math.min(keys.size(), from + IN_LIST));
      StringBuilder sql = new StringBuilder(rows.select).append(" WHERE row_key IN (");
      for (int i = 0; i < chunk.size(); i++) {
        sql.append(i == 0 ? "?" : ", ?");
      }
      sql.append(") ORDER BY row_key, row_id");
      try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
        for (int i = 0; i < chunk.size(); i++) {
          ps.setBytes(i + 1, chunk.get(i));
        }
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            Row r = rows.read(rs);
            found.computeIfAbsent(ByteBuffer.wrap(r.key()), k -> new ArrayList<>()).add(r);
          }
        }
      }
    }
    return found;
  }

  private static void requireTransaction(Connection connection) throws SQLException {
    if (connection.getAutoCommit()) {
      throw new IllegalStateException(
          "a fenced read on the caller's connection needs a transaction: call"
              + " connection.setAutoCommit(false) first, and commit after");
    }
  }

  @Override
  public List<Row> fetch(List<byte[]> keys) {
    Map<ByteBuffer, List<Row>> found;
    try (Connection c = primary.getConnection()) {
      found = rowsOf(c, keys);
    } catch (SQLException e) {
      throw failure("fetch the rows of " + keys.size() + " keys", e);
    }
    List<Row> out = new ArrayList<>();
    for (byte[] k : keys) {
      List<Row> rs = found.get(ByteBuffer.wrap(k));
      if (rs != null) {
        out.addAll(rs);
      }
    }
    return out;
  }

  @Override
  public @Nullable Row get(byte[] key, byte[] id) {
    try (Connection c = primary.getConnection();
        PreparedStatement ps =
            c.prepareStatement(rows.select + " WHERE row_key = ? AND row_id = ?")) {
      ps.setBytes(1, key);
      ps.setBytes(2, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rows.read(rs) : null;
      }
    } catch (SQLException e) {
      throw failure("read one row", e);
    }
  }

  @Override
  public void setFence(Fence fence) {
    Objects.requireNonNull(fence, "fence");
    fences.set(fence);
  }

  @Override
  public void clearFence(int partition) {
    fences.clear(partition);
  }

  @Override
  public List<Fence> fences() {
    try (Connection c = primary.getConnection()) {
      return fences.read(c);
    } catch (SQLException e) {
      throw failure("read the fences", e);
    }
  }

  @Override
  public void deleteRows(List<Row> doomed) {
    if (doomed.isEmpty()) {
      return;
    }
    try {
      StoreTransaction.run(
          primary,
          c -> {
            try (PreparedStatement ps = c.prepareStatement(rows.delete)) {
              for (Row r : doomed) {
                ps.setBytes(1, r.key());
                ps.setBytes(2, r.id());
                ps.addBatch();
              }
              return ps.executeBatch();
            }
          },
          counts -> true);
    } catch (SQLException e) {
      throw failure("delete " + doomed.size() + " rows", e);
    }
  }

  private JdbcStoreException failure(String what, SQLException e) {
    return new JdbcStoreException(
        "cannot " + what + " in table '" + rows.table + "' of replica group '" + groupId + "'", e);
  }

  @Override
  public String toString() {
    return "JdbcMigrationStore{" + groupId + ", " + rows.table + ", " + dialect + "}";
  }
}
