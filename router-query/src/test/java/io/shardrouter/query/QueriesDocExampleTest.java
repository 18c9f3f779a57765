package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The examples of {@code docs/queries.md}, compiled and run so that they cannot rot: each region
 * between {@code // --- docs/queries.md: <name> begins} and {@code ... ends} must appear verbatim
 * (less its indentation) in the document, which {@link #docs_holdTheseExamplesVerbatim()} checks.
 */
class QueriesDocExampleTest {

  // --- docs/queries.md: dao begins
  record Order(String orderId, long userId, long createdAt, long amountCents) {}

  record OrderKey(long createdAt, String orderId) {}

  /** The asynchronous driver the service already has: one statement against one endpoint. */
  interface OrderStore {
    /**
     * SELECT * FROM {table} WHERE user_id = ? [AND (created_at, order_id) < (?, ?)] ORDER BY
     * created_at DESC, order_id DESC LIMIT ?
     */
    CompletableFuture<List<Order>> newestFirst(
        String endpoint, String table, long userId, OrderKey before, int limit, Duration timeout);

    /**
     * SELECT count(*), sum(amount_cents), min(amount_cents), max(amount_cents) FROM {table} WHERE
     * user_id = ?
     */
    CompletableFuture<PartialAggregate> amounts(
        String endpoint, String table, long userId, Duration timeout);
  }

  /** A user's orders sit in one bucket per month: orders_2024_01, orders_2024_02, ... */
  static final class RecentOrdersDao {
    static final SortOrder<Order, OrderKey> NEWEST_FIRST =
        SortOrder.of(
            "created_at,order_id",
            SortOrder.Direction.DESC,
            o -> new OrderKey(o.createdAt(), o.orderId()),
            Comparator.comparingLong(OrderKey::createdAt).thenComparing(OrderKey::orderId),
            SortKeyCodec.of(
                (k, out) -> out.putLong(k.createdAt()).putString(k.orderId()),
                in -> new OrderKey(in.getLong(), in.getString())));

    private final Router
        router; // entity "orders", key (user_id, month): one bucket per user and month
    private final ScatterGather scatter; // shared by all requests, closed at shutdown
    private final Pager<Order, OrderKey> pager;
    private final OrderStore db;

    RecentOrdersDao(Router router, ScatterGather scatter, byte[] cursorKey, OrderStore db) {
      this.router = router;
      this.scatter = scatter;
      this.pager = Pager.signed(NEWEST_FIRST, cursorKey);
      this.db = db;
    }

    /**
     * The user's orders of months [from, to], newest first, k per page; cursor null for the first
     * page.
     */
    Page<Order> recentOrders(long userId, YearMonth from, YearMonth to, int k, String cursor) {
      RoutingTable table = router.table(); // one routing snapshot for the whole request
      PageRequest<Order, OrderKey> page =
          pager.request(
              cursor,
              "user_id=" + userId + ";months=" + from + ".." + to,
              k,
              table.version()); // refuses a cursor of another user, range or sort
      OrderKey before = page.after().orElse(null);
      ScatterResult<Order> result =
          scatter
              .fanOut(
                  monthBuckets(table, userId, from, to),
                  attempt ->
                      db.newestFirst(
                          attempt.replica().orElseThrow().endpoint(),
                          attempt.target().name(),
                          userId,
                          before,
                          page.fetchLimit(), // k + 1: shows whether another page follows
                          attempt.remaining()))
              .label("recent orders")
              .deadline(Duration.ofMillis(300))
              .run();
      return pager.page(
          page, result); // the top k of all buckets; partial when a bucket did not answer
    }

    /** What the user spent in months [from, to]: complete, or an IncompleteResultException. */
    PartialAggregate spent(long userId, YearMonth from, YearMonth to) {
      ScatterResult<PartialAggregate> result =
          scatter
              .fanOut(
                  monthBuckets(router.table(), userId, from, to),
                  attempt ->
                      db.amounts(
                              attempt.replica().orElseThrow().endpoint(),
                              attempt.target().name(),
                              userId,
                              attempt.remaining())
                          .thenApply(List::of))
              .label("spent")
              .deadline(Duration.ofMillis(500))
              .requireComplete()
              .run();
      return PartialAggregate.mergeAll(result.rows());
    }

    private static List<Target> monthBuckets(
        RoutingTable table, long userId, YearMonth from, YearMonth to) {
      List<Target> buckets = new ArrayList<>();
      for (YearMonth m = to; !m.isBefore(from); m = m.minusMonths(1)) {
        Route route = table.route(userId, m.getYear() * 12L + m.getMonthValue() - 1);
        buckets.add(
            Target.of(String.format("orders_%d_%02d", m.getYear(), m.getMonthValue()), route));
      }
      return buckets;
    }
  }

  // --- docs/queries.md: dao ends

  /**
   * An in-memory OrderStore: one list per bucket table, answers after a millisecond, can fail
   * buckets.
   */
  static final class FakeOrderStore implements OrderStore {
    final Map<String, List<Order>> tables = new ConcurrentHashMap<>();
    final Set<String> failing = ConcurrentHashMap.newKeySet();
    final List<String> endpoints = Collections.synchronizedList(new ArrayList<>());
    final ScheduledExecutorService io;

    FakeOrderStore(ScheduledExecutorService io) {
      this.io = io;
    }

    private <T> CompletableFuture<T> later(
        String endpoint, String table, java.util.function.Supplier<T> answer) {
      endpoints.add(endpoint);
      CompletableFuture<T> f = new CompletableFuture<>();
      io.schedule(
          () -> {
            if (failing.contains(table)) {
              f.completeExceptionally(
                  new IOException(endpoint + ": connection reset while reading " + table));
            } else {
              f.complete(answer.get());
            }
          },
          1,
          TimeUnit.MILLISECONDS);
      return f;
    }

    @Override
    public CompletableFuture<List<Order>> newestFirst(
        String endpoint, String table, long userId, OrderKey before, int limit, Duration timeout) {
      return later(
          endpoint,
          table,
          () ->
              tables.getOrDefault(table, List.of()).stream()
                  .filter(o -> o.userId() == userId)
                  .filter(o -> before == null || RecentOrdersDao.NEWEST_FIRST.isAfter(o, before))
                  .sorted(RecentOrdersDao.NEWEST_FIRST.rows())
                  .limit(limit)
                  .toList());
    }

    @Override
    public CompletableFuture<PartialAggregate> amounts(
        String endpoint, String table, long userId, Duration timeout) {
      return later(
          endpoint,
          table,
          () ->
              PartialAggregate.ofValues(
                  tables.getOrDefault(table, List.of()).stream()
                      .filter(o -> o.userId() == userId)
                      .mapToLong(Order::amountCents)
                      .toArray()));
    }
  }

  private static final byte[] CURSOR_KEY =
      "docs-example-cursor-signing-key!".getBytes(StandardCharsets.US_ASCII);
  private static final YearMonth FROM = YearMonth.of(2024, 1);
  private static final YearMonth TO = YearMonth.of(2024, 6);

  private final ScheduledExecutorService io = Executors.newSingleThreadScheduledExecutor();
  private final FakeOrderStore db = new FakeOrderStore(io);
  private final List<String> auditLog = Collections.synchronizedList(new ArrayList<>());
  private final Router router =
      Router.create(
          TestTables.table(12, 64, 4, KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG)));
  private final List<Order> user42 = new ArrayList<>();

  @AfterEach
  void stopIo() throws InterruptedException {
    io.shutdownNow();
    assertTrue(io.awaitTermination(2, TimeUnit.SECONDS));
  }

  /**
   * Orders of users 42 and 43 in every month from January to June 2024 but April, many at the same
   * millisecond.
   */
  private void seedOrders() {
    SplittableRandom rnd = new SplittableRandom(42);
    int n = 0;
    for (YearMonth m = FROM; !m.isAfter(TO); m = m.plusMonths(1)) {
      if (m.getMonthValue() == 4) {
        continue; // an empty bucket
      }
      String table = String.format("orders_%d_%02d", m.getYear(), m.getMonthValue());
      long start = m.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
      List<Order> rows = new ArrayList<>();
      for (int i = 0; i < 9; i++) {
        long user = rnd.nextBoolean() ? 42 : 43;
        Order o =
            new Order("o-" + (n++), user, start + rnd.nextInt(3) * 1000L, 100 + rnd.nextInt(900));
        rows.add(o);
        if (user == 42) {
          user42.add(o);
        }
      }
      db.tables.put(table, rows);
    }
    user42.sort(RecentOrdersDao.NEWEST_FIRST.rows());
  }

  private ScatterGather scatter() {
    // --- docs/queries.md: setup begins
    ScatterGather scatter =
        ScatterGather.builder()
            .maxConcurrency(8) // buckets queried at once
            .perTargetTimeout(Duration.ofMillis(150)) // one call to one bucket
            .retryOn(e -> e instanceof TimeoutException || e instanceof IOException)
            .retryBudget(2) // extra calls per query, all buckets together
            .hedgeAfter(Duration.ofMillis(40)) // about the p95 latency of one call
            .scatterLimit(24) // two years of months; wider needs allowScatter()
            .audit(record -> auditLog.add(record.toString())) // one line per fan-out
            .build();
    // --- docs/queries.md: setup ends
    return scatter;
  }

  @Test
  void recentOrders_pagesThroughEveryMonthBucketNewestFirst_eachOrderOnce() {
    seedOrders();
    try (ScatterGather scatter = scatter()) {
      RecentOrdersDao dao = new RecentOrdersDao(router, scatter, CURSOR_KEY, db);
      List<Order> seen = new ArrayList<>();
      String cursor = null;
      int pages = 0;
      do {
        Page<Order> page = dao.recentOrders(42, FROM, TO, 5, cursor);
        assertFalse(page.partial());
        seen.addAll(page.rows());
        cursor = page.nextCursor().orElse(null);
        pages++;
      } while (cursor != null);
      assertEquals(user42, seen);
      assertEquals(seen.size(), new HashSet<>(seen).size());
      assertEquals((user42.size() + 4) / 5, pages, "full pages, then no empty one");
      assertEquals(pages, auditLog.size());
      assertTrue(auditLog.get(0).startsWith("fan-out 'recent orders' COMPLETE"), auditLog.get(0));
      for (String endpoint : db.endpoints) {
        assertTrue(endpoint.matches("db\\d[ab]:5432"), "reads go to replicas: " + endpoint);
      }
    }
  }

  @Test
  void recentOrders_bucketDown_pageFlaggedPartialWithTheBucketNamed() {
    seedOrders();
    db.failing.add("orders_2024_03");
    try (ScatterGather scatter = scatter()) {
      RecentOrdersDao dao = new RecentOrdersDao(router, scatter, CURSOR_KEY, db);
      Page<Order> page = dao.recentOrders(42, FROM, TO, 5, null);
      assertTrue(page.partial());
      assertEquals(
          List.of("orders_2024_03"), page.missingTargets().stream().map(Target::name).toList());
      assertFalse(page.nextCursor().isPresent());
      IncompleteResultException e =
          assertThrows(IncompleteResultException.class, () -> dao.spent(42, FROM, TO));
      assertEquals(
          List.of("orders_2024_03"), e.missingTargets().stream().map(Target::name).toList());
    }
  }

  @Test
  void recentOrders_cursorOfAnotherUser_refused() {
    seedOrders();
    try (ScatterGather scatter = scatter()) {
      RecentOrdersDao dao = new RecentOrdersDao(router, scatter, CURSOR_KEY, db);
      String cursor = dao.recentOrders(42, FROM, TO, 2, null).nextCursor().orElseThrow();
      InvalidCursorException e =
          assertThrows(
              InvalidCursorException.class, () -> dao.recentOrders(43, FROM, TO, 2, cursor));
      assertEquals(InvalidCursorException.Reason.FILTER_MISMATCH, e.reason());
    }
  }

  @Test
  void recentOrders_threeYears_refusedByTheScatterGuard() {
    try (ScatterGather scatter = scatter()) {
      RecentOrdersDao dao = new RecentOrdersDao(router, scatter, CURSOR_KEY, db);
      ScatterRefusedException e =
          assertThrows(
              ScatterRefusedException.class,
              () -> dao.recentOrders(42, YearMonth.of(2022, 1), YearMonth.of(2024, 12), 5, null));
      assertEquals(36, e.width());
    }
  }

  @Test
  void spent_mergesSumsAndCountsOfEveryBucket() {
    seedOrders();
    try (ScatterGather scatter = scatter()) {
      PartialAggregate spent =
          new RecentOrdersDao(router, scatter, CURSOR_KEY, db).spent(42, FROM, TO);
      assertEquals(user42.size(), spent.count());
      assertEquals(user42.stream().mapToLong(Order::amountCents).sum(), spent.sum());
      assertEquals(
          user42.stream().mapToLong(Order::amountCents).average().orElseThrow(),
          spent.average().orElseThrow(),
          1e-9);
    }
  }

  /** A multi-get's store: one call per group, with that group's keys only. */
  interface OrderIds {
    CompletableFuture<List<String>> getAll(String endpoint, List<String> orderIds);
  }

  @Test
  void multiGet_asksEachGroupForItsOwnKeysOnce_andGetsEveryKey() {
    RoutingTable table = TestTables.table(7, 16, 5);
    List<String> orderIds = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      orderIds.add("order-" + i);
    }
    Map<String, List<String>> asked = new ConcurrentHashMap<>();
    OrderIds store =
        (endpoint, ids) -> {
          asked.put(endpoint, ids);
          return CompletableFuture.completedFuture(ids);
        };
    try (ScatterGather scatter = ScatterGather.builder().build()) {
      // --- docs/queries.md: multiget begins
      KeyTargets<String> plan = KeyTargets.perGroup(table, orderIds);
      ScatterResult<String> found =
          scatter
              .fanOut(
                  plan.targets(),
                  a -> store.getAll(a.replica().orElseThrow().endpoint(), plan.keysOf(a.target())))
              .run();
      // --- docs/queries.md: multiget ends
      assertFalse(found.partial());
      assertEquals(new HashSet<>(orderIds), new HashSet<>(found.rows()));
      assertEquals(orderIds.size(), found.rows().size(), "each key asked once");
      assertEquals(plan.targets().size(), asked.size(), "one call per group: " + asked);
      asked.forEach(
          (endpoint, ids) -> {
            for (String id : ids) {
              assertTrue(
                  table.route(id).group().members().stream()
                      .anyMatch(r -> r.endpoint().equals(endpoint)),
                  id + " asked of " + endpoint + ", not of its group");
            }
          });
    }
  }

  @Test
  void docs_holdTheseExamplesVerbatim() throws IOException {
    String source =
        Files.readString(Path.of("src/test/java/io/shardrouter/query/QueriesDocExampleTest.java"));
    String doc = Files.readString(Path.of("../docs/queries.md"));
    Matcher m =
        Pattern.compile(
                "// --- docs/queries.md: (\\w+) begins\\n(.*?)\\n\\s*// --- docs/queries.md: \\1 ends",
                Pattern.DOTALL)
            .matcher(source);
    int regions = 0;
    while (m.find()) {
      regions++;
      String snippet = dedent(m.group(2));
      assertTrue(
          doc.contains("```java\n" + snippet + "\n```"),
          "docs/queries.md must hold the '"
              + m.group(1)
              + "' example of "
              + getClass().getSimpleName()
              + " verbatim, in a java code block:\n"
              + snippet);
    }
    assertEquals(3, regions, "the regions of this file");
  }

  private static String dedent(String block) {
    List<String> lines = block.lines().toList();
    int indent = Integer.MAX_VALUE;
    for (String l : lines) {
      if (!l.isBlank()) {
        indent = Math.min(indent, l.length() - l.stripLeading().length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String l : lines) {
      sb.append(l.isBlank() ? "" : l.substring(indent)).append('\n');
    }
    return sb.toString().stripTrailing();
  }
}
