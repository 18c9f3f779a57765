package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateCommandTest {
  /** A valid two-partition document; the tests break it one way at a time. */
  static final String SMALL =
      """
      {"format": 1, "routing_version": 1, "entity": "t", "key": {"type": "string"},
       "strategy": {"type": "hash_mod", "hash": "xxh3-64", "partitions": 2},
       "groups": [{"id": "g0", "primary": "db0:5432"}, {"id": "g1", "primary": "db1:5432"}],
       "placement": ["g0", "g1"]}
      """;

  @TempDir Path dir;

  private String write(String json) throws IOException {
    Path f = Files.createTempFile(dir, "doc", ".json");
    Files.writeString(f, json, StandardCharsets.UTF_8);
    return f.toString();
  }

  /**
   * Validates {@code json}, expects status 2, and returns the {@code path: message} lines after the
   * heading.
   */
  private List<String> violations(String json) throws IOException {
    String file = write(json);
    Cli.Result r = Cli.run("validate", file);
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out(), r::toString);
    List<String> lines = r.errLines();
    assertTrue(
        lines.get(0).startsWith("shardctl validate: " + file + " is not a valid routing table ("),
        r::toString);
    return lines.subList(1, lines.size());
  }

  @Test
  void validate_smallDocument_status0() throws IOException {
    Cli.Result r = Cli.run("validate", write(SMALL));
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(
        r.out()
            .startsWith(
                "valid: entity t, version 1, key string, strategy "
                    + "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":2}, 2 partitions, 2 groups, fingerprint "),
        r::toString);
  }

  @Test
  void validate_malformedJson_status2DollarPathLine() throws IOException {
    List<String> v = violations(SMALL.replace("\"g1\"]}", "\"g1\""));
    assertEquals(1, v.size(), v::toString);
    assertTrue(v.get(0).startsWith("$: malformed JSON at line "), v::toString);
  }

  @Test
  void validate_unknownField_status2PathOfTheField() throws IOException {
    List<String> v =
        violations(SMALL.replace("{\"id\": \"g1\",", "{\"id\": \"g1\", \"zone\": \"b\","));
    assertEquals(1, v.size(), v::toString);
    assertTrue(v.get(0).startsWith("groups[1].zone: unknown field"), v::toString);
  }

  @Test
  void validate_placementLengthMismatch_status2PlacementLine() throws IOException {
    List<String> v = violations(SMALL.replace("[\"g0\", \"g1\"]", "[\"g0\", \"g1\", \"g0\"]"));
    assertEquals(1, v.size(), v::toString);
    assertTrue(
        v.get(0).startsWith("placement: has 3 entries but strategy 'hash_mod' has 2 partitions"),
        v::toString);
  }

  @Test
  void validate_unknownGroup_status2PlacementEntryLine() throws IOException {
    List<String> v = violations(SMALL.replace("[\"g0\", \"g1\"]", "[\"g0\", \"g9\"]"));
    assertEquals(1, v.size(), v::toString);
    assertTrue(v.get(0).startsWith("placement[1]: unknown group 'g9'"), v::toString);
  }

  @Test
  void validate_severalViolations_oneLinePerViolation() throws IOException {
    List<String> v =
        violations(
            SMALL
                .replace("\"format\": 1", "\"format\": 1, \"colour\": \"red\"")
                .replace("\"partitions\": 2", "\"partitions\": 0")
                .replace("[\"g0\", \"g1\"]", "[\"g0\", \"g9\"]"));
    assertTrue(v.size() >= 3, v::toString);
    assertTrue(v.stream().anyMatch(l -> l.startsWith("colour: unknown field")), v::toString);
    assertTrue(v.stream().anyMatch(l -> l.startsWith("strategy.partitions: ")), v::toString);
    assertTrue(
        v.stream().anyMatch(l -> l.startsWith("placement[1]: unknown group 'g9'")), v::toString);
    v.forEach(l -> assertTrue(l.matches("^[^ ]+: .+"), () -> "not a 'path: message' line: " + l));
  }

  @Test
  void validate_missingFile_status2() {
    Cli.Result r = Cli.run("validate", dir.resolve("nope.json").toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(r.err().contains("does not exist"), r::toString);
  }

  @Test
  void validate_directory_status2() {
    Cli.Result r = Cli.run("validate", dir.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(r.err().contains("is not a regular file"), r::toString);
  }

  /**
   * Tenants by a lookup inside time_buckets; globex is pinned to region=eu, and partition 2 is on
   * {@code globexGroup}.
   */
  static String timeBucketsOverPinnedLookup(String globexGroup) {
    return """
        {"format": 1, "routing_version": 1, "entity": "telemetry", "key": {"type": "composite", "parts": ["string", "string"]},
         "strategy": {"type": "time_buckets", "unit": "month", "template": "metrics_{yyyyMM}",
                      "strategy": {"type": "lookup", "match": "first_part", "partitions": 3,
                                   "fallback": {"type": "hash_mod", "hash": "xxh3-64", "partitions": 2},
                                   "entries": {"globex": {"partition": 2, "dedicated": true, "pin": {"region": "eu"}}}}},
         "groups": [{"id": "us-1", "primary": "db1:5432", "labels": {"region": "us"}},
                    {"id": "eu-1", "primary": "db2:5432", "labels": {"region": "eu"}}],
         "placement": ["us-1", "us-1", "%s"]}
        """
        .formatted(globexGroup);
  }

  @Test
  void validate_timeBucketsOverPinnedLookup_pinCheckedAtItsNestedPath() throws IOException {
    List<String> v = violations(timeBucketsOverPinnedLookup("us-1"));
    assertEquals(1, v.size(), v::toString);
    assertTrue(
        v.get(0)
            .startsWith(
                "placement[2]: tenant 'globex' is pinned to region=eu (strategy.strategy.entries.globex.pin)"),
        v::toString);
    Cli.Result r = Cli.run("validate", write(timeBucketsOverPinnedLookup("eu-1")));
    assertEquals(ShardCtl.OK, r.status(), r::toString);
  }

  @Test
  void validate_largeDirectory_entriesCountedOnTheSummaryLine() throws IOException {
    StringBuilder entries = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      entries.append(i == 0 ? "" : ", ").append("\"tenant-").append(i).append("\": ").append(i % 2);
    }
    String doc =
        SMALL.replace(
            "{\"type\": \"hash_mod\", \"hash\": \"xxh3-64\", \"partitions\": 2}",
            "{\"type\": \"lookup\", \"fallback\": {\"type\": \"hash_mod\", \"partitions\": 2}, \"entries\": {"
                + entries
                + "}}");
    Cli.Result r = Cli.run("validate", write(doc));
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(
        r.out().contains("\"entries\":\"<1000 fields>\"}, 2 partitions, 2 groups, fingerprint "),
        r::toString);
    assertTrue(r.out().length() < 300, r::toString);
  }
}
