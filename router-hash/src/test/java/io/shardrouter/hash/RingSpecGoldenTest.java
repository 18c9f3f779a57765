package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ring as {@code docs/routing-spec.md} §4.7 specifies it, against {@code
 * golden/ring-spec.json}, which {@code tools/golden/gen_ring_vectors.py} computes with Python's
 * {@code hashlib} (blake2b-64), python3-xxhash (xxh3-64) and {@code bisect_right}, independently of
 * this code: the tokens mode named_vnodes derives from {@code node#vnode-i}, the partition of keys,
 * and of routing points equal to a token (the next token owns them), next to one, and at both ends
 * of the hash space (wrap-around).
 */
class RingSpecGoldenTest {
  private static JsonNode cases() throws IOException {
    try (InputStream in = RingSpecGoldenTest.class.getResourceAsStream("/golden/ring-spec.json")) {
      return new ObjectMapper().readTree(in).get("cases");
    }
  }

  private static RingStrategy strategyOf(JsonNode c) {
    if (c.has("document")) {
      RoutingTable t = RoutingDocuments.read(Path.of("..").resolve(c.get("document").textValue()));
      return (RingStrategy) t.strategy();
    }
    List<String> nodes = new ArrayList<>();
    c.get("nodes").forEach(n -> nodes.add(n.textValue()));
    return RingStrategy.namedVnodes(nodes, c.get("vnodes").intValue());
  }

  private static long point(JsonNode v) {
    return Long.parseUnsignedLong(v.get("point").textValue(), 16);
  }

  @Test
  void ring_everyGoldenCase() throws IOException {
    int checked = 0;
    for (JsonNode c : cases()) {
      String name = c.get("name").textValue();
      RingStrategy ring = strategyOf(c);
      if (c.has("tokens")) {
        JsonNode tokens = c.get("tokens");
        assertEquals(tokens.size(), ring.tokenCount(), name);
        for (int i = 0; i < tokens.size(); i++) {
          assertEquals(
              tokens.get(i).get(0).textValue(),
              String.format("%016x", ring.token(i)),
              name + " #" + i);
          assertEquals(tokens.get(i).get(1).intValue(), ring.partitionOfToken(i), name + " #" + i);
        }
      }
      for (JsonNode v : c.path("keys")) {
        String key = v.get("key").textValue();
        assertEquals(
            v.get("partition").intValue(),
            ring.partitionOf(Keys.of(key)),
            name + " key '" + key + "'");
        checked++;
      }
      for (JsonNode v : c.get("points")) {
        assertEquals(
            v.get("partition").intValue(),
            ring.partitionOfHash(point(v)),
            name + " point " + v.get("point").textValue());
        checked++;
      }
    }
    assertTrue(checked > 2000, checked + " vectors");
  }
}
