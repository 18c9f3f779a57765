package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.RoutingTable;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Salting's bounds: bucket counts, bases longer than the routing buffer, long discriminators. */
class SaltingBoundsTest {
  private static final RoutingTable ORDERS =
      RingFixtures.ring(
          RingFixtures.groups(6), RingFixtures.weights(RingFixtures.groups(6), null, 1), 16);

  @Test
  void bucketCounts_fromOneToMax_accepted_outsideRefused() {
    assertEquals(1, Salting.computed(1).buckets());
    assertEquals(Salting.MAX_BUCKETS, Salting.computed(Salting.MAX_BUCKETS).buckets());
    assertEquals(7, Salting.computed(7, StableHash.xxh3()).buckets());
    assertEquals(0, Salting.computed(1).bucketOf("anything"));
    for (int bad : new int[] {0, -1, Salting.MAX_BUCKETS + 1}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> Salting.random(bad));
      assertTrue(
          e.getMessage().startsWith("salting.buckets must be in [1, 1024], got " + bad),
          e::getMessage);
    }
  }

  @Test
  void longDiscriminators_spreadOverTheBuckets() {
    Salting s = Salting.computed(16);
    Set<Integer> seen = new HashSet<>();
    for (long d = 0; d < 200; d++) {
      int b = s.bucketOf(d);
      assertTrue(b >= 0 && b < 16, "bucket " + b);
      seen.add(b);
    }
    assertEquals(16, seen.size(), "200 discriminators reach every one of 16 buckets");
    assertNotEquals(s.bucketOf(1L), s.bucketOf(2L) + 16);
  }

  @Test
  void basesLongerThanTheRoutingBuffer_routeAsTheirKeyText() {
    Salting s = Salting.computed(8).withSeparator("::");
    for (int length : new int[] {1, 50, 60, 70, 200, 1000, 3}) {
      String base = "b".repeat(length - 1) + "é";
      for (int bucket : new int[] {0, 7}) {
        assertSame(
            ORDERS.route(s.key(base, bucket)),
            s.route(ORDERS, base, bucket),
            length + "/" + bucket);
      }
    }
    assertEquals("x::3", s.key("x", 3));
  }

  @Test
  void ringFactory_registersItsType() {
    assertEquals("ring", new RingStrategyFactory().type());
  }

  @Test
  void bucketsOfOneToFourDigits_routeAsTheirKeyText() {
    Salting s = Salting.computed(Salting.MAX_BUCKETS);
    assertEquals(Salting.Suffix.COMPUTED, s.suffix());
    assertEquals(Salting.Suffix.RANDOM, Salting.random(2).suffix());
    for (int bucket : new int[] {0, 9, 10, 99, 100, 999, 1000, Salting.MAX_BUCKETS - 1}) {
      assertSame(
          ORDERS.route(s.key("2026-06-01", bucket)),
          s.route(ORDERS, "2026-06-01", bucket),
          "bucket " + bucket);
    }
  }

  @Test
  void longSeparator_andABaseThatJustOverflowsTheFirstBuffer_routeAsTheirKeyText()
      throws Exception {
    // A fresh thread starts with the smallest routing buffer: 57 + 4 + 4 bytes need the first
    // growth.
    Salting s = Salting.computed(Salting.MAX_BUCKETS).withSeparator("----");
    String base = "b".repeat(57);
    Object[] got = new Object[1];
    Thread t =
        new Thread(
            () -> {
              try {
                got[0] = s.route(ORDERS, base, 1000);
              } catch (RuntimeException e) {
                got[0] = e;
              }
            });
    t.start();
    t.join();
    assertSame(ORDERS.route(base + "----1000"), got[0]);
  }

  @Test
  void nullDiscriminator_refusedBeforeAnyHashSeesIt() {
    // accepts null: Salting must not rely on the hash to refuse it
    StableHash lenient = new TextHash("lenient", key -> 0);
    Salting s = Salting.computed(8, lenient);
    assertEquals(0, s.bucketOf("order-42"));
    InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> s.bucketOf(null));
    assertTrue(
        e.getMessage().startsWith("key is null; a null key has no partition"), e::getMessage);
  }
}
