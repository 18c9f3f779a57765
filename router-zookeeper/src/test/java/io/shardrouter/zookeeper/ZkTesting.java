package io.shardrouter.zookeeper;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.zookeeper.internal.Chunks;
import io.shardrouter.zookeeper.internal.Manifest;
import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import java.util.function.IntUnaryOperator;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.retry.RetryForever;

/** Tables, clients and hand-made (damaged) publishes for the tests. */
final class ZkTesting {
  /** How long a test waits for something that should happen within milliseconds. */
  static final Duration WAIT = Duration.ofSeconds(20);

  private ZkTesting() {}

  /** A started client with short timeouts that retries every 100 ms for ever. */
  static CuratorFramework client(String connect) {
    return client(connect, 6_000);
  }

  /** {@link #client(String)} with a session of {@code sessionTimeoutMs}. */
  static CuratorFramework client(String connect, int sessionTimeoutMs) {
    CuratorFramework c =
        CuratorFrameworkFactory.builder()
            .connectString(connect)
            .sessionTimeoutMs(sessionTimeoutMs)
            .connectionTimeoutMs(2_000)
            .retryPolicy(new RetryForever(100))
            .maxCloseWaitMs(100)
            .build();
    c.start();
    return c;
  }

  /**
   * A hash_mod table of {@code entity} with {@code partitions} partitions on {@code groups} groups;
   * {@code shift} moves every partition to the next group, so tables of one version differ.
   */
  static RoutingTable table(String entity, long version, int partitions, int groups, int shift) {
    return table(entity, version, partitions, groups, p -> (p + shift) % groups);
  }

  /**
   * A table whose placement is drawn from {@code seed}: it compresses little, so it takes chunks.
   */
  static RoutingTable randomTable(
      String entity, long version, int partitions, int groups, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int[] placement = new int[partitions];
    for (int p = 0; p < partitions; p++) {
      placement[p] = random.nextInt(groups);
    }
    return table(entity, version, partitions, groups, p -> placement[p]);
  }

  private static RoutingTable table(
      String entity, long version, int partitions, int groups, IntUnaryOperator groupOf) {
    StringBuilder json = new StringBuilder();
    json.append("{\"format\":1,\"routing_version\":")
        .append(version)
        .append(",\"entity\":\"")
        .append(entity)
        .append("\",\"key\":{\"type\":\"string\"},")
        .append("\"strategy\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":")
        .append(partitions)
        .append("},\"groups\":[");
    for (int g = 0; g < groups; g++) {
      json.append(g == 0 ? "" : ",")
          .append(String.format(Locale.ROOT, "{\"id\":\"g%d\",\"primary\":\"db-%d:5432\"}", g, g));
    }
    json.append("],\"placement\":[");
    for (int p = 0; p < partitions; p++) {
      json.append(p == 0 ? "" : ",").append("\"g").append(groupOf.applyAsInt(p)).append('"');
    }
    return RoutingDocuments.read(json.append("]}").toString());
  }

  static RoutingTable table(String entity, long version) {
    return table(entity, version, 64, 4, (int) version);
  }

  /**
   * Publishes {@code table} as the publisher would, over the manifest at znode version {@code
   * manifestZnodeVersion} (-1: create it), but with byte {@code damageAt} of the snapshot flipped
   * after the checksums were taken ({@code damageAt < 0}: intact chunks), and, with {@code
   * wrongTotalCrc}, a wrong whole-snapshot checksum.
   */
  static void publishDamaged(
      CuratorFramework client,
      RoutingTable table,
      int manifestZnodeVersion,
      int chunkBytes,
      int damageAt,
      boolean wrongTotalCrc)
      throws Exception {
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, table.entity());
    byte[] snapshot = RoutingDocuments.writeSnapshot(table);
    List<byte[]> chunks = Chunks.split(snapshot, chunkBytes);
    List<Integer> crcs = new ArrayList<>();
    for (byte[] c : chunks) {
      crcs.add(Chunks.crc32c(c));
    }
    if (damageAt >= 0) {
      chunks.get(damageAt / chunkBytes)[damageAt % chunkBytes] ^= 0x40;
      if (wrongTotalCrc) {
        throw new IllegalArgumentException("damage one thing at a time");
      }
    }
    int total = Chunks.crc32c(snapshot) ^ (wrongTotalCrc ? 1 : 0);
    String blob = ZnodePaths.versionName(table.version()) + "-damaged";
    Manifest m =
        new Manifest(
            table.entity(),
            table.version(),
            table.fingerprint(),
            blob,
            chunkBytes,
            snapshot.length,
            total,
            crcs,
            Instant.now(),
            "test");
    List<CuratorOp> ops = new ArrayList<>();
    ops.add(client.transactionOp().create().forPath(paths.blob(blob)));
    for (int i = 0; i < chunks.size(); i++) {
      ops.add(client.transactionOp().create().forPath(paths.chunk(blob, i), chunks.get(i)));
    }
    ops.add(client.transactionOp().create().forPath(paths.version(table.version()), m.toBytes()));
    ops.add(
        manifestZnodeVersion < 0
            ? client.transactionOp().create().forPath(paths.manifest(), m.toBytes())
            : client
                .transactionOp()
                .setData()
                .withVersion(manifestZnodeVersion)
                .forPath(paths.manifest(), m.toBytes()));
    client.transaction().forOperations(ops);
  }

  /** The znode version of the published manifest of {@code entity}. */
  static int manifestZnodeVersion(CuratorFramework client, String entity) throws Exception {
    return client
        .checkExists()
        .forPath(ZnodePaths.of(ZnodePaths.DEFAULT_BASE, entity).manifest())
        .getVersion();
  }

  /**
   * Waits until {@code condition} holds, checking every 10 ms, for things no latch can signal (a
   * status field, a node that goes); fails with {@code what} after {@link #WAIT}.
   */
  static void await(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + WAIT + " waiting for " + what);
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted waiting for " + what, e);
      }
    }
  }
}
