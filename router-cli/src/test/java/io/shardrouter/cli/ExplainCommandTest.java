package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.hash.StableHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExplainCommandTest {
  @TempDir Path dir;

  private static String value(List<String> lines, String label) {
    for (String l : lines) {
      if (l.startsWith(label + " ")) {
        return l.substring(label.length()).strip();
      }
    }
    throw new AssertionError("no line '" + label + "' in " + lines);
  }

  @Test
  void explain_longKeyHashMod_printsCanonicalHashPartitionAndGroup() {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.HASH_MOD));
    Cli.Result r = Cli.run("explain", Cli.HASH_MOD, "42");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    List<String> lines = r.outLines();
    byte[] canonical = CanonicalBytes.ofLong(42L);
    long hash = StableHash.byName("xxh3-64", 42).hash(canonical, 0, canonical.length);
    Route route = t.route(42L);
    assertEquals(KeyText.hex(canonical) + " (8 bytes)", value(lines, "canonical"));
    assertEquals("xxh3-64, seed 42", value(lines, "hash"));
    assertEquals(
        Long.toUnsignedString(hash) + " (0x" + String.format(Locale.ROOT, "%016x", hash) + ")",
        value(lines, "hash value"));
    assertEquals(route.partition() + " of 1000", value(lines, "partition"));
    assertEquals(
        "hash_mod: xxh3-64 (seed 42) hash 0x"
            + String.format(Locale.ROOT, "%016x", hash)
            + ", partition "
            + route.partition()
            + " of 1000",
        value(lines, "path"));
    assertTrue(value(lines, "group").startsWith(route.group().id() + " (region="), lines::toString);
    assertEquals(route.group().primary().endpoint(), value(lines, "  primary"));
    assertTrue(
        value(lines, "  replicas").contains(route.group().replicas().get(0).endpoint()),
        lines::toString);
    assertEquals("3", value(lines, "version"));
    assertEquals("accounts", value(lines, "entity"));
  }

  @Test
  void explain_nonAsciiStringKey_canonicalIsUtf8() {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.JUMP));
    Cli.Result r = Cli.run("explain", Cli.JUMP, "Straße");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        KeyText.hex(CanonicalBytes.of("Straße")) + " (7 bytes)", value(r.outLines(), "canonical"));
    assertEquals("xxh3-64, seed 0", value(r.outLines(), "hash"));
    assertEquals(t.route("Straße").partition() + " of 1024", value(r.outLines(), "partition"));
  }

  @Test
  void explain_badKey_status1() {
    Cli.Result r = Cli.run("explain", Cli.HASH_MOD, "forty-two");
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals("", r.out());
    assertTrue(r.err().startsWith("shardctl explain: key 'forty-two' is not a long"), r::toString);
  }

  @Test
  void explain_lookupTenants_namesThePathEachKeyTook() {
    Cli.Result dedicated = Cli.run("explain", Cli.LOOKUP_TENANTS, "[\"globex\", \"pump-7\"]");
    assertEquals(ShardCtl.OK, dedicated.status(), dedicated::toString);
    assertEquals(
        "lookup: directory hit, tenant 'globex' (the key's first part), dedicated, pinned to region=eu-central-1: partition 10",
        value(dedicated.outLines(), "path"));
    assertEquals(
        "none (strategy 'lookup' is not a hash strategy)", value(dedicated.outLines(), "hash"));
    assertEquals("10 of 15", value(dedicated.outLines(), "partition"));
    assertTrue(
        value(dedicated.outLines(), "group").startsWith("globex-eu (region=eu-central-1"),
        dedicated::toString);

    Cli.Result split = Cli.run("explain", Cli.LOOKUP_TENANTS, "[\"initech\", \"device-3\"]");
    String path = value(split.outLines(), "path");
    assertTrue(
        path.contains(
            "splits by its own strategy over partitions 11-14: hash_mod: xxh3-64 hash 0x"),
        path);
    assertTrue(path.endsWith(value(split.outLines(), "partition").replace(" of 15", "")), path);

    Cli.Result fallback = Cli.run("explain", Cli.LOOKUP_TENANTS, "[\"wayne\", \"device-3\"]");
    String miss = value(fallback.outLines(), "path");
    assertTrue(
        miss.startsWith(
            "lookup: tenant 'wayne' (the key's first part) is not in the directory (5 entries); fallback hash_mod:"),
        miss);
    assertTrue(
        miss.endsWith(value(fallback.outLines(), "partition").replace(" of 15", " of 8")), miss);
  }

  @Test
  void explain_lookupTenants_keyOfWrongShape_status1() {
    Cli.Result r = Cli.run("explain", Cli.LOOKUP_TENANTS, "globex");
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertTrue(r.err().contains("is not a JSON array"), r::toString);
  }

  @Test
  void explain_rangeDocument_printsTheRange() {
    Cli.Result r = Cli.run("explain", Cli.RANGE_COMPACT, "2026-03-31T23:59:59Z");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        "range, 2 ranges [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z) ... [2026-04-01T00:00:00Z, +∞)",
        value(r.outLines(), "strategy"));
    assertEquals("none (strategy 'range' keeps keys in order)", value(r.outLines(), "hash"));
    assertEquals("[2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z)", value(r.outLines(), "range"));
    assertEquals(
        "range: key in [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z), partition 0 of 2",
        value(r.outLines(), "path"));
    assertEquals("0 of 2", value(r.outLines(), "partition"));
    assertEquals("ts-01", value(r.outLines(), "group"));
    assertEquals("12", value(r.outLines(), "version"));
  }

  @Test
  void explain_keyTheStrategyRefuses_status1AsRouteGives() throws IOException {
    String doc =
        "{\"format\": 1, \"routing_version\": 1, \"entity\": \"orders\", \"key\": {\"type\":"
            + " \"long\"}, \"strategy\": {\"type\": \"routable_id\", \"partitions\": 2},"
            + " \"groups\": [{\"id\": \"g0\", \"primary\": \"db0:5432\"}],"
            + " \"placement\": [\"g0\", \"g0\"]}";
    Path f = dir.resolve("ids.json");
    Files.writeString(f, doc);
    Cli.Result r = Cli.run("explain", f.toString(), "--", "-1");
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals("", r.out());
    assertTrue(r.err().startsWith("shardctl explain: id -1 is negative"), r::toString);
    Cli.Result route = Cli.run("route", f.toString(), "--", "-1");
    assertEquals(route.status(), r.status(), route::toString);
  }

  @Test
  void explain_keyInNoRange_status1WithTheNearestRange() {
    Cli.Result r = Cli.run("explain", Cli.RANGE_COMPACT, "2025-01-01T00:00:00Z");
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals("", r.out());
    assertTrue(
        r.err()
            .startsWith(
                "shardctl explain: key 2025-01-01T00:00:00Z (timestamp) is in no range: it is below the first"
                    + " range [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z)"),
        r::toString);
  }

  @Test
  void explain_timeBuckets_printsBucketsAndTheNestedHash() {
    Cli.Result r = Cli.run("explain", Cli.TIME_BUCKETS, "[\"plant-a\", \"dev-7\"]");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        "time_buckets: monthly buckets metrics_{yyyyMM} in UTC, retention P12M, keys routed by hash_mod",
        value(r.outLines(), "strategy"));
    assertEquals("xxh3-64, seed 0", value(r.outLines(), "hash"));
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.TIME_BUCKETS));
    assertEquals(
        t.route("plant-a", "dev-7").partition() + " of 8", value(r.outLines(), "partition"));
    String path = value(r.outLines(), "path");
    assertTrue(path.startsWith("time_buckets: business key by hash_mod: xxh3-64 hash 0x"), path);
    assertTrue(
        path.endsWith(", partition " + t.route("plant-a", "dev-7").partition() + " of 8"), path);
  }

  @Test
  void explain_timeBucketsOverLookup_pathOfTheNestedDirectory() throws IOException {
    Path doc = dir.resolve("time-buckets-lookup.json");
    Files.writeString(doc, ValidateCommandTest.timeBucketsOverPinnedLookup("eu-1"));
    Cli.Result r = Cli.run("explain", doc.toString(), "[\"globex\", \"d-1\"]");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        "time_buckets: business key by lookup: directory hit, tenant 'globex' (the key's first part), dedicated,"
            + " pinned to region=eu: partition 2",
        value(r.outLines(), "path"));
    assertEquals("eu-1 (region=eu)", value(r.outLines(), "group"));
  }
}
