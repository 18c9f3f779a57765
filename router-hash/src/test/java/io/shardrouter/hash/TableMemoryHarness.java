package io.shardrouter.hash;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Measures, in the heap it is started with, what loading routing tables costs: the peak heap while
 * the 21-byte hostile snapshot is refused, the retained bytes per partition of a loaded {@code
 * hash_mod} table, and the largest such table that loads. Not a test (nothing is asserted, nothing
 * is timed); run it by hand:
 *
 * <pre>{@code
 * ./mvnw -q -o -pl router-hash -am test-compile
 * CP=$(./mvnw -q -o -pl router-hash dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
 * java -Xmx256m -cp router-hash/target/test-classes:router-hash/target/classes:router-core/target/classes:$CP \
 *     io.shardrouter.hash.TableMemoryHarness
 * }</pre>
 */
final class TableMemoryHarness {
  private TableMemoryHarness() {}

  /** Runs the three measurements and prints one line each. */
  public static void main(String[] args) {
    hostileSnapshot();
    perPartition();
    largest();
  }

  private static void hostileSnapshot() {
    byte[] hostile =
        KeyText.parseHex(
            "53525453" + "0100" + "0000" + "00000010" + "01000000" + "00000000" + "00");
    settle();
    resetPeaks();
    long before = used();
    String outcome;
    try {
      RoutingDocuments.read(hostile, StrategyRegistry.defaultRegistry(), ReadLimits.defaults());
      outcome = "read (unexpected)";
    } catch (InvalidRoutingTableException e) {
      outcome = "refused";
    }
    System.out.printf(
        Locale.ROOT,
        "hostile 21-byte snapshot: %s; peak heap %.1f MiB, %.1f MiB above the heap before it%n",
        outcome,
        peak() / 1048576.0,
        (peak() - before) / 1048576.0);
  }

  private static void perPartition() {
    for (int bits = 16; bits <= 20; bits += 2) {
      int p = 1 << bits;
      byte[] json = document(p);
      settle();
      long before = used();
      RoutingTable t =
          RoutingDocuments.read(
              json,
              StrategyRegistry.defaultRegistry(),
              ReadLimits.defaults().withMaxDocumentBytes(json.length));
      settle();
      long after = used();
      System.out.printf(
          Locale.ROOT,
          "hash_mod, P = %,d on 16 groups: %.1f bytes per partition retained (table %s)%n",
          p,
          (after - before) / (double) p,
          t.partitionCount() == p ? "ok" : "wrong");
    }
  }

  private static void largest() {
    int best = 0;
    for (int bits = 16; bits <= 24; bits++) {
      int p = 1 << bits;
      try {
        byte[] snapshot =
            RoutingDocuments.writeSnapshot(
                RoutingDocuments.read(
                    document(p),
                    StrategyRegistry.defaultRegistry(),
                    ReadLimits.defaults().withMaxDocumentBytes(Integer.MAX_VALUE)));
        settle();
        RoutingTable t = RoutingDocuments.read(snapshot);
        best = t.partitionCount();
      } catch (OutOfMemoryError e) {
        break;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "largest hash_mod table loaded from a snapshot in a %d MiB heap: P = %,d%n",
        Runtime.getRuntime().maxMemory() >> 20,
        best);
  }

  /** A hash_mod document of {@code p} partitions placed round-robin on 16 groups. */
  static byte[] document(int p) {
    StringBuilder b = new StringBuilder(p * 6 + 1024);
    b.append("{\"format\": 1, \"routing_version\": 1, \"entity\": \"orders\",")
        .append(" \"key\": {\"type\": \"string\"},")
        .append(" \"strategy\": {\"type\": \"hash_mod\", \"partitions\": ")
        .append(p)
        .append("}, \"groups\": [");
    for (int g = 0; g < 16; g++) {
      b.append(g == 0 ? "" : ", ")
          .append("{\"id\": \"g")
          .append(g)
          .append("\", \"primary\": \"db")
          .append(g)
          .append(":5432\"}");
    }
    b.append("], \"placement\": [");
    for (int i = 0; i < p; i++) {
      b.append(i == 0 ? "\"g" : ",\"g").append(i & 15).append('"');
    }
    return b.append("]}").toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void settle() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
  }

  private static long used() {
    return Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
  }

  private static void resetPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  private static long peak() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
