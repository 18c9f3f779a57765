package io.shardrouter.core.testing;

import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.key.CompositeKey;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link PartitionStrategyContract} against a fake strategy that keeps every rule (so router-core's
 * default overloads and key encoders are checked against {@link ReferenceEncoding}), and shows that each
 * rule fails for a strategy that breaks it.
 */
class PartitionStrategyContractTest extends PartitionStrategyContract {
  private static final StrategyRegistry REGISTRY = StrategyRegistry.of(new Fnv1aModStrategy.Factory());

  @Override
  protected List<PartitionStrategy> strategies() {
    return List.of(new Fnv1aModStrategy(1), new Fnv1aModStrategy(2), new Fnv1aModStrategy(3), new Fnv1aModStrategy(10),
        new Fnv1aModStrategy(64), new Fnv1aModStrategy(1024));
  }

  @Override
  protected StrategyRegistry registry() {
    return REGISTRY;
  }

  private KeyGenerators keys() {
    return KeyGenerators.seeded(seed());
  }

  @Test
  void checkStringKeys_strategyHashingUtf16_fails() {
    PartitionStrategy broken = new Delegating(new Fnv1aModStrategy(1024)) {
      @Override
      public int partitionOf(String key) {
        byte[] utf16 = key.getBytes(StandardCharsets.UTF_16LE);
        return partitionOf(utf16, 0, utf16.length);
      }
    };
    assertThrows(AssertionError.class, () -> checkStringKeys(broken, keys()));
  }

  @Test
  void checkStringKeys_sliceIgnoringOffset_fails() {
    PartitionStrategy broken = new Delegating(new Fnv1aModStrategy(1024)) {
      @Override
      public int partitionOf(byte[] canonical, int offset, int length) {
        return super.partitionOf(canonical, 0, length);
      }
    };
    assertThrows(AssertionError.class, () -> checkStringKeys(broken, keys()));
  }

  @Test
  void checkNullKeys_nullRoutedAsEmptyString_fails() {
    PartitionStrategy broken = new Delegating(new Fnv1aModStrategy(8)) {
      @Override
      public int partitionOf(String key) {
        return super.partitionOf(key == null ? "" : key);
      }
    };
    assertThrows(AssertionError.class, () -> checkNullKeys(broken));
  }

  @Test
  void checkLoneSurrogates_replacedByQuestionMark_fails() {
    PartitionStrategy broken = new Delegating(new Fnv1aModStrategy(8)) {
      @Override
      public int partitionOf(String key) {
        byte[] lossy = key.getBytes(StandardCharsets.UTF_8); // replaces a lone surrogate by '?'
        return partitionOf(lossy, 0, lossy.length);
      }
    };
    assertThrows(AssertionError.class, () -> checkLoneSurrogates(broken, keys()));
  }

  @Test
  void checkRange_answerEqualToP_fails() {
    PartitionStrategy broken = new Delegating(new Fnv1aModStrategy(8)) {
      @Override
      public int partitionOf(long key) {
        return key == Long.MIN_VALUE ? 8 : super.partitionOf(key);
      }
    };
    assertThrows(AssertionError.class, () -> checkRange(broken, KeyGenerators.seeded(3)) /* edge longs drawn often */);
  }

  @Test
  void checkJsonRoundTrip_jsonOfAnotherStrategy_fails() {
    PartitionStrategy broken = new Delegating(new Fnv1aModStrategy(8)) {
      @Override
      public ObjectNode toJson() {
        return new Fnv1aModStrategy(9).toJson();
      }
    };
    assertThrows(AssertionError.class, () -> checkJsonRoundTrip(broken, REGISTRY, keys()));
  }

  @Test
  void checkReachability_partitionNeverUsed_fails() {
    PartitionStrategy broken = new Delegating(new Fnv1aModStrategy(8)) {
      @Override
      public int partitionOf(byte[] canonical, int offset, int length) {
        int p = super.partitionOf(canonical, offset, length);
        return p == 5 ? 4 : p;
      }
    };
    assertThrows(AssertionError.class, () -> checkReachability(broken, keys()));
  }

  /** Forwards everything to a working strategy; each broken variant overrides one method. */
  private static class Delegating implements PartitionStrategy {
    private final PartitionStrategy inner;

    Delegating(PartitionStrategy inner) {
      this.inner = inner;
    }

    @Override
    public String type() {
      return inner.type();
    }

    @Override
    public int partitionCount() {
      return inner.partitionCount();
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return inner.partitionOf(canonical, offset, length);
    }

    @Override
    public int partitionOf(String key) {
      return PartitionStrategy.super.partitionOf(key);
    }

    @Override
    public int partitionOf(long key) {
      return PartitionStrategy.super.partitionOf(key);
    }

    @Override
    public int partitionOf(UUID key) {
      return PartitionStrategy.super.partitionOf(key);
    }

    @Override
    public int partitionOf(CompositeKey key) {
      return PartitionStrategy.super.partitionOf(key);
    }

    @Override
    public ObjectNode toJson() {
      return inner.toJson();
    }

    @Override
    public String toString() {
      return "broken " + inner;
    }
  }
}
