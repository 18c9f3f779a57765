package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.analysis.AnalysisReport.CheckItem;
import io.shardrouter.analysis.AnalysisReport.Comparison;
import io.shardrouter.analysis.AnalysisReport.Distribution;
import io.shardrouter.analysis.AnalysisReport.Frequency;
import io.shardrouter.analysis.AnalysisReport.GroupLoad;
import io.shardrouter.analysis.AnalysisReport.KeyCharacteristics;
import io.shardrouter.analysis.AnalysisReport.QueryDistribution;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every checklist verdict at its thresholds (docs/observability.md): the value exactly at a
 * threshold and just past it, and the text of each verdict.
 */
class ChecklistTest {
  private static final RoutingTable HASH4 = Fixtures.table("hash_mod", 4, 2, 1);
  private static final RoutingTable RANGE = Fixtures.monthlyRanges(4);

  private static KeyCharacteristics keys(long sampled, long distinct, double topShare) {
    List<Frequency> top = topShare < 0 ? List.of() : List.of(new Frequency("k", 1, topShare, 0));
    return new KeyCharacteristics(sampled, distinct, false, top, "unknown", Double.NaN);
  }

  private static Distribution groups(double... shares) {
    List<GroupLoad> g = new ArrayList<>();
    for (int i = 0; i < shares.length; i++) {
      g.add(new GroupLoad("g" + i, 1, -1, 0, shares[i]));
    }
    return new Distribution(null, new long[4], g, 1, 1, List.of());
  }

