package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ExactMovement;
import io.shardrouter.core.GroupConstraint;
import io.shardrouter.core.IndexedRoutes;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.Strategies;
import java.util.List;
import org.junit.jupiter.api.Test;

/** router-testing's {@link Strategies#withoutCapabilities}, on the ring, which has three. */
class WithoutCapabilitiesTest {
  @Test
  void withoutCapabilities_routesTheSame_andOffersNoCapability() {
    List<ReplicaGroup> gs = RingFixtures.groups(5);
    RoutingTable ring = RingFixtures.ring(gs, RingFixtures.weights(gs, null, 1), 16);
    assertTrue(ring.strategy() instanceof ExactMovement);

    RoutingTable plain = Strategies.withoutCapabilities(ring);

    assertFalse(plain.strategy() instanceof ExactMovement);
    assertFalse(plain.strategy() instanceof IndexedRoutes);
    assertFalse(plain.strategy() instanceof GroupConstraint);
    assertEquals(ring.strategy().type(), plain.strategy().type());
    assertEquals(ring.strategy().toSpec(), plain.strategy().toSpec());
    assertEquals(ring.fingerprint(), plain.fingerprint());
    for (int i = 0; i < 2_000; i++) {
      String key = "order-" + i;
      assertEquals(ring.route(key), plain.route(key), key);
    }
    for (int p = 0; p < ring.partitionCount(); p++) {
      assertEquals(ring.strategy().shareOf(p), plain.strategy().shareOf(p), "share of " + p);
    }
  }
}
