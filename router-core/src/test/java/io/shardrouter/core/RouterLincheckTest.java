package io.shardrouter.core;

import static io.shardrouter.testing.concurrent.Interleavings.check;
import static io.shardrouter.testing.concurrent.Interleavings.failure;
import static io.shardrouter.testing.concurrent.Interleavings.runAll;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Controlled concurrency tests of the publish/read protocol (docs/testing.md §4): Lincheck's model
 * checker runs the same few threads under many schedules, switching threads at every shared read
 * and write, and prints the schedule of a failure. Each property is also shown to fail on a broken
 * twin below, so a pass means the schedules that break it were explored.
 *
 * <p>Version v has {@code 6 + v} partitions, so the partition of {@link #KEY} differs between
 * versions, and places partition p on group "v-(p+v)%3": a route is whole when it is exactly the
 * route its own version's table gives for the key.
 */
class RouterLincheckTest {
  static final String KEY = "k"; // byte sum 107: partition 2 of 7, 3 of 8, 4 of 9
  static final RoutingTable[] TABLES = {table(0), table(1), table(2), table(3)};

  static RoutingTable table(long v) {
    int partitions = (int) (6 + v);
    RoutingTable.Builder b =
        RoutingTable.builder()
            .version(v)
            .entity("orders")
            .keyType(KeyType.STRING)
            .strategy(new ByteSumStrategy(partitions));
    for (int g = 0; g < 3; g++) {
      b.group(ReplicaGroup.of(v + "-" + g, "db" + g + ":5432"));
    }
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      placement.add(v + "-" + ((p + v) % 3));
    }
    return b.placement(placement).build();
  }

  /** The two operations under test, so one scenario runs on the router and on a broken twin. */
  interface Publisher {
    void update(RoutingTable next);

    Route route(String key);
  }

  static Publisher of(Router router) {
    return new Publisher() {
      @Override
      public void update(RoutingTable next) {
        try {
          router.update(next);
        } catch (StaleRoutingVersionException e) {
          // another writer published a newer version first: refused, as it should be
        }
      }

      @Override
      public Route route(String key) {
        return router.route(key);
      }
    };
  }

  /** One writer publishes versions 1 and 2 while one reader routes twice. */
  static void readerAndWriter(Publisher router) {
    Route[] seen = new Route[2];
    Thread writer =
        new Thread(
            () -> {
              router.update(TABLES[1]);
              router.update(TABLES[2]);
            });
    Thread reader =
        new Thread(
            () -> {
              seen[0] = router.route(KEY);
              seen[1] = router.route(KEY);
            });
    runAll(writer, reader);
    for (Route r : seen) {
      assertSame(TABLES[(int) r.version()].route(KEY), r, () -> "torn route " + r);
    }
    assertTrue(
        seen[1].version() >= seen[0].version(),
        () -> "version went back from " + seen[0].version() + " to " + seen[1].version());
  }

  /**
   * Two writers publish versions 2 and 3 while a reader routes twice: the version a reader sees
   * never goes back, and the router ends on version 3 whichever writer ran first.
   */
  static void twoWriters(Publisher router, Route[] last) {
    Route[] seen = new Route[2];
    Thread w2 = new Thread(() -> router.update(TABLES[2]));
    Thread w3 = new Thread(() -> router.update(TABLES[3]));
    Thread reader =
        new Thread(
            () -> {
              seen[0] = router.route(KEY);
              seen[1] = router.route(KEY);
            });
    runAll(w2, w3, reader);
    assertTrue(
        seen[1].version() >= seen[0].version(),
        () -> "version went back from " + seen[0].version() + " to " + seen[1].version());
    last[0] = router.route(KEY);
    assertSame(TABLES[3].route(KEY), last[0], () -> "ended on " + last[0] + ", not version 3");
  }

  @Test
  void route_duringUpdate_neverTornNeverBackwards() {
    check(() -> readerAndWriter(of(Router.create(TABLES[0]))));
  }

  @Test
  void update_twoWriters_versionNeverBack_newestWins() {
    check(() -> twoWriters(of(Router.create(TABLES[1])), new Route[1]));
  }

  @Test
  void brokenTwin_tableReadTwice_tornRouteFound() {
    String report =
        failure(
            () -> readerAndWriter(new BrokenRouter(BrokenRouter.Bug.TABLE_READ_TWICE, TABLES[0])));
    assertTrue(report.contains("torn route"), report);
  }

  @Test
  void brokenTwin_checkThenSet_lostUpdate() {
    String report =
        failure(
            () ->
                twoWriters(
                    new BrokenRouter(BrokenRouter.Bug.CHECK_THEN_SET, TABLES[1]), new Route[1]));
    assertTrue(report.contains("not version 3") || report.contains("went back"), report);
  }

  /** Broken twins of {@link Router}: one volatile table, with one rule of the real class broken. */
  static final class BrokenRouter implements Publisher {
    enum Bug {
      /**
       * {@code route} computes the partition from one read of the table and takes the route from a
       * second read, as a route that looked the table up twice would.
       */
      TABLE_READ_TWICE,
      /**
       * {@code update} checks the version, then sets the table, with no compare-and-set between.
       */
      CHECK_THEN_SET
    }

    private final Bug bug;
    private volatile RoutingTable table;

    BrokenRouter(Bug bug, RoutingTable initial) {
      this.bug = bug;
      table = initial;
    }

    @Override
    public void update(RoutingTable next) {
      if (bug == Bug.TABLE_READ_TWICE || next.version() > table.version()) {
        table = next;
      }
    }

    @Override
    public Route route(String key) {
      if (bug == Bug.CHECK_THEN_SET) {
        return table.route(key);
      }
      int partition = table.route(key).partition();
      return table.routeOfPartition(Math.min(partition, table.partitionCount() - 1));
    }
  }
}
