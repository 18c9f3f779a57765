package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link ReplicaGroup#members()} with and without read replicas, and the refusals of a group
 * without a primary and of a blank endpoint, which say what was given.
 */
class ReplicaGroupMembersTest {

  @Test
  void members_aGroupWithoutReplicas_isItsPrimary() {
    ReplicaGroup g = ReplicaGroup.of("g0", "db0:5432");
    assertEquals(List.of(Replica.primary("db0:5432")), g.members());
  }

  @Test
  void members_thePrimaryThenTheReplicasInOrder() {
    ReplicaGroup g = ReplicaGroup.of("g0", "db0:5432", "db1:5432", "db2:5432");
    assertEquals(
        List.of(
            Replica.primary("db0:5432"), Replica.replica("db1:5432"), Replica.replica("db2:5432")),
        g.members());
  }

  @Test
  void aGroupWithoutAPrimary_refusedNamingTheGroup() {
    NullPointerException e =
        assertThrows(
            NullPointerException.class, () -> ReplicaGroup.of("g7", null, List.of(), Map.of()));
    assertEquals("replica group 'g7' has no primary; give it one", e.getMessage());
  }

  @Test
  void aBlankEndpoint_refusedQuotingIt_andANullOneNamedNull() {
    IllegalArgumentException blank =
        assertThrows(IllegalArgumentException.class, () -> Replica.primary("  "));
    assertEquals(
        "replica endpoint must be a non-blank string such as 'db0:5432', got '  '",
        blank.getMessage());
    IllegalArgumentException none =
        assertThrows(IllegalArgumentException.class, () -> Replica.replica(null));
    assertEquals(
        "replica endpoint must be a non-blank string such as 'db0:5432', got null",
        none.getMessage());
  }
}
