package io.shardrouter.analysis;

import io.shardrouter.core.DedicatedPartitions;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.StatsSnapshot;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The advisor's second step: isolates each sampled hot key whose load surely exceeds a mean
 * partition's (the lower bound of its sampled count, over the samples, above 1 / P) on a new
 * partition of its own, with {@link DedicatedPartitions#withDedicatedPartition}: the strategy
 * itself when it has that capability (a {@code lookup} directory gets one more entry), else a
 * {@code lookup} directory in front of it, built from the routing document form ({@code {"type":
 * "lookup", "fallback": ...}}) through the {@link StrategyRegistry}, that sends the key to a
 * dedicated partition and every other key to the table's strategy. The new partition goes to the
 * coldest group.
 *
 * <p>The key's load is its estimated share of the samples times the measured load, at most its
 * partition's; the data counted as moved is its partition's data share times the key's part of the
 * partition's load. Every hot key that is no key of the table, or that no range holds, is skipped
 * with a note, as is a key that would raise the group peak, exceed the cap or cannot be isolated.
 */
final class KeyIsolator {
  /** Strategies a lookup directory can be put in front of, or added to. */
  private static final Set<String> WRAPPABLE =
      Set.of("hash_mod", "jump", "jump_back", "jump_back2", "ring", "range", "lookup");

  /** The type of the directory strategy put in front of one that cannot dedicate partitions. */
  private static final String LOOKUP = "lookup";

  private KeyIsolator() {}

  static void apply(Proposal a, StatsSnapshot stats) {
    HotKeys hot = stats.hotKeys();
    if (hot.sampled() == 0 || a.total == 0) {
      return;
    }
    for (HotKeys.Entry k : hot.keys()) {
      byte[] key = parse(a, k);
      if (key == null) {
        continue;
      }
      double lower = (double) k.lowerBound() / hot.sampled();
      if (lower * a.total <= a.meanPartition()) {
        continue;
      }
      String why = unwrappable(a.shape().strategy());
      if (why != null) {
        a.notes.add(hotNote(k, lower) + why);
        continue;
      }
      isolate(a, k, key, Math.min(1.0, (double) k.count() / hot.sampled()) * a.total, lower);
    }
  }

  /** The key's canonical bytes, or null after a note saying why it is skipped. */
  private static byte @Nullable [] parse(Proposal a, HotKeys.Entry k) {
    byte[] key;
    try {
      key = a.current.keyType().parseText(k.key());
      a.current.routeCanonical(key);
    } catch (RoutingException e) {
      a.notes.add(
          "hot key '"
              + k.key()
              + "' is skipped: "
              + e.getMessage()
              + "; record keys in the document's key text form (as shardctl route reads them)");
      return null;
    }
    return key;
  }

  private static void isolate(
      Proposal a, HotKeys.Entry k, byte[] key, double estimate, double lower) {
    int from = a.shape().routeCanonical(key).partition();
    double x = Math.min(estimate, a.load(from));
    double share = a.load(from) == 0 ? 0 : a.data(from) * x / a.load(from);
    String fromGroup = a.group(from);
    String to = a.coldest();
    String skipped = hotNote(k, lower) + "it is not isolated: ";
    RoutingTable next;
    try {
      PartitionStrategy dedicated = directory(a.shape()).withDedicatedPartition(key);
      next = a.shapeWith(dedicated, a.size(), to);
    } catch (IllegalArgumentException | RoutingException e) {
      a.notes.add(skipped + e.getMessage());
      return;
    }
    if (!a.fits(share)) {
      a.notes.add(
          skipped
              + "that moves "
              + Checklist.pct(share)
              + " of the data, more than the "
              + Checklist.pct(a.left())
              + " left of the move cap");
      return;
    }
    if (!a.keepsPeak(fromGroup, to, x)) {
      a.notes.add(
          skipped
              + "on its own partition it would make group '"
              + to
              + "' hotter than the hottest group is now; shard its writes instead");
      return;
    }
    int at = a.size();
    a.carve(next, from, at, to, x, share);
    a.isolations.add(
        new RebalanceAdvisor.Advice.Isolation(
            k.key(), from, at, fromGroup, to, x / a.total, share));
  }

  /** Why a directory cannot be put in front of {@code s}, or null when it can. */
  private static @Nullable String unwrappable(PartitionStrategy s) {
    if (!WRAPPABLE.contains(s.type())) {
      return "strategy '"
          + s.type()
          + "' cannot be put behind a lookup directory by the advisor (it can for "
          + "hash_mod, jump, jump_back, jump_back2, ring, range and lookup); shard its writes";
    }
    if (s instanceof DedicatedPartitions d && !d.dedicatesWholeKeys()) {
      return "the lookup directory matches first parts of keys, so an entry would move every key"
          + " that shares this key's first part; isolate that first part deliberately"
          + " (docs/lookup.md), or shard its writes";
    }
    return null;
  }

  /**
   * The table's strategy when it can dedicate partitions to keys, else an empty {@code lookup}
   * directory in front of it.
   *
   * @throws IllegalArgumentException when no {@code lookup} strategy is registered (router-lookup
   *     is missing), or the directory is refused
   */
  private static DedicatedPartitions directory(RoutingTable shape) {
    PartitionStrategy s = shape.strategy();
    if (s instanceof DedicatedPartitions d) {
      return d;
    }
    StrategyRegistry registry = StrategyRegistry.defaultRegistry();
    if (!registry.types().contains(LOOKUP)) {
      throw new IllegalArgumentException(
          "isolating a key puts a '"
              + LOOKUP
              + "' directory in front of the table's strategy, and no '"
              + LOOKUP
              + "' strategy is registered; add router-lookup to the class path");
    }
    Spec spec = Spec.object().put("type", LOOKUP).put("fallback", s.toSpec()).build();
    PartitionStrategy wrapped = registry.create(spec, shape.keyType());
    if (wrapped instanceof DedicatedPartitions d) {
      return d;
    }
    throw new IllegalArgumentException(
        "the registered '"
            + LOOKUP
            + "' strategy "
            + wrapped.getClass().getName()
            + " cannot dedicate a partition to a key");
  }

  private static String hotNote(HotKeys.Entry k, double lower) {
    return "key '"
        + k.key()
        + "' takes at least "
        + Checklist.pct(lower)
        + " of the load, more than a mean partition: ";
  }
}
