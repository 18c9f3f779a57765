package io.shardrouter.bench;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import io.shardrouter.zookeeper.ZkRoutingSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryForever;

/**
 * How long a routing version takes from {@code publish} to every watcher routing with it: one
 * ZooKeeper server started in this JVM ({@link EmbeddedZooKeeper}), W in-process watchers, each a
 * {@code ZkRoutingSource} on its own Curator client and session as separate processes would be, and
 * one publisher. For each version it times {@code publish} (the compare-and-set transaction) and
 * publish-to-last-watcher-swapped, then prints p50, p90, p99 and the maximum. Not a JMH benchmark:
 * the interval crosses threads and sockets.
 *
 * <p>Run (after {@code ./mvnw -q -B -DskipTests package -pl router-bench -am}):
 *
 * <pre>
 * java -cp router-bench/target/benchmarks.jar io.shardrouter.bench.ZkPropagationHarness \
 *     [--watchers 50] [--partitions 1024] [--versions 200] [--warmup 20] [--seed 1]
 * </pre>
 *
 * <p>Results and the machine they were measured on are in {@code docs/fleet.md}.
 */
public final class ZkPropagationHarness {
  private ZkPropagationHarness() {}

  /** Runs the harness; see the class comment for the options. */
  public static void main(String[] args) throws Exception {
    HarnessOptions o =
        HarnessOptions.parse(
            args,
            List.of("--watchers", "--partitions", "--versions", "--warmup", "--seed"),
            "ZkPropagationHarness [--watchers N] [--partitions N] [--versions N] [--warmup N]"
                + " [--seed N]");
    int watchers = o.intOption("--watchers", 50);
    int partitions = o.intOption("--partitions", 1024);
    int versions = o.intOption("--versions", 200);
    int warmup = o.intOption("--warmup", 20);
    long seed = o.intOption("--seed", 1);
    int total = warmup + versions;
    SplittableRandom random = new SplittableRandom(seed);
    List<RoutingTable> tables = new ArrayList<>();
    for (int v = 1; v <= total + 1; v++) {
      tables.add(table(v, partitions, 16, random));
    }
    System.out.printf(
        Locale.ROOT,
        "%d watchers, hash_mod table of %d partitions on 16 groups, snapshot %d bytes; %d versions"
            + " after %d of warm-up%n",
        watchers,
        partitions,
        RoutingDocuments.writeSnapshot(tables.get(0)).length,
        versions,
        warmup);

    CountDownLatch[] swapped = new CountDownLatch[total + 2];
    for (int v = 0; v < swapped.length; v++) {
      swapped[v] = new CountDownLatch(watchers);
    }
    try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
      List<CuratorFramework> clients = new ArrayList<>();
      List<ZkRoutingSource> sources = new ArrayList<>();
      CuratorFramework admin = client(server.getConnectString());
      clients.add(admin);
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(admin).keepVersions(5).build();
      publisher.publish(tables.get(0), RoutingPublisher.NOTHING_PUBLISHED);
      for (int i = 0; i < watchers; i++) {
        CuratorFramework c = client(server.getConnectString());
        clients.add(c);
        ZkRoutingSource s =
            ZkRoutingSource.builder(c, "orders")
                .instanceId("w" + i)
                .build()
                .start(Duration.ofSeconds(30));
        Router r = s.awaitRouter(Duration.ofSeconds(30));
        r.addListener((before, after) -> swapped[(int) after.version()].countDown());
        sources.add(s);
      }
      long[] publishNanos = new long[versions];
      long[] allNanos = new long[versions];
      AtomicReference<String> failure = new AtomicReference<>();
      for (int v = 2; v <= total + 1; v++) {
        long t0 = System.nanoTime();
        publisher.publish(tables.get(v - 1), v - 1);
        long t1 = System.nanoTime();
        if (!swapped[v].await(60, TimeUnit.SECONDS)) {
          failure.set(
              "version " + v + ": " + swapped[v].getCount() + " watchers not updated in 60 s");
          break;
        }
        long t2 = System.nanoTime();
        int i = v - 2 - warmup;
        if (i >= 0) {
          publishNanos[i] = t1 - t0;
          allNanos[i] = t2 - t0;
        }
      }
      for (ZkRoutingSource s : sources) {
        s.close();
      }
      for (CuratorFramework c : clients) {
        c.close();
      }
      if (failure.get() != null) {
        throw new IllegalStateException(failure.get());
      }
      print("publish (compare-and-set transaction)", publishNanos);
      print("publish -> all " + watchers + " watchers swapped", allNanos);
    }
  }

  private static void print(String what, long[] nanos) {
    long[] s = nanos.clone();
    Arrays.sort(s);
    System.out.printf(
        Locale.ROOT,
        "%-44s p50 %7.2f ms  p90 %7.2f ms  p99 %7.2f ms  max %7.2f ms  (n=%d)%n",
        what,
        s[(int) (s.length * 0.50)] / 1e6,
        s[(int) (s.length * 0.90)] / 1e6,
        s[Math.min(s.length - 1, (int) Math.ceil(s.length * 0.99) - 1)] / 1e6,
        s[s.length - 1] / 1e6,
        s.length);
  }

  private static CuratorFramework client(String connect) {
    return client(connect, 30_000);
  }

  /**
   * A started Curator client of {@code connect} that retries forever and closes fast: each watcher
   * of a harness gets its own, so each has its own session.
   */
  public static CuratorFramework client(String connect, int sessionTimeoutMs) {
    CuratorFramework c =
        CuratorFrameworkFactory.builder()
            .connectString(connect)
            .sessionTimeoutMs(sessionTimeoutMs)
            .retryPolicy(new RetryForever(100))
            .maxCloseWaitMs(100)
            .build();
    c.start();
    return c;
  }

  /** A hash_mod table whose placement is drawn at random: every version moves partitions. */
  private static RoutingTable table(long version, int partitions, int groups, SplittableRandom r) {
    StringBuilder json =
        new StringBuilder("{\"format\":1,\"routing_version\":")
            .append(version)
            .append(",\"entity\":\"orders\",\"key\":{\"type\":\"string\"},")
            .append("\"strategy\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":")
            .append(partitions)
            .append("},\"groups\":[");
    for (int g = 0; g < groups; g++) {
      json.append(g == 0 ? "" : ",")
          .append("{\"id\":\"g")
          .append(g)
          .append("\",\"primary\":\"db-")
          .append(g)
          .append(".internal:5432\"}");
    }
    json.append("],\"placement\":[");
    for (int p = 0; p < partitions; p++) {
      json.append(p == 0 ? "" : ",").append("\"g").append(r.nextInt(groups)).append('"');
    }
    return RoutingDocuments.read(json.append("]}").toString());
  }
}
