package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MigrationPlanTest {
  static RoutingTable fourGroups() {
    return Docs.hashMod(10, 16, 4);
  }

  /** 16 partitions on g1..g4; partitions 3, 7 and 11 move to g5. */
  static RoutingTable fiveGroups() {
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < 16; p++) {
      placement.add(p == 3 || p == 7 || p == 11 ? "g5" : "g" + (p % 4 + 1));
    }
    return Docs.table(
        11,
        "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":16}",
        Docs.groups(5),
        placement);
  }

  @Test
  void plan_placementMove_listsExactlyTheMovedPartitions() {
    MigrationPlan plan = MigrationPlan.between(fourGroups(), fiveGroups());
    assertEquals(3, plan.movements().size());
    assertEquals(false, plan.strategyChange());
    assertEquals(3.0 / 16, plan.movedShare(), 1e-12);
    MigrationPlan.Movement m = plan.movements().get(0);
    assertEquals(3, m.sourcePartition());
    assertEquals("g4", m.sourceGroup());
    assertEquals("g5", m.targetGroup());
    assertEquals("p3>g5", m.part().id());
    assertEquals(11, plan.versionOf(Phase.COPY));
    assertEquals(17, plan.versionOf(Phase.DONE));
    assertTrue(plan.toText().contains("3 movements, 18.75% of keys move"), plan.toText());
  }

  @Test
  void plan_hashMod16to32_filtersPartsByTargetGroup() {
    RoutingTable from = Docs.hashMod(1, 16, 4);
    List<String> placement = new ArrayList<>();
    for (int q = 0; q < 32; q++) {
      placement.add(q < 16 ? "g" + (q % 4 + 1) : "g5");
    }
    RoutingTable to =
        Docs.table(
            2,
            "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":32}",
            Docs.groups(5),
            placement);
    MigrationPlan plan = MigrationPlan.between(from, to);
    assertTrue(plan.strategyChange());
    assertEquals(16 * 4, plan.movements().size());
    assertEquals(0.5, plan.movedShare(), 0.02);
    for (int i = 0; i < 2_000; i++) {
      byte[] k = ("order-" + i).getBytes(StandardCharsets.UTF_8);
      String owner = to.routeCanonical(k).group().id();
      String source = from.routeCanonical(k).group().id();
      long parts = plan.movements().stream().filter(m -> m.part().contains(k)).count();
      assertEquals(owner.equals(source) ? 0 : 1, parts, "order-" + i);
    }
  }

  /**
   * A strategy change to a range table that leaves a quarter of the key space out: the planner's
   * sample skips the keys the new table refuses and keeps every other one (the batch route resumes
   * after each refused key), and each key of the new table's ranges is in the one part that moves
   * it, or in none when its group stays.
   */
  @Test
  void plan_toRangesWithAGap_samplesEveryRoutableKey_andPartsHoldExactlyTheMovedKeys() {
    RoutingTable from = Docs.hashMod(1, 4, 4);
    RoutingTable to =
        Docs.table(
            2,
            "{\"type\":\"range\",\"ranges\":[{\"start\":\"key-0\",\"end\":\"key-8\"},"
                + "{\"start\":\"key-8\",\"end\":\"key-c\"}]}",
            List.of("g1", "g5"),
            List.of("g1", "g5"));
    MigrationPlan plan = MigrationPlan.between(from, to);
    assertTrue(plan.strategyChange());
    double sampled = (double) plan.sampledKeys() / MigrationPlan.SAMPLE_KEYS;
    assertTrue(sampled > 0.6 && sampled < 0.9, "sampled share " + sampled);
    for (MigrationPlan.Movement m : plan.movements()) {
      assertTrue(Set.of("g1", "g5").contains(m.targetGroup()), m.toString());
    }
    int inRange = 0;
    for (int i = 0; i < 4_000; i++) {
      byte[] k = ("key-" + Integer.toHexString(i * 0x10001)).getBytes(StandardCharsets.UTF_8);
      String owner;
      try {
        owner = to.routeCanonical(k).group().id();
      } catch (RoutingException e) {
        continue; // in no range of the new table
      }
      inRange++;
      String source = from.routeCanonical(k).group().id();
      long parts = plan.movements().stream().filter(m -> m.part().contains(k)).count();
      assertEquals(owner.equals(source) ? 0 : 1, parts, new String(k, StandardCharsets.UTF_8));
    }
    assertTrue(inRange > 2_000, "keys in range: " + inRange);
  }

  @Test
  void plan_jumpGrowsByOne_movesOnlyToTheNewPartition() {
    RoutingTable from = Docs.jump(1, 8, 4);
    List<String> placement =
        new ArrayList<>(List.of("g1", "g2", "g3", "g4", "g1", "g2", "g3", "g4", "g5"));
    RoutingTable to =
        Docs.table(
            2,
            "{\"type\":\"jump\",\"hash\":\"xxh3-64\",\"partitions\":9}",
            Docs.groups(5),
            placement);
    MigrationPlan plan = MigrationPlan.between(from, to);
    assertEquals(1.0 / 9, plan.movedShare(), 0.01);
    assertEquals(1.0 / 9, plan.gainedShare().get("g5"), 0.01);
  }

  @Test
  void plan_nothingMoves_orOtherEntity_explains() {
    RoutingException same =
        assertThrows(
            RoutingException.class, () -> MigrationPlan.between(fourGroups(), fourGroups()));
    assertTrue(same.getMessage().contains("nothing moves"), same.getMessage());
    RoutingTable other = fourGroups().toBuilder().entity("payments").build();
    RoutingException entity =
        assertThrows(RoutingException.class, () -> MigrationPlan.between(fourGroups(), other));
    assertTrue(entity.getMessage().contains("between entities 'orders' and 'payments'"));
  }

  @Test
  void withCanary_outOfRange_explains() {
    MigrationPlan plan = MigrationPlan.between(fourGroups(), fiveGroups());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> plan.withCanary(101, true));
    assertTrue(e.getMessage().contains("[0, 100]"));
    assertThrows(IllegalArgumentException.class, () -> plan.versionOf(Phase.ROLLED_BACK));
  }

  @Test
  void lookupIsolatingOneKey_movesThatKeysPartitionOnly_withSampledShares() {
    String fallback = "{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":16}";
    RoutingTable from = Docs.hashMod(1, 16, 4);
    String hot = "user-42";
    int p = from.route(hot).partition();
    String lookup =
        "{\"type\":\"lookup\",\"match\":\"key\",\"partitions\":17,\"fallback\":"
            + fallback
            + ",\"entries\":{\""
            + hot
            + "\":{\"partition\":16,\"dedicated\":true}}}";
    List<String> placement = new ArrayList<>();
    for (int q = 0; q < 16; q++) {
      placement.add(from.groupOf(q).id());
    }
    String other = from.groupOf(p).id().equals("g1") ? "g2" : "g1";
    placement.add(other);
    RoutingTable to = Docs.table(2, lookup, Docs.groups(4), placement);
    MigrationPlan plan = MigrationPlan.between(from, to);
    assertTrue(plan.strategyChange());
    assertEquals(1, plan.movements().size(), plan.toText());
    MigrationPlan.Movement m = plan.movements().get(0);
    assertEquals(p, m.sourcePartition());
    assertEquals(other, m.targetGroup());
    assertTrue(m.part().contains(KeyType.STRING.parseText(hot)));
    assertFalse(m.part().contains(KeyType.STRING.parseText("user-43")));
    assertEquals(Phase.DUAL_WRITE, plan.routes(Phase.DUAL_WRITE).write(hot).phase());
    assertTrue(plan.routes(Phase.DUAL_WRITE).write(hot).dual());
    assertFalse(Double.isNaN(m.share()));
  }
}
