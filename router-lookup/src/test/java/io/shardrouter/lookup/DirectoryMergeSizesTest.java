package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.KeyType;
import io.shardrouter.testing.Keys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A directory built from keys given in descending order, at sizes where the key sort's last merge
 * of a pass has a right run that ends exactly at the last key (3 x 32, 3 x 64, ...) and keys with
 * bytes of 0x80 and above: every key routes to its partition and the entries are written in
 * unsigned byte order.
 */
class DirectoryMergeSizesTest {

  @Test
  void descendingKeys_atMergeEdgeSizes_sortedAndRouted() {
    for (int n : new int[] {96, 97, 160, 192, 224, 320, 384}) {
      LookupStrategyBuilder b =
          LookupStrategy.builder(KeyType.STRING).fallback(Fixtures.hashMod(8)).partitions(1000);
      List<String> keys = new ArrayList<>();
      for (int i = n - 1; i >= 0; i--) {
        String k = (i % 2 == 0 ? "é" : "k") + String.format("%05d", i * 7919 % 100_000);
        keys.add(k);
        b.entry(k, i % 1000);
      }
      LookupStrategy s = b.build();
      assertEquals(n, s.size(), "n = " + n);
      for (int j = 0; j < n; j++) {
        int i = n - 1 - j;
        assertEquals(
            i % 1000, s.partitionOf(Keys.of(keys.get(j))), "n = " + n + ", key " + keys.get(j));
      }
      List<String> written = new ArrayList<>(s.toSpec().get("entries").fields().keySet());
      String[] expected = keys.toArray(new String[0]);
      Arrays.sort(
          expected,
          (x, y) ->
              Arrays.compareUnsigned(
                  x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8)));
      assertEquals(Arrays.asList(expected), written, "n = " + n);
    }
  }
}
