package io.shardrouter.bench.lookup;

import io.shardrouter.bench.EmbeddedZooKeeper;
import io.shardrouter.bench.HarnessOptions;
import io.shardrouter.bench.ZkPropagationHarness;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.zookeeper.ZkRoutingPublisher;
import io.shardrouter.zookeeper.ZkRoutingSource;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;

/**
 * How long a large lookup directory takes from {@code publish} to every watcher routing with it:
 * the table of {@link LookupLoadMain} (N entries of 16-byte keys, fallback {@code hash_mod} over
 * 1,024 partitions) published through ZooKeeper as a chunked snapshot (a staged blob and one
 * manifest flip, see {@code docs/fleet.md}), picked up by W watchers, each a {@code
 * ZkRoutingSource} on its own Curator client and session. Every version changes the partition of
 * some entries. For each version it times {@code publish} and publish-to-last-watcher-swapped and
 * prints p50 and the maximum, and the peak heap of the whole JVM (server, publisher and watchers)
 * over the timed versions. Not a JMH benchmark: one version takes seconds.
 *
 * <p>Run (after {@code ./mvnw -q -B -DskipTests package -pl router-bench -am}, under the machine's
 * benchmark lock):
 *
 * <pre>
 * flock /tmp/sr-jmh.flock java -Xmx16g -cp router-bench/target/benchmarks.jar \
 *     io.shardrouter.bench.lookup.ZkLookupPropagationHarness \
 *     [--entries 10000000] [--watchers 3] [--versions 5] [--warmup 1] [--changes 1000]
 * </pre>
 */
public final class ZkLookupPropagationHarness {
  private static final List<String> OPTIONS =
      List.of("--entries", "--watchers", "--versions", "--warmup", "--changes");

  private ZkLookupPropagationHarness() {}

