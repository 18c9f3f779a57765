package io.shardrouter.testing;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.BatchPartitions;
import io.shardrouter.core.KeyScratch;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/**
 * Runs {@link PartitionStrategyContract} against a fake strategy that keeps every rule (so
 * router-core's default {@code partitionOfLong} and its key encoders are checked against {@link
 * ReferenceEncoding}), and shows that each rule fails for a strategy that breaks it.
 */
class PartitionStrategyContractTest extends PartitionStrategyContract {
  private static final StrategyRegistry REGISTRY =
      StrategyRegistry.of(new Fnv1aModStrategy.Factory());

  @Override
  protected List<PartitionStrategy> strategies() {
    return List.of(
        new Fnv1aModStrategy(1),
        new Fnv1aModStrategy(2),
        new Fnv1aModStrategy(3),
        new Fnv1aModStrategy(10),
        new Fnv1aModStrategy(64),
        new Fnv1aModStrategy(1024));
  }

  @Override
  protected StrategyRegistry registry() {
    return REGISTRY;
  }

  private KeyGenerators keys() {
    return KeyGenerators.seeded(seed());
  }

  /** A strategy with BatchPartitions: the token is the key's partition, computed in prepare. */
  private static class Batched extends Delegating implements BatchPartitions {
    Batched(PartitionStrategy inner) {
      super(inner);
    }

    @Override
    public long prepare(byte[] canonical, int offset, int length) {
      return partitionOf(canonical, offset, length);
    }

    @Override
    public int finish(byte[] canonical, int offset, int length, long token) {
      return (int) token;
    }
  }

  @Test
  void checkBatch_aStrategyKeepingTheContract_passes_andBrokenTwinsFail() {
    checkBatch(new Batched(new Fnv1aModStrategy(64)), keys(), g -> g.text(64));
    PartitionStrategy lastTokenWins =
        new Batched(new Fnv1aModStrategy(64)) {
          private long last;

          @Override
          public long prepare(byte[] canonical, int offset, int length) {
            last = super.prepare(canonical, offset, length); // the defect: one token for a group
            return 0;
          }

          @Override
          public int finish(byte[] canonical, int offset, int length, long token) {
            return (int) last;
          }
        };
    assertThrows(AssertionError.class, () -> checkBatch(lastTokenWins, keys(), g -> g.text(64)));
    PartitionStrategy loadLosesToken =
        new Batched(new Fnv1aModStrategy(64)) {
          @Override
          public long load(long token) {
            return token >>> 1; // the defect: load returns another token than finish needs
          }
        };
    assertThrows(AssertionError.class, () -> checkBatch(loadLosesToken, keys(), g -> g.text(64)));
    PartitionStrategy offsetIgnored =
        new Batched(new Fnv1aModStrategy(64)) {
          @Override
          public int finish(byte[] canonical, int offset, int length, long token) {
            return partitionOf(canonical, 0, length); // the defect: reads from the array's start
          }
        };
    assertThrows(AssertionError.class, () -> checkBatch(offsetIgnored, keys(), g -> g.text(64)));
    PartitionStrategy prepareOffsetIgnored =
        new Batched(new Fnv1aModStrategy(64)) {
          @Override
          public long prepare(byte[] canonical, int offset, int length) {
            return super.prepare(canonical, 0, length); // the defect: reads from the array's start
          }
        };
    assertThrows(
        AssertionError.class, () -> checkBatch(prepareOffsetIgnored, keys(), g -> g.text(64)));
    PartitionStrategy writesKey =
        new Batched(new Fnv1aModStrategy(64)) {
          @Override
          public long prepare(byte[] canonical, int offset, int length) {
            long t = super.prepare(canonical, offset, length);
            if (length > 0) {
              canonical[offset] ^= 1; // the defect: scribbles on its input
            }
            return t;
          }
        };
    assertThrows(AssertionError.class, () -> checkBatch(writesKey, keys(), g -> g.text(64)));
  }

  @Test
  void checkPartitionsOf_theDefault_passes_andBrokenOverridesFail() {
    checkPartitionsOf(new Fnv1aModStrategy(64), keys(), g -> g.text(64));
    checkPartitionsOf(new Batched(new Fnv1aModStrategy(64)), keys(), g -> g.text(64));
    PartitionStrategy firstKeyOnly =
        new Delegating(new Fnv1aModStrategy(64)) {
          @Override
          public void partitionsOf(byte[][] keys, int from, int to, int[] partitions) {
            Arrays.fill(partitions, from, to, partitionOf(keys[from]));
          }
        };
    assertThrows(
        AssertionError.class, () -> checkPartitionsOf(firstKeyOnly, keys(), g -> g.text(64)));
    PartitionStrategy fromIgnored =
        new Delegating(new Fnv1aModStrategy(64)) {
          @Override
          public void partitionsOf(byte[][] keys, int from, int to, int[] partitions) {
            super.partitionsOf(keys, 0, to, partitions);
          }
        };
    assertThrows(
        AssertionError.class, () -> checkPartitionsOf(fromIgnored, keys(), g -> g.text(64)));
  }

