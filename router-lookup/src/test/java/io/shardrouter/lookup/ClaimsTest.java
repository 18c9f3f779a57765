package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The claim protocol step by step: claim, commit, release, expiry and takeover, and its refusals.
 */
class ClaimsTest {
  private final AtomicLong clock = new AtomicLong(1_000_000);
  private final InMemoryClaimStore store = new InMemoryClaimStore();
  private final Router router =
      Router.create(Fixtures.hashModTable("email_claims", KeyType.STRING, 64));
  private final Claims claims =
      Claims.of(router, Normalizer.email(), store, Duration.ofSeconds(30), clock::get);

  @Test
  void theApisInMemoryStore_holdsClaimsAsADatabaseWould() {
    Claims viaFactory =
        Claims.of(
            router, Normalizer.email(), ClaimStore.inMemory(), Duration.ofSeconds(30), clock::get);
    Claim c = ((ClaimResult.Granted) viaFactory.claim("Bob@Example.com", "user-1")).claim();
    Claim committed = viaFactory.commit(c);
    ClaimResult taken = viaFactory.claim("bob@example.com", "user-2");
    assertEquals("user-1", ((ClaimResult.Taken) taken).holder().owner());
    assertEquals(ClaimRecord.State.COMMITTED, ((ClaimResult.Taken) taken).holder().state());
    assertTrue(viaFactory.release(committed));
    assertTrue(viaFactory.claim("bob@example.com", "user-2").granted());
  }

  @Test
  void claim_thenCommit_valueIsTaken() {
    ClaimResult r = claims.claim("Ann@Example.com", "user-1");
    Claim c = ((ClaimResult.Granted) r).claim();
    assertEquals("ann@example.com", c.record().value());
    assertEquals(ClaimRecord.State.PENDING, c.record().state());
    assertEquals(1_030_000, c.record().expiresAtMillis());
    assertEquals(router.route("ann@example.com").partition(), c.route().partition());
    Claim committed = claims.commit(c);
    assertEquals(ClaimRecord.State.COMMITTED, committed.record().state());
    assertEquals(committed, claims.commit(committed), "committing twice changes nothing");
    ClaimResult again = claims.claim("ANN@example.COM", "user-2");
    assertFalse(again.granted());
    assertEquals("user-1", ((ClaimResult.Taken) again).holder().owner());
    clock.addAndGet(Duration.ofDays(400).toMillis());
    assertFalse(
        claims.claim("ann@example.com", "user-3").granted(), "a committed claim never expires");
  }

  @Test
  void pendingClaim_notExpired_isTaken_thenRecoveredAfterExpiry() {
    Claim crashed = ((ClaimResult.Granted) claims.claim("bob@example.com", "user-1")).claim();
    clock.addAndGet(29_999);
    ClaimResult early = claims.claim("bob@example.com", "user-2");
    assertEquals(ClaimRecord.State.PENDING, ((ClaimResult.Taken) early).holder().state());
    clock.addAndGet(1);
    ClaimResult late = claims.claim("bob@example.com", "user-2");
    Claim recovered = ((ClaimResult.Granted) late).claim();
    assertTrue(recovered.recovered());
    ClaimLostException lost = assertThrows(ClaimLostException.class, () -> claims.commit(crashed));
    assertTrue(
        lost.getMessage().contains("is now held for owner 'user-2' (pending)"), lost::getMessage);
    assertTrue(
        lost.getMessage().contains("undo what was written under it and claim again"),
        lost::getMessage);
    claims.commit(recovered);
    assertEquals("user-2", claims.holderOf("BOB@example.com").owner());
    assertFalse(claims.release(crashed), "the crashed registration holds nothing to release");
  }

  @Test
  void release_freesTheValue() {
    Claim c =
        claims.commit(((ClaimResult.Granted) claims.claim("cy@example.com", "user-1")).claim());
    assertTrue(claims.release(c));
    assertNull(claims.holderOf("cy@example.com"));
    assertTrue(claims.claim("cy@example.com", "user-2").granted());
    ClaimLostException notYours =
        assertThrows(ClaimLostException.class, () -> claims.release("cy@example.com", "user-1"));
    assertTrue(
        notYours.getMessage().contains("is claimed for owner 'user-2', not 'user-1'"),
        notYours::getMessage);
    assertTrue(claims.release("CY@example.com", "user-2"));
    assertFalse(claims.release("cy@example.com", "user-2"));
    assertEquals(0, store.size());
  }

  @Test
  void pendingRelease_afterFailedPrimaryWrite() {
    Claim c = ((ClaimResult.Granted) claims.claim("dee@example.com", "user-1")).claim();
    assertTrue(claims.release(c)); // the primary insert failed: give the value back at once
    assertTrue(claims.claim("dee@example.com", "user-2").granted());
  }

  @Test
  void newRoutingVersion_movingTheValue_failsTheCommit() {
    Claim c = ((ClaimResult.Granted) claims.claim("eve@example.com", "user-1")).claim();
    RoutingTable t = router.table();
    RoutingTable regrown =
        Fixtures.hashModTable("email_claims", KeyType.STRING, 65).toBuilder()
            .version(t.version() + 1)
            .build();
    if (regrown.route("eve@example.com").partition() == c.route().partition()) {
      regrown =
          Fixtures.hashModTable("email_claims", KeyType.STRING, 66).toBuilder()
              .version(t.version() + 1)
              .build();
    }
    router.update(regrown);
    ClaimLostException e = assertThrows(ClaimLostException.class, () -> claims.commit(c));
    assertTrue(
        e.getMessage()
            .contains(
                "moved the claim of 'eve@example.com' from partition " + c.route().partition()),
        e::getMessage);
  }

  @Test
  void unstableNormalizer_refused() {
    AtomicInteger calls = new AtomicInteger();
    Normalizer flaky = Normalizer.of("flaky", v -> v + (calls.incrementAndGet() % 2));
    Claims bad = Claims.of(router, flaky, store, Duration.ofSeconds(30), clock::get);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> bad.claim("a@b.c", "user-1"));
    assertTrue(
        e.getMessage()
            .startsWith("normalizer 'flaky' gave two forms of one value: 'a@b.c1' (partition "),
        e::getMessage);
    Claims notIdempotent =
        Claims.of(
            router,
            Normalizer.of("suffix", v -> v + "!"),
            store,
            Duration.ofSeconds(30),
            clock::get);
    IllegalStateException e2 =
        assertThrows(IllegalStateException.class, () -> notIdempotent.claim("a@b.c", "user-1"));
    assertTrue(e2.getMessage().contains("is not idempotent: 'a@b.c!' (partition "), e2::getMessage);
    assertEquals(0, store.size(), "nothing is claimed under an unstable normalizer");
  }

  @Test
  void configuration_refused() {
    Router longs = Router.create(Fixtures.hashModTable("ids", KeyType.LONG, 8));
    assertThrows(
        IllegalArgumentException.class,
        () -> Claims.of(longs, Normalizer.email(), store, Duration.ofSeconds(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Claims.of(router, Normalizer.email(), store, Duration.ZERO));
    assertThrows(IllegalArgumentException.class, () -> claims.claim("no-at-sign", "user-1"));
    assertThrows(NullPointerException.class, () -> claims.claim("a@b.c", null));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ClaimRecord("v", "o", "t", ClaimRecord.State.COMMITTED, 5));
  }
}