  /** Runs the harness; see the class comment for the options. */
  public static void main(String[] args) throws Exception {
    HarnessOptions o =
        HarnessOptions.parse(
            args,
            OPTIONS,
            "ZkLookupPropagationHarness [--entries N] [--watchers N] [--versions N] [--warmup N]"
                + " [--changes N]");
    int entries = o.intOption("--entries", 10_000_000);
    int watchers = o.intOption("--watchers", 3);
    int versions = o.intOption("--versions", 5);
    int warmup = o.intOption("--warmup", 1);
    int changes = o.intOption("--changes", 1000);
    int total = warmup + versions;
    if (total + 1 > 9) {
      throw new IllegalArgumentException("at most 8 versions in all (one digit), got " + total);
    }
    byte[] document = LookupLoadMain.document(entries);
    StrategyRegistry registry = StrategyRegistry.defaultRegistry();
    RoutingTable first = RoutingDocuments.read(document, registry, ReadLimits.largest());
    int snapshotBytes = RoutingDocuments.writeSnapshot(first).length;
    System.out.printf(
        Locale.ROOT,
        "%d watchers, lookup directory of %d entries, snapshot %.1f MB; %d versions after %d of"
            + " warm-up, %d entries changed per version%n",
        watchers,
        entries,
        snapshotBytes / 1e6,
        versions,
        warmup,
        changes);

    ConcurrentHashMap<Long, CountDownLatch> swapped = new ConcurrentHashMap<>();
    for (long v = 1; v <= total + 1; v++) {
      swapped.put(v, new CountDownLatch(watchers));
    }
    try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
      List<CuratorFramework> clients = new ArrayList<>();
      List<ZkRoutingSource> sources = new ArrayList<>();
      CuratorFramework admin = client(server.getConnectString());
      clients.add(admin);
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(admin).keepVersions(2).build();
      publisher.publish(first, RoutingPublisher.NOTHING_PUBLISHED);
      first = null; // the watchers hold their own copies
      for (int i = 0; i < watchers; i++) {
        CuratorFramework c = client(server.getConnectString());
        clients.add(c);
        ZkRoutingSource s =
            ZkRoutingSource.builder(c, "users")
                .instanceId("w" + i)
                .readLimits(ReadLimits.largest())
                .build()
                .start(Duration.ofMinutes(10));
        Router r = s.awaitRouter(Duration.ofMinutes(10));
        r.addListener((before, after) -> swapped.get(after.version()).countDown());
        sources.add(s);
      }
      long[] publishNanos = new long[versions];
      long[] allNanos = new long[versions];
      SplittableRandom random = new SplittableRandom(1);
      String failure = null;
      for (int v = 2; v <= total + 1; v++) {
        RoutingTable next =
            RoutingDocuments.read(
                edit(document, v, changes, random), registry, ReadLimits.largest());
        if (v == warmup + 2) {
          System.gc();
          ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
        }
        long t0 = System.nanoTime();
        publisher.publish(next, v - 1);
        long t1 = System.nanoTime();
        next = null;
        if (!swapped.get((long) v).await(10, TimeUnit.MINUTES)) {
          failure = "version " + v + ": " + swapped.get((long) v).getCount() + " watchers late";
          break;
        }
        long t2 = System.nanoTime();
        System.out.printf(
            Locale.ROOT,
            "version %d: publish %.2f s, all %d swapped %.2f s after publish began%n",
            v,
            (t1 - t0) / 1e9,
            watchers,
            (t2 - t0) / 1e9);
        int i = v - 2 - warmup;
        if (i >= 0) {
          publishNanos[i] = t1 - t0;
          allNanos[i] = t2 - t0;
        }
      }
      long peak = 0;
      for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
        if (p.getType() == MemoryType.HEAP) {
          peak += p.getPeakUsage().getUsed();
        }
      }
      for (ZkRoutingSource s : sources) {
        s.close();
      }
      for (CuratorFramework c : clients) {
        c.close();
      }
      if (failure != null) {
        throw new IllegalStateException(failure);
      }
      print("publish (staged chunks + manifest flip)", publishNanos);
      print("publish -> all " + watchers + " watchers swapped", allNanos);
      System.out.printf(
          Locale.ROOT,
          "peak heap over the timed versions (server, publisher, %d watchers): %.2f GB of %.1f GB%n",
          watchers,
          peak / 1e9,
          Runtime.getRuntime().maxMemory() / 1e9);
    }
  }

  /**
   * The document as version {@code version}: the {@code routing_version} digit replaced, and the
   * last digit of {@code changes} random entries' partitions changed (staying below 1,024).
   */
  static byte[] edit(byte[] document, int version, int changes, SplittableRandom random) {
    byte[] b = document.clone();
    byte[] marker = "\"routing_version\":1".getBytes(StandardCharsets.US_ASCII);
    int at = indexOf(b, marker, 0);
    b[at + marker.length - 1] = (byte) ('0' + version);
    int entries = indexOf(b, "\"entries\":{".getBytes(StandardCharsets.US_ASCII), 0) + 11;
    int end = indexOf(b, "}},\"groups\"".getBytes(StandardCharsets.US_ASCII), entries);
    for (int c = 0; c < changes; c++) {
      int i = entries + random.nextInt(end - entries - 32);
      while (b[i] != ':') {
        i++;
      }
      int stop = i + 1;
      while (b[stop] >= '0' && b[stop] <= '9') {
        stop++;
      }
      int digits = stop - i - 1;
      int last = b[stop - 1] - '0';
      // 1000-1023: keep the value below 1,024 by changing the last digit within 0-3.
      int bound = digits == 4 ? 4 : 10;
      b[stop - 1] = (byte) ('0' + (last + 1 + random.nextInt(bound - 1)) % bound);
    }
    return b;
  }

  private static int indexOf(byte[] b, byte[] what, int from) {
    outer:
    for (int i = from; i <= b.length - what.length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (b[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new IllegalStateException(
        "not in the document: " + new String(what, StandardCharsets.US_ASCII));
  }

  private static void print(String what, long[] nanos) {
    long[] s = nanos.clone();
    Arrays.sort(s);
    System.out.printf(
        Locale.ROOT,
        "%-44s p50 %6.2f s  max %6.2f s  (n=%d)%n",
        what,
        s[(int) (s.length * 0.50)] / 1e9,
        s[s.length - 1] / 1e9,
        s.length);
  }

  /** A client with a long session: reading a 170 MB table keeps a watcher busy for a while. */
  private static CuratorFramework client(String connect) {
    return ZkPropagationHarness.client(connect, 60_000);
  }
}
