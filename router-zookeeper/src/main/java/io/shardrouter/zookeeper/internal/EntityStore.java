package io.shardrouter.zookeeper.internal;

import static io.shardrouter.zookeeper.internal.Chunks.corrupt;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * Reads one entity's routing metadata from ZooKeeper: the published manifest with its znode
 * version, a version's table (chunks read, verified against the manifest, decoded and checked
 * against it), and the kept history.
 *
 * <p><b>Thread-safety:</b> safe for any number of threads (Curator's client is).
 *
 * <p><b>Stability:</b> internal.
 */
public final class EntityStore {
  private final CuratorFramework client;
  private final ZnodePaths paths;
  private final String entity;
  private final ReadLimits limits;

  /** The store of {@code entity} under {@code base}, read through {@code client}. */
  public EntityStore(CuratorFramework client, String base, String entity) {
    this(client, base, entity, ReadLimits.defaults());
  }

  /**
   * The store of {@code entity} under {@code base}, whose tables are read within {@code limits}.
   */
  public EntityStore(CuratorFramework client, String base, String entity, ReadLimits limits) {
    this.client = client;
    this.paths = ZnodePaths.of(base, entity);
    this.entity = entity;
    this.limits = limits;
  }

  /** The paths of this entity. */
  public ZnodePaths paths() {
    return paths;
  }

  /** The entity. */
  public String entity() {
    return entity;
  }

  /** The client. */
  public CuratorFramework client() {
    return client;
  }

  /** The published manifest and the znode version it was read at. */
  public record Published(Manifest manifest, int znodeVersion) {}

  /** The published manifest, or null when nothing was published. */
  public @Nullable Published published() {
    Stat stat = new Stat();
    byte[] bytes;
    try {
      bytes = client.getData().storingStatIn(stat).forPath(paths.manifest());
    } catch (KeeperException.NoNodeException e) {
      return null;
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "reading " + paths.manifest());
    }
    return new Published(parse(bytes, paths.manifest()), stat.getVersion());
  }

  /** The kept manifest of {@code version}, or null when it is not kept. */
  public @Nullable Manifest manifestOf(long version) {
    String path = paths.version(version);
    try {
      return parse(client.getData().forPath(path), path);
    } catch (KeeperException.NoNodeException e) {
      return null;
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "reading " + path);
    }
  }

  /** The kept manifests, oldest first. */
  public List<Manifest> history() {
    List<Long> versions = keptVersions();
    List<Manifest> out = new ArrayList<>();
    for (long v : versions) {
      Manifest m = manifestOf(v);
      if (m != null) {
        out.add(m);
      }
    }
    return out;
  }

  /** The versions under {@code versions}, in increasing order. */
  public List<Long> keptVersions() {
    List<String> names;
    try {
      names = client.getChildren().forPath(paths.versions());
    } catch (KeeperException.NoNodeException e) {
      return List.of();
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "listing " + paths.versions());
    }
    List<Long> versions = new ArrayList<>();
    for (String name : names) {
      long v = ZnodePaths.versionOf(name);
      if (v >= 0 && name.length() == 19) {
        versions.add(v);
      }
    }
    versions.sort(null);
    return versions;
  }

  /**
   * The table {@code manifest} describes: its chunks read and verified, the snapshot decoded, and
   * its entity, version and fingerprint checked against the manifest.
   *
   * @throws BlobGoneException when a chunk is gone (the version was pruned meanwhile)
   * @throws InvalidRoutingTableException when a chunk or the snapshot does not match the manifest
   *     (at {@code snapshot}), or the snapshot is not a valid table
   * @throws RoutingException when ZooKeeper fails
   */
  public RoutingTable read(Manifest manifest) {
    return decode(manifest, chunkBytes(manifest));
  }

  /** The verified snapshot bytes {@code manifest} describes. */
  public byte[] chunkBytes(Manifest manifest) {
    List<byte[]> chunks = new ArrayList<>(manifest.chunks());
    for (int i = 0; i < manifest.chunks(); i++) {
      String path = paths.chunk(manifest.blob(), i);
      try {
        chunks.add(client.getData().forPath(path));
      } catch (KeeperException.NoNodeException e) {
        throw new BlobGoneException(
            "chunk "
                + path
                + " of version "
                + manifest.version()
                + " is gone; the version was pruned while it was read");
      } catch (Exception e) {
        throw ZkErrors.wrap(e, "reading " + path);
      }
    }
    return Chunks.join(manifest, chunks, paths.blob(manifest.blob()));
  }

  /** The table of verified {@code snapshot} bytes, checked against {@code manifest}. */
  public RoutingTable decode(Manifest manifest, byte[] snapshot) {
    RoutingTable table =
        RoutingDocuments.read(
            Chunks.requireSnapshot(snapshot, "the blob under " + paths.blob(manifest.blob())),
            StrategyRegistry.defaultRegistry(),
            limits);
    if (!table.entity().equals(entity)
        || table.version() != manifest.version()
        || !table.fingerprint().equals(manifest.fingerprint())) {
      throw corrupt(
          "the snapshot under "
              + paths.blob(manifest.blob())
              + " holds entity '"
              + table.entity()
              + "' version "
              + table.version()
              + " fingerprint "
              + table.fingerprint()
              + ", its manifest says entity '"
              + entity
              + "' version "
              + manifest.version()
              + " fingerprint "
              + manifest.fingerprint()
              + "; publish the version again");
    }
    return table;
  }

  private Manifest parse(byte[] bytes, String path) {
    try {
      Manifest m = Manifest.parse(bytes, path);
      if (!m.entity().equals(entity)) {
        throw corrupt(
            "manifest " + path + " names entity '" + m.entity() + "', expected '" + entity + "'");
      }
      return m;
    } catch (KeyValueText.FormatException e) {
      throw corrupt(e.getMessage() + "; publish the version again", e);
    }
  }

  /** A chunk of the version being read was pruned meanwhile: read the newest manifest again. */
  public static final class BlobGoneException extends RoutingException {
    private static final long serialVersionUID = 1L;

    BlobGoneException(String message) {
      super(message);
    }
  }
}
