package io.shardrouter.lookup;

import static io.shardrouter.lookup.Fixtures.document;
import static io.shardrouter.lookup.Fixtures.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.Violation;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Small contracts of the lookup module: the names factories register under, equality of the
 * broadcast and routable-id strategies, the edges of routable ids, the in-memory claim store's
 * snapshot, a release the store refuses, claim tokens, and index rows.
 */
class LookupSmallPartsTest {

  @Test
  void factories_registerUnderTheirDocumentNames() {
    assertEquals("broadcast", new BroadcastStrategyFactory().type());
    assertEquals("lookup", new LookupStrategyFactory().type());
    assertEquals("routable_id", new RoutableIdStrategyFactory().type());
    assertEquals(Set.of("entries"), new LookupStrategyFactory().bulkParameters());
  }

  @Test
  void broadcast_equalToItselfOnly() {
    assertEquals(BroadcastStrategy.INSTANCE, BroadcastStrategy.INSTANCE);
    assertNotEquals(BroadcastStrategy.INSTANCE, Fixtures.hashMod(1));
    assertNotEquals(BroadcastStrategy.INSTANCE, null);
    assertEquals("broadcast".hashCode(), BroadcastStrategy.INSTANCE.hashCode());
  }

  @Test
  void routableId_equalWhenLayoutBitsAndPartitionsAgree() {
    RoutableIdStrategy a = RoutableIdStrategy.of(IdLayout.DEFAULT, 16);
    assertEquals(a, RoutableIdStrategy.of(IdLayout.of(12, 4, 6), 16));
    assertEquals(a.hashCode(), RoutableIdStrategy.of(IdLayout.of(12, 4, 6), 16).hashCode());
    assertNotEquals(a, RoutableIdStrategy.of(IdLayout.DEFAULT, 17));
    assertNotEquals(a, RoutableIdStrategy.of(IdLayout.of(13, 4, 6), 16));
    assertNotEquals(a, RoutableIdStrategy.of(IdLayout.of(12, 3, 6), 16));
    assertNotEquals(a, RoutableIdStrategy.of(IdLayout.of(12, 4, 7), 16));
    assertNotEquals(a, Fixtures.hashMod(16));
    assertNotEquals(a.hashCode(), RoutableIdStrategy.of(IdLayout.DEFAULT, 17).hashCode());
  }

  @Test
  void routableId_idZeroAndTheLastPartition_routed_oneBeyondRefused() {
    RoutableIdStrategy s = RoutableIdStrategy.of(IdLayout.DEFAULT, 16);
    assertEquals(0, s.partitionOfLong(0L));
    assertEquals(15, s.partitionOfLong(IdLayout.DEFAULT.compose(5, 15, 0, 0)));
    long beyond = IdLayout.DEFAULT.compose(5, 16, 0, 0);
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> s.partitionOfLong(beyond));
    assertEquals(
        "id "
            + beyond
            + " carries partition 16 (bits 10-21), but the table has 16 partitions; it was not"
            + " issued for this table: check the generator's layout and partition count",
        e.getMessage());
  }

  @Test
  void routableIdDocument_badBits_onlyThatProblemReported() {
    List<Violation> v =
        refused(
            document(
                "{\"type\": \"long\"}",
                "{\"type\": \"routable_id\", \"partition_bits\": 30, \"partitions\": 20000}",
                4));
    assertEquals(1, v.stream().filter(x -> x.path().startsWith("strategy.")).count(), v::toString);
    assertEquals(
        "strategy.partition_bits",
        v.stream().filter(x -> x.path().startsWith("strategy.")).findFirst().get().path(),
        v::toString);
  }

  @Test
  void inMemoryStore_snapshotByPartitionAndValue() {
    InMemoryClaimStore store = new InMemoryClaimStore();
    Router router = Router.create(Fixtures.hashModTable("email_claims", KeyType.STRING, 8));
    Claims claims =
        Claims.of(router, Normalizer.email(), store, Duration.ofSeconds(30), () -> 1_000L);
    Claim a = ((ClaimResult.Granted) claims.claim("Ann@Example.com", "u1")).claim();
    Claim b = ((ClaimResult.Granted) claims.claim("bob@example.com", "u2")).claim();
    Map<String, ClaimRecord> snap = store.snapshot();
    assertEquals(
        Map.of(
            a.route().partition() + "/ann@example.com", a.record(),
            b.route().partition() + "/bob@example.com", b.record()),
        snap);
    assertFalse(a.record().token().isEmpty());
    assertNotEquals(a.record().token(), b.record().token(), "every claim has its own token");
  }

  @Test
  void release_storeRefusesTheDelete_notReleased() {
    InMemoryClaimStore inner = new InMemoryClaimStore();
    ClaimStore changing =
        new ClaimStore() {
          @Override
          public boolean insertIfAbsent(Route route, ClaimRecord record) {
            return inner.insertIfAbsent(route, record);
          }

          @Override
          public ClaimRecord find(Route route, String value) {
            return inner.find(route, value);
          }

          @Override
          public boolean replace(Route route, ClaimRecord expected, ClaimRecord next) {
            return inner.replace(route, expected, next);
          }

          @Override
          public boolean delete(Route route, ClaimRecord expected) {
            return false; // the record changed since it was read
          }
        };
    Router router = Router.create(Fixtures.hashModTable("email_claims", KeyType.STRING, 8));
    Claims claims =
        Claims.of(router, Normalizer.email(), changing, Duration.ofSeconds(30), () -> 1_000L);
    assertTrue(claims.claim("cy@example.com", "u1").granted());
    assertFalse(claims.release("cy@example.com", "u1"));
  }
}
