package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.RoutingSource;
import org.junit.jupiter.api.Test;

/** {@link RoutingSource#fixed}: one table for every subscriber, never older, always healthy. */
class FixedRoutingSourceTest {
  @Test
  void subscribers_getTheTableWhenOlder_andKeepANewerOne() {
    RoutingTable v3 = Tables.table(3, 8, 2);
    RoutingSource source = RoutingSource.fixed(v3);
    Router older = Router.create(Tables.table(1, 8, 2));
    source.subscribe(older);
    assertEquals(3, older.version());
    Router newer = Router.create(Tables.table(5, 8, 2));
    source.subscribe(newer);
    assertEquals(5, newer.version(), "a source never takes a router back");
    RoutingSource.Status status = source.status();
    assertTrue(status.healthy());
    assertEquals(3, status.version());
    assertEquals(v3.fingerprint(), status.fingerprint());
    source.unsubscribe(older);
    source.close();
    assertEquals(3, source.status().version(), "closing changes nothing it serves");
  }

  @Test
  void aRouterOfAnotherEntity_refused_namingBoth() {
    RoutingSource source = RoutingSource.fixed(Tables.table(1, 8, 2));
    RoutingTable users =
        RoutingTable.builder()
            .version(1)
            .entity("users")
            .keyType(KeyType.STRING)
            .strategy(new ByteSumStrategy(2))
            .group(ReplicaGroup.of("g0", "db0:5432"))
            .placement(java.util.List.of("g0", "g0"))
            .build();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> source.subscribe(Router.create(users)));
    assertEquals(
        "router of entity 'users' cannot subscribe to the fixed routing source of entity 'orders';"
            + " use one source per entity",
        e.getMessage());
    assertThrows(NullPointerException.class, () -> RoutingSource.fixed(null));
  }
}
