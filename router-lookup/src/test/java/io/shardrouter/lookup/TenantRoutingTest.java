package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Dedicated tenants, a region-pinned tenant, a big tenant split by its own strategy and a hash
 * fallback for everyone else: {@code docs/examples/lookup-tenants.json}.
 */
class TenantRoutingTest {
  private static final RoutingTable TABLE = RoutingDocuments.read(Fixtures.TENANTS);
  private static final PartitionStrategy COMMON = Fixtures.hashMod(8);

  private static int partition(String tenant, String device) {
    return TABLE.route(tenant, device).partition();
  }

  @Test
  void example_dedicatedTenants_ownPartitionAndGroup() {
    for (String device : List.of("d-1", "d-2", "pump-7", "")) {
      assertEquals(8, partition("plant-a", device));
      assertEquals(9, partition("acme", device));
      assertEquals(10, partition("globex", device));
    }
    assertEquals("plant-a", TABLE.route("plant-a", "d-1").group().id());
    assertEquals("acme", TABLE.route("acme", "d-1").group().id());
    Route globex = TABLE.route("globex", "d-1");
    assertEquals("globex-eu", globex.group().id());
    assertEquals("eu-central-1", globex.group().labels().get("region"));
  }

  @Test
  void example_listedButShared_umbrellaOnCommonPartition3() {
    assertEquals(3, partition("umbrella", "d-1"));
    assertEquals("common-2", TABLE.route("umbrella", "d-1").group().id());
  }

  @Test
  void example_bigTenant_devicesSplitOverItsFourPartitions() {
    PartitionStrategy buckets = Fixtures.hashMod(4);
    Set<Integer> seen = new HashSet<>();
    for (int d = 0; d < 200; d++) {
      String device = "device-" + d;
      int p = partition("initech", device);
      assertEquals(11 + buckets.partitionOf(Keys.of("initech", device)), p, device);
      seen.add(p);
    }
    assertEquals(Set.of(11, 12, 13, 14), seen);
  }

  @Test
  void example_unlistedTenant_allDevicesOnTheFallbacksPartitionOfTheTenant() {
    for (String tenant : List.of("wayne", "stark", "tyrell", "cyberdyne", "Zürich AG")) {
      int expected = COMMON.partitionOf(Keys.of(tenant));
      for (int d = 0; d < 50; d++) {
        assertEquals(expected, partition(tenant, "device-" + d), tenant);
      }
      assertTrue(expected < 8);
    }
  }

  @Test
  void typedOverloads_agreeWithCanonicalBytes() {
    PartitionStrategy s = TABLE.strategy();
    KeyGenerators g = KeyGenerators.seeded(KeyGenerators.seedOr(0x7E4A47L));
    List<String> tenants = List.of("plant-a", "acme", "globex", "initech", "umbrella", "wayne", "");
    for (int i = 0; i < 500; i++) {
      String tenant = i % 3 == 0 ? g.text(12) : tenants.get(i % tenants.size());
      String device = g.text(20);
      byte[] canonical = CompositeKey.of(tenant, device).toBytes();
      int viaBytes = s.partitionOf(canonical);
      assertEquals(viaBytes, s.partitionOf(Keys.of(tenant, device)), g::describe);
      assertEquals(viaBytes, s.partitionOf(Keys.of(CompositeKey.of(tenant, device))), g::describe);
      byte[] framed = new byte[canonical.length + 9];
      System.arraycopy(canonical, 0, framed, 5, canonical.length);
      assertEquals(viaBytes, s.partitionOf(framed, 5, canonical.length), g::describe);
    }
    assertThrows(InvalidKeyException.class, () -> s.partitionOf(Keys.of("acme", "bad\uD800")));
    assertThrows(InvalidKeyException.class, () -> s.partitionOf(Keys.of("wayne", (String) null)));
    assertThrows(
        InvalidKeyException.class,
        () -> s.partitionOf(new byte[] {9, 0, 0, 0, 'a'}),
        "first part longer than the key");
    assertThrows(
        InvalidKeyException.class,
        () -> s.partitionOf(new byte[] {1, 0}),
        "shorter than a length prefix");
  }

