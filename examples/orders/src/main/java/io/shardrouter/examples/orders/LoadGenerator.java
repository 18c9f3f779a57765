package io.shardrouter.examples.orders;

import io.shardrouter.examples.orders.Ledger.Acked;
import io.shardrouter.jdbc.JdbcStoreException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The reshard demo's clients: seeded writer threads that place new orders and reprice their own
 * users' orders (each user has one writer, so an order's revisions grow without coordination), one
 * of them routing with a router that learns every new version late (a slow process of the fleet),
 * and reader threads that read a random user's orders and check that none acknowledged before the
 * read is missing or older (a stale read); every other reader (and a lone one) routes with the late
 * router too. The orders tables retry a write or read a fence refuses (with the same revision, once
 * the table has the version the fence asks for, which the coordinator may publish a moment after it
 * set the fence) and one the database rolled back to keep its isolation level (a serialization
 * failure); other SQL failures are retried here, a few times.
 */
final class LoadGenerator implements AutoCloseable {
  private static final int SQL_RETRIES = 5;

  private final List<User> users;
  private final Ledger ledger;
  private final PhaseStats stats;
  private final OrderDao client;
  private final OrderDao lagging;
  private final long seed;
  private final int writers;
  private final int readers;
  private final long epochMillis;
  private final List<Thread> threads = new ArrayList<>();
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private final LongAdder sqlRetries = new LongAdder();
  private volatile boolean stop;

  LoadGenerator(
      List<User> users,
      Ledger ledger,
      PhaseStats stats,
      OrderDao client,
      OrderDao lagging,
      long seed,
      int writers,
      int readers,
      long epochMillis) {
    this.users = List.copyOf(users);
    this.ledger = ledger;
    this.stats = stats;
    this.client = client;
    this.lagging = lagging;
    this.seed = seed;
    this.writers = writers;
    this.readers = readers;
    this.epochMillis = epochMillis;
  }

  /**
   * Starts the threads: {@code writers} writers (the last one lagging) and the readers (every odd
   * one lagging, or the only one).
   */
  LoadGenerator start() {
    for (int w = 0; w < writers; w++) {
      int id = w;
      OrderDao c = w == writers - 1 ? lagging : client;
      spawn("writer-" + w, () -> write(id, c));
    }
    for (int r = 0; r < readers; r++) {
      int id = r;
      OrderDao c = laggingReader(r, readers) ? lagging : client;
      spawn("reader-" + r, () -> read(id, c));
    }
    return this;
  }

  /** True when reader {@code r} of {@code readers} routes with the lagging router. */
  static boolean laggingReader(int r, int readers) {
    return r % 2 == 1 || readers == 1;
  }

  /** Readers of {@code readers} that route with the lagging router. */
  static int laggingReaders(int readers) {
    int n = 0;
    for (int r = 0; r < readers; r++) {
      n += laggingReader(r, readers) ? 1 : 0;
    }
    return n;
  }

  /** SQL failures (lock timeouts, say) that were retried. */
  long sqlRetries() {
    return sqlRetries.sum();
  }

  private interface Body {
    void run() throws Exception;
  }

  private void spawn(String name, Body body) {
    Thread t =
        new Thread(
            () -> {
              try {
                body.run();
              } catch (Throwable e) {
                failure.compareAndSet(null, e);
                stop = true;
              }
            },
            "orders-" + name);
    t.setDaemon(true);
    threads.add(t);
    t.start();
  }

  private void write(int id, OrderDao c) throws Exception {
    SplittableRandom rnd = new SplittableRandom(seed * 31 + id);
    List<User> mine = new ArrayList<>();
    for (int i = id; i < users.size(); i += writers) {
      mine.add(users.get(i));
    }
    long n = 0;
    while (!stop) {
      User u = mine.get(rnd.nextInt(mine.size()));
      List<Acked> known = new ArrayList<>(ledger.of(u).values());
      Order order;
      long revision;
      long cents = 100 + rnd.nextInt(100_000);
      if (known.isEmpty() || rnd.nextInt(2) == 0) {
        long at = epochMillis + rnd.nextLong(TimeUnit.DAYS.toMillis(300));
        order = new Order(u.tenant(), u.userId(), "w" + id + "-" + n++, at, cents);
        revision = 1;
      } else {
        Acked a = known.get(rnd.nextInt(known.size()));
        Order o = a.order();
        order = new Order(o.tenant(), o.userId(), o.orderId(), o.createdAtMillis(), cents);
        revision = a.revision() + 1;
      }
      long t0 = System.nanoTime();
      for (int sqlFailures = 0; ; sqlFailures++) {
        try {
          c.save(order, revision); // the table retries refusals and serialization failures
          break;
        } catch (JdbcStoreException e) {
          retryOrThrow(e, sqlFailures);
        }
      }
      long micros = (System.nanoTime() - t0) / 1_000;
      ledger.ack(order, revision);
      PhaseStats.Of ph = stats.now();
      ph.writes.increment();
      ph.writeMicros.recordValue(Math.max(1, micros));
    }
  }

  private void read(int id, OrderDao c) throws Exception {
    SplittableRandom rnd = new SplittableRandom(seed * 17 + 1_000 + id);
    while (!stop) {
      User u = users.get(rnd.nextInt(users.size()));
      Map<String, Acked> before = ledger.of(u);
      long t0 = System.nanoTime();
      List<OrderRevision> got;
      for (int sqlFailures = 0; ; sqlFailures++) {
        try {
          got = c.ordersOf(u.tenant(), u.userId());
          break;
        } catch (JdbcStoreException e) {
          retryOrThrow(e, sqlFailures);
        }
      }
      long micros = (System.nanoTime() - t0) / 1_000;
      PhaseStats.Of ph = stats.now();
      ph.reads.increment();
      ph.readMicros.recordValue(Math.max(1, micros));
      if (stale(before, got)) {
        ph.stale.increment();
      }
    }
  }

  /** True when a revision acknowledged before the read is missing from it, or newer than it. */
  private static boolean stale(Map<String, Acked> before, List<OrderRevision> got) {
    Map<String, Long> seen = new HashMap<>();
    for (OrderRevision r : got) {
      seen.put(r.order().orderId(), r.revision());
    }
    for (Acked a : before.values()) {
      Long r = seen.get(a.order().orderId());
      if (r == null || r < a.revision()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Counts a failed call whose cause is a SQL failure the table does not retry itself (a lock
   * timeout, say), to be run again; throws after {@value #SQL_RETRIES} of them, or when the table's
   * own retries were spent.
   */
  private void retryOrThrow(JdbcStoreException e, int failures) {
    if (!(e.getCause() instanceof SQLException) || failures >= SQL_RETRIES) {
      throw e;
    }
    sqlRetries.increment();
  }

  /** Stops the clients and waits for them; rethrows the first failure of any. */
  @Override
  public void close() throws Exception {
    stop = true;
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(60));
    }
    Throwable f = failure.get();
    if (f instanceof Exception e) {
      throw e;
    }
    if (f != null) {
      throw new IllegalStateException("a client failed", f);
    }
  }
}
