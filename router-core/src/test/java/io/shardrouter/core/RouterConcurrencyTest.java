package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Readers route while a writer publishes thousands of versions. Version v places every partition p
 * on group "v-(p+v)%3", so a route mixed of two tables (a version from one, a group from another)
 * is detected, as is a reader seeing versions go backwards.
 */
class RouterConcurrencyTest {
  private static final int PARTITIONS = 64;
  private static final int VERSIONS = 3_000;

  private static RoutingTable table(long v) {
    RoutingTable.Builder b =
        RoutingTable.builder()
            .version(v)
            .entity("orders")
            .keyType(KeyType.STRING)
            .strategy(new ByteSumStrategy(PARTITIONS));
    for (int g = 0; g < 3; g++) {
      b.group(ReplicaGroup.of(v + "-" + g, "db" + g + ":5432"));
    }
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < PARTITIONS; p++) {
      placement.add(v + "-" + ((p + v) % 3));
    }
    return b.placement(placement).build();
  }

  @Test
  void route_duringSwaps_neverMixedNeverBackwards() throws Exception {
    RoutingTable[] tables = new RoutingTable[VERSIONS + 1];
    for (int v = 0; v <= VERSIONS; v++) {
      tables[v] = table(v);
    }
    Router router = Router.create(tables[0]);
    AtomicBoolean done = new AtomicBoolean();
    ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    int readers = 3;
    CountDownLatch started = new CountDownLatch(readers);
    List<Thread> threads = new ArrayList<>();
    long[] routed = new long[readers];
    for (int i = 0; i < readers; i++) {
      int id = i;
      Thread t =
          new Thread(
              () -> {
                started.countDown();
                long lastVersion = -1;
                long n = 0;
                while (!done.get() && errors.isEmpty()) {
                  String key = "key-" + (n % 1000);
                  Route r = router.route(key);
                  long v = r.version();
                  String expected = v + "-" + ((r.partition() + v) % 3);
                  if (!r.group().id().equals(expected)) {
                    errors.add(
                        "mixed route: version "
                            + v
                            + " partition "
                            + r.partition()
                            + " on "
                            + r.group().id()
                            + ", expected "
                            + expected);
                  }
                  if (v < lastVersion) {
                    errors.add("version went back from " + lastVersion + " to " + v);
                  }
                  lastVersion = v;
                  n++;
                }
                routed[id] = n;
              });
      threads.add(t);
      t.start();
    }
    started.await();
    for (int v = 1; v <= VERSIONS && errors.isEmpty(); v++) {
      router.update(tables[v]);
    }
    done.set(true);
    for (Thread t : threads) {
      t.join(30_000);
    }
    assertEquals(List.of(), List.copyOf(errors));
    assertEquals(VERSIONS, router.version());
    for (int i = 0; i < readers; i++) {
      if (routed[i] == 0) {
        throw new AssertionError("reader " + i + " routed nothing");
      }
    }
  }

  @Test
  void update_concurrentWriters_versionOnlyGoesUp() throws Exception {
    RoutingTable[] tables = new RoutingTable[401];
    for (int v = 0; v <= 400; v++) {
      tables[v] = table(v);
    }
    Router router = Router.create(tables[0]);
    ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    router.addListener(
        (prev, next) -> {
          if (next.version() <= prev.version()) {
            errors.add("swap " + prev.version() + " -> " + next.version());
          }
        });
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      int offset = w;
      Thread t =
          new Thread(
              () -> {
                for (int v = 1 + offset; v <= 400; v += 2) {
                  try {
                    router.update(tables[v]);
                  } catch (StaleRoutingVersionException expected) {
                    // the other writer got further: fine
                  }
                }
              });
      writers.add(t);
      t.start();
    }
    for (Thread t : writers) {
      t.join(30_000);
    }
    assertEquals(List.of(), List.copyOf(errors));
    assertEquals(400, router.version());
  }
}
