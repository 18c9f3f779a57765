package io.shardrouter.query;

import io.shardrouter.core.KeyBatches;
import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.IntFunction;

/**
 * The keys of a multi-get (or a batch write, an import page) grouped by the replica group that
 * holds them under one routing table: one {@link Target} per group that holds any of the keys,
 * named by the group id and carrying the partitions of its keys, and the keys each target holds, in
 * the order given. The keys are routed in one batch ({@link RoutingTable#routeAll(String[], int,
 * int, Route[])}), so a lookup directory's reads of many keys overlap.
 *
 * <pre>{@code
 * KeyTargets<String> plan = KeyTargets.perGroup(router.table(), orderIds);
 * ScatterResult<Order> found =
 *     scatter
 *         .fanOut(
 *             plan.targets(),
 *             a -> orders.getAll(a.replica().orElseThrow().endpoint(), plan.keysOf(a.target())))
 *         .run();
 * }</pre>
 *
 * <p>Every target comes from the one table given, so the calls of a fan-out all use one routing
 * version ({@link Target#routingVersion()}); a key the table refuses (a range table's key in no
 * range) refuses the whole plan, naming its index: {@code keys[i]: ...}.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <K> the key type
 * @since 0.1
 */
public final class KeyTargets<K> {
  private final List<Target> targets;
  private final Map<String, int[]> indexes; // target name -> positions of its keys in the input
  private final IntFunction<K> keyAt;

  private KeyTargets(RoutingTable table, Route[] routes, IntFunction<K> keyAt) {
    this.keyAt = keyAt;
    List<ReplicaGroup> groups = table.groups();
    Map<String, Integer> groupIndex = new HashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      groupIndex.put(groups.get(g).id(), g);
    }
    int[] count = new int[groups.size()];
    int[] groupOfKey = new int[routes.length];
    BitSet[] partitions = new BitSet[groups.size()];
    for (int i = 0; i < routes.length; i++) {
      String id = routes[i].group().id();
      int g = Objects.requireNonNull(groupIndex.get(id), id); // a route's group is the table's
      groupOfKey[i] = g;
      count[g]++;
      if (partitions[g] == null) {
        partitions[g] = new BitSet();
      }
      partitions[g].set(routes[i].partition());
    }
    int[][] positions = new int[groups.size()][];
    for (int g = 0; g < groups.size(); g++) {
      positions[g] = new int[count[g]];
      count[g] = 0;
    }
    for (int i = 0; i < routes.length; i++) {
      int g = groupOfKey[i];
      positions[g][count[g]++] = i;
    }
    List<Target> ts = new ArrayList<>();
    Map<String, int[]> byName = new HashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      if (positions[g].length > 0) {
        ReplicaGroup group = groups.get(g);
        ts.add(
            Target.of(
                group.id(),
                PartitionSet.of(partitions[g].stream().toArray()),
                group,
                table.version()));
        byName.put(group.id(), positions[g]);
      }
    }
    this.targets = Collections.unmodifiableList(ts);
    this.indexes = byName;
  }

  /**
   * The groups holding {@code keys} of a {@code string} entity under {@code table}.
   *
   * @throws io.shardrouter.core.RoutingException when a key has no route in {@code table} (or is
   *     null, or the table's key type is not {@code string}), naming its index
   */
  public static KeyTargets<String> perGroup(RoutingTable table, List<String> keys) {
    String[] a = keys.toArray(new String[0]);
    Route[] routes = new Route[a.length];
    try {
      table.routeAll(a, 0, a.length, routes);
    } catch (RoutingException e) {
      throw refusal(e);
    }
    return new KeyTargets<>(table, routes, i -> a[i]);
  }

  /**
   * The groups holding {@code keys} of a {@code long} (or {@code int}) entity under {@code table}.
   *
   * @throws io.shardrouter.core.RoutingException when a key has no route in {@code table} (or the
   *     table's key type is not an integer), naming its index
   */
  public static KeyTargets<Long> perGroup(RoutingTable table, long[] keys) {
    long[] a = keys.clone();
    Route[] routes = new Route[a.length];
    try {
      table.routeAll(a, 0, a.length, routes);
    } catch (RoutingException e) {
      throw refusal(e);
    }
    return new KeyTargets<>(table, routes, i -> a[i]);
  }

  /**
   * The groups holding {@code keys} of a {@code uuid} entity under {@code table}.
   *
   * @throws io.shardrouter.core.RoutingException when a key is null or the table's key type is not
   *     {@code uuid}, naming its index
   */
  public static KeyTargets<UUID> perGroup(RoutingTable table, UUID[] keys) {
    UUID[] a = keys.clone();
    Route[] routes = new Route[a.length];
    try {
      table.routeAll(a, 0, a.length, routes);
    } catch (RoutingException e) {
      throw refusal(e);
    }
    return new KeyTargets<>(table, routes, i -> a[i]);
  }

  /**
   * The batch's refusal {@code e} of one key, as the plan's: of the same type, naming the key's
   * index, which the batch recorded on it, but not the routes the batch wrote before it, which the
   * plan drops.
   */
  private static RoutingException refusal(RoutingException e) {
    int i = e.batchIndex();
    if (i < 0) {
      return e; // not a key's refusal (the table's key type is another): as the batch words it
    }
    return KeyBatches.refusedAt(i, e, null);
  }

  /** One target per replica group holding any of the keys, in the table's group order. */
  public List<Target> targets() {
    return targets;
  }

  /**
   * The keys {@code target} holds, in the order they were given (a key given twice is listed
   * twice).
   *
   * @throws IllegalArgumentException when {@code target} is not one of {@link #targets()}
   */
  public List<K> keysOf(Target target) {
    int[] at = positions(target);
    List<K> keys = new ArrayList<>(at.length);
    for (int i : at) {
      keys.add(keyAt.apply(i));
    }
    return Collections.unmodifiableList(keys);
  }

  /**
   * The positions, in the list or array given, of the keys {@code target} holds, ascending: where
   * to put each key's answer back.
   *
   * @throws IllegalArgumentException when {@code target} is not one of {@link #targets()}
   */
  public int[] indexesOf(Target target) {
    return positions(target).clone();
  }

  private int[] positions(Target target) {
    Objects.requireNonNull(target, "target");
    int[] at = indexes.get(target.name());
    if (at == null || !targets.contains(target)) {
      throw new IllegalArgumentException(
          "target "
              + target
              + " is not one of this plan's targets "
              + targets
              + ": ask the plan that made it");
    }
    return at;
  }

  /** The targets and how many keys each holds: {@code KeyTargets{g1: 3 keys, g2: 1 key}}. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("KeyTargets{");
    for (int t = 0; t < targets.size(); t++) {
      int n = positions(targets.get(t)).length;
      b.append(t == 0 ? "" : ", ")
          .append(targets.get(t).name())
          .append(": ")
          .append(n)
          .append(n == 1 ? " key" : " keys");
    }
    return b.append('}').toString();
  }
}
