package io.shardrouter.core.testing;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import java.util.Set;

/**
 * A fake strategy for tests of router-core: FNV-1a 64 of the canonical bytes, unsigned, modulo P. It
 * overrides only {@link #partitionOf(byte[], int, int)}, so every typed overload is the interface's
 * default (encoding through {@code KeyScratch}). Not registered through {@code ServiceLoader}: build a
 * registry with {@code StrategyRegistry.of(new Fnv1aModStrategy.Factory())}.
 *
 * <p><b>Thread-safety:</b> immutable.
 */
public final class Fnv1aModStrategy implements PartitionStrategy {
  public static final String TYPE = "fnv1a_mod_test";

  private final int partitions;

  public Fnv1aModStrategy(int partitions) {
    if (partitions < 1) {
      throw new IllegalArgumentException("strategy.partitions must be >= 1 for strategy '" + TYPE + "', got " + partitions);
    }
    this.partitions = partitions;
  }

  @Override
  public String type() {
    return TYPE;
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
  public ObjectNode toJson() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("type", TYPE);
    o.put("partitions", partitions);
    return o;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Fnv1aModStrategy f && f.partitions == partitions;
  }

  @Override
  public int hashCode() {
    return partitions;
  }

  @Override
  public String toString() {
    return toJson().toString();
  }

  /** Builds {@code fnv1a_mod_test} from {@code {"type": "fnv1a_mod_test", "partitions": P}}. */
  public static final class Factory implements StrategyFactory {
    @Override
    public String type() {
      return TYPE;
    }

    @Override
    public Set<String> parameterNames() {
      return Set.of("partitions");
    }

    @Override
    public PartitionStrategy create(StrategyParameters params) {
      int p = params.requiredInt("partitions", 1, 1 << 24);
      return params.hasViolations() ? null : new Fnv1aModStrategy(p);
    }
  }
}
