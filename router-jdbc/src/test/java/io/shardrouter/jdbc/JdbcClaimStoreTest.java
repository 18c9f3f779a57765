package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.lookup.Claim;
import io.shardrouter.lookup.ClaimLostException;
import io.shardrouter.lookup.ClaimRecord;
import io.shardrouter.lookup.ClaimResult;
import io.shardrouter.lookup.Claims;
import io.shardrouter.lookup.Normalizer;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** router-lookup's claim protocol on the JDBC claim store, on H2 and PostgreSQL. */
class JdbcClaimStoreTest {
  private final AtomicLong clock = new AtomicLong(1_000_000);

  private record Setup(
      Router router, ShardedDataSource sources, JdbcClaimStore store, Claims claims)
      implements AutoCloseable {
    @Override
    public void close() {
      sources.close();
    }
  }

  private Setup setup(TestDatabase db) {
    TestDatabase.Cluster cluster = db.open(2);
    Router router = Router.create(cluster.table("email_claims", 1, 16));
    ShardedDataSource sources = ShardedDataSource.create(cluster.factory(), router);
    JdbcClaimStore store = JdbcClaimStore.create(sources, "email_claims");
    store.createTables(router.table());
    Claims claims =
        Claims.of(router, Normalizer.email(), store, Duration.ofSeconds(30), clock::get);
    return new Setup(router, sources, store, claims);
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void claimCommitRelease_expiryAndTakeover(TestDatabase db) {
    try (Setup s = setup(db)) {
      Claim ann = ((ClaimResult.Granted) s.claims.claim("Ann@Example.com", "user-1")).claim();
      assertEquals(ClaimRecord.State.PENDING, s.store.find(ann.route(), "ann@example.com").state());
      Claim committed = s.claims.commit(ann);
      assertEquals(committed.record(), s.store.find(ann.route(), "ann@example.com"));
      ClaimResult again = s.claims.claim("ANN@example.com", "user-2");
      assertEquals("user-1", ((ClaimResult.Taken) again).holder().owner());

      Claim crashed = ((ClaimResult.Granted) s.claims.claim("bob@example.com", "user-3")).claim();
      clock.addAndGet(30_000);
      Claim recovered = ((ClaimResult.Granted) s.claims.claim("bob@example.com", "user-4")).claim();
      assertTrue(recovered.recovered());
      assertThrows(ClaimLostException.class, () -> s.claims.commit(crashed));
      s.claims.commit(recovered);
      assertFalse(s.claims.release(crashed));
      assertTrue(s.claims.release("BOB@example.com", "user-4"));
      assertNull(s.claims.holderOf("bob@example.com"));
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void recordsAreKeptByPartition_replaceAndDeleteAreConditional(TestDatabase db) {
    try (Setup s = setup(db)) {
      Route p0 = s.router.table().routeOfPartition(0);
      Route p2 = s.router.table().routeOfPartition(2);
      assertEquals(p0.group(), p2.group(), "partitions 0 and 2 share group g1");
      ClaimRecord a = new ClaimRecord("x@y.z", "o1", "t1", ClaimRecord.State.PENDING, 5);
      assertTrue(s.store.insertIfAbsent(p0, a));
      assertFalse(s.store.insertIfAbsent(p0, a));
      assertTrue(
          s.store.insertIfAbsent(p2, a), "the same value on another partition is another record");
      ClaimRecord stale = new ClaimRecord("x@y.z", "o1", "t0", ClaimRecord.State.PENDING, 5);
      ClaimRecord next =
          new ClaimRecord("x@y.z", "o2", "t2", ClaimRecord.State.COMMITTED, Long.MAX_VALUE);
      assertFalse(s.store.replace(p0, stale, next), "a replace on another token does nothing");
      assertTrue(s.store.replace(p0, a, next));
      assertEquals(next, s.store.find(p0, "x@y.z"));
      assertEquals(a, s.store.find(p2, "x@y.z"));
      assertFalse(s.store.delete(p0, a));
      assertTrue(s.store.delete(p0, next));
      assertNull(s.store.find(p0, "x@y.z"));
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  s.store.replace(
                      p2, a, new ClaimRecord("other", "o", "t", ClaimRecord.State.PENDING, 1)));
      assertTrue(e.getMessage().contains("'x@y.z' cannot become 'other'"), e::getMessage);
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void corruptState_andMissingTable_reportedWithTheirPlace(TestDatabase db) throws Exception {
    try (Setup s = setup(db)) {
      Route p0 = s.router.table().routeOfPartition(0);
      try (Connection c = s.sources.primary(p0).getConnection();
          Statement st = c.createStatement()) {
        st.execute("INSERT INTO email_claims VALUES (0, 'bad@x.y', 'o', 't', 'LOCKED', 0)");
      }
      JdbcStoreException e =
          assertThrows(JdbcStoreException.class, () -> s.store.find(p0, "bad@x.y"));
      assertTrue(
          e.getMessage().contains("replica group 'g1' holds state 'LOCKED', expected one of"),
          e::getMessage);
      JdbcClaimStore missing = JdbcClaimStore.create(s.sources, "no_such_table");
      JdbcStoreException m =
          assertThrows(JdbcStoreException.class, () -> missing.find(p0, "a@b.c"));
      assertTrue(
          m.getMessage()
              .startsWith(
                  "cannot read the claim of 'a@b.c' in claim table 'no_such_table' on partition 0"
                      + " of replica group 'g1' (routing version 1)"),
          m::getMessage);
      assertThrows(
          IllegalArgumentException.class, () -> JdbcClaimStore.create(s.sources, "claims-x"));
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void twoRegistrationsOfOneEmail_exactlyOneWins(TestDatabase db) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (Setup s = setup(db)) {
      for (int i = 0; i < 100; i++) {
        CyclicBarrier start = new CyclicBarrier(2);
        String first = "User" + i + "@Example.com";
        String second = "user" + i + "@EXAMPLE.COM ";
        Future<ClaimResult> a =
            pool.submit(
                () -> {
                  start.await();
                  return s.claims.claim(first, "a");
                });
        Future<ClaimResult> b =
            pool.submit(
                () -> {
                  start.await();
                  return s.claims.claim(second, "b");
                });
        List<ClaimResult> results = List.of(a.get(), b.get());
        assertEquals(
            1,
            results.stream().filter(ClaimResult::granted).count(),
            "round " + i + ": " + results);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
