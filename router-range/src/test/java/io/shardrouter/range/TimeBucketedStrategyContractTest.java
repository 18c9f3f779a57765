package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.testing.Fnv1aModStrategy;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.PartitionStrategyContract;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link TimeBucketedStrategy}: the strategy contract over {@code time_buckets} of every unit, in
 * UTC and another zone, with and without retention, nesting range strategies of every key type
 * (typed: keys of the range's type in its span) and router-core's untyped fake strategy (any key:
 * every overload must reach the nested strategy unchanged).
 */
class TimeBucketedStrategyContractTest extends PartitionStrategyContract {
  private static final StrategyRegistry REGISTRY =
      StrategyRegistry.of(
          new RangeStrategyFactory(),
          new TimeBucketedStrategyFactory(),
          new Fnv1aModStrategy.Factory());
  private static final List<TimeBuckets> BUCKETS =
      List.of(
          TimeBuckets.of(TimeBuckets.Unit.MONTH, ZoneId.of("UTC"), "metrics_{yyyyMM}", "P12M"),
          TimeBuckets.of(
              TimeBuckets.Unit.DAY, ZoneId.of("Europe/Paris"), "events_{yyyy-MM-dd}", null),
          TimeBuckets.of(TimeBuckets.Unit.HOUR, ZoneId.of("UTC"), "h_{yyyyMMddHH}", "P2D"),
          TimeBuckets.of(TimeBuckets.Unit.WEEK, ZoneId.of("Asia/Shanghai"), "w_{GGGG}_{ww}", null));

  @Override
  protected List<PartitionStrategy> strategies() {
    List<PartitionStrategy> out = new ArrayList<>();
    int i = 0;
    for (PartitionStrategy range :
        RangeStrategyContractTest.strategies(new SplittableRandom(seed()))) {
      out.add(TimeBucketedStrategy.of(range, BUCKETS.get(i++ % BUCKETS.size())));
    }
    for (int p : new int[] {1, 2, 7, 64, 1000}) {
      out.add(TimeBucketedStrategy.of(new Fnv1aModStrategy(p), BUCKETS.get(i++ % BUCKETS.size())));
    }
    return out;
  }

  @Override
  protected StrategyRegistry registry() {
    return REGISTRY;
  }

  @Override
  protected Object keyFor(PartitionStrategy s, KeyGenerators g) {
    return RangeContractKeys.keyFor(s, g);
  }

  @Test
  void keyTypePartitionsShares_anyNested_theNestedStrategys() {
    for (PartitionStrategy s : strategies()) {
      PartitionStrategy nested = ((TimeBucketedStrategy) s).strategy();
      KeyType type = nested.keyType();
      assertEquals(type, s.keyType(), s::toString);
      assertEquals(nested.partitionCount(), s.partitionCount(), s::toString);
      for (int p = 0; p < s.partitionCount(); p++) {
        assertEquals(nested.shareOf(p), s.shareOf(p), s + ", partition " + p);
      }
    }
  }
}
