package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.Router;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two registrations of one e-mail at the same moment, through the claim protocol against an
 * in-memory store with atomic insert: exactly one wins, every time; and two registrations taking
 * over one crashed pending claim after its expiry: exactly one wins.
 */
class ClaimsConcurrencyTest {
  private static final int ROUNDS = 2_000;

  private final ExecutorService pool = Executors.newFixedThreadPool(2);
  private final AtomicLong clock = new AtomicLong(5_000_000);
  private final InMemoryClaimStore store = new InMemoryClaimStore();
  private final Router router =
      Router.create(Fixtures.hashModTable("email_claims", KeyType.STRING, 64));
  private final Claims claims =
      Claims.of(router, Normalizer.email(), store, Duration.ofSeconds(10), clock::get);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  /**
   * Runs two registrations of {@code spellings} at once (a barrier releases both); returns their
   * results.
   */
  private List<ClaimResult> race(String first, String second, String ownerPrefix) throws Exception {
    CyclicBarrier start = new CyclicBarrier(2);
    Callable<ClaimResult> a =
        () -> {
          start.await();
          return claims.claim(first, ownerPrefix + "-a");
        };
    Callable<ClaimResult> b =
        () -> {
          start.await();
          return claims.claim(second, ownerPrefix + "-b");
        };
    Future<ClaimResult> fa = pool.submit(a);
    Future<ClaimResult> fb = pool.submit(b);
    return List.of(fa.get(), fb.get());
  }

  @Test
  void twoRegistrationsOfOneEmail_exactlyOneWins() throws Exception {
    for (int i = 0; i < ROUNDS; i++) {
      List<ClaimResult> results =
          race("User" + i + "@Example.com", "user" + i + "@EXAMPLE.COM ", "r" + i);
      long winners = results.stream().filter(ClaimResult::granted).count();
      assertEquals(1, winners, "round " + i + ": " + results);
      Claim won =
          results.stream()
              .filter(ClaimResult::granted)
              .map(r -> ((ClaimResult.Granted) r).claim())
              .findFirst()
              .orElseThrow();
      ClaimResult.Taken lost =
          (ClaimResult.Taken) results.stream().filter(r -> !r.granted()).findFirst().orElseThrow();
      assertEquals(
          won.record(), lost.holder(), "round " + i + ": the loser is told who holds the value");
      claims.commit(won);
    }
    assertEquals(ROUNDS, store.size());
  }

  @Test
  void crashedPendingClaim_twoTakersAfterExpiry_exactlyOneWins() throws Exception {
    List<Claim> crashed = new ArrayList<>();
    for (int i = 0; i < ROUNDS; i++) {
      crashed.add(
          ((ClaimResult.Granted) claims.claim("crash" + i + "@example.com", "crashed")).claim());
    }
    for (int i = 0; i < ROUNDS; i++) {
      List<ClaimResult> before =
          race("crash" + i + "@example.com", "CRASH" + i + "@example.com", "early" + i);
      assertTrue(
          before.stream().noneMatch(ClaimResult::granted),
          "round " + i + ": a pending claim is held until it expires");
    }
    clock.addAndGet(10_000);
    for (int i = 0; i < ROUNDS; i++) {
      List<ClaimResult> after =
          race("crash" + i + "@example.com", "CRASH" + i + "@example.com", "late" + i);
      assertEquals(
          1, after.stream().filter(ClaimResult::granted).count(), "round " + i + ": " + after);
      Claim won =
          after.stream()
              .filter(ClaimResult::granted)
              .map(r -> ((ClaimResult.Granted) r).claim())
              .findFirst()
              .orElseThrow();
      assertTrue(won.recovered());
      claims.commit(won);
      int round = i;
      org.junit.jupiter.api.Assertions.assertThrows(
          ClaimLostException.class, () -> claims.commit(crashed.get(round)));
    }
  }
}
