package io.shardrouter.hash.internal;

import io.shardrouter.hash.RingAllocator;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Water-filling over replica groups: how much each group gives (or receives) so that a given amount
 * of the hash space changes hands and the most loaded (or least loaded) groups end level.
 *
 * <p>Each group has a load (its share of the hash space) and a target (its weight share); its
 * relative load is load / target. {@link #drain} takes {@code amount} from the groups of highest
 * relative load, lowering them all to one level λ: group i gives {@code load_i - λ·target_i}. This
 * is the assignment with the lowest possible peak. {@link #fill} is the mirror image: it raises the
 * lowest groups to one level μ. A group whose piece would be below {@code minPiece} of its target
 * is left out (the level is recomputed without it), so that no operation cuts a group's ranges into
 * slivers; the price is that a left-out group stays up to {@code minPiece} away from the level.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> internal; the results are part of what {@link RingAllocator} writes, so a
 * change is a new allocator version.
 */
public final class WaterLevel {
  private WaterLevel() {}

  /**
   * The amount each candidate gives so that {@code amount} is drained from the most loaded; entries
   * of non-candidates are 0. Ties in relative load are broken by {@code order} (ascending).
   */
  public static double[] drain(
      double[] load,
      double[] target,
      int[] candidates,
      String[] order,
      double amount,
      double minPiece) {
    return level(load, target, candidates, order, amount, minPiece, true);
  }

  /** The amount each candidate receives so that {@code amount} fills the least loaded. */
  public static double[] fill(
      double[] load,
      double[] target,
      int[] candidates,
      String[] order,
      double amount,
      double minPiece) {
    return level(load, target, candidates, order, amount, minPiece, false);
  }

  private static double[] level(
      double[] load,
      double[] target,
      int[] candidates,
      String[] order,
      double amount,
      double minPiece,
      boolean drain) {
    double[] out = new double[load.length];
    int m = candidates.length;
    if (m == 0 || amount <= 0) {
      return out;
    }
    Integer[] c = new Integer[m];
    for (int i = 0; i < m; i++) {
      c[i] = candidates[i];
    }
    Comparator<Integer> byRelative = Comparator.comparingDouble(i -> load[i] / target[i]);
    Arrays.sort(c, (drain ? byRelative.reversed() : byRelative).thenComparing(i -> order[i]));
    double sign = drain ? 1 : -1; // drain: level = (L - A) / T; fill: level = (L + A) / T
    double sumLoad = 0;
    double sumTarget = 0;
    int j = 0;
    double lvl = 0;
    while (j < m) {
      sumLoad += load[c[j]];
      sumTarget += target[c[j]];
      j++;
      lvl = (sumLoad - sign * amount) / sumTarget;
      // stop when the next candidate is already on the other side of the level
      if (j == m || sign * (load[c[j]] / target[c[j]] - lvl) <= 0) {
        break;
      }
    }
    // leave out the candidates whose piece would be a sliver; the rest then move more
    while (j > 1 && sign * (load[c[j - 1]] / target[c[j - 1]] - lvl) < minPiece) {
      j--;
      sumLoad -= load[c[j]];
      sumTarget -= target[c[j]];
      lvl = (sumLoad - sign * amount) / sumTarget;
    }
    for (int k = 0; k < j; k++) {
      int i = c[k];
      double piece = sign * (load[i] - lvl * target[i]);
      out[i] = drain ? Math.min(Math.max(piece, 0), load[i]) : Math.max(piece, 0);
    }
    return out;
  }
}
