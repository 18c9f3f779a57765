package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import io.shardrouter.testing.PartitionStrategyContract;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RoutableIdStrategy}: the strategy contract over several id layouts and partition counts,
 * up to the most a layout's partition bits carry. Keys are the ids a generator of the layout could
 * issue for the table (bit 63 clear, partition field below P), with the fields' extremes mixed in;
 * other longs are refused by design (see {@link RoutableIdStrategyTest}).
 */
class RoutableIdStrategyContractTest extends PartitionStrategyContract {

  @Override
  protected List<PartitionStrategy> strategies() {
    return List.of(
        RoutableIdStrategy.of(IdLayout.DEFAULT, 1),
        RoutableIdStrategy.of(IdLayout.DEFAULT, 3),
        RoutableIdStrategy.of(IdLayout.DEFAULT, 64),
        RoutableIdStrategy.of(IdLayout.DEFAULT, IdLayout.DEFAULT.maxPartitions()),
        RoutableIdStrategy.of(IdLayout.of(1, 0, 1), 2),
        RoutableIdStrategy.of(IdLayout.of(8, 4, 6), 200),
        RoutableIdStrategy.of(IdLayout.of(4, 20, 9), 16),
        RoutableIdStrategy.of(IdLayout.of(24, 0, 8), 1 << 24));
  }

  /**
   * An id of the strategy's layout for one of its partitions; each field random, 0 or its largest
   * value.
   */
  @Override
  protected Object keyFor(PartitionStrategy s, KeyGenerators g) {
    RoutableIdStrategy r = (RoutableIdStrategy) s;
    IdLayout l = r.layout();
    long time = field(g, l.timeBits(), Long.MAX_VALUE);
    long partition = field(g, l.partitionBits(), r.partitionCount() - 1);
    long generator = field(g, l.generatorBits(), Long.MAX_VALUE);
    long sequence = field(g, l.sequenceBits(), Long.MAX_VALUE);
    return l.compose(time, (int) partition, (int) generator, sequence);
  }

  /**
   * A value of {@code bits} bits, at most {@code max}: 0 or the largest one time in four each, else
   * random.
   */
  private static long field(KeyGenerators g, int bits, long max) {
    long largest = Math.min(max, bits == 0 ? 0 : (1L << bits) - 1);
    return switch (g.random().nextInt(8)) {
      case 0 -> 0;
      case 1 -> largest;
      default -> g.random().nextLong(largest + 1);
    };
  }

  @Test
  void keyFor_anyStrategy_idsOfItsPartitions() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    for (PartitionStrategy s : strategies()) {
      RoutableIdStrategy r = (RoutableIdStrategy) s;
      for (int i = 0; i < 1000; i++) {
        long id = (Long) keyFor(s, g);
        assertEquals(
            r.layout().partitionOf(id),
            s.partitionOf(Keys.of(id)),
            () -> s + ": id " + id + "; " + g.describe());
      }
    }
  }
}
