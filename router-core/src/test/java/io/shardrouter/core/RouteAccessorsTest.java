package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a {@link Route} says about the table that produced it, and the key a {@link
 * NoRouteException} names.
 */
class RouteAccessorsTest {

  @Test
  void route_namesTheEntityVersionPartitionAndGroupOfItsTable() {
    RoutingTable t =
        RoutingTable.builder()
            .version(9)
            .entity("orders")
            .keyType(KeyType.STRING)
            .strategy(new ByteSumStrategy(2))
            .group(ReplicaGroup.of("g0", "db0:5432"))
            .group(ReplicaGroup.of("g1", "db1:5432"))
            .placement(List.of("g0", "g1"))
            .build();
    Route r = t.routeOfPartition(1);
    assertEquals("orders", r.entity());
    assertEquals(9, r.version());
    assertEquals(1, r.partition());
    assertEquals("g1", r.group().id());
    assertEquals(Replica.primary("db1:5432"), r.primary());
  }

  @Test
  void noRouteException_namesItsKey() {
    NoRouteException e = new NoRouteException("42", "no range holds key 42");
    assertEquals("42", e.key());
    assertEquals("no range holds key 42", e.getMessage());
  }
}
