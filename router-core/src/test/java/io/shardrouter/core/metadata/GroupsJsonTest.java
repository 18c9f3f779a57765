package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Violation;
import io.shardrouter.core.Violations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code groups} array of format 1 (docs/format.md §1.5) as {@link GroupsJson#read} reads it:
 * every form of a group, a replica and labels it accepts, and every refusal at its path under
 * {@code groups}; a bad group does not stop the next one from being read.
 */
class GroupsJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private record Read(List<ReplicaGroup> groups, List<Violation> violations) {}

  private static Read read(String json) {
    try {
      JsonNode node = JSON.readTree(json);
      Violations v = new Violations();
      List<ReplicaGroup> groups = GroupsJson.read(node, v);
      return new Read(groups, v.asList());
    } catch (IOException e) {
      throw new UncheckedIOException(json, e);
    }
  }

  private static void assertRefused(String json, String path, String message) {
    Read r = read(json);
    assertEquals(List.of(new Violation(path, message)), r.violations(), json);
    assertEquals(List.of(), r.groups(), json);
  }

  @Test
  void everyForm_read() {
    Read r =
        read(
            """
            [{"id": "g0", "primary": "db0:5432"},
             {"id": "g1", "primary": {"endpoint": "db1:5432", "labels": {"az": "a"}},
              "replicas": ["db1r:5432", {"endpoint": "db1s:5432", "labels": {"az": "b"}}],
              "labels": {"region": "eu", "tier": "hot"}}]
            """);
    assertEquals(List.of(), r.violations());
    ReplicaGroup g1 =
        ReplicaGroup.of(
            "g1",
            Replica.of(Replica.Role.PRIMARY, "db1:5432", Map.of("az", "a")),
            List.of(
                Replica.of(Replica.Role.REPLICA, "db1r:5432", Map.of()),
                Replica.of(Replica.Role.REPLICA, "db1s:5432", Map.of("az", "b"))),
            Map.of("region", "eu", "tier", "hot"));
    assertEquals(List.of(ReplicaGroup.of("g0", "db0:5432"), g1), r.groups());
    assertEquals(Map.of("region", "eu", "tier", "hot"), r.groups().get(1).labels());
    assertEquals(Map.of("az", "a"), r.groups().get(1).primary().labels());
  }

  @Test
  void absentArray_noGroupsNoViolations() {
    Violations v = new Violations();
    assertEquals(List.of(), GroupsJson.read(null, v));
    assertEquals(0, v.size());
  }

  @Test
  void notAnArray_refused() {
    assertRefused("{\"id\": \"g0\"}", "groups", "must be an array of replica groups, got OBJECT");
  }

  @Test
  void groupNotAnObject_refused() {
    assertRefused(
        "[\"g0\"]", "groups[0]", "must be an object with \"id\" and \"primary\", got \"g0\"");
  }

  @Test
  void idMissingBlankOrNotText_refused() {
    for (String id : new String[] {"", "\"id\": \" \", ", "\"id\": 7, "}) {
      assertRefused(
          "[{" + id + "\"primary\": \"db0:5432\"}]",
          "groups[0].id",
          "missing or not a non-blank string");
    }
  }

  @Test
  void primaryMissingOrNull_refused() {
    String message = "missing; every group needs a primary endpoint for writes, e.g. \"db0:5432\"";
    assertRefused("[{\"id\": \"g0\"}]", "groups[0].primary", message);
    assertRefused("[{\"id\": \"g0\", \"primary\": null}]", "groups[0].primary", message);
  }

  @Test
  void badEndpoints_refusedWithWhatWasGiven() {
    String message =
        "must be a non-blank endpoint string such as \"db0:5432\" or {\"endpoint\": ..., \"labels\":"
            + " {...}}, got ";
    assertRefused("[{\"id\": \"g0\", \"primary\": \" \"}]", "groups[0].primary", message + "\" \"");
    assertRefused("[{\"id\": \"g0\", \"primary\": 5432}]", "groups[0].primary", message + "5432");
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": {\"labels\": {}}}]",
        "groups[0].primary",
        message + "{\"labels\":{}}");
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": {\"endpoint\": 1}}]",
        "groups[0].primary",
        message + "{\"endpoint\":1}");
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": \"db0:5432\", \"replicas\": [\"db0r:5432\", \"\"]}]",
        "groups[0].replicas[1]",
        message + "\"\"");
  }

  @Test
  void replicasNotAnArray_refused() {
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": \"db0:5432\", \"replicas\": \"db0r:5432\"}]",
        "groups[0].replicas",
        "must be an array of endpoints, got STRING");
  }

  @Test
  void unknownFields_ofGroupAndReplica_refused() {
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": \"db0:5432\", \"weight\": 2}]",
        "groups[0].weight",
        "unknown field; known fields: [id, labels, primary, replicas]");
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": {\"endpoint\": \"db0:5432\", \"port\": 5432}}]",
        "groups[0].primary.port",
        "unknown field; known fields: [endpoint, labels]");
  }

  @Test
  void badLabels_refused() {
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": \"db0:5432\", \"labels\": [\"eu\"]}]",
        "groups[0].labels",
        "must be an object of string labels, e.g. {\"region\": \"eu\"}, got [\"eu\"]");
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": \"db0:5432\", \"labels\": {\"zone\": 3}}]",
        "groups[0].labels.zone",
        "label values must be strings and names non-blank, got 3");
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": \"db0:5432\", \"labels\": {\" \": \"x\"}}]",
        "groups[0].labels[\" \"]",
        "label values must be strings and names non-blank, got \"x\"");
    assertRefused(
        "[{\"id\": \"g0\", \"primary\": {\"endpoint\": \"db0:5432\", \"labels\": {\"az\": 1}}}]",
        "groups[0].primary.labels.az",
        "label values must be strings and names non-blank, got 1");
  }

  @Test
  void groupTheModelRefuses_reportedAtTheGroup() {
    assertRefused(
        "[{\"id\": \"g\\ud800\", \"primary\": \"db0:5432\"}]",
        "groups[0]",
        "replica group id has a lone surrogate and so no UTF-8 form; fix the text");
  }

  @Test
  void badGroup_doesNotStopTheNext() {
    Read r =
        read(
            """
            [{"id": "g0"}, 3, {"id": "g2", "primary": "db2:5432"}]
            """);
    assertEquals(List.of(ReplicaGroup.of("g2", "db2:5432")), r.groups());
    assertEquals(
        List.of("groups[0].primary", "groups[1]"),
        r.violations().stream().map(Violation::path).toList());
  }
}
