package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violation;
import io.shardrouter.core.Violations;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.hash.internal.RingChecks;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every kind of bad ring input is refused with the path and the rule it breaks. */
class RingBadInputTest {

  /** A valid mode-tokens document: four tokens, partitions 0..3 on g1, g2, g2, g3. */
  private static String tokensDoc(String strategyBody) {
    return """
        {"format": 1, "routing_version": 3, "entity": "orders", "key": {"type": "string"},
         "strategy": {"type": "ring", %s},
         "groups": [{"id": "g1", "primary": "db1:5432"}, {"id": "g2", "primary": "db2:5432"},
                    {"id": "g3", "primary": "db3:5432"}],
         "placement": ["g1", "g2", "g2", "g3"]}
        """
        .formatted(strategyBody);
  }

  private static final String WEIGHTS = "\"weights\": {\"g1\": 1, \"g2\": 2, \"g3\": 1}";
  private static final String TOKENS =
      "\"tokens\": [[\"0000000000000000\", 0], [\"4000000000000000\", 1], "
          + "[\"8000000000000000\", 2], [\"c000000000000000\", 3]]";

  private static void refused(String json, String path, String messagePart) {
    List<Violation> vs =
        assertThrows(InvalidRoutingTableException.class, () -> RoutingDocuments.read(json))
            .violations();
    for (Violation v : vs) {
      if (v.path().equals(path) && v.message().contains(messagePart)) {
        return;
      }
    }
    throw new AssertionError(
        "expected a violation at '" + path + "' containing '" + messagePart + "', got " + vs);
  }

  @Test
  void validDocument_reads() {
    RoutingTable t = RoutingDocuments.read(tokensDoc(WEIGHTS + ", " + TOKENS));
    assertEquals(0.25, t.strategy().shareOf(2));
    RingBalance b = RingBalance.of(t);
    assertEquals(1.0, b.peak(), 1e-12);
  }

  @Test
  void validDocument_balanceText_asShardctlPrintsIt() {
    RoutingTable t = RoutingDocuments.read(tokensDoc(WEIGHTS + ", " + TOKENS));
    assertEquals(
        "  g1               weight    1  share  25.0000%  target  25.0000%  ratio 1.0000\n"
            + "  g2               weight    2  share  50.0000%  target  50.0000%  ratio 1.0000\n"
            + "  g3               weight    1  share  25.0000%  target  25.0000%  ratio 1.0000\n"
            + "peak/mean 1.0000, trough/mean 1.0000\n",
        RingBalance.of(t).toText().replace(System.lineSeparator(), "\n"));
  }

  @Test
  void weights_zeroNegativeOrNotIntegers_refused() {
    refused(
        tokensDoc("\"weights\": {\"g1\": 1, \"g2\": 0, \"g3\": 1}, " + TOKENS),
        "strategy.weights.g2",
        "weight must be an integer in [1, 1000], got 0");
    refused(
        tokensDoc("\"weights\": {\"g1\": -3, \"g2\": 2, \"g3\": 1}, " + TOKENS),
        "strategy.weights.g1",
        "got -3");
    refused(
        tokensDoc("\"weights\": {\"g1\": 1.5, \"g2\": 2, \"g3\": 1}, " + TOKENS),
        "strategy.weights.g1",
        "got 1.5");
    refused(
        tokensDoc("\"weights\": {\"g1\": 1001, \"g2\": 2, \"g3\": 1}, " + TOKENS),
        "strategy.weights.g1",
        "got 1001");
    refused(tokensDoc(TOKENS), "strategy.weights", "missing");
  }

  @Test
  void duplicateTokens_acrossGroups_refused() {
    refused(
        tokensDoc(
            WEIGHTS
                + ", \"tokens\": [[\"0000000000000000\", 0], [\"4000000000000000\", 1], "
                + "[\"4000000000000000\", 3], [\"c000000000000000\", 2]]"),
        "strategy.tokens[2]",
        "token 4000000000000000 appears twice, at tokens[1] (partition 1) and here (partition 3)");
  }

