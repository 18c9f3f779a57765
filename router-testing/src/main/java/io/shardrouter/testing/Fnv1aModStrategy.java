package io.shardrouter.testing;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A minimal strategy for tests of code that takes any strategy (a wrapper, a nested fallback) and
 * of the contract itself: FNV-1a 64 of the canonical bytes, unsigned, modulo P. It overrides only
 * {@link #partitionOf(byte[], int, int)}, so every typed overload is the interface's default
 * (encoding through {@code KeyScratch}). Not registered through {@code ServiceLoader}: build a
 * registry with {@code StrategyRegistry.of(new Fnv1aModStrategy.Factory())}. Built with a key type,
 * it prints {@code "typed": true} and its factory takes the key type of the document, as a range or
 * lookup strategy does, so that the contract's checks of typed strategies can be tested with it.
 *
 * <p><b>Thread-safety:</b> immutable.
 */
public final class Fnv1aModStrategy implements PartitionStrategy {
  public static final String TYPE = "fnv1a_mod_test";

  private final int partitions;
  private final @Nullable KeyType keyType;

  public Fnv1aModStrategy(int partitions) {
    this(partitions, null);
  }

  /** A strategy built for keys of {@code keyType} (null: any key). */
  public Fnv1aModStrategy(int partitions, @Nullable KeyType keyType) {
    if (partitions < 1) {
      throw new IllegalArgumentException(
          "strategy.partitions must be >= 1 for strategy '" + TYPE + "', got " + partitions);
    }
    this.partitions = partitions;
    this.keyType = keyType;
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public @Nullable KeyType keyType() {
    return keyType;
  }

  @Override
  public int partitionCount() {
    return partitions;
  }

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    long h = 0xCBF29CE484222325L;
    for (int i = offset; i < offset + length; i++) {
      h ^= canonical[i] & 0xFF;
      h *= 0x100000001B3L;
    }
    return (int) Long.remainderUnsigned(h, partitions);
  }

  @Override
  public Spec toSpec() {
    Spec.ObjectBuilder o = Spec.object().put("type", TYPE).put("partitions", partitions);
    if (keyType != null) {
      o.put("typed", true);
    }
    return o.build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Fnv1aModStrategy f
        && f.partitions == partitions
        && Objects.equals(f.keyType, keyType);
  }

  @Override
  public int hashCode() {
    return 31 * partitions + Objects.hashCode(keyType);
  }

  @Override
  public String toString() {
    return toSpec().toString();
  }

  /**
   * Builds {@code fnv1a_mod_test} from {@code {"type": "fnv1a_mod_test", "partitions": P}}, with
   * {@code "typed": true} for the document's key type.
   */
  public static final class Factory implements StrategyFactory {
    @Override
    public String type() {
      return TYPE;
    }

    @Override
    public Set<String> parameterNames() {
      return Set.of("partitions", "typed");
    }

    @Override
    public PartitionStrategy create(StrategyParameters params) {
      int p = params.requiredInt("partitions", 1, 1 << 24);
      Spec typedParam = params.get("typed");
      boolean typed = typedParam != null && typedParam.isBoolean() && typedParam.booleanValue();
      if (typed && params.keyType() == null) {
        params.violation("typed", "needs the document's key type");
      }
      params.throwIfViolations();
      return new Fnv1aModStrategy(p, typed ? params.keyType() : null);
    }
  }
}
