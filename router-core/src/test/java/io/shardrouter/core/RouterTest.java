package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RouterTest {

  @Test
  void route_returnsThePrecomputedRouteOfThePartition() {
    RoutingTable t = Tables.table(3, 16, 4);
    Router r = Router.create(t);
    Route a = r.route("order-1");
    assertSame(a, r.route("order-1"));
    assertSame(t.routeOfPartition(t.strategy().partitionOf(CanonicalKeys.of("order-1"))), a);
    assertEquals(3, a.version());
    assertEquals("g" + (a.partition() % 4), a.group().id());
    assertEquals(a.group().primary(), a.primary());
  }

  @Test
  void route_nullKey_throwsInvalidKey() {
    Router r = Router.create(Tables.table(1, 16, 4));
    InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> r.route((String) null));
    assertTrue(e.getMessage().contains("key is null"), e.getMessage());
    assertThrows(InvalidKeyException.class, () -> r.routeCanonical(null));
  }

  @Test
  void route_wrongKeyType_refusedNotGuessed() {
    Router r = Router.create(Tables.table(1, 16, 4));
    InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> r.route(42L));
    assertTrue(
        e.getMessage().contains("entity 'orders' routes keys of type string, not long"),
        e.getMessage());
    assertThrows(InvalidKeyException.class, () -> r.route(7));
    assertThrows(InvalidKeyException.class, () -> r.route(UUID.randomUUID()));
    assertThrows(InvalidKeyException.class, () -> r.route("a", "b"));
    assertThrows(InvalidKeyException.class, () -> r.route("a", 1L));
    assertThrows(InvalidKeyException.class, () -> r.route(1L, 2L));
    assertThrows(InvalidKeyException.class, () -> r.route(CompositeKey.of("a")));
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> r.route(Instant.EPOCH))
            .getMessage()
            .contains("routes keys of type string, not timestamp"));
  }

  @Test
  void route_timestampKey_agreesWithCanonicalBytesAndRefusesOtherTypes() {
    RoutingTable t = Tables.table(1, 97, 3).toBuilder().keyType(KeyType.TIMESTAMP).build();
    Router r = Router.create(t);
    for (long s = -50; s < 50; s++) {
      Instant at = Instant.parse("2026-04-01T00:00:00Z").plusSeconds(s * 3601).plusNanos(s * 1000);
      assertSame(t.routeCanonical(CanonicalKeys.of(at)), r.route(at), at::toString);
    }
    assertThrows(InvalidKeyException.class, () -> r.route("2026-04-01T00:00:00Z"));
    assertThrows(InvalidKeyException.class, () -> r.route(1_775_001_600_000_000L));
    assertThrows(InvalidKeyException.class, () -> r.route((Instant) null));
    assertThrows(InvalidKeyException.class, () -> r.route(Instant.ofEpochSecond(0, 1)));
  }

  @Test
  void route_compositeOverloads_agreeWithCanonicalBytes() {
    RoutingTable t =
        Tables.table(1, 97, 3).toBuilder()
            .keyType(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG))
            .build();
    for (long i = -50; i < 50; i++) {
      Route viaOverload = t.route("tenant-" + i, i);
      Route viaComposite = t.route(CompositeKey.of("tenant-" + i, i));
      Route viaBytes = t.routeCanonical(CompositeKey.of("tenant-" + i, i).toBytes());
      assertSame(viaBytes, viaOverload, "key " + i);
      assertSame(viaBytes, viaComposite, "key " + i);
    }
    assertThrows(InvalidKeyException.class, () -> t.route(CompositeKey.of(1L, "x")));
  }

  @Test
  void update_higherVersion_swapsAndNotifiesAfterSwap() {
    Router r = Router.create(Tables.table(1, 16, 4));
    List<String> seen = new ArrayList<>();
    r.addListener(
        (prev, next) ->
            seen.add(prev.version() + "->" + next.version() + " current=" + r.version()));
    assertTrue(r.update(Tables.table(5, 16, 2)));
    assertEquals(5, r.version());
    assertEquals(List.of("1->5 current=5"), seen);
  }

  @Test
  void update_lowerVersion_throwsStaleAndKeepsServing() {
    Router r = Router.create(Tables.table(9, 16, 4));
    RoutingTable before = r.table();
    StaleRoutingVersionException e =
        assertThrows(StaleRoutingVersionException.class, () -> r.update(Tables.table(8, 16, 4)));
    assertEquals(9, e.currentVersion());
    assertEquals(8, e.offeredVersion());
    assertTrue(
        e.getMessage().contains("version 8 is older than the current version 9"), e.getMessage());
    assertSame(before, r.table());
  }

  @Test
  void update_sameVersionSameContent_isNoOp() {
    Router r = Router.create(Tables.table(4, 16, 4));
    RoutingTable before = r.table();
    List<RoutingTable> notified = new ArrayList<>();
    r.addListener((p, n) -> notified.add(n));
    assertFalse(r.update(Tables.table(4, 16, 4)));
    assertSame(before, r.table());
    assertTrue(notified.isEmpty());
  }

  @Test
  void update_sameVersionOtherContent_throwsAndSaysWhatToDo() {
    Router r = Router.create(Tables.table(41, 16, 4));
    StaleRoutingVersionException e =
        assertThrows(StaleRoutingVersionException.class, () -> r.update(Tables.table(41, 16, 2)));
    assertTrue(
        e.getMessage()
            .contains(
                "version 41 cannot replace version 41 with different content; publish it as version 42"),
        e.getMessage());
    assertEquals(4, r.table().groups().size());
  }

  @Test
  void update_otherEntityOrKeyType_refused() {
    Router r = Router.create(Tables.table(1, 16, 4));
    RoutingTable otherEntity = Tables.table(2, 16, 4).toBuilder().entity("users").build();
    InvalidRoutingTableException entity =
        assertThrows(InvalidRoutingTableException.class, () -> r.update(otherEntity));
    assertEquals("entity", entity.violations().get(0).path());
    assertTrue(entity.getMessage().contains("entity 'users'"), entity::getMessage);
    RoutingTable otherKey = Tables.table(2, 16, 4).toBuilder().keyType(KeyType.LONG).build();
    InvalidRoutingTableException key =
        assertThrows(InvalidRoutingTableException.class, () -> r.update(otherKey));
    assertEquals("key", key.violations().get(0).path());
    assertTrue(
        key.getMessage().contains("changes the key type from string to long"), key::getMessage);
    assertEquals(1, r.version());
  }

  @Test
  void update_badDocument_routerKeepsLastGoodTable() {
    Router r = Router.create(Tables.table(1, 8, 2));
    RoutingTable before = r.table();
    String bad = Tables.document().replace("\"g1\"]", "\"g9\"]");
    assertThrows(
        InvalidRoutingTableException.class,
        () ->
            r.update(
                RoutingDocuments.read(
                    bad.getBytes(StandardCharsets.UTF_8),
                    ByteSumStrategy.REGISTRY,
                    ReadLimits.defaults().withMaxDocumentBytes(1 << 20))));
    assertSame(before, r.table());
    assertSame(before.route("k"), r.route("k"));
  }

  @Test
  void update_listenerThrows_swapStandsAndOtherListenersRun() {
    Router r = Router.create(Tables.table(1, 16, 4));
    List<Long> seen = new ArrayList<>();
    r.addListener(
        (p, n) -> {
          throw new IllegalStateException("listener bug");
        });
    r.addListener((p, n) -> seen.add(n.version()));
    assertTrue(r.update(Tables.table(2, 16, 4)));
    assertEquals(2, r.version());
    assertEquals(List.of(2L), seen);
  }

  @Test
  void readReplica_spreadsOverReplicas_orFallsBackToPrimary() {
    ReplicaGroup g = ReplicaGroup.of("g", "p:1", "r1:1", "r2:1");
    assertEquals("r1:1", g.readReplica(0).endpoint());
    assertEquals("r2:1", g.readReplica(1).endpoint());
    assertEquals("r2:1", g.readReplica(-1).endpoint());
    assertEquals(Replica.Role.REPLICA, g.readReplica(Long.MIN_VALUE).role());
    assertEquals("p:1", ReplicaGroup.of("h", "p:1").readReplica(5).endpoint());
  }

  @Test
  void builder_badValues_listEveryViolation() {
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () ->
                RoutingTable.builder()
                    .version(-1)
                    .entity(" ")
                    .keyType(KeyType.STRING)
                    .strategy(new ByteSumStrategy(2))
                    .group(ReplicaGroup.of("a", "a:1"))
                    .placement(List.of("a", "b", "a"))
                    .build());
    List<String> paths = e.violations().stream().map(Violation::path).toList();
    assertTrue(
        paths.containsAll(List.of("routing_version", "entity", "placement", "placement[1]")),
        paths.toString());
  }

  @Test
  void replicaGroup_blankIdOrEndpoint_refused() {
    assertThrows(IllegalArgumentException.class, () -> ReplicaGroup.of(" ", "a:1"));
    assertThrows(IllegalArgumentException.class, () -> ReplicaGroup.of("g", ""));
    assertThrows(IllegalArgumentException.class, () -> ReplicaGroup.of("g", "a:1", (String) null));
  }

  @Test
  void partitionsOf_listsPartitionsOfGroup() {
    RoutingTable t = Tables.table(1, 10, 3);
    assertEquals(
        List.of(0, 3, 6, 9), java.util.Arrays.stream(t.partitionsOf("g0")).boxed().toList());
    assertEquals(0, t.partitionsOf("nope").length);
  }
}