  @Test
  void tokensNotSortedOrNotCoveringTheRing_refused() {
    refused(
        tokensDoc(
            WEIGHTS
                + ", \"tokens\": [[\"0000000000000000\", 0], [\"8000000000000000\", 1], "
                + "[\"4000000000000000\", 2], [\"c000000000000000\", 3]]"),
        "strategy.tokens[2]",
        "is below the token before it (8000000000000000); list tokens in strictly increasing unsigned order");
    refused(
        tokensDoc(WEIGHTS + ", \"partitions\": 4, \"tokens\": []"), "strategy.tokens", "is empty");
    refused(
        tokensDoc(WEIGHTS + ", \"tokens\": [[\"0x00\", 0]]"),
        "strategy.tokens[0][0]",
        "exactly 16 lower-case hex digits");
    refused(
        tokensDoc(WEIGHTS + ", \"tokens\": [[\"ABCDEF0000000000\", 0]]"),
        "strategy.tokens[0][0]",
        "lower-case");
    refused(
        tokensDoc(WEIGHTS + ", \"tokens\": [\"0000000000000000\"]"),
        "strategy.tokens[0]",
        "must be a pair");
    refused(
        tokensDoc(
            WEIGHTS
                + ", \"tokens\": [[\"0000000000000000\", 0], [\"4000000000000000\", 0], "
                + "[\"8000000000000000\", 2], [\"c000000000000000\", 3]]"),
        "strategy.tokens[1][1]",
        "partition 0 already owns tokens[0]");
    refused(
        tokensDoc(WEIGHTS + ", \"partitions\": 3, " + TOKENS),
        "strategy.partitions",
        "give partitions >= 4");
  }

  @Test
  void weights_namingUnknownOrMissingGroups_refusedWhenTheDocumentIsRead() {
    refused(
        tokensDoc("\"weights\": {\"g1\": 1, \"g2\": 2, \"g3\": 1, \"g7\": 4}, " + TOKENS),
        "strategy.weights.g7",
        "names group 'g7', which is not in the document's groups [g1, g2, g3]");
    refused(
        tokensDoc("\"weights\": {\"g1\": 1, \"g2\": 2}, " + TOKENS),
        "strategy.weights",
        "has no weight for group 'g3'");
  }

  @Test
  void unknownGroups_refused() {
    // tokens name partitions; the placement names groups, and the core refuses an unknown one
    refused(
        tokensDoc(WEIGHTS + ", " + TOKENS)
            .replace("\"placement\": [\"g1\"", "\"placement\": [\"g9\""),
        "placement[0]",
        "unknown group 'g9'");
  }

