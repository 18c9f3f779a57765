package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@code shardrouter-stats/1} file: the exact text {@link StatsSnapshot#toJson()} writes, and
 * every field {@link StatsSnapshot#parse} refuses, each with its path, what it found and what it
 * expected.
 */
class StatsFileTest {
  private static final StatsSnapshot SNAPSHOT =
      new StatsSnapshot(
          "orders",
          7,
          RouteStats.Window.LAST_MINUTE,
          60_000,
          2,
          4,
          new long[] {1, 2},
          new long[] {3, 4},
          new long[] {5, 0},
          HotKeys.of(8, 9, List.of(new HotKeys.Entry("b\"q", 2, 1), new HotKeys.Entry("a", 5, 0))));

  private static final String TEXT =
      "{\n"
          + "  \"format\": \"shardrouter-stats/1\",\n"
          + "  \"entity\": \"orders\",\n"
          + "  \"routing_version\": 7,\n"
          + "  \"window\": \"last_minute\",\n"
          + "  \"span_millis\": 60000,\n"
          + "  \"members\": 2,\n"
          + "  \"sample_every\": 4,\n"
          + "  \"partitions\": 2,\n"
          + "  \"reads\": [1,2],\n"
          + "  \"writes\": [3,4],\n"
          + "  \"unspecified\": [5,0],\n"
          + "  \"hot_keys\": {\"capacity\": 8, \"sampled\": 9, \"keys\": [\n"
          + "    {\"key\": \"a\", \"count\": 5, \"error\": 0},\n"
          + "    {\"key\": \"b\\\"q\", \"count\": 2, \"error\": 1}]}\n"
          + "}\n";

  @Test
  void toJson_theWholeText_andParseReadsItBack() {
    assertEquals(TEXT, SNAPSHOT.toJson());
    StatsSnapshot back = StatsSnapshot.parse(TEXT);
    assertEquals(SNAPSHOT, back);
    assertEquals(SNAPSHOT.hashCode(), back.hashCode());
    assertEquals(60_000, back.spanMillis());
    assertEquals(2, back.members());
    assertEquals(4, back.sampleEvery());
    assertEquals(RouteStats.Window.LAST_MINUTE, back.window());
    assertEquals(15, back.total());
    assertEquals(List.of(5L, 2L), List.of(back.hotKeys().keys().get(0).count(), 2L));
  }

  @Test
  void toJson_noHotKeys() {
    StatsSnapshot s =
        new StatsSnapshot(
            "e",
            0,
            RouteStats.Window.SINCE_START,
            0,
            1,
            1,
            new long[] {0},
            new long[] {0},
            new long[] {0},
            HotKeys.empty(1));
    assertEquals(
        "{\n  \"format\": \"shardrouter-stats/1\",\n  \"entity\": \"e\",\n  \"routing_version\": 0,\n"
            + "  \"window\": \"since_start\",\n  \"span_millis\": 0,\n  \"members\": 1,\n"
            + "  \"sample_every\": 1,\n  \"partitions\": 1,\n  \"reads\": [0],\n"
            + "  \"writes\": [0],\n  \"unspecified\": [0],\n"
            + "  \"hot_keys\": {\"capacity\": 1, \"sampled\": 0, \"keys\": []}\n}\n",
        s.toJson());
    assertEquals(s, StatsSnapshot.parse(s.toJson()));
  }

  @Test
  void equals_everyFieldCounts() {
    StatsSnapshot s = SNAPSHOT;
    assertEquals(s, StatsSnapshot.parse(s.toJson()));
    List<StatsSnapshot> others =
        List.of(
            replace("\"entity\": \"orders\"", "\"entity\": \"other\""),
            replace("\"routing_version\": 7", "\"routing_version\": 8"),
            replace("last_minute", "last_ten_minutes"),
            replace("\"span_millis\": 60000", "\"span_millis\": 1"),
            replace("\"members\": 2", "\"members\": 3"),
            replace("\"sample_every\": 4", "\"sample_every\": 2"),
            replace("\"reads\": [1,2]", "\"reads\": [1,3]"),
            replace("\"writes\": [3,4]", "\"writes\": [3,5]"),
            replace("\"unspecified\": [5,0]", "\"unspecified\": [5,1]"),
            replace("\"sampled\": 9", "\"sampled\": 10"));
    for (StatsSnapshot o : others) {
      org.junit.jupiter.api.Assertions.assertNotEquals(s, o, o::toJson);
    }
    org.junit.jupiter.api.Assertions.assertNotEquals(s, "not a snapshot");
  }

  @Test
  void parse_refusals_sayWhichFieldAndWhy() {
    refused(
        TEXT.replace("shardrouter-stats/1", "shardrouter-analysis/1"),
        "this is an analysis report (shardrouter-analysis/1), not a statistics export; write one"
            + " with `shardctl analyze DOC --keys FILE --stats-out STATS`");
    refused(
        TEXT.replace("shardrouter-stats/1", "shardrouter-stats/2"),
        "$.format: 'shardrouter-stats/2' is not a statistics file; expected 'shardrouter-stats/1'");
    refused(
        TEXT.replace("\"format\": \"shardrouter-stats/1\"", "\"format\": 1"),
        "$.format: must be a string, got 1");
    refused("[]", "$: must be an object, got an array");
    refused("\"x\"", "$: must be an object, got a string");
    refused("null", "$: must be an object, got null");
    refused(
        TEXT.replace("\"members\"", "\"member\""),
        "$.member: unknown field; known: [entity, format, hot_keys, members, partitions, reads,"
            + " routing_version, sample_every, span_millis, unspecified, window, writes]");
    refused(
        TEXT.replace("\"partitions\": 2", "\"partitions\": 0"),
        "$.partitions: must be in [1, 16777216], got 0");
    refused(
        TEXT.replace("\"partitions\": 2", "\"partitions\": 16777217"),
        "$.partitions: must be in [1, 16777216], got 16777217");
    refused(
        TEXT.replace("\"partitions\": 2", "\"partitions\": 2.0"),
        "$.partitions: must be an integer, got 2.0");
    refused(TEXT.replace("\"partitions\": 2,\n", ""), "$.partitions: missing; it is required");
    refused(
        TEXT.replace("last_minute", "last_hour"),
        "$.window: unknown window 'last_hour'; known: last_minute, last_ten_minutes, since_start");
    refused(
        TEXT.replace("\"window\": \"last_minute\"", "\"window\": true"),
        "$.window: must be a string, got true");
    refused(
        TEXT.replace("\"hot_keys\": {", "\"hot_keys\": {\"x\": 1, "),
        "$.hot_keys.x: unknown field; known: [capacity, keys, sampled]");
    refused(TEXT.replace("\"sampled\": 9, ", ""), "$.hot_keys.sampled: missing; it is required");
    refused(
        TEXT.replace("\"sampled\": 9", "\"sampled\": -1"),
        "$.hot_keys.sampled: must be in [0, 9223372036854775807], got -1");
    refused(
        TEXT.replace("\"capacity\": 8", "\"capacity\": 0"),
        "$.hot_keys.capacity: must be in [1, 1048576], got 0");
    refused(
        TEXT.replace("\"capacity\": 8", "\"capacity\": 1048577"),
        "$.hot_keys.capacity: must be in [1, 1048576], got 1048577");
    refused(
        TEXT.replace("\"capacity\": 8", "\"capacity\": 1"),
        "$.hot_keys: a hot key summary of capacity 1 cannot hold 2 keys");
    refused(
        TEXT.replace("\"keys\": [", "\"keys\": {\"a\": 1}, \"k\": ["),
        "$.hot_keys.k: unknown field; known: [capacity, keys, sampled]");
    refused(
        TEXT.replace("{\"key\": \"a\"", "{\"kei\": \"a\""),
        "$.hot_keys.keys[0].kei: unknown field; known: [count, error, key]");
    refused(
        TEXT.replace("{\"key\": \"a\", \"count\": 5", "{\"key\": \"a\", \"count\": 0"),
        "$.hot_keys.keys[0].count: must be in [1, 9223372036854775807], got 0");
    refused(
        TEXT.replace("\"count\": 2, \"error\": 1", "\"count\": 2, \"error\": 2"),
        "$.hot_keys.keys[1].error: must be in [0, 1], got 2");
    refused(
        TEXT.replace("\"count\": 2, \"error\": 1", "\"count\": 2, \"error\": -1"),
        "$.hot_keys.keys[1].error: must be in [0, 1], got -1");
    refused(
        TEXT.replace("{\"key\": \"a\"", "{\"key\": 5"),
        "$.hot_keys.keys[0].key: must be a string, got 5");
    refused(
        TEXT.replace("{\"key\": \"a\", \"count\": 5, \"error\": 0}", "7"),
        "$.hot_keys.keys[0]: must be an object, got 7");
    refused(
        TEXT.replace("\"hot_keys\": {", "\"hot_keys\": [{").replace("]}\n}", "]}]\n}"),
        "$.hot_keys: must be an object, got an array");
    refused(
        TEXT.replace("\"keys\": [", "\"keys\": {\"k\": [").replace("]}\n}", "]}}\n}"),
        "$.hot_keys.keys: must be an array, got an object");
    refused(
        TEXT.replace("\"entity\": \"orders\"", "\"entity\": null"),
        "$.entity: must be a string, got null");
    refused(
        TEXT.replace("\"routing_version\": 7", "\"routing_version\": -1"),
        "$.routing_version: must be in [0, 9223372036854775807], got -1");
    refused(
        TEXT.replace("\"span_millis\": 60000", "\"span_millis\": -1"),
        "$.span_millis: must be in [0, 9223372036854775807], got -1");
    refused(
        TEXT.replace("\"members\": 2", "\"members\": 2147483648"),
        "$.members: must be in [1, 2147483647], got 2147483648");
    refused(
        TEXT.replace("\"sample_every\": 4", "\"sample_every\": 0"),
        "$.sample_every: must be in [1, 1048576], got 0");
    refused(
        TEXT.replace("\"sample_every\": 4", "\"sample_every\": 1048577"),
        "$.sample_every: must be in [1, 1048576], got 1048577");
    refused(
        TEXT.replace("\"reads\": [1,2]", "\"reads\": [1,2,3]"),
        "$.reads: must have one entry per partition (2), got 3");
    refused(
        TEXT.replace("\"writes\": [3,4]", "\"writes\": [3,-4]"),
        "$.writes[1]: must be in [0, 9223372036854775807], got -4");
    refused(
        TEXT.replace("\"unspecified\": [5,0]", "\"unspecified\": 5"),
        "$.unspecified: must be an array, got 5");
  }

  @Test
  void parse_extremeButValidValues_read() {
    StatsSnapshot s =
        StatsSnapshot.parse(
            TEXT.replace("\"members\": 2", "\"members\": 2147483647")
                .replace("\"sample_every\": 4", "\"sample_every\": 1048576")
                .replace("\"capacity\": 8", "\"capacity\": 1048576")
                .replace("\"routing_version\": 7", "\"routing_version\": 0"));
    assertEquals(Integer.MAX_VALUE, s.members());
    assertEquals(1 << 20, s.sampleEvery());
    assertEquals(1 << 20, s.hotKeys().capacity());
    assertEquals(0, s.version());
  }

  @Test
  void constructor_countsOfOtherLengths_refused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new StatsSnapshot(
                    "e",
                    1,
                    RouteStats.Window.SINCE_START,
                    0,
                    1,
                    1,
                    new long[2],
                    new long[2],
                    new long[3],
                    HotKeys.empty(1)));
    assertEquals(
        "reads, writes and unspecified need one entry per partition (at least one), got 2, 2, 3",
        e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new StatsSnapshot(
                "e",
                1,
                RouteStats.Window.SINCE_START,
                0,
                1,
                1,
                new long[2],
                new long[3],
                new long[2],
                HotKeys.empty(1)));
    assertEquals(
        "reads, writes and unspecified need one entry per partition (at least one), got 0, 0, 0",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    new StatsSnapshot(
                        "e",
                        1,
                        RouteStats.Window.SINCE_START,
                        0,
                        1,
                        1,
                        new long[0],
                        new long[0],
                        new long[0],
                        HotKeys.empty(1)))
            .getMessage());
  }

  @Test
  void merge_refusesOtherEntityWindowOrSampling_andTakesTheHigherVersionAndSpan() {
    StatsSnapshot other = replace("\"entity\": \"orders\"", "\"entity\": \"users\"");
    assertEquals(
        "cannot merge statistics of entity 'users' into 'orders'",
        assertThrows(IllegalArgumentException.class, () -> SNAPSHOT.merge(other)).getMessage());
    StatsSnapshot window = replace("last_minute", "last_ten_minutes");
    assertEquals(
        "cannot merge window last_ten_minutes sampled 1 in 4 into window last_minute sampled 1 in"
            + " 4; take every member's snapshot of the same window with the same sampling",
        assertThrows(IllegalArgumentException.class, () -> SNAPSHOT.merge(window)).getMessage());
    StatsSnapshot sampling = replace("\"sample_every\": 4", "\"sample_every\": 8");
    assertEquals(
        "cannot merge window last_minute sampled 1 in 8 into window last_minute sampled 1 in 4;"
            + " take every member's snapshot of the same window with the same sampling",
        assertThrows(IllegalArgumentException.class, () -> SNAPSHOT.merge(sampling)).getMessage());
    StatsSnapshot older =
        StatsSnapshot.parse(
            TEXT.replace("\"routing_version\": 7", "\"routing_version\": 3")
                .replace("\"span_millis\": 60000", "\"span_millis\": 70000"));
    StatsSnapshot sum = older.merge(SNAPSHOT);
    assertEquals(7, sum.version());
    assertEquals(70_000, sum.spanMillis());
    assertEquals(7, SNAPSHOT.merge(older).version());
    assertEquals(70_000, SNAPSHOT.merge(older).spanMillis());
    assertEquals(4, sum.members());
    assertEquals(2 * (1 + 3 + 5), sum.load(0));
    StatsSnapshot withEmpty = SNAPSHOT.merge(empty(SNAPSHOT));
    assertEquals(3, withEmpty.members());
    assertEquals(SNAPSHOT.hotKeys(), withEmpty.hotKeys());
    assertEquals(List.of(9L, 6L), List.of(withEmpty.load(0), withEmpty.load(1)));
  }

  private static StatsSnapshot replace(String from, String to) {
    String text = TEXT.replace(from, to);
    if (text.equals(TEXT)) {
      throw new AssertionError("no '" + from + "' in the file");
    }
    return StatsSnapshot.parse(text);
  }

  private static StatsSnapshot empty(StatsSnapshot like) {
    int n = like.partitionCount();
    return new StatsSnapshot(
        like.entity(),
        0,
        like.window(),
        0,
        1,
        like.sampleEvery(),
        new long[n],
        new long[n],
        new long[n],
        HotKeys.empty(like.hotKeys().capacity()));
  }

  private static void refused(String json, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StatsSnapshot.parse(json), json);
    assertEquals(message, e.getMessage(), json);
  }
}
