package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.shardrouter.migrate.internal.simulation.SimulationPlans;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Small value carriers: a row's hash follows its content; a refusal carries the newest routes. */
class ValueCarriersTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void rowHash_followsItsContent() {
    Row a = Row.of(b("k"), b("v1"), 1, 1, 0);
    assertEquals(a.hashCode(), Row.of(b("k"), b("v1"), 1, 1, 0).hashCode());
    assertNotEquals(a.hashCode(), Row.of(b("k"), b("v2"), 1, 1, 0).hashCode(), "value");
    assertNotEquals(a.hashCode(), Row.of(b("j"), b("v1"), 1, 1, 0).hashCode(), "key");
  }

  @Test
  void movedException_carriesTheNewestRoutesItWasGiven() {
    Fence fence = new Fence(2, 1, 3, Phase.CUT_OVER);
    MigrationRoutes routes = SimulationPlans.standard().get(0).routes(Phase.CUT_OVER);
    MovedException e = new MovedException("g1", fence, 2, routes);
    assertSame(routes, e.current());
    assertEquals("g1", e.groupId());
    assertEquals(2, e.writtenWith());
    assertEquals(3, e.minVersion());
    assertNull(new MovedException("g1", fence, 2, null).current());
  }
}