  @Test
  void vnodeCountOverTheBound_refused() {
    refused(
        tokensDoc("\"vnodes\": 5000, " + WEIGHTS + ", " + TOKENS),
        "strategy.vnodes",
        "must be in [1, 4096]");
    String ref =
        """
        {"format": 1, "routing_version": 1, "entity": "t", "key": {"type": "string"},
         "strategy": {"type": "ring", "mode": "001", "nodes": ["edge-1", "edge-2"], "vnodes": %s},
         "groups": [{"id": "edge-1", "primary": "e1:1"}, {"id": "edge-2", "primary": "e2:1"}],
         "placement": ["edge-1", "edge-2"]}
        """;
    refused(ref.formatted("100000"), "strategy.vnodes", "must be in [1, 4096]");
    refused(ref.formatted("0"), "strategy.vnodes", "must be in [1, 4096]");
    assertThrows(
        IllegalArgumentException.class,
        () ->
            RingAllocator.standard()
                .initial(
                    1,
                    "t",
                    KeyType.STRING,
                    StableHash.xxh3(),
                    4097,
                    List.of(ReplicaGroup.of("a", "a:1")),
                    Map.of("a", 1)));
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () ->
                RingStrategy.namedVnodes(
                    java.util.stream.IntStream.range(0, 300).mapToObj(i -> "n" + i).toList(),
                    4000));
    assertEquals("strategy.vnodes", e.violations().get(0).path());
    assertTrue(
        e.getMessage().contains("1200000 tokens, over the limit of 1048576"), e.getMessage());
  }

  @Test
  void modes_andTheirParameters_checked() {
    refused(
        tokensDoc("\"mode\": \"ketama\", " + WEIGHTS + ", " + TOKENS),
        "strategy.mode",
        "unknown ring mode 'ketama'");
    refused(
        tokensDoc("\"nodes\": [\"g1\"], " + WEIGHTS + ", " + TOKENS),
        "strategy.nodes",
        "mode 'tokens' does not take 'nodes'");
    refused(
        tokensDoc("\"mode\": \"001\", \"nodes\": [\"g1\"], " + TOKENS),
        "strategy.tokens",
        "mode 'named_vnodes' does not take 'tokens'");
    refused(
        tokensDoc("\"mode\": \"001\", \"nodes\": [\"g1\", \"g2\", \"g1\"], \"hash\": \"xxh3-64\""),
        "strategy.hash",
        "pins blake2b-64");
    refused(
        tokensDoc("\"mode\": \"001\", \"nodes\": [\"g1\", \"g2\", \"g1\"]"),
        "strategy.nodes[2]",
        "node 'g1' is listed again (first at nodes[0])");
    refused(tokensDoc("\"mode\": \"001\", \"nodes\": []"), "strategy.nodes", "is empty");
    refused(
        tokensDoc("\"mode\": \"001\", \"nodes\": [\"g1\", 7]"),
        "strategy.nodes[1]",
        "must be a node name string");
    refused(
        tokensDoc("\"seeds\": 1, " + WEIGHTS + ", " + TOKENS),
        "strategy.seeds",
        "unknown field for strategy 'ring'");
  }

  @Test
  void javaFactories_refuseWithPaths() {
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () ->
                RingStrategy.ofTokens(
                    StableHash.xxh3(), new long[] {9, 9}, new int[] {0, 1}, 2, Map.of("g", 0), 16));
    assertEquals(
        List.of("strategy.tokens[1]", "strategy.weights.g"),
        e.violations().stream().map(Violation::path).toList());
  }

  @Test
  void allocatorRequests_refused() {
    List<ReplicaGroup> gs = RingFixtures.groups(3);
    RoutingTable t = RingFixtures.ring(gs, RingFixtures.weights(gs, null, 1), 4);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RingAllocator.standard().addGroup(t, RingFixtures.group("g1"), 1));
    assertTrue(
        e.getMessage()
            .contains(
                "group 'g1' is already on the ring of 'orders' version 1; change its weight with reweight"));
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RingAllocator.standard().addGroup(t, RingFixtures.group("g9"), 0));
    assertTrue(
        e.getMessage()
            .startsWith("strategy.weights.g9: weight must be an integer in [1, 1000], got 0"),
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> RingAllocator.standard().reweight(t, "g0", -1));
    assertTrue(e.getMessage().startsWith("strategy.weights.g0: weight must be"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> RingAllocator.standard().removeGroup(t, "nope"));
    assertTrue(
        e.getMessage()
            .contains(
                "group 'nope' is not in routing table 'orders' version 1; groups: [g0, g1, g2]"));
    RoutingTable one = RingFixtures.ring(List.of(RingFixtures.group("solo")), Map.of("solo", 1), 4);
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RingAllocator.standard().removeGroup(one, "solo"));
    assertTrue(e.getMessage().contains("is the last group"), e.getMessage());
    RoutingTable ref = NamedVnodesGoldenTest.table(List.of("edge-1", "edge-2"), 150);
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RingAllocator.standard().addGroup(ref, RingFixtures.group("x"), 1));
    assertTrue(
        e.getMessage()
            .contains(
                "in mode named_vnodes; the ring allocator changes only 'ring' tables in mode 'tokens'"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RingAllocator.withMinPiece(0.5));
  }

  @Test
  void javaFactories_eachRuleWithItsMessage_smallestCountsAccepted() {
    StableHash h = StableHash.xxh3();
    Map<String, Integer> w = Map.of("g", 1);
    assertEquals(
        List.of(
            new Violation(
                "strategy.tokens", "2 tokens but 1 partitions; give one partition per token")),
        ofTokensRefused(
            () -> RingStrategy.ofTokens(h, new long[] {0, 5}, new int[] {0}, 2, w, 16)));
    assertEquals(
        List.of(new Violation("strategy.partitions", "must be in [1, 16777216], got 0")),
        ofTokensRefused(() -> RingStrategy.ofTokens(h, new long[] {0}, new int[] {0}, 0, w, 16)));
    assertEquals(
        List.of(
            new Violation(
                "strategy.vnodes", "must be in [1, 4096] vnodes per unit of weight, got 0")),
        ofTokensRefused(() -> RingStrategy.ofTokens(h, new long[] {0}, new int[] {0}, 1, w, 0)));
    assertEquals(
        List.of(
            new Violation(
                "strategy.weights",
                "is empty; give every replica group its integer weight, e.g. {\"g1\": 1, \"g2\": 2}")),
        ofTokensRefused(
            () -> RingStrategy.ofTokens(h, new long[] {0}, new int[] {0}, 1, Map.of(), 16)));
    assertEquals(
        List.of(new Violation("strategy.vnodes", "must be in [1, 4096] vnodes per node, got 0")),
        ofTokensRefused(() -> RingStrategy.namedVnodes(List.of("a", "b"), 0)));
    RingStrategy one = RingStrategy.ofTokens(h, new long[] {0}, new int[] {0}, 1, w, 1);
    assertEquals(1, one.partitionCount());
    assertEquals(0, one.partitionOf(new byte[] {1, 2, 3}, 0, 3));
    assertEquals(
        4096, RingStrategy.ofTokens(h, new long[] {0}, new int[] {0}, 1, w, 4096).vnodes());
    RingStrategy solo = RingStrategy.namedVnodes(List.of("solo"), 1);
    assertEquals(1, solo.partitionCount());
    assertEquals(0, solo.partitionOf(new byte[] {1, 2, 3}, 0, 3));
    assertEquals(2, RingStrategy.namedVnodes(List.of("a", "b"), 4096).partitionCount());
  }

  private static List<Violation> ofTokensRefused(org.junit.jupiter.api.function.Executable build) {
    return assertThrows(InvalidRoutingTableException.class, build).violations();
  }

  /**
   * A ring nested in another strategy's object (as lookup nests its fallback) reports each broken
   * rule at its own path, and the registry returns null instead of throwing.
   */
  @Test
  void nestedRing_everyRuleReportedAtTheNestedPath() throws Exception {
    assertEquals(
        List.of(
            new Violation(
                "strategy.fallback.tokens[1]",
                "token 0000000000000001 is below the token before it (0000000000000005); list"
                    + " tokens in strictly increasing unsigned order, so that each range [previous"
                    + " token, token) is stated once and the ranges cover the ring")),
        nestedRefused(
            "{\"type\": \"ring\", \"weights\": {\"g\": 1},"
                + " \"tokens\": [[\"0000000000000005\", 0], [\"0000000000000001\", 1]]}"));
    assertEquals(
        List.of(new Violation("strategy.fallback.weights.g", RingChecks.weightProblem(0))),
        nestedRefused(
            "{\"type\": \"ring\", \"weights\": {\"g\": 0},"
                + " \"tokens\": [[\"0000000000000005\", 0]]}"));
    assertEquals(
        List.of(
            new Violation(
                "strategy.fallback.nodes[2]",
                "node 'a' is listed again (first at nodes[0]); every token of the second"
                    + " listing collides with the first, so it would own nothing: remove it")),
        nestedRefused("{\"type\": \"ring\", \"mode\": \"001\", \"nodes\": [\"a\", \"b\", \"a\"]}"));
    assertEquals(
        List.of(
            new Violation(
                "strategy.fallback.nodes",
                "missing or not an array; mode 'named_vnodes' needs the node names, e.g."
                    + " [\"edge-1\", \"edge-2\"]")),
        nestedRefused("{\"type\": \"ring\", \"mode\": \"001\"}"));
    assertEquals(
        List.of(
            new Violation(
                "strategy.fallback.tokens",
                "missing or not an array; mode 'tokens' needs [[\"<16 hex digits>\", partition],"
                    + " ...] in increasing token order (RingAllocator writes it)")),
        nestedRefused("{\"type\": \"ring\", \"weights\": {\"g\": 1}}"));
    assertEquals(
        List.of(
            new Violation(
                "strategy.fallback.weights",
                "missing or not an object; give each replica group's integer weight, e.g."
                    + " {\"g1\": 1, \"g2\": 2}")),
        nestedRefused("{\"type\": \"ring\", \"tokens\": [[\"0000000000000005\", 0]]}"));
  }

  @Test
  void manyBadTokens_first20Listed_withoutACountOfTheRest() throws Exception {
    String tokens = String.join(", ", java.util.Collections.nCopies(25, "5"));
    List<Violation> v =
        nestedRefused(
            "{\"type\": \"ring\", \"weights\": {\"g\": 1}, \"tokens\": [" + tokens + "]}");
    assertEquals(20, v.size(), v::toString);
    for (int i = 0; i < 20; i++) {
      assertEquals("strategy.fallback.tokens[" + i + "]", v.get(i).path());
      assertEquals("must be a pair [\"<16 hex digits>\", partition], got 5", v.get(i).message());
    }
  }

  private static List<Violation> nestedRefused(String strategyJson) throws Exception {
    Violations v = new Violations();
    assertNull(
        StrategyRegistry.defaultRegistry()
            .create(RoutingDocuments.parseSpec(strategyJson), "strategy.fallback", v));
    return v.asList();
  }

  @Test
  void namedVnodes_blankNodeNames_readAndPlacedOnAnyGroup() {
    // format.md §1.4.4: distinct strings, at least one; the placement, not the name, picks the
    // group
    String doc =
        """
        {"format": 1, "routing_version": 1, "entity": "orders", "key": {"type": "string"},
         "strategy": {"type": "ring", "mode": "named_vnodes", "nodes": ["", " ", "edge-1"], "vnodes": 4},
         "groups": [{"id": "g1", "primary": "db1:5432"}, {"id": "g2", "primary": "db2:5432"}],
         "placement": ["g1", "g2", "g2"]}
        """;
    RoutingTable t = RoutingDocuments.read(doc);
    assertEquals(3, t.partitionCount());
    RingStrategy ring = (RingStrategy) t.strategy();
    assertEquals(List.of("", " ", "edge-1"), ring.nodes());
    // blake2b-64("#vnode-0") = a805364360544a8d is a token of node "" (partition 0): the point
    // just below it belongs to it (routing-spec.md §4.7; golden/ring-spec.json, case blank-names)
    assertEquals(0, ring.partitionOfHash(0xa805364360544a8cL));
    assertEquals(t.fingerprint(), RoutingDocuments.read(RoutingDocuments.write(t)).fingerprint());
    refused(doc.replace("\"edge-1\"]", "\" \"]"), "strategy.nodes[2]", "node ' ' is listed again");
  }

  @Test
  void weights_groupIdThatIsNoPlainName_quotedInThePath() {
    refused(
        tokensDoc("\"weights\": {\"g1\": 1, \"g2\": 2, \"g3\": 1, \"g.4\": 1}, " + TOKENS),
        "strategy.weights[\"g.4\"]",
        "names group 'g.4', which is not in the document's groups");
  }
}
