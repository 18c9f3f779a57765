package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.hash.internal.TokenIndex;
import org.junit.jupiter.api.Test;

/**
 * {@link TokenIndex} at its size bound (exactly 2^20 tokens indexed, one more refused), and its
 * longest scan counted over the tokens of one bucket, however far apart inside it.
 */
class TokenIndexBoundsTest {

  @Test
  void maxTokens_indexed_oneMoreRefused() {
    int max = TokenIndex.MAX_TOKENS;
    long[] tokens = new long[max + 1];
    int[] ids = new int[max + 1];
    for (int i = 0; i <= max; i++) {
      tokens[i] = (long) i << 40;
      ids[i] = i;
    }
    TokenIndex index =
        new TokenIndex(java.util.Arrays.copyOf(tokens, max), java.util.Arrays.copyOf(ids, max));
    assertEquals(1, index.partitionOf(0));
    assertEquals(0, index.partitionOf(-1L), "above the last token: wraps to the first");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new TokenIndex(tokens, ids));
    assertEquals(
        "a token index needs 1 to 1048576 tokens and one partition each, got 1048577 tokens and"
            + " 1048577 partitions",
        e.getMessage());
  }

  @Test
  void longestScan_countsTokensOfOneBucket_farApartInside() {
    // Four tokens, four buckets (the top two bits): three in bucket 0, 2^40 apart.
    TokenIndex index =
        new TokenIndex(
            new long[] {0, 1L << 40, 2L << 40, 0x8000000000000000L}, new int[] {0, 1, 2, 3});
    assertEquals(4, index.buckets());
    assertEquals(3, index.longestScan());
    assertEquals(1, index.flaggedBuckets());
  }
}
