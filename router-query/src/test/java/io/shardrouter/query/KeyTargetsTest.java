package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A multi-get's keys grouped by the group that holds them: each key's own route, in order. */
class KeyTargetsTest {
  private static final long SEED = 20261206L;

  /** The plan against each key's single route: every key once, in its group, in input order. */
  private static <K> void checkPlan(RoutingTable table, List<K> keys, KeyTargets<K> plan) {
    List<Route> routes = new ArrayList<>();
    for (K k : keys) {
      routes.add(
          k instanceof String s
              ? table.route(s)
              : k instanceof Long l ? table.route((long) l) : table.route((UUID) k));
    }
    int covered = 0;
    String previous = null;
    for (Target t : plan.targets()) {
      String id = t.name();
      assertTrue(previous == null || id.compareTo(previous) > 0, "in group order: " + plan);
      previous = id;
      assertEquals(table.version(), t.routingVersion());
      assertEquals(id, t.group().orElseThrow().id());
      int[] at = plan.indexesOf(t);
      List<K> held = plan.keysOf(t);
      assertEquals(at.length, held.size());
      TreeSet<Integer> parts = new TreeSet<>();
      for (int j = 0; j < at.length; j++) {
        assertTrue(j == 0 || at[j] > at[j - 1], "ascending positions");
        assertEquals(keys.get(at[j]), held.get(j), "key at " + at[j] + ", seed " + SEED);
        assertEquals(id, routes.get(at[j]).group().id(), "group of key " + at[j]);
        parts.add(routes.get(at[j]).partition());
      }
      assertEquals(PartitionSet.of(parts.stream().mapToInt(i -> i).toArray()), t.partitions());
      covered += at.length;
    }
    assertEquals(keys.size(), covered, "every key in exactly one target");
  }