  @Test
  void checkKeyScratchInput_encodingIntoKeyScratchOverItsInput_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(1024)) {
          @Override
          public int partitionOf(byte[] canonical, int offset, int length) {
            KeyScratch.get().putString("a salt written where the input may be"); // the defect
            return super.partitionOf(canonical, offset, length);
          }
        };
    assertThrows(AssertionError.class, () -> checkKeyScratchInput(broken, keys(), g -> g.text(64)));
    checkKeyScratchInput(
        new Fnv1aModStrategy(1024), keys(), g -> g.text(64)); // the real one passes
  }

  @Test
  void checkStringKeys_sliceIgnoringOffset_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(1024)) {
          @Override
          public int partitionOf(byte[] canonical, int offset, int length) {
            return super.partitionOf(canonical, 0, length);
          }
        };
    assertThrows(AssertionError.class, () -> checkStringKeys(broken, keys()));
  }

  @Test
  void checkRange_answerEqualToP_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(8)) {
          @Override
          public int partitionOf(byte[] canonical, int offset, int length) {
            return length == 0 ? 8 : super.partitionOf(canonical, offset, length);
          }
        };
    assertThrows(
        AssertionError.class,
        () -> checkRange(broken, KeyGenerators.seeded(3)) /* edge longs drawn often */);
  }

  @Test
  void checkJsonRoundTrip_jsonOfAnotherStrategy_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(8)) {
          @Override
          public Spec toSpec() {
            return new Fnv1aModStrategy(9).toSpec();
          }
        };
    assertThrows(AssertionError.class, () -> checkJsonRoundTrip(broken, REGISTRY, keys()));
  }

  @Test
  void checkReachability_partitionNeverUsed_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(8)) {
          @Override
          public int partitionOf(byte[] canonical, int offset, int length) {
            int p = super.partitionOf(canonical, offset, length);
            return p == 5 ? 4 : p;
          }
        };
    assertThrows(AssertionError.class, () -> checkReachability(broken, keys()));
  }

  @Test
  void timestampRule_instantHashedAsMillis_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(1024)) {
          @Override
          public int partitionOfLong(long micros) {
            return super.partitionOfLong(micros / 1000); // a timestamp's millis, not its micros
          }
        };
    assertThrows(
        AssertionError.class,
        () -> contractOf(List.of(broken)).partitionOfLong_timestampKey_matchesCanonicalBytes());
  }

  @Test
  void checkTypedKeys_timestampTypeInstantAsMillis_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(1024, KeyType.TIMESTAMP)) {
          @Override
          public int partitionOfLong(long micros) {
            return super.partitionOfLong(micros / 1000);
          }
        };
    assertThrows(
        AssertionError.class,
        () -> checkTypedKeys(broken, keys(), g -> g.keyOf(KeyType.TIMESTAMP)));
  }

  @Test
  void checkTypedKeys_longTypeSliceIgnoringOffset_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(1024, KeyType.LONG)) {
          @Override
          public int partitionOf(byte[] canonical, int offset, int length) {
            return super.partitionOf(canonical, 0, length);
          }
        };
    assertThrows(
        AssertionError.class, () -> checkTypedKeys(broken, keys(), g -> g.keyOf(KeyType.LONG)));
  }

  @Test
  void checkRange_typedAnswerEqualToP_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(8, KeyType.STRING)) {
          @Override
          public int partitionOf(byte[] canonical, int offset, int length) {
            return length == 0 ? 8 : super.partitionOf(canonical, offset, length);
          }
        };
    assertThrows(
        AssertionError.class,
        () ->
            contractOf(List.of(broken))
                .checkRange(broken, keys(), g -> g.random().nextInt(4) == 0 ? "" : g.text(10)));
  }

  @Test
  void checkDeterminism_typedAnswerChangesBetweenCalls_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(8, KeyType.LONG)) {
          private int calls;

          @Override
          public int partitionOfLong(long key) {
            return (super.partitionOfLong(key) + calls++) % 8;
          }
        };
    assertThrows(
        AssertionError.class,
        () ->
            contractOf(List.of(broken))
                .checkDeterminism(broken, keys(), g -> g.keyOf(KeyType.LONG)));
  }

  @Test
  void checkJsonRoundTrip_typedKeysRoutedOtherwiseByCopy_fails() {
    // prints the JSON of the untyped strategy: the copy rebuilt from it is untyped, so unequal
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(8, KeyType.LONG)) {
          @Override
          public Spec toSpec() {
            return new Fnv1aModStrategy(8).toSpec();
          }
        };
    assertThrows(
        AssertionError.class,
        () -> checkJsonRoundTrip(broken, REGISTRY, keys(), false, g -> g.keyOf(KeyType.LONG)));
  }

  @Test
  void checkReachability_typedPartitionNeverUsed_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(8, KeyType.UUID_KEY)) {
          @Override
          public int partitionOf(byte[] canonical, int offset, int length) {
            int p = super.partitionOf(canonical, offset, length);
            return p == 5 ? 4 : p;
          }
        };
    assertThrows(
        AssertionError.class,
        () -> checkReachability(broken, keys(), g -> g.keyOf(KeyType.UUID_KEY)));
  }

  @Test
  void checkConcurrency_typedKeys_sameAnswersAsOneThread() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      PartitionStrategy s =
          new Fnv1aModStrategy(1024, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
      checkConcurrency(s, keys(), pool, g -> g.keyOf(s.keyType()));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void assertCanonical_strategyWritingItsInput_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(8)) {
          @Override
          public int partitionOf(byte[] canonical, int offset, int length) {
            int p = super.partitionOf(canonical, offset, length);
            if (length > 0) {
              canonical[offset] ^= 1; // the bytes may be the array behind the caller's String
            }
            return p;
          }
        };
    assertThrows(AssertionError.class, () -> checkStringKeys(broken, keys()));
  }

  @Test
  void longRule_partitionOfLongBigEndian_fails() {
    PartitionStrategy broken =
        new Delegating(new Fnv1aModStrategy(1024)) {
          @Override
          public int partitionOfLong(long value) {
            return super.partitionOfLong(Long.reverseBytes(value));
          }
        };
    assertThrows(
        AssertionError.class,
        () -> contractOf(List.of(broken)).partitionOfLong_longKey_matchesCanonicalBytes());
  }

  @Test
  void partitionCounts_onePartitionOnlyButTwo_fails() {
    PartitionStrategyContract c =
        new PartitionStrategyContract() {
          @Override
          protected List<PartitionStrategy> strategies() {
            return List.of(new Fnv1aModStrategy(1), new Fnv1aModStrategy(2));
          }

          @Override
          protected boolean onePartitionOnly() {
            return true;
          }
        };
    assertThrows(AssertionError.class, c::strategies_partitionCounts_includeOneAndSmall);
  }

  @Test
  void kindRules_typedStrategiesOfOtherTypes_skippedNotPassed() {
    PartitionStrategyContract c = contractOf(List.of(new Fnv1aModStrategy(3, KeyType.LONG)));
    c.partitionOfLong_longKey_matchesCanonicalBytes(); // its own kind: checked with its keys
    assertThrows(TestAbortedException.class, c::partitionOf_uuidKey_matchesCanonicalBytes);
    assertThrows(TestAbortedException.class, c::partitionOf_compositeKey_matchesCanonicalBytes);
    PartitionStrategyContract untyped = contractOf(List.of(new Fnv1aModStrategy(3)));
    assertThrows(
        TestAbortedException.class, untyped::partitionOf_keyOfKeyType_matchesCanonicalBytes);
  }

  @Test
  void keyFor_overridden_typedRulesUseIt() {
    int[] calls = {0};
    PartitionStrategyContract c =
        new PartitionStrategyContract() {
          @Override
          protected List<PartitionStrategy> strategies() {
            return List.of(new Fnv1aModStrategy(3, KeyType.LONG));
          }

          @Override
          protected StrategyRegistry registry() {
            return REGISTRY;
          }

          @Override
          protected Object keyFor(PartitionStrategy s, KeyGenerators g) {
            calls[0]++;
            return g.random().nextLong(0, 1000);
          }
        };
    c.partitionOf_keyOfKeyType_matchesCanonicalBytes();
    assertTrue(calls[0] >= KEYS_PER_KIND, "keyFor called " + calls[0] + " times");
  }

  private static PartitionStrategyContract contractOf(List<PartitionStrategy> strategies) {
    return new PartitionStrategyContract() {
      @Override
      protected List<PartitionStrategy> strategies() {
        return strategies;
      }

      @Override
      protected StrategyRegistry registry() {
        return REGISTRY;
      }
    };
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
    public io.shardrouter.core.KeyType keyType() {
      return inner.keyType();
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
    public int partitionOfLong(long value) {
      return inner.partitionOfLong(value);
    }

    @Override
    public Spec toSpec() {
      return inner.toSpec();
    }

    @Override
    public String toString() {
      return "broken " + inner;
    }
  }
}
