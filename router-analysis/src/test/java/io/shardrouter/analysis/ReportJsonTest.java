package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.KeySample;
import io.shardrouter.stats.RouteStats;
import io.shardrouter.stats.StatsSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The whole {@code shardrouter-analysis/1} text of two small analyses whose every figure is worked
 * out by hand in the comments: a key file with queries, capacity limits and a compared document,
 * and a statistics export. Range tables route by key order, so every route is known.
 */
class ReportJsonTest {
  /** [0, 10) [10, 20) on g0, [20, 30) [30, ..) on g1. */
  private static final RoutingTable FOUR =
      range(5, "[0, 10, 20, 30]", "\"g0\",\"g0\",\"g1\",\"g1\"");

  /** [0, 20) on g0, [20, ..) on g1. */
  private static final RoutingTable TWO = range(6, "[0, 20]", "\"g0\",\"g1\"");

  private static RoutingTable range(long version, String starts, String placement) {
    StringBuilder ranges = new StringBuilder();
    String[] s = starts.replaceAll("[\\[\\] ]", "").split(",");
    for (int i = 0; i < s.length; i++) {
      ranges.append(i == 0 ? "" : ",").append("{\"start\":").append(s[i]).append(",\"end\":");
      ranges.append(i == s.length - 1 ? "null" : s[i + 1]).append('}');
    }
    return RoutingDocuments.read(
        "{\"format\":1,\"routing_version\":"
            + version
            + ",\"entity\":\"orders\",\"key\":{\"type\":\"long\"},"
            + "\"strategy\":{\"type\":\"range\",\"ranges\":["
            + ranges
            + "]},\"groups\":[{\"id\":\"g0\",\"primary\":\"db0:5432\"},"
            + "{\"id\":\"g1\",\"primary\":\"db1:5432\"}],\"placement\":["
            + placement
            + "]}");
  }

