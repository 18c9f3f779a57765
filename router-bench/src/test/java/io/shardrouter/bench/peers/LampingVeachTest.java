package io.shardrouter.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.hash.JumpHashStrategy;
import io.shardrouter.hash.StableHash;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LampingVeachTest {
  @Test
  void jump_agreesWithTheLibrarysJumpStrategy() {
    SplittableRandom r = new SplittableRandom(3);
    for (int i = 0; i < 10_000; i++) {
      long key = r.nextLong();
      int n = 1 + r.nextInt(5000);
      assertEquals(
          JumpHashStrategy.of(StableHash.xxh3(), n).partitionOfHash(key),
          LampingVeach.jump(key, n),
          "key " + key + ", n " + n);
    }
  }

  @Test
  void jump_growingMovesKeysOnlyToTheNewBucket() {
    SplittableRandom r = new SplittableRandom(4);
    int moved = 0;
    int keys = 20_000;
    for (int i = 0; i < keys; i++) {
      long key = r.nextLong();
      int before = LampingVeach.jump(key, 10);
      int after = LampingVeach.jump(key, 11);
      assertTrue(after == before || after == 10, "key moved from " + before + " to " + after);
      moved += after != before ? 1 : 0;
    }
    assertTrue(
        Math.abs(moved - keys / 11.0) < keys * 0.01,
        "moved " + moved + ", expected about " + keys / 11);
  }
}
