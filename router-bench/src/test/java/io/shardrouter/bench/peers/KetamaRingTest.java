package io.shardrouter.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;

class KetamaRingTest {
  private static String[] names(int n) {
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] = "g" + i;
    }
    return out;
  }

  @Test
  void point_isLittleEndianUnsigned() {
    // MD5("") = d41d8cd9 8f00b204 e9800998 ecf8427e
    byte[] d = KetamaRing.md5().digest(new byte[0]);
    assertEquals(0xd98c1dd4L, KetamaRing.point(d, 0));
    assertEquals(0x7e42f8ecL, KetamaRing.point(d, 3));
  }

  /**
   * Expected nodes from an independent Python transcription of the same description (hashlib.md5,
   * 160 points per node as 40 digests of {@code name-k}, first point at or after the key's,
   * wrapping).
   */
  @Test
  void nodeOf_matchesIndependentTranscription() {
    KetamaRing ring = new KetamaRing(names(16));
    assertEquals(2560, ring.size());
    MessageDigest md5 = KetamaRing.md5();
    String[][] expected = {
      {"user:1", "10"}, {"user:2", "1"}, {"order-42", "6"}, {"cust-0k3j9x2m1qa", "2"},
      {"", "8"}, {"顧客-müller", "12"}, {"device/7/temp", "7"}, {"tenant-a:99", "10"},
    };
    for (String[] e : expected) {
      assertEquals(
          Integer.parseInt(e[1]),
          ring.nodeOf(e[0].getBytes(StandardCharsets.UTF_8), md5),
          "key '" + e[0] + "'");
    }
  }

  @Test
  void nodeOf_returnsMembers_spreadOverAllNodes() {
    int n = 32;
    KetamaRing ring = new KetamaRing(names(n));
    MessageDigest md5 = KetamaRing.md5();
    int[] counts = new int[n];
    int keys = 64_000;
    for (int i = 0; i < keys; i++) {
      int node = ring.nodeOf(("key-" + i).getBytes(StandardCharsets.UTF_8), md5);
      assertTrue(node >= 0 && node < n, "node " + node);
      counts[node]++;
    }
    for (int c : counts) {
      // 160 points per node keep each share within about ±30% of 1/n
      assertTrue(c > keys / n * 0.6 && c < keys / n * 1.4, "share " + c + " of " + keys);
    }
  }
}