  @Test
  void keyFile_withQueriesCapacityAndCompare() {
    // Arrival order 1, 2, 11, 12, 25, 31, 1; counts 5, 1, 2, 3, 4, 5, 1: key 1 six times.
    KeySample sample =
        new KeySample(KeyType.LONG)
            .add("1", 5)
            .add("2", 1)
            .add("11", 2)
            .add("12", 3)
            .add("25", 4)
            .add("31", 5)
            .add("1", 1);
    List<KeyAnalysis.Query> queries =
        List.of(
            KeyAnalysis.Query.parse("{\"keys\": [1, 2]}", KeyType.LONG), // p0: single
            KeyAnalysis.Query.parse("{\"keys\": [1, 31]}", KeyType.LONG), // p0, p3
            KeyAnalysis.Query.parse("{\"from\": 5, \"to\": 25}", KeyType.LONG), // p0 to p2
            KeyAnalysis.Query.parse("{\"from\": 0, \"to\": 35}", KeyType.LONG), // all four
            KeyAnalysis.Query.parse("{\"keys\": [\"12\"]}", KeyType.LONG)); // p1: single
    CapacityLimits limits =
        CapacityLimits.parse(
            "{\"sample_seconds\": 2, \"partition\": {\"writes\": 3}, \"group\": {\"ops\": 5},"
                + " \"groups\": {\"g1\": {\"reads\": 4.5}}}");
    AnalysisReport r =
        KeyAnalysis.of(FOUR).queries(queries).capacity(limits).compare(TWO).analyze(sample);
    // Loads 7, 5, 4, 5 (total 21, mean 5.25); keys 2, 2, 1, 1; g0 12, g1 9 (mean 10.5).
    // Ranks in arrival order 0, 2, 3, 4, 5, 6, 0: Spearman r = 10 / sqrt(28 * 1610 / 49).
    // Capacity over 2 s: p0 writes 3.5/s over 3; g0 ops 6/s over 5; g1 reads 4.5/s is not over 4.5.
    // Under TWO: 11, 12, 25 and 31 change partition, no key changes group; loads 12 and 9.
    String expected =
        "{\n"
            + "  \"format\": \"shardrouter-analysis/1\",\n"
            + "  \"entity\": \"orders\",\n"
            + "  \"routing_version\": 5,\n"
            + "  \"strategy\": \"range\",\n"
            + "  \"source\": \"keys\",\n"
            + "  \"keyCharacteristics\": {\"numKeysSampled\": 21, \"numDistinctValues\": 6,"
            + " \"isUnique\": false, \"mostCommonValues\": ["
            + "{\"value\": \"1\", \"frequency\": 6, \"share\": 0.285714, \"error\": 0}, "
            + "{\"value\": \"31\", \"frequency\": 5, \"share\": 0.238095, \"error\": 0}, "
            + "{\"value\": \"25\", \"frequency\": 4, \"share\": 0.190476, \"error\": 0}, "
            + "{\"value\": \"12\", \"frequency\": 3, \"share\": 0.142857, \"error\": 0}, "
            + "{\"value\": \"11\", \"frequency\": 2, \"share\": 0.095238, \"error\": 0}, "
            + "{\"value\": \"2\", \"frequency\": 1, \"share\": 0.047619, \"error\": 0}],"
            + " \"monotonicity\": {\"type\": \"not monotonic\","
            + " \"recordIdCorrelationCoefficient\": 0.32969}},\n"
            + "  \"distribution\": {\"partitionPeakToMean\": 1.333333, \"groupPeakToMean\":"
            + " 1.142857, \"partitionLoad\": [7,5,4,5], \"partitionKeys\": [2,2,1,1], \"groups\": ["
            + "{\"group\": \"g0\", \"partitions\": 2, \"keys\": 4, \"load\": 12, \"share\":"
            + " 0.571429}, "
            + "{\"group\": \"g1\", \"partitions\": 2, \"keys\": 2, \"load\": 9, \"share\":"
            + " 0.428571}], \"hottestPartitions\": ["
            + "{\"partition\": 0, \"group\": \"g0\", \"load\": 7, \"share\": 0.333333}, "
            + "{\"partition\": 1, \"group\": \"g0\", \"load\": 5, \"share\": 0.238095}, "
            + "{\"partition\": 3, \"group\": \"g1\", \"load\": 5, \"share\": 0.238095}, "
            + "{\"partition\": 2, \"group\": \"g1\", \"load\": 4, \"share\": 0.190476}]},\n"
            + "  \"growth\": [[0, 0], [0.166667, 0.333333], [0.333333, 0.5], [0.5, 0.666667],"
            + " [0.666667, 0.833333], [0.833333, 1], [1, 0]],\n"
            + "  \"queryDistribution\": {\"sampleSize\": 5,"
            + " \"percentageOfSinglePartitionQueries\": 40,"
            + " \"percentageOfMultiPartitionQueries\": 40,"
            + " \"percentageOfScatterGatherQueries\": 20, \"meanFanOut\": 2.2},\n"
            + "  \"overLimit\": ["
            + "{\"scope\": \"partition\", \"id\": \"0\", \"kind\": \"writes\", \"rate\": 3.5,"
            + " \"limit\": 3, \"overBy\": 0.166667}, "
            + "{\"scope\": \"group\", \"id\": \"g0\", \"kind\": \"ops\", \"rate\": 6,"
            + " \"limit\": 5, \"overBy\": 0.2}],\n"
            + "  \"compare\": {\"document\": \"orders version 6\", \"routing_version\": 6,"
            + " \"partitions\": 2, \"movedShare\": 0.666667, \"movedGroupShare\": 0,"
            + " \"movedLoadShare\": 0, \"partitionPeakToMean\": 1.142857,"
            + " \"groupPeakToMean\": 1.142857},\n"
            + "  \"checklist\": [\n"
            + "    {\"item\": \"cardinality\", \"result\": \"warn\", \"value\": 1.5, \"detail\":"
            + " \"6 distinct keys over 4 partitions: 1.5 per partition: too few to spread load;"
            + " choose a key with more values, or add a field to it (fail < 1, warn < 10)\"},\n"
            + "    {\"item\": \"stability\", \"result\": \"pass\", \"value\": 0, \"detail\":"
            + " \"0.00% of keys change group under orders version 6; the least a change of"
            + " partition count can move is 50.00% (warn above 1.5x, fail above 3x)\"},\n"
            + "    {\"item\": \"evenness\", \"result\": \"pass\", \"value\": 0.571429, \"detail\":"
            + " \"load is even: the hottest group, g0, takes 57.14% of the load; its fair share"
            + " (1/2) is 50.00%, 1.143x; peak/mean over partitions 1.333 (warn above 1.25x the"
            + " fair share)\"},\n"
            + "    {\"item\": \"hot keys\", \"result\": \"skip\", \"value\": null, \"detail\":"
            + " \"sample too small to judge hot keys: 21 keys, need >= 40 (10 per partition, so"
            + " that one sighting of a key is below a tenth of a mean partition's load)\"},\n"
            + "    {\"item\": \"monotonic keys\", \"result\": \"pass\", \"value\": 0.32969,"
            + " \"detail\": \"rank correlation of key order with arrival order 0.33: keys do not"
            + " grow with arrival order (monotonic from |r| >= 0.7)\"},\n"
            + "    {\"item\": \"cross-partition queries\", \"result\": \"fail\", \"value\": 40,"
            + " \"detail\": \"40% of 5 queries visit one partition, 20% visit all; mean fan-out"
            + " 2.2; put the key in the queries' filters (warn below 90%, fail below 50%)\"}]\n"
            + "}\n";
    assertEquals(expected, r.toJson());
  }

