package io.shardrouter.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.hash.StableHash;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SortedTokenRingTest {
  private static String[] names(int n) {
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] = "g" + i;
    }
    return out;
  }

  private static long blake(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    return StableHash.byName(StableHash.BLAKE2B_64, 0).hash(b, 0, b.length);
  }

  /**
   * Expected nodes from a reference Python {@code ConsistentHashRing} (hashlib.blake2b, bisect),
   * run with nodes g0..g15 and 150 virtual nodes: {@code ring.get_node(key)}.
   */
  @Test
  void nodeOf_matches001ReferenceRing() {
    SortedTokenRing ring = new SortedTokenRing(names(16));
    String[][] expected = {
      {"user:1", "g1"}, {"user:2", "g11"}, {"order-42", "g6"}, {"cust-0k3j9x2m1qa", "g2"},
      {"", "g5"}, {"顧客-müller", "g8"}, {"device/7/temp", "g6"}, {"tenant-a:99", "g13"},
    };
    for (String[] e : expected) {
      assertEquals(e[1], "g" + ring.nodeOfPoint(blake(e[0])), "key '" + e[0] + "'");
    }
    assertEquals(2400, ring.size());
    assertEquals(3242030127934060L, ring.token(0));
    assertEquals(Long.parseUnsignedLong("18439432916509110130"), ring.token(ring.size() - 1));
  }

  @Test
  void tokens_ascendingUnsigned() {
    SortedTokenRing ring = new SortedTokenRing(names(64));
    for (int i = 1; i < ring.size(); i++) {
      assertTrue(Long.compareUnsigned(ring.token(i - 1), ring.token(i)) < 0, "token " + i);
    }
  }

  @Test
  void nodeOfPoint_agreesWithLinearScan_includingWrapAndExactTokens() {
    SortedTokenRing ring = new SortedTokenRing(names(128));
    SplittableRandom r = new SplittableRandom(7);
    long[] points = new long[2000];
    for (int i = 0; i < points.length; i++) {
      points[i] = r.nextLong();
    }
    points[0] = -1L; // past the last token: wraps to the first
    points[1] = 0L;
    points[2] = ring.token(5); // exactly on a token: bisect_right goes to the next one
    points[3] = ring.token(ring.size() - 1);
    for (long p : points) {
      int expected = ring.ownerOf(0);
      for (int i = 0; i < ring.size(); i++) {
        if (Long.compareUnsigned(ring.token(i), p) > 0) {
          expected = ring.ownerOf(i);
          break;
        }
      }
      int got = ring.nodeOfPoint(p);
      assertEquals(expected, got, "point " + Long.toUnsignedString(p));
      assertTrue(got >= 0 && got < 128);
    }
    assertEquals(ring.ownerOf(6), ring.nodeOfPoint(ring.token(5)));
    assertEquals(ring.ownerOf(0), ring.nodeOfPoint(-1L));
  }
}
