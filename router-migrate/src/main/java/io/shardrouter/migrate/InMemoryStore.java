package io.shardrouter.migrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A {@link MigrationStore} in memory: the rows of one replica group in a sorted map (and by stamped
 * partition, as the JDBC store's index), and its fence records. It follows the apply rule of {@link
 * MigrationStore} exactly, and serves tests, examples and the simulation; callers outside this
 * module get one from {@link MigrationStore#inMemory}.
 *
 * <p><b>Thread-safety:</b> safe for concurrent use (every method holds the store's monitor, which
 * also makes the fence check atomic with the write).
 *
 * <p><b>Stability:</b> internal.
 */
final class InMemoryStore implements MigrationStore {
  private final String groupId;

  /**
   * Rows by {@link MigrationStore.ScanPage#cursorOf} of their (key, id), which sorts in store
   * order.
   */
  private final TreeMap<byte[], Row> rows = new TreeMap<>(Arrays::compareUnsigned);

  /**
   * The same rows by their stamped partition ({@link Row#partition()}), as a JDBC store's index.
   */
  private final Map<Integer, TreeMap<byte[], Row>> byPartition = new HashMap<>();

  private final TreeMap<Integer, Fence> fences = new TreeMap<>();

  /**
   * An empty store.
   *
   * @param groupId the replica group it serves
   */
  public InMemoryStore(String groupId) {
    this.groupId = Objects.requireNonNull(groupId, "groupId");
  }

  @Override
  public String groupId() {
    return groupId;
  }

  /**
   * Rows of {@code part} after {@code cursor}: as the JDBC store does, the rows stamped with the
   * part's source partition, in store order, {@code limit} of them examined, each tested with
   * {@link Part#contains}. So pages end where a JDBC store's end (the simulation runs the same
   * schedules on both, event for event), and a row stamped with another partition is not found, as
   * it would not be there.
   */
  @Override
  public synchronized MigrationStore.ScanPage scan(Part part, byte @Nullable [] cursor, int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("scan limit must be >= 1, got " + limit);
    }
    TreeMap<byte[], Row> stamped = byPartition.get(part.sourcePartition());
    if (stamped == null) {
      return new MigrationStore.ScanPage(List.of(), cursor, true);
    }
    Map<byte[], Row> tail = cursor == null ? stamped : stamped.tailMap(cursor, false);
    List<Row> examined = new ArrayList<>();
    byte[] last = cursor;
    for (Map.Entry<byte[], Row> e : tail.entrySet()) {
      if (examined.size() == limit) {
        break;
      }
      examined.add(e.getValue());
      last = e.getKey();
    }
    // Done when fewer than limit rows were left, as a JDBC store knows it (a full last page is
    // followed by an empty one).
    return new MigrationStore.ScanPage(part.containing(examined), last, examined.size() < limit);
  }

  @Override
  public synchronized MigrationStore.ApplyResult apply(
      List<Row> batch, MigrationStore.WriteOrigin origin) {
    if (origin == MigrationStore.WriteOrigin.CLIENT && !fences.isEmpty()) {
      for (Row r : batch) {
        for (Fence f : fences.values()) {
          if (f.refuses(r)) {
            return MigrationStore.ApplyResult.refused(f);
          }
        }
      }
    }
    int applied = 0;
    int duplicates = 0;
    int superseded = 0;
    for (Row r : batch) {
      byte[] at = MigrationStore.ScanPage.cursorOf(r.key(), r.id());
      Row old = rows.get(at);
      long have = old == null ? 0 : old.sequence();
      if (r.sequence() > have) {
        put(at, old, r);
        applied++;
      } else if (r.sequence() == have) {
        duplicates++;
      } else {
        superseded++;
      }
    }
    return new MigrationStore.ApplyResult(applied, duplicates, superseded, null);
  }

  @Override
  public synchronized MigrationStore.ReadResult read(long version, int partition, byte[] key) {
    for (Fence f : fences.values()) {
      if (f.refuses(version, partition)) {
        return MigrationStore.ReadResult.refused(f);
      }
    }
    return new MigrationStore.ReadResult(new ArrayList<>(rowsOf(key).values()), null);
  }

  @Override
  public synchronized List<Row> fetch(List<byte[]> keys) {
    List<Row> out = new ArrayList<>(keys.size());
    for (byte[] k : keys) {
      out.addAll(rowsOf(k).values());
    }
    return out;
  }

  private Map<byte[], Row> rowsOf(byte[] key) {
    byte[] from = MigrationStore.ScanPage.keyPrefix(key);
    byte[] to = from.clone();
    to[to.length - 1]++; // the terminator 0x00 0x01 becomes 0x00 0x02: just after every id
    return rows.subMap(from, true, to, false);
  }

  @Override
  public synchronized @Nullable Row get(byte[] key, byte[] id) {
    return rows.get(MigrationStore.ScanPage.cursorOf(key, id));
  }

  @Override
  public synchronized void setFence(Fence fence) {
    fences.put(fence.partition(), fence);
  }

  @Override
  public synchronized void clearFence(int partition) {
    fences.remove(partition);
  }

  @Override
  public synchronized List<Fence> fences() {
    return List.copyOf(fences.values());
  }

  @Override
  public synchronized void deleteRows(List<Row> doomed) {
    for (Row r : doomed) {
      byte[] at = MigrationStore.ScanPage.cursorOf(r.key(), r.id());
      Row old = rows.remove(at);
      if (old != null) {
        unindex(at, old);
      }
    }
  }

  /**
   * One page of the restamp (see {@link MigrationStore#restamp}): the rows after {@code cursor} in
   * store order, {@code limit} of them examined; each routed with a version below {@code
   * belowVersion} whose stamp is not {@code numbering}'s partition of its key gets that partition.
   */
  @Override
  public synchronized MigrationStore.ScanPage restamp(
      MigrationStore.Numbering numbering, long belowVersion, byte @Nullable [] cursor, int limit) {
    Objects.requireNonNull(numbering, "numbering");
    if (limit < 1) {
      throw new IllegalArgumentException("restamp limit must be >= 1, got " + limit);
    }
    Map<byte[], Row> tail = cursor == null ? rows : rows.tailMap(cursor, false);
    List<byte[]> at = new ArrayList<>();
    List<Row> examined = new ArrayList<>();
    for (Map.Entry<byte[], Row> e : tail.entrySet()) {
      if (examined.size() == limit) {
        break;
      }
      at.add(e.getKey());
      examined.add(e.getValue());
    }
    List<Row> changed = new ArrayList<>();
    for (int i = 0; i < examined.size(); i++) {
      Row r = examined.get(i);
      if (r.version() < belowVersion) {
        int p = numbering.partitionOf(r.key());
        if (p != r.partition()) {
          Row n = Row.of(r.key(), r.id(), r.value(), r.version(), r.sequence(), p);
          put(at.get(i), r, n);
          changed.add(n);
        }
      }
    }
    byte[] last = at.isEmpty() ? cursor : at.get(at.size() - 1);
    return new MigrationStore.ScanPage(changed, last, examined.size() < limit);
  }

  private void put(byte[] at, @Nullable Row old, Row r) {
    if (old != null) {
      unindex(at, old);
    }
    rows.put(at, r);
    byPartition
        .computeIfAbsent(r.partition(), p -> new TreeMap<>(Arrays::compareUnsigned))
        .put(at, r);
  }

  private void unindex(byte[] at, Row old) {
    TreeMap<byte[], Row> stamped =
        Objects.requireNonNull(byPartition.get(old.partition()), "a stored row is indexed");
    stamped.remove(at);
    if (stamped.isEmpty()) {
      byPartition.remove(old.partition());
    }
  }

  /** Number of rows held, all parts together. */
  public synchronized int size() {
    return rows.size();
  }

  /** A copy of every row held, in store order (key, then id). */
  public synchronized List<Row> rows() {
    return List.copyOf(rows.values());
  }

  @Override
  public synchronized String toString() {
    return "InMemoryStore{"
        + groupId
        + ", "
        + rows.size()
        + " rows, fences "
        + fences.values()
        + "}";
  }
}