  private static CheckItem item(
      RoutingTable t,
      KeyCharacteristics kc,
      Distribution d,
      QueryDistribution q,
      Comparison c,
      String name) {
    return Checklist.of(t, kc, d, q, c).stream()
        .filter(i -> i.item().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static CheckItem cardinality(long distinct) {
    return item(HASH4, keys(100, distinct, -1), groups(1), null, null, "cardinality");
  }

  @Test
  void cardinality_ofNoDistinctKey_fails_whileUncountedIsSkipped() {
    assertEquals("fail", cardinality(0).result());
    assertEquals(0.0, cardinality(0).value());
    assertEquals("skip", cardinality(-1).result());
  }

  @Test
  void cardinality_failBelowOnePerPartition_warnBelowTen() {
    assertEquals("fail", cardinality(3).result());
    assertEquals("warn", cardinality(4).result());
    assertEquals("warn", cardinality(39).result());
    assertEquals("pass", cardinality(40).result());
    assertEquals(10, cardinality(40).value());
    assertEquals(
        "40 distinct keys over 4 partitions: 10 per partition, enough to spread them (warn below"
            + " 10)",
        cardinality(40).detail());
    assertEquals(
        "3 distinct keys over 4 partitions: 0.75 per partition: too few to spread load; choose a"
            + " key with more values, or add a field to it (fail < 1, warn < 10)",
        cardinality(3).detail());
  }

  private static CheckItem stability(int partitions, double movedGroupShare) {
    Comparison c = new Comparison("next", 2, partitions, 0, movedGroupShare, 0, 1, 1);
    return item(HASH4, keys(100, 100, -1), groups(1), null, c, "stability");
  }

  @Test
  void stability_againstTheLeastAChangeOfCountMoves() {
    // 4 to 3 partitions: at least a quarter moves
    assertEquals("pass", stability(3, 0.375).result()); // 1.5x
    assertEquals("warn", stability(3, 0.376).result());
    assertEquals("warn", stability(3, 0.75).result()); // 3x
    assertEquals("fail", stability(3, 0.751).result());
    assertEquals(0.375, stability(3, 0.375).value());
    // the same count: nothing need move
    assertEquals("pass", stability(4, 0).result());
    assertEquals("fail", stability(4, 0.001).result());
    assertEquals(
        "0.10% of keys change group under next; the least a change of partition count can move is"
            + " 0.00% (warn above 1.5x, fail above 3x)",
        stability(4, 0.001).detail());
  }

  private static CheckItem evenness(long sampled, double... shares) {
    return item(HASH4, keys(sampled, 100, -1), groups(shares), null, null, "evenness");
  }

  @Test
  void evenness_thresholdsExactly() {
    // two groups: fair share 50%; warn above 62.5%, fail from 75%
    assertEquals("pass", evenness(100, 0.625, 0.375).result());
    assertEquals("warn", evenness(100, 0.375, 0.626).result());
    assertEquals("warn", evenness(100, 0.7499, 0.2501).result());
    assertEquals("fail", evenness(100, 0.75, 0.25).result());
    // four groups: fair share 25%; warn above 31.25%, fail above 50% (before half-way, 62.5%)
    assertEquals("pass", evenness(100, 0.3125, 0.25, 0.25, 0.1875).result());
    assertEquals("warn", evenness(100, 0.5, 0.2, 0.2, 0.1).result());
    assertEquals("fail", evenness(100, 0.5001, 0.2, 0.2, 0.0999).result());
    // the hottest is the first of equals
    assertEquals(0.4, evenness(100, 0.4, 0.4, 0.2).value());
    assertTrue(evenness(100, 0.4, 0.4, 0.2).detail().contains("the hottest group, g0,"));
    assertTrue(evenness(100, 0.2, 0.4, 0.4).detail().contains("the hottest group, g1,"));
    assertEquals(
        "the hottest group, g0, takes 80.00% of the load; its fair share (1/2) is 50.00%, 1.6x;"
            + " peak/mean over partitions 1; move load off it with shardctl advise (warn above"
            + " 1.25x the fair share, fail above 2x or from half-way between the fair share and"
            + " all of the load: 75.00%)",
        evenness(100, 0.8, 0.2).detail());
  }

  @Test
  void evenness_skipped_oneGroup_orFewerThanTenRoutesPerGroup() {
    assertEquals(
        "one group holds every partition: there is nothing to even", evenness(1000, 1.0).detail());
    assertEquals("skip", evenness(19, 0.5, 0.5).result());
    assertEquals(
        "sample too small to judge evenness: 19 keys, need >= 20 (10 per group)",
        evenness(19, 0.5, 0.5).detail());
    assertEquals("pass", evenness(20, 0.5, 0.5).result());
  }

  private static CheckItem hotKeys(long sampled, double share) {
    return item(HASH4, keys(sampled, 100, share), groups(1), null, null, "hot keys");
  }

  @Test
  void hotKeys_againstAMeanPartition() {
    // four partitions: a mean partition takes 25%
    assertEquals("pass", hotKeys(40, 0.125).result());
    assertEquals("warn", hotKeys(40, 0.126).result());
    assertEquals("warn", hotKeys(40, 0.25).result());
    assertEquals("fail", hotKeys(40, 0.251).result());
    assertEquals("skip", hotKeys(39, 0.5).result());
    assertEquals("skip", hotKeys(40, -1).result());
    assertEquals("no key was sampled", hotKeys(40, -1).detail());
    assertEquals(
        "key 'k' takes 25.00% of the load, 1x a mean partition's; above 1x no placement can even"
            + " it: watch it (warn above 0.5x, fail above 1x)",
        hotKeys(40, 0.25).detail());
    assertEquals(
        "key 'k' takes 50.00% of the load, 2x a mean partition's; no placement can even it:"
            + " isolate it on a partition of its own (shardctl advise) or shard its writes (fail"
            + " above 1x)",
        hotKeys(40, 0.5).detail());
    assertEquals(
        "no hot key: the most common, key 'k' takes 12.50% of the load, 0.5x a mean partition's"
            + " (warn above 0.5x)",
        hotKeys(40, 0.125).detail());
  }

  private static CheckItem monotonic(RoutingTable t, String type, double r) {
    KeyCharacteristics kc = new KeyCharacteristics(100, 100, true, List.of(), type, r);
    return item(t, kc, groups(1), null, null, "monotonic keys");
  }

  @Test
  void monotonicKeys_failOnRanges_warnOnHashes() {
    assertEquals("fail", monotonic(RANGE, "monotonic", 0.9).result());
    assertEquals(
        "rank correlation of key order with arrival order 0.9: new keys all land in the last"
            + " range (the hot tail) (monotonic from |r| >= 0.7)",
        monotonic(RANGE, "monotonic", 0.9).detail());
    assertEquals("warn", monotonic(HASH4, "monotonic", -0.8).result());
    assertEquals(
        "rank correlation of key order with arrival order -0.8: keys grow with time; fine for"
            + " hashing, not for ranges (monotonic from |r| >= 0.7)",
        monotonic(HASH4, "monotonic", -0.8).detail());
    assertEquals("pass", monotonic(RANGE, "not monotonic", 0.1).result());
    assertEquals(0.1, monotonic(RANGE, "not monotonic", 0.1).value());
  }

  private static CheckItem queries(double single) {
    QueryDistribution q = new QueryDistribution(10, single, 100 - single, 0, 1.5);
    return item(HASH4, keys(100, 100, -1), groups(1), q, null, "cross-partition queries");
  }

  @Test
  void crossPartitionQueries_passFromNinety_warnFromFifty() {
    assertEquals("pass", queries(90).result());
    assertEquals("warn", queries(89.9).result());
    assertEquals("warn", queries(50).result());
    assertEquals("fail", queries(49.9).result());
    assertEquals(
        "90% of 10 queries visit one partition, 0% visit all; mean fan-out 1.5 (warn below 90%)",
        queries(90).detail());
  }
}
