package io.shardrouter.bench.lookup;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * How long does a service take to load a routing document whose strategy is a {@code lookup}
 * directory of N entries (16-byte keys), from compact JSON and from a snapshot, and how much heap
 * does it need while it loads? A load of 10M entries takes seconds, so this is a plain timing main
 * (one load per repetition, after one warm-up load) rather than a JMH benchmark.
 *
 * <p>The document (fallback {@code hash_mod} over 1,024 partitions on 16 groups, entries in random
 * key order) is generated once and cached under {@code java.io.tmpdir}; the snapshot is {@code
 * RoutingDocuments.writeSnapshot} of the table read from it. Peak heap is the sum of the heap
 * pools' peak usage during the timed loads, after a full GC with only the input bytes live; it
 * counts garbage not yet collected, so for the live peak run with a small {@code -Xmx} and {@code
 * -Xlog:gc} and take the largest heap after a collection. Each load also prints the CPU time of the
 * loading thread, which a busy machine changes far less than the elapsed time.
 *
 * <p>Run (under the machine's benchmark lock, one JVM per mode): {@code flock /tmp/sr-jmh.flock
 * java -Xmx8g -cp router-bench/target/benchmarks.jar io.shardrouter.bench.lookup.LookupLoadMain
 * 10000000 snapshot 2}
 */
public final class LookupLoadMain {
  private static final int PARTITIONS = 1024;
  private static final int GROUPS = 16;
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  private LookupLoadMain() {}

  /** Arguments: entries, {@code json} or {@code snapshot}, timed repetitions (default 3). */
  public static void main(String[] args) throws IOException {
    int n = Integer.parseInt(args[0]);
    boolean snapshot = args[1].equals("snapshot");
    int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    Path dir = Path.of(System.getProperty("java.io.tmpdir"));
    Path json = dir.resolve("sr-lookup-" + n + ".json");
    Path snap = dir.resolve("sr-lookup-" + n + ".snap");
    StrategyRegistry registry = StrategyRegistry.defaultRegistry();
    if (!Files.exists(json)) {
      Files.write(json, document(n));
    }
    if (snapshot && !Files.exists(snap)) {
      Files.write(
          snap,
          RoutingDocuments.writeSnapshot(
              RoutingDocuments.read(Files.readAllBytes(json), registry, ReadLimits.largest())));
    }
    byte[] input = Files.readAllBytes(snapshot ? snap : json);
    System.out.printf(
        "%d entries, %s, %.1f MB%n", n, snapshot ? "snapshot" : "json", input.length / 1e6);
    String fingerprint = load(input, registry).fingerprint(); // warm-up
    for (int r = 0; r < reps; r++) {
      System.gc();
      long base = heapUsed();
      ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
      long c0 = CPU.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      RoutingTable t = load(input, registry);
      long t1 = System.nanoTime();
      long c1 = CPU.getCurrentThreadCpuTime();
      long peak = 0;
      for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
        if (p.getType() == MemoryType.HEAP) {
          peak += p.getPeakUsage().getUsed();
        }
      }
      if (!t.fingerprint().equals(fingerprint)) {
        throw new IllegalStateException(
            "load " + r + " gave fingerprint " + t.fingerprint() + ", the warm-up " + fingerprint);
      }
      System.out.printf(
          "load %d: %.2f s (CPU of the loading thread %.2f s), peak heap %.0f MB (live before: %.0f MB), fingerprint %s%n",
          r,
          (t1 - t0) / 1e9,
          (c1 - c0) / 1e9,
          peak / 1e6,
          base / 1e6,
          fingerprint.substring(0, 12));
    }
  }

  /** Reads {@code input}, a document or a snapshot (told apart by its magic bytes). */
  private static RoutingTable load(byte[] input, StrategyRegistry registry) {
    return RoutingDocuments.read(input, registry, ReadLimits.largest());
  }

  private static long heapUsed() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** A compact format-1 document with {@code n} distinct 16-character hex keys in random order. */
  static byte[] document(int n) {
    StringBuilder sb = new StringBuilder(n * 24 + 20_000);
    sb.append(
            "{\"format\":1,\"routing_version\":1,\"entity\":\"users\",\"key\":{\"type\":\"string\"},\"strategy\":{\"type\":\"lookup\",")
        .append("\"match\":\"key\",\"partitions\":")
        .append(PARTITIONS)
        .append(",\"fallback\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",")
        .append("\"partitions\":")
        .append(PARTITIONS)
        .append("},\"entries\":{");
    SplittableRandom rnd = new SplittableRandom(42);
    for (int i = 0; i < n; i++) {
      // A bijection of i keeps the keys distinct without a set of them.
      long k = mix(i);
      sb.append(i == 0 ? "\"" : ",\"")
          .append(hex16(k))
          .append("\":")
          .append(rnd.nextInt(PARTITIONS));
    }
    sb.append("}},\"groups\":[");
    for (int g = 0; g < GROUPS; g++) {
      sb.append(g == 0 ? "" : ",")
          .append("{\"id\":\"g")
          .append(g)
          .append("\",\"primary\":\"db")
          .append(g)
          .append(":5432\"}");
    }
    sb.append("],\"placement\":[");
    for (int p = 0; p < PARTITIONS; p++) {
      sb.append(p == 0 ? "\"g" : ",\"g").append(p % GROUPS).append('"');
    }
    return sb.append("]}").toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String hex16(long k) {
    String h = Long.toHexString(k);
    return "0000000000000000".substring(h.length()) + h;
  }

  private static long mix(long x) {
    x = (x ^ (x >>> 33)) * 0xff51afd7ed558ccdL;
    x = (x ^ (x >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return x ^ (x >>> 33);
  }
}