  @Test
  void stringLongAndLongLongKeys_routeTheFirstPartInPlace() {
    LookupStrategy byName =
        LookupStrategy.builder(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG))
            .match(LookupStrategy.MatchMode.FIRST_PART)
            .fallback(Fixtures.hashMod(8))
            .partitions(12)
            .entry("acme", 8)
            .entry("big", LookupEntry.split(9, Fixtures.hashMod(3)))
            .build();
    LookupStrategy byNumber =
        LookupStrategy.builder(KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG))
            .match(LookupStrategy.MatchMode.FIRST_PART)
            .fallback(Fixtures.jump(8))
            .partitions(12)
            .entry("7", 8)
            .entry("9", LookupEntry.split(9, Fixtures.hashMod(3)))
            .build();
    for (long device = -5; device < 100; device++) {
      for (String t : List.of("acme", "big", "other")) {
        assertEquals(
            byName.partitionOf(CompositeKey.of(t, device).toBytes()),
            byName.partitionOf(Keys.of(t, device)));
      }
      for (long t : new long[] {7, 9, 11}) {
        assertEquals(
            byNumber.partitionOf(CompositeKey.of(t, device).toBytes()),
            byNumber.partitionOf(Keys.of(t, device)));
      }
      assertEquals(8, byName.partitionOf(Keys.of("acme", device)));
      assertEquals(8, byNumber.partitionOf(Keys.of(7L, device)));
      assertEquals(
          Fixtures.jump(8).partitionOf(Keys.of(11L)), byNumber.partitionOf(Keys.of(11L, device)));
    }
  }

  @Test
  void explain_eachPath() {
    PartitionStrategy s = TABLE.strategy();
    byte[] acme = CompositeKey.of("acme", "d-1").toBytes();
    assertEquals(
        "lookup: directory hit, tenant 'acme' (the key's first part), dedicated: partition 9",
        s.explain(acme, 0, acme.length));
    byte[] globex = CompositeKey.of("globex", "d-1").toBytes();
    assertEquals(
        "lookup: directory hit, tenant 'globex' (the key's first part), dedicated, pinned to region=eu-central-1: partition 10",
        s.explain(globex, 0, globex.length));
    byte[] initech = CompositeKey.of("initech", "device-3").toBytes();
    String split = s.explain(initech, 0, initech.length);
    int inner = Fixtures.hashMod(4).partitionOf(initech);
    assertTrue(
        split.startsWith(
            "lookup: directory hit, tenant 'initech' (the key's first part), dedicated, splits by its own strategy"
                + " over partitions 11-14: hash_mod: xxh3-64 hash 0x"),
        split);
    assertTrue(
        split.endsWith(
            "partition " + inner + " of 4; partition 11 + " + inner + " = " + (11 + inner)),
        split);
    byte[] wayne = CompositeKey.of("wayne", "d-1").toBytes();
    String miss = s.explain(wayne, 0, wayne.length);
    assertTrue(
        miss.startsWith(
            "lookup: tenant 'wayne' (the key's first part) is not in the directory (5 entries); fallback hash_mod:"),
        miss);
    assertTrue(miss.endsWith("partition " + COMMON.partitionOf(Keys.of("wayne")) + " of 8"), miss);
  }

  @Test
  void pin_placementOnOtherRegion_refusedNamingTenantGroupAndLabel() {
    RoutingTable.Builder b = TABLE.toBuilder().version(13).place(10, "common-1");
    List<Violation> v =
        assertThrows(io.shardrouter.core.InvalidRoutingTableException.class, b::build).violations();
    Fixtures.assertViolation(
        v,
        "placement[10]",
        "tenant 'globex' is pinned to region=eu-central-1 (strategy.entries.globex.pin)",
        "group 'common-1', labelled region=us-east-1",
        "[globex-eu]");
  }

  @Test
  void pin_documentNoGroupSatisfies_refusedAtPin() throws Exception {
    String doc =
        Files.readString(Fixtures.TENANTS)
            .replace(
                "\"region\" : \"eu-central-1\"\n        }",
                "\"region\" : \"ap-south-1\"\n        }");
    List<Violation> v = Fixtures.refused(doc);
    Fixtures.assertViolation(
        v,
        "strategy.entries.globex.pin",
        "tenant 'globex' is pinned to region=ap-south-1 but no group has that label");
  }

  @Test
  void example_roundTrip_sameTable() {
    RoutingTable again = RoutingDocuments.read(RoutingDocuments.write(TABLE));
    assertEquals(TABLE, again);
    assertEquals(TABLE.fingerprint(), again.fingerprint());
    LookupStrategy s = (LookupStrategy) TABLE.strategy();
    assertEquals(LookupStrategy.MatchMode.FIRST_PART, s.match());
    assertEquals(KeyType.STRING, s.directoryKeyType());
    assertEquals(Map.of("region", "eu-central-1"), s.entryOf(Keys.of("globex")).pin());
    assertEquals(1, s.placementPins().size());
  }
}
