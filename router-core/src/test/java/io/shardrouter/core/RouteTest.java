package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Route}'s value equality: entity, version, partition and replica group. */
class RouteTest {
  private static RoutingTable table(String entity, long version, String g0Endpoint) {
    return RoutingTable.builder()
        .version(version)
        .entity(entity)
        .keyType(KeyType.STRING)
        .strategy(new ByteSumStrategy(4))
        .group(ReplicaGroup.of("g0", g0Endpoint))
        .group(ReplicaGroup.of("g1", "db1:5432"))
        .placement(List.of("g0", "g0", "g1", "g1"))
        .build();
  }

  @Test
  void routesOfTwoTablesWithTheSameContent_areEqual_withEqualHashCodes() {
    byte[] doc = Tables.document().getBytes(StandardCharsets.UTF_8);
    RoutingTable a =
        RoutingDocuments.read(
            doc, ByteSumStrategy.REGISTRY, ReadLimits.defaults().withMaxDocumentBytes(doc.length));
    RoutingTable b =
        RoutingDocuments.read(
            doc, ByteSumStrategy.REGISTRY, ReadLimits.defaults().withMaxDocumentBytes(doc.length));
    for (int p = 0; p < a.partitionCount(); p++) {
      Route ra = a.routeOfPartition(p);
      Route rb = b.routeOfPartition(p);
      assertNotSame(ra, rb);
      assertEquals(ra, rb);
      assertEquals(ra.hashCode(), rb.hashCode());
    }
  }

  @Test
  void routesDifferingInOneComponent_areUnequal() {
    Route base = table("orders", 1, "db0:5432").routeOfPartition(0);
    assertEquals(base, table("orders", 1, "db0:5432").routeOfPartition(0));
    assertNotEquals(base, table("invoices", 1, "db0:5432").routeOfPartition(0), "entity");
    assertNotEquals(base, table("orders", 2, "db0:5432").routeOfPartition(0), "version");
    Route partition1 = table("orders", 1, "db0:5432").routeOfPartition(1);
    assertEquals(base.group(), partition1.group());
    assertNotEquals(base, partition1, "partition");
    Route otherEndpoint = table("orders", 1, "db9:5432").routeOfPartition(0);
    assertEquals(base.group().id(), otherEndpoint.group().id());
    assertNotEquals(base, otherEndpoint, "group");
    assertNotEquals(base, table("orders", 1, "db0:5432").routeOfPartition(2), "group id");
    assertNotEquals(base, null);
    assertNotEquals(base, (Object) "orders v1 partition 0 -> g0");
  }

  @Test
  void hashCode_followsEachComponent() {
    int base = table("orders", 1, "db0:5432").routeOfPartition(0).hashCode();
    assertNotEquals(base, table("invoices", 1, "db0:5432").routeOfPartition(0).hashCode());
    assertNotEquals(base, table("orders", 2, "db0:5432").routeOfPartition(0).hashCode());
    assertNotEquals(base, table("orders", 1, "db0:5432").routeOfPartition(1).hashCode());
    assertNotEquals(base, table("orders", 1, "db9:5432").routeOfPartition(0).hashCode());
  }
}
