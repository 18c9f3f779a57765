package io.shardrouter.consumercheck.strategy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import io.shardrouter.testing.PartitionStrategyContract;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The published contract (router-testing) run against a strategy written outside the project:
 * every rule a built-in strategy passes, plus rendezvous hashing's own promise.
 */
class RendezvousContractTest extends PartitionStrategyContract {
  @Override
  protected List<PartitionStrategy> strategies() {
    return List.of(
        new RendezvousStrategy(1, 0),
        new RendezvousStrategy(7, 0),
        new RendezvousStrategy(64, 42),
        new RendezvousStrategy(1000, -3));
  }

  @Test
  void growingByOne_movesKeysOnlyToTheNewPartition() {
    long seed = seed();
    KeyGenerators g = KeyGenerators.seeded(seed);
    RendezvousStrategy before = new RendezvousStrategy(10, 5);
    RendezvousStrategy after = new RendezvousStrategy(11, 5);
    int moved = 0;
    int keys = 20_000;
    for (int i = 0; i < keys; i++) {
      byte[] k = Keys.of("device-" + i + "-" + g.anyLong()); // distinct keys: a binomial share
      int a = before.partitionOf(k);
      int b = after.partitionOf(k);
      if (a != b) {
        assertEquals(10, b, g::describe);
        moved++;
      }
    }
    double share = moved / (double) keys;
    // 1/11 of distinct keys, within 5 standard deviations (sqrt(p(1-p)/n) = 0.002 here)
    assertTrue(Math.abs(share - 1.0 / 11) < 0.01, "moved share " + share + "; " + g.describe());
  }
}
