package io.shardrouter.zookeeper.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.zookeeper.KeeperException;
import org.jspecify.annotations.Nullable;

/**
 * Deletes what an entity no longer needs: versions beyond the newest {@code keep} with their
 * chunks, and blobs that no kept version names and whose version is not above the published one
 * (left by a publisher that lost a race or crashed while staging).
 *
 * <p>A version's manifest, its blob and its chunks go in one transaction (one write to the
 * ensemble's log instead of one per node), so a publisher whose commit checks that blob fails
 * instead of naming chunks that are being deleted.
 *
 * <p><b>Thread-safety:</b> several pruners may run at once; a node already deleted is skipped.
 *
 * <p><b>Stability:</b> internal.
 */
public final class Pruner {
  private final EntityStore store;
  private final int keep;

  /** A pruner of {@code store} that keeps the newest {@code keep} versions. */
  public Pruner(EntityStore store, int keep) {
    this.store = store;
    this.keep = keep;
  }

  /** Prunes; returns the number of versions deleted. */
  public int prune() {
    EntityStore.Published published = store.published();
    if (published == null) {
      return 0;
    }
    long current = published.manifest().version();
    List<Long> kept = store.keptVersions();
    int deleted = 0;
    Set<String> referenced = new HashSet<>();
    referenced.add(published.manifest().blob());
    for (int i = 0; i < kept.size(); i++) {
      long v = kept.get(i);
      Manifest m = store.manifestOf(v);
      boolean old = i < kept.size() - keep && v < current;
      if (m != null && !old) {
        referenced.add(m.blob());
      } else if (old) {
        if (m != null) {
          deleteBlob(m.blob(), store.paths().version(v));
        } else {
          delete(store.paths().version(v));
        }
        deleted++;
      }
    }
    List<String> blobs;
    try {
      blobs = store.client().getChildren().forPath(store.paths().blobs());
    } catch (KeeperException.NoNodeException e) {
      return deleted;
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "listing " + store.paths().blobs());
    }
    for (String blob : blobs) {
      long v = ZnodePaths.versionOf(blob);
      if (!referenced.contains(blob) && v >= 0 && v <= current) {
        deleteBlob(blob);
      }
    }
    return deleted;
  }

  /**
   * Deletes blob {@code name} with its chunks, and {@code alsoDelete} when not null, in one
   * transaction: a publisher whose commit checks that blob fails instead of naming chunks that are
   * gone. A blob already gone, or one a publisher is still staging into, is skipped.
   */
  public void deleteBlob(String name, @Nullable String alsoDelete) {
    String path = store.paths().blob(name);
    List<org.apache.curator.framework.api.transaction.CuratorOp> ops = new java.util.ArrayList<>();
    try {
      for (String chunk : store.client().getChildren().forPath(path)) {
        ops.add(store.client().transactionOp().delete().forPath(path + "/" + chunk));
      }
      ops.add(store.client().transactionOp().delete().forPath(path));
      if (alsoDelete != null) {
        ops.add(store.client().transactionOp().delete().forPath(alsoDelete));
      }
      store.client().transaction().forOperations(ops);
    } catch (KeeperException.NoNodeException | KeeperException.NotEmptyException e) {
      // deleted by a concurrent pruner, or still being staged: the next prune looks again
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "deleting " + path);
    }
  }

  /** Deletes blob {@code name} with its chunks. */
  public void deleteBlob(String name) {
    deleteBlob(name, null);
  }

  private void delete(String path) {
    try {
      store.client().delete().forPath(path);
    } catch (KeeperException.NoNodeException e) {
      // deleted by a concurrent pruner
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "deleting " + path);
    }
  }
}
