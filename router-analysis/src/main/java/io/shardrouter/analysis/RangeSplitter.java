package io.shardrouter.analysis;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.SplittableRanges;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.StatsSnapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The advisor's first step on a table whose strategy has {@link SplittableRanges} (a {@code range}
 * table): splits each range whose load exceeds a mean group's at the weighted median of its sampled
 * hot keys ({@link SplittableRanges#splitPoint}), the upper part becoming the next partition on the
 * coldest group ({@link SplittableRanges#withSplit}). A range is split at most once, hottest first;
 * a split that would raise the group peak or exceed the cap is skipped with a note.
 *
 * <p>The upper part's load is the range's load times the upper share of its sampled keys' weight:
 * the hot keys stand for the range's load.
 */
final class RangeSplitter {
  private RangeSplitter() {}

  static void apply(Proposal a, StatsSnapshot stats) {
    if (!(a.current.strategy() instanceof SplittableRanges) || a.total == 0) {
      return;
    }
    int n = a.current.partitionCount();
    List<Integer> hot = new ArrayList<>();
    for (int p = 0; p < n; p++) {
      if (a.load(p) > a.meanGroup()) {
        hot.add(p);
      }
    }
    hot.sort((x, y) -> Double.compare(a.load(y), a.load(x)));
    List<Integer> done = new ArrayList<>();
    List<RebalanceAdvisor.Advice.Split> found = new ArrayList<>();
    for (int original : hot) {
      int p = original + before(done, original);
      RebalanceAdvisor.Advice.Split s = split(a, stats, original, p);
      if (s != null) {
        done.add(original);
        found.add(s);
      }
    }
    for (RebalanceAdvisor.Advice.Split s : found) {
      a.splits.add(
          new RebalanceAdvisor.Advice.Split(
              s.partition(),
              s.at(),
              s.partition() + 1 + before(done, s.partition()),
              s.fromGroup(),
              s.upperGroup(),
              s.upperLoadShare(),
              s.movedShare()));
    }
  }

  /** Splits original partition {@code original}, now partition {@code p}; null when skipped. */
  private static RebalanceAdvisor.Advice.@Nullable Split split(
      Proposal a, StatsSnapshot stats, int original, int p) {
    SplittableRanges s = (SplittableRanges) a.shape().strategy();
    List<byte[]> sample = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (HotKeys.Entry k : stats.hotKeys().keys()) {
      byte[] key;
      try {
        key = a.current.keyType().parseText(k.key());
      } catch (InvalidKeyException e) {
        continue; // named by the isolation step, which reads every hot key
      }
      if (s.find(key) == p) {
        sample.add(key);
        counts.add(k.count());
        texts.add(k.key());
      }
    }
    long[] weights = new long[counts.size()];
    for (int i = 0; i < weights.length; i++) {
      weights[i] = counts.get(i);
    }
    String range = "partition " + original + " " + s.interval(p);
    Optional<SplittableRanges.SplitPoint> point = s.splitPoint(p, sample, weights);
    if (point.isEmpty()) {
      a.notes.add(
          range
              + " is not split: the statistics sampled "
              + sample.size()
              + " hot key"
              + (sample.size() == 1 ? "" : "s")
              + " in it, and a split point needs two distinct keys above its start;"
              + " find one with shardctl split-point on a sample of its keys");
      return null;
    }
    SplittableRanges.SplitPoint at = point.get();
    double upper = a.load(p) * at.upperShare();
    double share = a.data(p) * at.upperShare();
    String from = a.group(p);
    String to = a.coldest();
    if (!a.fits(share)) {
      a.notes.add(
          range
              + " is not split at "
              + at.shown()
              + ": that moves "
              + Checklist.pct(share)
              + " of the data, more than the "
              + Checklist.pct(a.left())
              + " left of the move cap");
      return null;
    }
    if (!a.keepsPeak(from, to, upper)) {
      a.notes.add(
          range
              + " is not split at "
              + at.shown()
              + ": its upper part would make group '"
              + to
              + "' hotter than the hottest group is now");
      return null;
    }
    RoutingTable next;
    try {
      next = a.shapeWith(s.withSplit(p, at.key()), p + 1, to);
    } catch (IllegalArgumentException e) {
      a.notes.add(range + " is not split: " + e.getMessage());
      return null;
    }
    a.carve(next, p, p + 1, to, upper, share);
    if (p + 1 == a.size() - 1 && s.openEnded()) {
      a.notes.add(
          range
              + " is the last range: if its keys increase (timestamps, sequences), new writes"
              + " follow the upper part and the split does not cool it for long");
    }
    String text = at.shown();
    for (int i = 0; i < sample.size(); i++) {
      if (Arrays.equals(sample.get(i), at.key())) {
        text = texts.get(i); // the key as the statistics wrote it: the document's key text form
        break;
      }
    }
    return new RebalanceAdvisor.Advice.Split(original, text, -1, from, to, upper / a.total, share);
  }

  /** How many of {@code done} are below {@code original}. */
  private static int before(List<Integer> done, int original) {
    int c = 0;
    for (int d : done) {
      if (d < original) {
        c++;
      }
    }
    return c;
  }
}