  @Test
  void perGroup_stringLongAndUuidKeys_eachKeyInItsRoutesGroup_inInputOrder() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      texts.add("order-" + rnd.nextInt(1_000));
    }
    texts.add(texts.get(0)); // a key given twice is held twice
    RoutingTable strings = TestTables.table(7, 16, 5);
    KeyTargets<String> plan = KeyTargets.perGroup(strings, texts);
    assertEquals(5, plan.targets().size(), plan.toString());
    checkPlan(strings, texts, plan);

    long[] longs = rnd.longs(200).toArray();
    RoutingTable numbers = TestTables.table(3, 16, 4, KeyType.LONG);
    List<Long> boxed = Arrays.stream(longs).boxed().toList();
    checkPlan(numbers, boxed, KeyTargets.perGroup(numbers, longs));

    UUID[] uuids = new UUID[50];
    for (int i = 0; i < uuids.length; i++) {
      uuids[i] = new UUID(rnd.nextLong(), rnd.nextLong());
    }
    RoutingTable ids = TestTables.table(3, 8, 3, KeyType.UUID_KEY);
    checkPlan(ids, List.of(uuids), KeyTargets.perGroup(ids, uuids));
  }

  @Test
  void perGroup_fewKeys_onlyTheGroupsHoldingThem_andNoKeysNoTargets() {
    RoutingTable t = TestTables.table(7, 16, 5);
    // ByteSum: "a" (97) -> 97 % 16 = 1 -> g1; "b" (98) -> 2 -> g2
    KeyTargets<String> plan = KeyTargets.perGroup(t, List.of("b", "a", "b"));
    assertEquals("KeyTargets{g1: 1 key, g2: 2 keys}", plan.toString());
    Target g2 = plan.targets().get(1);
    assertEquals(List.of("b", "b"), plan.keysOf(g2));
    assertArrayEquals(new int[] {0, 2}, plan.indexesOf(g2));
    assertEquals(PartitionSet.of(2), g2.partitions());
    KeyTargets<String> none = KeyTargets.perGroup(t, List.of());
    assertEquals(List.of(), none.targets());
    assertEquals("KeyTargets{}", none.toString());
  }

  /**
   * A refused key far into the batch, of each key shape, is named by the index the batch gives it:
   * the plan takes it from the refusal (as the batch recorded it), and reads nothing of the routes.
   */
  @Test
  void refusedKey_namedByTheBatchsIndex_everyKeyShape() {
    List<String> text = new ArrayList<>();
    UUID[] uuids = new UUID[50];
    for (int i = 0; i < 50; i++) {
      text.add("k" + i);
      uuids[i] = new UUID(i, i);
    }
    text.set(41, null);
    uuids[37] = null;
    RoutingTable strings = TestTables.table(7, 16, 5);
    InvalidKeyException s =
        assertThrows(InvalidKeyException.class, () -> KeyTargets.perGroup(strings, text));
    assertEquals(41, s.batchIndex());
    assertTrue(s.getMessage().startsWith("keys[41]: key is null"), s::getMessage);
    RoutingTable ids = TestTables.table(7, 16, 5, KeyType.UUID_KEY);
    InvalidKeyException u =
        assertThrows(InvalidKeyException.class, () -> KeyTargets.perGroup(ids, uuids));
    assertEquals(37, u.batchIndex());
    assertTrue(u.getMessage().startsWith("keys[37]: key is null"), u::getMessage);
    assertFalse(u.getMessage().contains("written"), u::getMessage);
  }

  /** A strategy's own refusal: a subtype of its own, which its callers catch by type. */
  static final class OwnRefusal extends RoutingException {
    private static final long serialVersionUID = 1L;

    OwnRefusal(String message) {
      super(message);
    }
  }

  /**
   * A strategy's own refusal of a key refuses the plan as the key's own refusals do: of its type,
   * naming the key's index, without the batch's "routes of keys before it are written".
   */
  @Test
  void strategysOwnRefusal_keepsItsType_namedByIndex() {
    RoutingTable plain = TestTables.table(7, 16, 5);
    RoutingTable t =
        plain.toBuilder()
            .strategy(
                new PartitionStrategy() {
                  @Override
                  public String type() {
                    return "test_refuses_y";
                  }

                  @Override
                  public int partitionCount() {
                    return 16;
                  }

                  @Override
                  public int partitionOf(byte[] canonical, int offset, int length) {
                    if (length > 0 && canonical[offset] == 'y') {
                      throw new OwnRefusal("this strategy refuses 'y…'.");
                    }
                    return plain.strategy().partitionOf(canonical, offset, length);
                  }

                  @Override
                  public Spec toSpec() {
                    return Spec.object().put("type", type()).put("partitions", 16).build();
                  }
                })
            .build();
    OwnRefusal e =
        assertThrows(OwnRefusal.class, () -> KeyTargets.perGroup(t, List.of("a", "b", "y2")));
    assertEquals("keys[2]: this strategy refuses 'y…'.", e.getMessage());
  }

  @Test
  void badInput_refusedNamingTheKey_orTheForeignTarget() {
    RoutingTable t = TestTables.table(7, 16, 5);
    InvalidKeyException e =
        assertThrows(
            InvalidKeyException.class, () -> KeyTargets.perGroup(t, Arrays.asList("a", null, "b")));
    assertTrue(e.getMessage().startsWith("keys[1]: key is null"), e::getMessage);
    // the plan keeps no route, so the batch's "routes of keys before it are written" is not said
    assertFalse(e.getMessage().contains("written"), e::getMessage);
    assertEquals(1, e.batchIndex());
    assertThrows(InvalidKeyException.class, () -> KeyTargets.perGroup(t, new long[] {1, 2}));
    KeyTargets<String> plan = KeyTargets.perGroup(t, List.of("a"));
    IllegalArgumentException x =
        assertThrows(IllegalArgumentException.class, () -> plan.keysOf(Target.named("g1")));
    assertTrue(
        x.getMessage().startsWith("target g1 is not one of this plan's targets"), x::getMessage);
    Target older = KeyTargets.perGroup(TestTables.table(6, 16, 5), List.of("a")).targets().get(0);
    assertThrows(IllegalArgumentException.class, () -> plan.indexesOf(older));
    int[] copy = plan.indexesOf(plan.targets().get(0));
    copy[0] = 99;
    assertArrayEquals(new int[] {0}, plan.indexesOf(plan.targets().get(0)), "a copy");
  }
}
