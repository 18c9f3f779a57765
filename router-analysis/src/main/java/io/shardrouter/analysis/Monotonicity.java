package io.shardrouter.analysis;

import io.shardrouter.core.KeyType;
import io.shardrouter.stats.KeySample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Whether keys grow with arrival order: the rank correlation (Spearman) of each key's position in
 * key order with its position in the sample, and the growth curve that plots one against the other.
 * Key order is numeric for {@code long}, {@code int} and {@code timestamp} keys (their canonical
 * bytes are little-endian two's complement) and unsigned byte order of the canonical bytes for the
 * rest (UTF-8 byte order is code point order).
 */
final class Monotonicity {
  private Monotonicity() {}

  /** The rank correlation in [-1, 1]; NaN with fewer than 3 keys or when all keys are equal. */
  static double rankCorrelation(List<KeySample.Entry> entries, KeyType.@Nullable Kind kind) {
    int n = entries.size();
    if (n < 3) {
      return Double.NaN;
    }
    int[] rank = ranks(entries, kind);
    double meanI = (n - 1) / 2.0;
    double meanR = 0;
    for (int r : rank) {
      meanR += r;
    }
    meanR /= n;
    double cov = 0;
    double varI = 0;
    double varR = 0;
    for (int i = 0; i < n; i++) {
      double di = i - meanI;
      double dr = rank[i] - meanR;
      cov += di * dr;
      varI += di * di;
      varR += dr * dr;
    }
    return varR == 0 ? Double.NaN : cov / Math.sqrt(varI * varR);
  }

  /**
   * Up to {@code points} points {@code [arrival fraction, key rank fraction]}, in arrival order.
   */
  static List<double[]> growth(
      List<KeySample.Entry> entries, KeyType.@Nullable Kind kind, int points) {
    int n = entries.size();
    List<double[]> out = new ArrayList<>();
    if (n < 2) {
      return out;
    }
    int[] rank = ranks(entries, kind);
    int step = Math.max(1, (n + points - 1) / points);
    for (int i = 0; i < n; i += step) {
      out.add(new double[] {(double) i / (n - 1), (double) rank[i] / (n - 1)});
    }
    if ((n - 1) % step != 0) {
      out.add(new double[] {1, (double) rank[n - 1] / (n - 1)});
    }
    return out;
  }

  /** The key-order rank of each entry; equal keys share the lowest rank. */
  private static int[] ranks(List<KeySample.Entry> entries, KeyType.@Nullable Kind kind) {
    int n = entries.size();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Comparator<byte[]> cmp = comparator(kind);
    Arrays.sort(
        order, (a, b) -> cmp.compare(entries.get(a).canonical(), entries.get(b).canonical()));
    int[] rank = new int[n];
    for (int i = 0; i < n; i++) {
      int r = i;
      if (i > 0
          && cmp.compare(entries.get(order[i]).canonical(), entries.get(order[i - 1]).canonical())
              == 0) {
        r = rank[order[i - 1]];
      }
      rank[order[i]] = r;
    }
    return rank;
  }

  private static Comparator<byte[]> comparator(KeyType.@Nullable Kind kind) {
    if (kind == KeyType.Kind.LONG || kind == KeyType.Kind.TIMESTAMP || kind == KeyType.Kind.INT) {
      return Comparator.comparingLong(Monotonicity::littleEndian);
    }
    return Arrays::compareUnsigned;
  }

  private static long littleEndian(byte[] b) {
    long v = 0;
    for (int i = b.length - 1; i >= 0; i--) {
      v = (v << 8) | (b[i] & 0xFF);
    }
    int shift = 64 - 8 * b.length; // sign-extend an int's 4 bytes
    return shift == 0 ? v : (v << shift) >> shift;
  }
}
