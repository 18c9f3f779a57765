package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.DedicatedPartitions;
import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Isolating a hot key on its own partition as the next routing version. */
class IsolateKeyTest {
  private static final RoutingTable ACCOUNTS =
      RoutingDocuments.read(Fixtures.EXAMPLES.resolve("hash-mod.json"));
  private static final ReplicaGroup HOT =
      ReplicaGroup.of("hot-1", "pg-hot-1:5432", "pg-hot-1-r1:5432");

  private static List<byte[]> sample(int n) {
    List<byte[]> keys = new ArrayList<>();
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
    for (int i = 0; i < n; i++) {
      keys.add(Keys.of(rnd.nextLong()));
    }
    return keys;
  }

  @Test
  void isolate_hashModTable_nextVersionMovesOnlyThatKey() {
    RoutingTable next = LookupStrategy.isolate(ACCOUNTS, "42", HOT);
    assertEquals(ACCOUNTS.version() + 1, next.version());
    assertEquals(1001, next.partitionCount());
    assertEquals(1000, next.route(42L).partition());
    assertEquals("hot-1", next.route(42L).group().id());
    LookupStrategy s = (LookupStrategy) next.strategy();
    assertEquals(ACCOUNTS.strategy(), s.fallback());
    int from = ACCOUNTS.route(42L).partition();

    MovementReport r = MovementReport.between(ACCOUNTS, next);
    assertTrue(r.partitionsKeepKeys());
    assertEquals(List.of(), r.moves());
    assertEquals(List.of(new MovementReport.KeyMove("key '42'", from, 1000)), r.keyMoves());
    List<byte[]> keys = sample(20_000);
    keys.add(Keys.of(42L));
    MovementReport.KeyCount c = r.countKeys(keys);
    assertEquals(1, c.moved());
    assertEquals(0, c.movedOutsidePlan());
    assertTrue(
        r.toText()
            .contains(
                "keys moved by the strategy: 1\n  key '42': partition "
                    + from
                    + " ("
                    + ACCOUNTS.groupOf(from).id()
                    + ") -> partition 1000 (hot-1)"),
        r.toText());

    Router router = Router.create(ACCOUNTS);
    router.update(next);
    assertEquals(1000, router.route(42L).partition());
  }

  @Test
  void isolate_twice_secondVersionListsOnlyTheSecondKey() {
    RoutingTable v1 = LookupStrategy.isolate(ACCOUNTS, "42", HOT);
    RoutingTable v2 = LookupStrategy.isolate(v1, "7", "hot-1");
    assertEquals(1002, v2.partitionCount());
    assertEquals(1000, v2.route(42L).partition());
    assertEquals(1001, v2.route(7L).partition());
    MovementReport r = MovementReport.between(v1, v2);
    assertEquals(
        List.of(new MovementReport.KeyMove("key '7'", v1.route(7L).partition(), 1001)),
        r.keyMoves());
    assertEquals(0, r.countKeys(sample(5_000)).movedOutsidePlan());
    assertEquals(v2, RoutingDocuments.read(RoutingDocuments.write(v2)));
  }

  @Test
  void isolate_sharedTenant_movesTheWholeTenant() {
    RoutingTable t = RoutingDocuments.read(Fixtures.TENANTS);
    RoutingTable next =
        LookupStrategy.isolate(
            t,
            "umbrella",
            ReplicaGroup.of("umbrella", "pg-umbrella:5432")
                .withLabels(Map.of("region", "us-east-1")));
    assertEquals(15, next.route("umbrella", "d-1").partition());
    MovementReport r = MovementReport.between(t, next);
    assertEquals(List.of(new MovementReport.KeyMove("tenant 'umbrella'", 3, 15)), r.keyMoves());
    List<byte[]> keys = new ArrayList<>();
    for (String tenant : List.of("umbrella", "acme", "initech", "wayne", "stark")) {
      for (int d = 0; d < 50; d++) {
        keys.add(CompositeKey.of(tenant, "d-" + d).toBytes());
      }
    }
    MovementReport.KeyCount c = r.countKeys(keys);
    assertEquals(50, c.moved());
    assertEquals(0, c.movedOutsidePlan());
  }

