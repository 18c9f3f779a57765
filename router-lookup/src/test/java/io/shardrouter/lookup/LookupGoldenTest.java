package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The partitions of {@code golden/lookup.json}, computed by {@code
 * tools/golden/gen_lookup_vectors.py} (Python, libxxhash) independently of this code: the tenant
 * example's keys through every entry point, and routable ids by the default layout.
 */
class LookupGoldenTest {
  private static final JsonNode GOLDEN = load();

  private static JsonNode load() {
    try (InputStream in = LookupGoldenTest.class.getResourceAsStream("/golden/lookup.json")) {
      return new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read golden/lookup.json: " + e, e);
    }
  }

  @Test
  void tenants_everyEntryPoint_matchesIndependentImplementation() {
    RoutingTable t = RoutingDocuments.read(Fixtures.TENANTS);
    List<String> failures = new ArrayList<>();
    int splits = 0;
    for (JsonNode k : GOLDEN.get("tenants")) {
      String tenant = k.get("tenant").textValue();
      String device = k.get("device").textValue();
      int expected = k.get("partition").intValue();
      byte[] canonical = CompositeKey.of(tenant, device).toBytes();
      String where = "(" + tenant + ", " + device + ") via " + k.get("path").textValue();
      check(
          failures,
          where + ": canonical bytes",
          k.get("canonical").textValue(),
          KeyText.hex(canonical));
      check(
          failures,
          where + ": route(String, String)",
          expected,
          t.route(tenant, device).partition());
      check(
          failures,
          where + ": route(CompositeKey)",
          expected,
          t.route(CompositeKey.of(tenant, device)).partition());
      check(
          failures, where + ": routeCanonical", expected, t.routeCanonical(canonical).partition());
      check(
          failures,
          where + ": group",
          k.get("group").textValue(),
          t.route(tenant, device).group().id());
      splits += k.get("path").textValue().equals("split") ? 1 : 0;
    }
    assertTrue(
        failures.isEmpty(),
        () ->
            failures.size()
                + " differences from golden/lookup.json:\n"
                + String.join("\n", failures));
    assertTrue(
        splits > 0 && GOLDEN.get("tenants").size() > 100, "the vectors cover splits and many keys");
  }

  @Test
  void routableIds_defaultLayout_matchIndependentImplementation() {
    RoutableIdStrategy s = RoutableIdStrategy.of(IdLayout.DEFAULT, 4096);
    for (JsonNode v : GOLDEN.get("routable_ids")) {
      long id = Long.parseLong(v.get("id").textValue());
      assertEquals(v.get("partition").intValue(), s.partitionOf(Keys.of(id)), v::toString);
      assertEquals(v.get("generator").intValue(), IdLayout.DEFAULT.generatorOf(id), v::toString);
      assertEquals(v.get("sequence").longValue(), IdLayout.DEFAULT.sequenceOf(id), v::toString);
      assertEquals(
          IdLayout.DEFAULT_EPOCH_MILLIS + v.get("time").longValue(),
          IdLayout.DEFAULT.timeOf(id).toEpochMilli(),
          v::toString);
    }
  }

  private static void check(List<String> failures, String what, Object expected, Object actual) {
    if (!expected.equals(actual)) {
      failures.add(what + ": expected " + expected + ", got " + actual);
    }
  }
}
