package io.shardrouter.migrate;

import java.util.List;

/**
 * A store that forwards every call to another; tests override the calls whose behaviour they change
 * (a store that loses writes, ignores fences, lags behind).
 */
class ForwardingStore implements MigrationStore {
  final MigrationStore store;

  ForwardingStore(MigrationStore store) {
    this.store = store;
  }

  @Override
  public String groupId() {
    return store.groupId();
  }

  @Override
  public ScanPage scan(Part part, byte[] cursor, int limit) {
    return store.scan(part, cursor, limit);
  }

  @Override
  public ApplyResult apply(List<Row> rows, WriteOrigin origin) {
    return store.apply(rows, origin);
  }

  @Override
  public ReadResult read(long version, int partition, byte[] key) {
    return store.read(version, partition, key);
  }

  @Override
  public List<Row> fetch(List<byte[]> keys) {
    return store.fetch(keys);
  }

  @Override
  public Row get(byte[] key, byte[] id) {
    return store.get(key, id);
  }

  @Override
  public PartStats stats(Part part) {
    return store.stats(part);
  }

  @Override
  public void setFence(Fence fence) {
    store.setFence(fence);
  }

  @Override
  public void clearFence(int partition) {
    store.clearFence(partition);
  }

  @Override
  public List<Fence> fences() {
    return store.fences();
  }

  @Override
  public ScanPage delete(Part part, byte[] cursor, int limit, ArchiveSink archive) {
    return store.delete(part, cursor, limit, archive);
  }

  @Override
  public void deleteRows(List<Row> rows) {
    store.deleteRows(rows);
  }

  @Override
  public ScanPage restamp(Numbering numbering, long belowVersion, byte[] cursor, int limit) {
    return store.restamp(numbering, belowVersion, cursor, limit);
  }
}
