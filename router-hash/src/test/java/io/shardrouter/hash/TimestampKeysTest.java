package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.KeyText;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Hash strategies route a {@code timestamp} key as its canonical bytes, like any other key. */
class TimestampKeysTest {

  @Test
  void partitionOfInstant_equalsPartitionOfCanonicalBytes_everyHash() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom r = new SplittableRandom(seed);
    for (String name : StableHash.NAMES) {
      StableHash h = StableHash.byName(name, 0);
      for (PartitionStrategy s :
          new PartitionStrategy[] {HashModStrategy.of(h, 1000), JumpHashStrategy.of(h, 1024)}) {
        for (int i = 0; i < 2000; i++) {
          long micros = i < 3 ? new long[] {0, Long.MIN_VALUE, Long.MAX_VALUE}[i] : r.nextLong();
          Instant at = KeyText.instant(micros);
          assertEquals(
              s.partitionOf(Keys.of(at)),
              s.partitionOf(Keys.of(at)),
              () -> "seed " + seed + ", " + s + ", " + at);
          assertEquals(
              s.partitionOf(Keys.of(micros)),
              s.partitionOf(Keys.of(at)),
              () -> "a timestamp hashes as the long of its microseconds");
        }
      }
    }
  }
}