  @Test
  void isolate_pinnedKey_newPartitionKeepsThePin() {
    RoutingTable t =
        Fixtures.read(
            Fixtures.document(
                "{\"type\": \"string\"}",
                "{\"type\": \"lookup\", \"fallback\": {\"type\": \"hash_mod\","
                    + " \"partitions\": 4}, \"entries\": {\"eu-hot\": {\"partition\": 2, \"pin\": {\"region\": \"eu\"}}}}",
                4));
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class, () -> LookupStrategy.isolate(t, "eu-hot", "g1"));
    Fixtures.assertViolation(
        e.violations(),
        "placement[4]",
        "key 'eu-hot' is pinned to region=eu",
        "group 'g1', labelled region=us");
    assertEquals(4, LookupStrategy.isolate(t, "eu-hot", "g2").route("eu-hot").partition());
  }

  @Test
  void isolate_refusals_sayWhatToDo() {
    RoutingTable t = RoutingDocuments.read(Fixtures.TENANTS);
    IllegalArgumentException split =
        assertThrows(
            IllegalArgumentException.class,
            () -> LookupStrategy.isolate(t, "initech", "initech-1"));
    assertTrue(
        split
            .getMessage()
            .startsWith("tenant 'initech' is split over partitions 11-14 by its own strategy"),
        split::getMessage);
    IllegalArgumentException alone =
        assertThrows(
            IllegalArgumentException.class, () -> LookupStrategy.isolate(t, "acme", "acme"));
    assertTrue(
        alone
            .getMessage()
            .contains("already alone on its dedicated partition 9; move that partition"),
        alone::getMessage);
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class, () -> LookupStrategy.isolate(ACCOUNTS, "42", "nope"));
    assertTrue(
        unknown.getMessage().startsWith("no group 'nope' in routing table 'accounts'"),
        unknown::getMessage);
    IllegalArgumentException clash =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LookupStrategy.isolate(
                    ACCOUNTS, "42", ReplicaGroup.of(ACCOUNTS.groups().get(0).id(), "elsewhere:1")));
    assertTrue(
        clash.getMessage().contains("pass the table's group or a group with a new id"),
        clash::getMessage);
    assertThrows(
        io.shardrouter.core.InvalidKeyException.class,
        () -> LookupStrategy.isolate(ACCOUNTS, "forty-two", HOT));
  }

  /** The capability the rebalance advisor uses: the strategy of {@code isolate}'s next table. */
  @Test
  void withDedicatedPartition_isTheStrategyOfIsolate_andRefusesAsIsolateDoes() {
    RoutingTable v1 = LookupStrategy.isolate(ACCOUNTS, "42", HOT);
    DedicatedPartitions d = (DedicatedPartitions) v1.strategy();
    assertTrue(d.dedicatesWholeKeys());
    assertEquals(
        LookupStrategy.isolate(v1, "7", "hot-1").strategy(), d.withDedicatedPartition(Keys.of(7L)));
    IllegalArgumentException alone =
        assertThrows(IllegalArgumentException.class, () -> d.withDedicatedPartition(Keys.of(42L)));
    assertTrue(
        alone.getMessage().startsWith("key '42' is already alone on its dedicated partition 1000"),
        alone::getMessage);

    RoutingTable tenants = RoutingDocuments.read(Fixtures.TENANTS);
    DedicatedPartitions byTenant = (DedicatedPartitions) tenants.strategy();
    assertFalse(byTenant.dedicatesWholeKeys(), "a first-part directory dedicates tenants");
    assertEquals(
        LookupStrategy.isolate(tenants, "umbrella", "acme").strategy(),
        byTenant.withDedicatedPartition(Keys.of("umbrella")));
  }
}
