package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.analysis.AnalysisReport.GroupLoad;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A count of zero is a count in the JSON report; only a negative one (not counted) is null. */
class ReportJsonCountsTest {
  @Test
  void zeroCounts_areNumbers_negativeOnesNull() {
    ReportHtmlGeometryTest.Report r = new ReportHtmlGeometryTest.Report();
    r.distinct = 0;
    r.groups = List.of(new GroupLoad("g0", 1, 0, 0, 0.0), new GroupLoad("g1", 1, -1, 10, 1.0));
    String json = r.build().toJson();
    assertTrue(json.contains("\"numDistinctValues\": 0,"), json);
    assertTrue(json.contains("{\"group\": \"g0\", \"partitions\": 1, \"keys\": 0,"), json);
    assertTrue(json.contains("{\"group\": \"g1\", \"partitions\": 1, \"keys\": null,"), json);
    r.distinct = -1;
    assertTrue(r.build().toJson().contains("\"numDistinctValues\": null,"));
  }
}
