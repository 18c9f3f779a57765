package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link RoutingListener#onRefused} is told of every refused update, and only of those. */
class RoutingListenerRefusedTest {
  private final List<RoutingException> refused = new ArrayList<>();
  private final List<Long> accepted = new ArrayList<>();

  private Router router() {
    Router r = Router.create(Tables.table(5, 16, 4));
    r.addListener(
        new RoutingListener() {
          @Override
          public void onUpdate(RoutingTable previous, RoutingTable current) {
            accepted.add(current.version());
          }

          @Override
          public void onRefused(RoutingTable current, RoutingTable offered, RoutingException e) {
            assertEquals(5, current.version());
            refused.add(e);
          }
        });
    r.addListener((p, c) -> {}); // a lambda keeps the default: told nothing of refusals
    return r;
  }

  @Test
  void refusals_reachTheListener_withTheExceptionThrown() {
    Router r = router();
    StaleRoutingVersionException older =
        assertThrows(StaleRoutingVersionException.class, () -> r.update(Tables.table(4, 16, 4)));
    RoutingTable otherType = Tables.table(6, 16, 4).toBuilder().keyType(KeyType.LONG).build();
    InvalidRoutingTableException type =
        assertThrows(InvalidRoutingTableException.class, () -> r.update(otherType));
    assertEquals("key", type.violations().get(0).path());
    assertFalse(r.update(Tables.table(5, 16, 4)), "a repeated delivery is not refused");
    assertTrue(r.update(Tables.table(6, 16, 4)));
    assertEquals(2, refused.size());
    assertSame(older, refused.get(0));
    assertSame(type, refused.get(1));
    assertEquals(List.of(6L), accepted);
  }

  @Test
  void aThrowingListener_doesNotChangeTheRefusal() {
    Router r = Router.create(Tables.table(5, 16, 4));
    r.addListener(
        new RoutingListener() {
          @Override
          public void onUpdate(RoutingTable previous, RoutingTable current) {}

          @Override
          public void onRefused(RoutingTable current, RoutingTable offered, RoutingException e) {
            throw new IllegalStateException("listener bug");
          }
        });
    assertThrows(StaleRoutingVersionException.class, () -> r.update(Tables.table(1, 16, 4)));
    assertEquals(5, r.version());
  }
}
