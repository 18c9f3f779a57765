package io.shardrouter.range.internal;

import io.shardrouter.core.KeyType;
import io.shardrouter.range.RangeStrategy;

/**
 * Builds a {@link RangeStrategy} from canonical range starts that the caller has already checked
 * (sorted, distinct, below the end) and owns: for the document readers and the split and merge
 * tools of this module, which check ranges with their own messages and paths first.
 *
 * <p>{@link RangeStrategy}'s initializer installs the factory (the pattern of the JDK's shared
 * secrets), so the strategy keeps its constructor out of the public API.
 *
 * <p><b>Stability:</b> internal.
 */
public final class RangeStrategies {
  /** Builds range strategies; installed by {@link RangeStrategy} when it is initialized. */
  public interface Factory {
    /** The strategy over {@code starts} (not copied) and {@code end} (null: open-ended). */
    RangeStrategy create(KeyType keyType, byte[][] starts, byte[] end);
  }

  private static volatile Factory factory;

  private RangeStrategies() {}

  /**
   * Called once, by {@link RangeStrategy}'s initializer; throws {@link IllegalStateException} on a
   * second call.
   */
  public static synchronized void install(Factory f) {
    if (factory != null) {
      throw new IllegalStateException("RangeStrategies is installed by RangeStrategy only, once");
    }
    factory = f;
  }

  /** The strategy over checked {@code starts} (taken, not copied) and {@code end}. */
  public static RangeStrategy create(KeyType keyType, byte[][] starts, byte[] end) {
    Factory f = factory;
    if (f == null) {
      initialize(RangeStrategy.class); // its initializer installs the factory
      f = factory;
    }
    return f.create(keyType, starts, end);
  }

  private static void initialize(Class<?> c) {
    try {
      Class.forName(c.getName(), true, c.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(c.getName() + " is missing from its own module", e);
    }
  }

  /** The canonical end of the whole span of {@code s}, or null when it is open-ended; a copy. */
  public static byte[] end(RangeStrategy s) {
    return s.end(s.partitionCount() - 1);
  }

  /**
   * {@code s} with partition {@code p} split at {@code at}: {@code [start, at)} stays p, {@code
   * [at, end)} becomes p + 1. The caller has checked that {@code at} is strictly inside partition
   * p.
   */
  public static RangeStrategy withSplit(RangeStrategy s, int p, byte[] at) {
    int n = s.partitionCount();
    byte[][] next = new byte[n + 1][];
    for (int i = 0, j = 0; i < n; i++) {
      next[j++] = s.start(i);
      if (i == p) {
        next[j++] = at.clone();
      }
    }
    return create(s.keyType(), next, end(s));
  }

  /** {@code s} with partitions {@code p} and {@code p + 1} joined into one, p. */
  public static RangeStrategy withMerge(RangeStrategy s, int p) {
    int n = s.partitionCount();
    byte[][] next = new byte[n - 1][];
    for (int i = 0, j = 0; i < n; i++) {
      if (i != p + 1) {
        next[j++] = s.start(i);
      }
    }
    return create(s.keyType(), next, end(s));
  }
}
