package io.shardrouter.consumerreshard;

import io.shardrouter.consumerreshard.OrdersService.Order;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFilePublisher;
import io.shardrouter.core.metadata.RoutingPublisher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The harness: provisions five embedded H2 databases (file databases in {@code AUTO_SERVER} mode,
 * so that the coordinator's JVM reaches the databases this JVM serves), publishes the first routing
 * document, starts {@link OrdersService} on the routing file, loads it with {@code writeAll}, keeps
 * writers and a reader running while {@link ReshardCoordinator} moves the orders table from four
 * groups to five in a JVM of its own, and then checks every group's table with plain SQL: every
 * acknowledged order exactly once, on the group that owns it under the final table, at its last
 * acknowledged revision. Prints one summary line; exits 1 on any lost, duplicated or stale row or
 * any error.
 *
 * <pre>
 * args: [SEED]
 * </pre>
 */
public final class ConsumerReshard {
  private static final int PARTITIONS = 16;
  private static final int LOADED_CUSTOMERS = 1_000;
  private static final int ORDERS_PER_CUSTOMER = 5;
  private static final int WRITERS = 3;
  private static final int CUSTOMERS_PER_WRITER = 200;
  private static final int ORDERS_PER_WRITTEN_CUSTOMER = 3;
  private static final long GATE_MILLIS = 500;

  private ConsumerReshard() {}

  public static void main(String[] args) throws Exception {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    long seed =
        args.length > 0 ? Long.parseLong(args[0]) : new SplittableRandom().nextLong(1L << 32);
    Path work = Files.createTempDirectory("consumer-reshard");
    int status;
    try {
      status = run(seed, work);
    } finally {
      deleteTree(work);
    }
    System.exit(status);
  }

  private static int run(long seed, Path work) throws Exception {
    long start = System.nanoTime();
    System.out.println("consumer-reshard: seed " + seed + ", work directory " + work);
    List<String> endpoints = new ArrayList<>();
    List<Connection> holders = new ArrayList<>(); // keep each database open (and served) here
    for (int g = 1; g <= 5; g++) {
      String url = "jdbc:h2:file:" + work.resolve("g" + g).toAbsolutePath() + ";AUTO_SERVER=TRUE";
      endpoints.add(url);
      Connection c = DriverManager.getConnection(url, "sa", "");
      try (Statement s = c.createStatement()) {
        s.execute(
            "CREATE TABLE orders (row_key VARBINARY(256) NOT NULL, row_id VARBINARY(64) NOT NULL,"
                + " customer VARCHAR(64), cents BIGINT, routed_version BIGINT NOT NULL,"
                + " seq BIGINT NOT NULL, part INT NOT NULL, PRIMARY KEY (row_key, row_id))");
      }
      holders.add(c);
    }
    Path fromFile = work.resolve("orders-v1.json");
    Path toFile = work.resolve("orders-v2.json");
    Files.writeString(fromFile, document(1, endpoints.subList(0, 4), p -> p % 4 + 1));
    Files.writeString(toFile, document(2, endpoints, p -> p % 5 == 4 ? 5 : p % 4 + 1));
    RoutingTable from = RoutingDocuments.read(fromFile);
    Path routingFile = work.resolve("orders.json");
    RoutingFilePublisher.of(routingFile).publish(from, RoutingPublisher.NOTHING_PUBLISHED);

    Map<String, Long> acked = new ConcurrentHashMap<>(); // "customer/order" -> revision
    List<Throwable> errors = new CopyOnWriteArrayList<>();
    AtomicLong reads = new AtomicLong();
    AtomicLong stale = new AtomicLong();
    AtomicLong written = new AtomicLong();
    Path finalFile = work.resolve("orders-final.json");
    int coordinatorExit;
    long coordinatorPid;
    RoutingTable last;
    long movedRetries;
    try (OrdersService service = new OrdersService(routingFile)) {
      List<Order> load = new ArrayList<>();
      for (int c = 0; c < LOADED_CUSTOMERS; c++) {
        for (int o = 0; o < ORDERS_PER_CUSTOMER; o++) {
          load.add(new Order("c" + c, "o" + o, 1, 100L * c + o));
        }
      }
      for (int i = 0; i < load.size(); i += 1_000) {
        List<Order> batch = load.subList(i, Math.min(load.size(), i + 1_000));
        int done = service.placeAll(batch).written();
        if (done != batch.size()) {
          throw new IllegalStateException("loaded " + done + " of " + batch.size() + " orders");
        }
        batch.forEach(o -> acked.put(o.customer() + "/" + o.id(), 1L));
      }

      AtomicBoolean stop = new AtomicBoolean();
      List<Thread> threads = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        SplittableRandom random = new SplittableRandom(seed + w);
        String prefix = "w" + w + "-c";
        threads.add(
            new Thread(
                () -> {
                  long[][] revisions = new long[CUSTOMERS_PER_WRITER][ORDERS_PER_WRITTEN_CUSTOMER];
                  try {
                    while (!stop.get()) {
                      int c = random.nextInt(CUSTOMERS_PER_WRITER);
                      int o = random.nextInt(ORDERS_PER_WRITTEN_CUSTOMER);
                      long revision = ++revisions[c][o];
                      service.place(new Order(prefix + c, "o" + o, revision, revision));
                      acked.put(prefix + c + "/o" + o, revision);
                      written.incrementAndGet();
                    }
                  } catch (Throwable e) {
                    errors.add(e);
                  }
                },
                "writer-" + w));
      }
      SplittableRandom readRandom = new SplittableRandom(seed - 1);
      threads.add(
          new Thread(
              () -> {
                try {
                  while (!stop.get()) {
                    boolean loaded = readRandom.nextBoolean();
                    String customer =
                        loaded
                            ? "c" + readRandom.nextInt(LOADED_CUSTOMERS)
                            : "w"
                                + readRandom.nextInt(WRITERS)
                                + "-c"
                                + readRandom.nextInt(CUSTOMERS_PER_WRITER);
                    int orders = loaded ? ORDERS_PER_CUSTOMER : ORDERS_PER_WRITTEN_CUSTOMER;
                    Map<String, Long> before = new HashMap<>();
                    for (int o = 0; o < orders; o++) {
                      Long r = acked.get(customer + "/o" + o);
                      if (r != null) {
                        before.put("o" + o, r);
                      }
                    }
                    Map<String, Long> seen = new HashMap<>();
                    for (Order o : service.ordersOf(customer)) {
                      seen.put(o.id(), o.revision());
                    }
                    reads.incrementAndGet();
                    for (Map.Entry<String, Long> e : before.entrySet()) {
                      Long s = seen.get(e.getKey());
                      if (s == null || s < e.getValue()) {
                        stale.incrementAndGet();
                        System.out.println(
                            "stale read: "
                                + customer
                                + "/"
                                + e.getKey()
                                + " acknowledged at"
                                + " revision "
                                + e.getValue()
                                + ", read "
                                + s);
                      }
                    }
                  }
                } catch (Throwable e) {
                  errors.add(e);
                }
              },
              "reader"));
      threads.forEach(Thread::start);

      Process coordinator =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                  "-Dorg.slf4j.simpleLogger.log.io.shardrouter.core.metadata.RoutingFilePublisher=info",
                  ReshardCoordinator.class.getName(),
                  routingFile.toString(),
                  fromFile.toString(),
                  toFile.toString(),
                  work.resolve("migrations").toString(),
                  finalFile.toString(),
                  Long.toString(GATE_MILLIS))
              .inheritIO()
              .start();
      coordinatorPid = coordinator.pid();
      System.out.println(
          "consumer-reshard: coordinator started in its own JVM, pid " + coordinatorPid);
      long seen = -1;
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      while (!coordinator.waitFor(10, TimeUnit.MILLISECONDS)) {
        long v = service.status().version();
        if (v != seen) {
          System.out.printf(
              Locale.ROOT,
              "consumer-reshard: %6.1f s  the service serves version %d (%,d orders written)%n",
              seconds(start),
              v,
              written.get());
          seen = v;
        }
        if (System.nanoTime() > deadline) {
          coordinator.destroyForcibly();
          errors.add(new IllegalStateException("the coordinator did not finish within 3 minutes"));
          break;
        }
      }
      coordinatorExit = coordinator.waitFor();
      last = Files.exists(finalFile) ? RoutingDocuments.read(finalFile) : null;
      long versionDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (last != null
          && service.status().version() < last.version()
          && System.nanoTime() < versionDeadline) {
        Thread.sleep(10);
      }
      System.out.printf(
          Locale.ROOT,
          "consumer-reshard: %6.1f s  the service serves version %d; writing on it a little"
              + " longer%n",
          seconds(start),
          service.status().version());
      Thread.sleep(300);
      stop.set(true);
      for (Thread t : threads) {
        t.join();
      }
      movedRetries = service.status().movedRetries();
      if (last != null && service.status().version() != last.version()) {
        errors.add(
            new IllegalStateException(
                "the service serves version "
                    + service.status().version()
                    + ", not the final "
                    + last.version()
                    + ": "
                    + service.status()));
      }
    }

    if (coordinatorExit != 0) {
      errors.add(
          new IllegalStateException("the coordinator exited with status " + coordinatorExit));
    }
    long lost = 0;
    long duplicated = 0;
    if (last != null) {
      if (!last.equals(RoutingDocuments.read(routingFile))) {
        errors.add(new IllegalStateException("the routing file does not hold the final document"));
      }
      Map<String, Integer> copies = new HashMap<>();
      Map<String, Long> onOwner = new HashMap<>();
      for (int g = 0; g < holders.size(); g++) {
        String group = "g" + (g + 1);
        try (Statement s = holders.get(g).createStatement();
            ResultSet rs = s.executeQuery("SELECT row_key, row_id, seq FROM orders")) {
          while (rs.next()) {
            String customer = new String(rs.getBytes(1), StandardCharsets.UTF_8);
            String row = customer + "/" + new String(rs.getBytes(2), StandardCharsets.UTF_8);
            copies.merge(row, 1, Integer::sum);
            if (last.route(customer).group().id().equals(group)) {
              onOwner.put(row, rs.getLong(3));
            }
          }
        }
      }
      for (Map.Entry<String, Long> e : acked.entrySet()) {
        Long found = onOwner.get(e.getKey());
        if (found == null || found < e.getValue()) {
          lost++;
          if (lost <= 5) {
            System.out.println(
                "lost: "
                    + e.getKey()
                    + " acknowledged at revision "
                    + e.getValue()
                    + ", found "
                    + found);
          }
        }
        duplicated += Math.max(0, copies.getOrDefault(e.getKey(), 0) - 1);
      }
      if (copies.size() != acked.size()) {
        errors.add(
            new IllegalStateException(
                copies.size() + " rows in the groups, " + acked.size() + " acknowledged"));
      }
    } else {
      errors.add(new IllegalStateException("the coordinator wrote no final routing document"));
    }
    for (Connection c : holders) {
      c.close();
    }
    for (Throwable e : errors) {
      System.out.println("error: " + e);
      e.printStackTrace(System.out);
    }
    boolean ok = errors.isEmpty() && lost == 0 && duplicated == 0 && stale.get() == 0;
    System.out.printf(
        Locale.ROOT,
        "consumer-reshard: %s: 4 -> 5 groups with the coordinator in its own JVM (pid %d), final"
            + " version v%s (source v%d, target document v%d), %,d acknowledged orders (%,d loaded,"
            + " %,d writes during the migration), %,d reads, moved retries %d, lost %d, duplicated"
            + " %d, stale %d, errors %d, %.1f s, seed %d%n",
        ok ? "OK" : "FAILED",
        coordinatorPid,
        last == null ? "?" : Long.toString(last.version()),
        from.version(),
        RoutingDocuments.read(toFile).version(),
        acked.size(),
        LOADED_CUSTOMERS * ORDERS_PER_CUSTOMER,
        written.get(),
        reads.get(),
        movedRetries,
        lost,
        duplicated,
        stale.get(),
        errors.size(),
        seconds(start),
        seed);
    return ok ? 0 : 1;
  }

  /** A routing document: hash_mod over xxh3-64, 16 partitions, partition p on g{placement(p)}. */
  private static String document(
      long version, List<String> endpoints, java.util.function.IntUnaryOperator placement) {
    StringBuilder groups = new StringBuilder();
    for (int g = 0; g < endpoints.size(); g++) {
      groups.append(g == 0 ? "" : ",\n    ");
      groups.append("{\"id\": \"g").append(g + 1).append("\", \"primary\": \"");
      groups.append(endpoints.get(g)).append("\"}");
    }
    StringBuilder places = new StringBuilder();
    for (int p = 0; p < PARTITIONS; p++) {
      places.append(p == 0 ? "" : ", ").append("\"g").append(placement.applyAsInt(p)).append('"');
    }
    return "{\"format\": 1, \"routing_version\": "
        + version
        + ", \"entity\": \"orders\", \"key\": {\"type\": \"string\"},\n"
        + "  \"strategy\": {\"type\": \"hash_mod\", \"hash\": \"xxh3-64\", \"partitions\": "
        + PARTITIONS
        + "},\n  \"groups\": [\n    "
        + groups
        + "],\n  \"placement\": ["
        + places
        + "]}\n";
  }

  private static double seconds(long start) {
    return (System.nanoTime() - start) / 1e9;
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
