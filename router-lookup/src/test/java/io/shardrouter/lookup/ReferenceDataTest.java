package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reference data marked broadcast: writes to every group, reads to the nearest. */
class ReferenceDataTest {
  private static final String DOC =
      """
      {"format": 1, "routing_version": 4, "entity": "currencies", "key": {"type": "string"},
       "strategy": {"type": "broadcast"},
       "groups": [
         {"id": "us-a", "primary": "pg-us-a:5432", "labels": {"region": "us-east-1", "zone": "a"}},
         {"id": "eu-a", "primary": "pg-eu-a:5432", "labels": {"region": "eu-central-1", "zone": "a"}},
         {"id": "eu-b", "primary": "pg-eu-b:5432", "labels": {"region": "eu-central-1", "zone": "b"}},
         {"id": "ap-a", "primary": "pg-ap-a:5432", "labels": {"region": "ap-south-1", "zone": "a"}}],
       "placement": ["eu-a"]}
      """;
  private static final List<String> PRIORITY = List.of("region", "zone");

  @Test
  void writes_everyGroupHomeFirst() {
    ReferenceData ref = ReferenceData.of(Fixtures.read(DOC));
    assertEquals("eu-a", ref.home().id());
    assertEquals(
        List.of("eu-a", "us-a", "eu-b", "ap-a"),
        ref.writeGroups().stream().map(ReplicaGroup::id).toList());
    assertSame(ref.writeGroups(), ref.writeGroups());
  }

  @Test
  void reads_nearestByLabels_elseHome() {
    ReferenceData ref = ReferenceData.of(Fixtures.read(DOC));
    assertEquals("eu-b", ref.nearest(Map.of("region", "eu-central-1", "zone", "b"), PRIORITY).id());
    assertEquals(
        "eu-a",
        ref.nearest(Map.of("region", "eu-central-1", "zone", "c"), PRIORITY).id(),
        "a tie goes to the home group");
    assertEquals("us-a", ref.nearest(Map.of("region", "us-east-1"), PRIORITY).id());
    assertEquals("ap-a", ref.nearest(Map.of("region", "ap-south-1", "zone", "z"), PRIORITY).id());
    assertEquals(
        "eu-a",
        ref.nearest(Map.of("region", "sa-east-1"), PRIORITY).id(),
        "nothing near: the home group");
    assertEquals(
        "eu-a",
        ref.nearest(Map.of("zone", "b"), PRIORITY).id(),
        "zone counts only after region matched");
    assertEquals("eu-a", ref.nearest(Map.of(), List.of()).id());
  }

  @Test
  void routes_everyKeyPartition0_roundTrips() {
    RoutingTable t = Fixtures.read(DOC);
    assertEquals(1, t.partitionCount());
    assertEquals(0, t.route("EUR").partition());
    assertEquals("eu-a", t.route("USD").group().id());
    assertEquals(t, RoutingDocuments.read(RoutingDocuments.write(t)));
    assertTrue(t.strategy().explain(new byte[0], 0, 0).startsWith("broadcast: reference data"));
  }

  @Test
  void notBroadcast_refused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ReferenceData.of(
                    Fixtures.hashModTable("orders", io.shardrouter.core.KeyType.STRING, 4)));
    assertTrue(
        e.getMessage()
            .startsWith("entity 'orders' is not marked broadcast (its strategy is 'hash_mod')"),
        e::getMessage);
    Fixtures.assertViolation(
        Fixtures.refused(
            DOC.replace(
                "{\"type\": \"broadcast\"}", "{\"type\": \"broadcast\", \"partitions\": 2}")),
        "strategy.partitions",
        "unknown field for strategy 'broadcast'");
  }
}
