package io.shardrouter.range;

import static io.shardrouter.range.Fixtures.assertViolation;
import static io.shardrouter.range.Fixtures.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.NestedStrategies;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** "Route by tenant, then partition by time": a business-key strategy nested in time_buckets. */
class TimeBucketedStrategyTest {
  /**
   * Tenants a..l on g0, m.. on g1 (a range strategy, the one router-range can nest without
   * router-hash), monthly buckets.
   */
  static final String DOC =
      """
      {"format": 1, "routing_version": 5, "entity": "telemetry", "key": {"type": "string"},
       "strategy": {"type": "time_buckets", "unit": "month", "template": "metrics_{yyyyMM}", "retention": "P12M",
                    "strategy": {"type": "range", "ranges": [{"start": "", "end": "m"}, {"start": "m", "end": null}]}},
       "groups": [{"id": "g0", "primary": "db0:5432"}, {"id": "g1", "primary": "db1:5432"}],
       "placement": ["g0", "g1"]}
      """;

  @Test
  void document_routesByTheNestedStrategy_andCarriesTheBuckets() {
    RoutingTable t = RoutingDocuments.read(DOC);
    TimeBucketedStrategy s = (TimeBucketedStrategy) t.strategy();
    assertEquals(KeyType.STRING, s.keyType());
    assertEquals("g0", t.route("acme").group().id());
    assertEquals("g1", t.route("zeta").group().id());
    assertEquals("metrics_202604", s.bucketOf(Instant.parse("2026-04-30T23:59:59Z")).name());
    assertEquals(
        "{\"type\":\"time_buckets\",\"unit\":\"month\",\"zone\":\"UTC\",\"template\":\"metrics_{yyyyMM}\",\"retention\":\"P12M\","
            + "\"strategy\":{\"type\":\"range\",\"ranges\":[{\"start\":\"\",\"end\":\"m\"},{\"start\":\"m\",\"end\":null}]}}",
        s.toString());
    assertEquals(t, RoutingDocuments.read(RoutingDocuments.write(t)));
  }

  @Test
  void routes_keyWithBucket_windowPerKeyAndForAllGroups() {
    RoutingTable t = RoutingDocuments.read(DOC);
    TimeBucketRoutes routes = TimeBucketRoutes.of(t);
    Route acme = t.route("acme");
    TimeBucketRoutes.BucketedRoute w = routes.route(acme, Instant.parse("2026-04-02T08:00:00Z"));
    assertSame(acme, w.route());
    assertEquals("metrics_202604", w.bucket().name());
    assertEquals("telemetry v5 partition 0 -> g0, bucket metrics_202604", w.toString());
    Instant from = Instant.parse("2026-03-20T00:00:00Z");
    Instant to = Instant.parse("2026-05-10T00:00:00Z");
    assertEquals(
        List.of("metrics_202603", "metrics_202604", "metrics_202605"),
        routes.window(acme, from, to).stream().map(b -> b.bucket().name()).toList());
    assertEquals(
        List.of(
            "g0 metrics_202603",
            "g1 metrics_202603",
            "g0 metrics_202604",
            "g1 metrics_202604",
            "g0 metrics_202605",
            "g1 metrics_202605"),
        routes.window(from, to).stream().map(Object::toString).toList());
    assertEquals(
        List.of("metrics_202503"),
        routes
            .pastRetention(
                Instant.parse("2025-03-05T00:00:00Z"), Instant.parse("2026-04-15T00:00:00Z"))
            .stream()
            .map(TimeBuckets.Bucket::name)
            .toList());
  }

