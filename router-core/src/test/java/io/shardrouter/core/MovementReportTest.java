package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.key.CanonicalKeys;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MovementReportTest {

  private static List<byte[]> keys(int n) {
    // Random text so that the byte-sum test strategy reaches every partition.
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(20261130);
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      keys.add(CanonicalKeys.of(Long.toString(rnd.nextLong(), 36)));
    }
    return keys;
  }

  @Test
  void placementChange_listsExactlyTheMovedPartitions() {
    RoutingTable from = Tables.table(1, 100, 4);
    RoutingTable.Builder b = from.toBuilder().version(2).group(ReplicaGroup.of("g4", "db4:5432"));
    b.place(0, "g4").place(1, "g4").place(2, "g4").place(50, "g4");
    RoutingTable to = b.build();
    MovementReport r = MovementReport.between(from, to);
    assertTrue(r.sameStrategy());
    assertEquals(List.of(0, 1, 2, 50), r.moves().stream().map(MovementReport.Move::partition).toList());
    assertEquals(0.04, r.movedShare(), 1e-12);
    assertEquals(0.04, r.gainedShare().get("g4"), 1e-12);
    assertEquals(0.01, r.lostShare().get("g0"), 1e-12);
    assertEquals(0.02, r.lostShare().get("g2"), 1e-12);
    assertTrue(r.toText().contains("moved: 4 of 100 partitions, 4.0000% of the key space"), r.toText());
    assertTrue(r.toText().contains("0 (g0->g4), 1 (g1->g4), 2 (g2->g4), 50 (g2->g4)"), r.toText());
    MovementReport.KeyCount c = r.countKeys(keys(5000));
    assertEquals(5000, c.keys());
    assertEquals(0, c.movedOutsidePlan());
    assertTrue(c.moved() > 0);
  }

  @Test
  void samePlacement_movesNothing() {
    MovementReport r = MovementReport.between(Tables.table(1, 64, 4), Tables.table(2, 64, 4));
    assertEquals(0, r.moves().size());
    assertEquals(0.0, r.movedShare());
    assertEquals(0, r.countKeys(keys(1000)).moved());
  }

  @Test
  void strategyChange_reportsOnlyKeyCounts() {
    MovementReport r = MovementReport.between(Tables.table(1, 64, 4), Tables.table(2, 65, 4));
    assertFalse(r.sameStrategy());
    assertTrue(Double.isNaN(r.movedShare()));
    assertTrue(r.toText().contains("count moved keys with a key sample"), r.toText());
    assertTrue(r.countKeys(keys(1000)).moved() > 0);
  }

  @Test
  void otherEntity_refused() {
    RoutingTable users = Tables.table(1, 64, 4).toBuilder().entity("users").build();
    assertThrows(RoutingException.class, () -> MovementReport.between(Tables.table(1, 64, 4), users));
  }
}
