package io.shardrouter.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Draws ranks in {@code [0, n)} with probability proportional to {@code 1 / (rank + 1)^s}, by
 * inverting a precomputed cumulative distribution: the request mix of a key-value workload where a
 * few keys are hot and most are cold (YCSB's default is {@code s = 0.99}).
 *
 * <p><b>Thread-safety:</b> not thread-safe (holds its random source). Used only in {@code @Setup}.
 */
public final class Zipf {
  private final double[] cdf;
  private final SplittableRandom random;

  /** A sampler over {@code n} ranks with exponent {@code s}, seeded so runs repeat. */
  public Zipf(int n, double s, long seed) {
    if (n < 1) {
      throw new IllegalArgumentException("zipf rank count must be >= 1, got " + n);
    }
    if (!(s > 0)) {
      throw new IllegalArgumentException("zipf exponent must be > 0, got " + s);
    }
    cdf = new double[n];
    double sum = 0;
    for (int r = 0; r < n; r++) {
      sum += 1.0 / Math.pow(r + 1, s);
      cdf[r] = sum;
    }
    for (int r = 0; r < n; r++) {
      cdf[r] /= sum;
    }
    cdf[n - 1] = 1.0;
    random = new SplittableRandom(seed);
  }

  /** The next rank; rank 0 is the hottest. */
  public int next() {
    int i = Arrays.binarySearch(cdf, random.nextDouble());
    return i >= 0 ? i : -i - 1;
  }
}