  @Test
  void routes_ofAnotherTableOrStrategy_refused() {
    RoutingTable t = RoutingDocuments.read(DOC);
    RoutingTable next = t.toBuilder().version(6).build();
    TimeBucketRoutes routes = TimeBucketRoutes.of(t);
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> routes.route(next.route("acme"), Instant.EPOCH))
            .getMessage()
            .contains("is not a route of"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> TimeBucketRoutes.of(Fixtures.seed000(true)))
            .getMessage()
            .contains("uses strategy 'range', which has no time buckets"));
  }

  @Test
  void badParameters_eachRefusedWithPath() {
    assertViolation(
        refused(DOC.replace("\"unit\": \"month\"", "\"unit\": \"quarter\"")),
        "strategy.unit",
        "unknown unit 'quarter'; one of [hour, day, week, month]");
    assertViolation(refused(DOC.replace("\"unit\": \"month\", ", "")), "strategy.unit", "missing");
    assertViolation(
        refused(DOC.replace("\"template\": \"metrics_{yyyyMM}\"", "\"template\": \"metrics\"")),
        "strategy.template",
        "has no date field");
    assertViolation(
        refused(DOC.replace("\"template\": \"metrics_{yyyyMM}\", ", "")),
        "strategy.template",
        "missing");
    assertViolation(
        refused(
            DOC.replace("\"unit\": \"month\"", "\"unit\": \"month\", \"zone\": \"Mars/Olympus\"")),
        "strategy.zone",
        "zone 'Mars/Olympus' does not exist");
    assertViolation(
        refused(DOC.replace("\"P12M\"", "\"a year\"")),
        "strategy.retention",
        "is not an ISO-8601 period");
    assertViolation(
        refused(DOC.replace("\"retention\": \"P12M\",", "\"retention\": \"P12M\", \"shards\": 3,")),
        "strategy.shards",
        "unknown field for strategy 'time_buckets'");
    assertViolation(
        refused(DOC.replace("{\"start\": \"\", \"end\": \"m\"}, ", "")),
        "placement",
        "has 2 entries but strategy 'time_buckets' has 1");
    assertViolation(
        refused(DOC.replace("\"end\": \"m\"}", "\"end\": \"n\"}")),
        "strategy.strategy.ranges[1]",
        "overlap");
    assertViolation(
        refused(
            DOC.replace(
                "\"strategy\": {\"type\": \"range\"", "\"strategy\": {\"type\": \"time_buckets\"")),
        "strategy.strategy",
        "cannot nest another");
  }

  @Test
  void explain_theNestedStrategysAccount() {
    TimeBucketedStrategy s = (TimeBucketedStrategy) RoutingDocuments.read(DOC).strategy();
    byte[] k = Keys.of("zeta");
    assertEquals(
        "time_buckets: business key by range: key in [\"m\", +∞), partition 1 of 2",
        s.explain(k, 0, k.length));
  }

  @Test
  void movementReport_equalBucketsAndStrategy_sameStrategy_otherBuckets_changed() {
    RoutingTable t = RoutingDocuments.read(DOC);
    assertTrue(
        MovementReport.between(t, t.toBuilder().version(6).place(0, "g1").build()).sameStrategy());
    RoutingTable daily =
        RoutingDocuments.read(
            DOC.replace("\"unit\": \"month\"", "\"unit\": \"day\"")
                .replace("metrics_{yyyyMM}", "metrics_{yyyyMMdd}")
                .replace("\"routing_version\": 5", "\"routing_version\": 6"));
    assertFalse(MovementReport.between(t, daily).sameStrategy());
  }

  @Test
  void placementPins_noneWithoutAPinningNestedStrategy() {
    assertEquals(
        List.of(), ((TimeBucketedStrategy) RoutingDocuments.read(DOC).strategy()).placementPins());
  }

  @Test
  void routes_answerForTheirTable_andRefuseAWindowOfAnotherTablesRoute() {
    RoutingTable t = RoutingDocuments.read(DOC);
    TimeBucketedStrategy s = (TimeBucketedStrategy) t.strategy();
    TimeBucketRoutes routes = TimeBucketRoutes.of(t);
    assertSame(t, routes.table());
    assertSame(s.buckets(), routes.buckets());
    TimeBucketRoutes.BucketedRoute w =
        routes.route(t.route("zeta"), Instant.parse("2026-04-02T08:00:00Z"));
    assertEquals("g1", w.group().id());
    Route other = t.toBuilder().version(6).build().route("acme");
    Instant from = Instant.parse("2026-03-20T00:00:00Z");
    Instant to = Instant.parse("2026-05-10T00:00:00Z");
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> routes.window(other, from, to))
            .getMessage()
            .contains("is not a route of"));
  }

  @Test
  void bucket_containsItsStart_notItsEnd() {
    TimeBuckets.Bucket april =
        ((TimeBucketedStrategy) RoutingDocuments.read(DOC).strategy())
            .bucketOf(Instant.parse("2026-04-15T00:00:00Z"));
    assertTrue(april.contains(Instant.parse("2026-04-01T00:00:00Z")));
    assertTrue(april.contains(Instant.parse("2026-04-30T23:59:59.999999Z")));
    assertFalse(april.contains(Instant.parse("2026-05-01T00:00:00Z")));
    assertFalse(april.contains(Instant.parse("2026-03-31T23:59:59Z")));
  }

  @Test
  void children_theBusinessStrategyAtItsPath() {
    TimeBucketedStrategy s = (TimeBucketedStrategy) RoutingDocuments.read(DOC).strategy();
    assertEquals(List.of(new NestedStrategies.Child("strategy", s.strategy())), s.children());
  }

  @Test
  void factories_registerTheirTypes() {
    assertEquals("time_buckets", new TimeBucketedStrategyFactory().type());
    assertEquals("range", new RangeStrategyFactory().type());
  }

  @Test
  void routes_aRouteOfAWiderTableOfTheSameVersion_refused() {
    RoutingTable t = RoutingDocuments.read(DOC);
    RoutingTable wider =
        RoutingDocuments.read(
            DOC.replace(
                    "{\"start\": \"m\", \"end\": null}",
                    "{\"start\": \"m\", \"end\": \"t\"}, {\"start\": \"t\", \"end\": null}")
                .replace(
                    "\"placement\": [\"g0\", \"g1\"]", "\"placement\": [\"g0\", \"g1\", \"g1\"]"));
    Route third = wider.route("zeta");
    assertEquals(2, third.partition());
    TimeBucketRoutes routes = TimeBucketRoutes.of(t);
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> routes.route(third, Instant.EPOCH))
            .getMessage()
            .contains("is not a route of"));
  }
}