  @Test
  void statistics_readsAndWritesAgainstTheirOwnLimits_theRestSkipped() {
    StatsSnapshot stats =
        new StatsSnapshot(
            "orders",
            5,
            RouteStats.Window.SINCE_START,
            2000,
            1,
            2,
            new long[] {4, 0, 0, 1},
            new long[] {0, 6, 0, 0},
            new long[] {2, 0, 3, 0},
            HotKeys.of(
                8, 20, List.of(new HotKeys.Entry("1", 10, 2), new HotKeys.Entry("25", 5, 0))));
    CapacityLimits limits =
        CapacityLimits.parse(
            "{\"sample_seconds\": 2, \"partition\": {\"reads\": 2, \"writes\": 2.5}}");
    AnalysisReport r = KeyAnalysis.of(FOUR).capacity(limits).analyze(stats);
    // Loads 6, 6, 3, 1 (total 16); key 1 at 10/20 of the samples: 8 routes, error 2 samples of 1
    // in 2 routes: 4. Reads and unspecified count as reads (6, 0, 3, 1), writes and unspecified as
    // writes (2, 6, 3, 0): over 2 s, p0 reads 3/s over 2, p1 writes 3/s over 2.5.
    String expected =
        "{\n"
            + "  \"format\": \"shardrouter-analysis/1\",\n"
            + "  \"entity\": \"orders\",\n"
            + "  \"routing_version\": 5,\n"
            + "  \"strategy\": \"range\",\n"
            + "  \"source\": \"stats\",\n"
            + "  \"keyCharacteristics\": {\"numKeysSampled\": 16, \"numDistinctValues\": null,"
            + " \"isUnique\": false, \"mostCommonValues\": ["
            + "{\"value\": \"1\", \"frequency\": 8, \"share\": 0.5, \"error\": 4}, "
            + "{\"value\": \"25\", \"frequency\": 4, \"share\": 0.25, \"error\": 0}],"
            + " \"monotonicity\": {\"type\": \"unknown\","
            + " \"recordIdCorrelationCoefficient\": null}},\n"
            + "  \"distribution\": {\"partitionPeakToMean\": 1.5, \"groupPeakToMean\": 1.5,"
            + " \"partitionLoad\": [6,6,3,1], \"partitionKeys\": null, \"groups\": ["
            + "{\"group\": \"g0\", \"partitions\": 2, \"keys\": null, \"load\": 12, \"share\":"
            + " 0.75}, "
            + "{\"group\": \"g1\", \"partitions\": 2, \"keys\": null, \"load\": 4, \"share\":"
            + " 0.25}], \"hottestPartitions\": ["
            + "{\"partition\": 0, \"group\": \"g0\", \"load\": 6, \"share\": 0.375}, "
            + "{\"partition\": 1, \"group\": \"g0\", \"load\": 6, \"share\": 0.375}, "
            + "{\"partition\": 2, \"group\": \"g1\", \"load\": 3, \"share\": 0.1875}, "
            + "{\"partition\": 3, \"group\": \"g1\", \"load\": 1, \"share\": 0.0625}]},\n"
            + "  \"growth\": [],\n"
            + "  \"queryDistribution\": null,\n"
            + "  \"overLimit\": ["
            + "{\"scope\": \"partition\", \"id\": \"0\", \"kind\": \"reads\", \"rate\": 3,"
            + " \"limit\": 2, \"overBy\": 0.5}, "
            + "{\"scope\": \"partition\", \"id\": \"1\", \"kind\": \"writes\", \"rate\": 3,"
            + " \"limit\": 2.5, \"overBy\": 0.2}],\n"
            + "  \"compare\": null,\n"
            + "  \"checklist\": [\n"
            + "    {\"item\": \"cardinality\", \"result\": \"skip\", \"value\": null, \"detail\":"
            + " \"statistics do not count distinct keys; analyse a key file\"},\n"
            + "    {\"item\": \"stability\", \"result\": \"skip\", \"value\": null, \"detail\":"
            + " \"give --compare with the next document to measure what moves\"},\n"
            + "    {\"item\": \"evenness\", \"result\": \"skip\", \"value\": null, \"detail\":"
            + " \"sample too small to judge evenness: 16 keys, need >= 20 (10 per group)\"},\n"
            + "    {\"item\": \"hot keys\", \"result\": \"skip\", \"value\": null, \"detail\":"
            + " \"sample too small to judge hot keys: 16 keys, need >= 40 (10 per partition, so"
            + " that one sighting of a key is below a tenth of a mean partition's load)\"},\n"
            + "    {\"item\": \"monotonic keys\", \"result\": \"skip\", \"value\": null,"
            + " \"detail\": \"arrival order is unknown; analyse a key file in arrival order\"},\n"
            + "    {\"item\": \"cross-partition queries\", \"result\": \"skip\", \"value\": null,"
            + " \"detail\": \"give --queries with a sample of queries\"}]\n"
            + "}\n";
    assertEquals(expected, r.toJson());
  }
}
