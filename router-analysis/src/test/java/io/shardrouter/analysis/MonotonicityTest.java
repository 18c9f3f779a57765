package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.stats.KeySample;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rank correlation and growth curve at their edges: the fewest keys that have them, where the
 * curve's points fall, and the order of negative {@code int} keys.
 */
class MonotonicityTest {
  static KeySample.Entry intKey(int v) {
    byte[] b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    return new KeySample.Entry(Integer.toString(v), b, 1);
  }

  static List<KeySample.Entry> ints(int... vs) {
    List<KeySample.Entry> out = new ArrayList<>();
    for (int v : vs) {
      out.add(intKey(v));
    }
    return out;
  }

  @Test
  void rankCorrelation_fromThreeKeys() {
    assertEquals(1.0, Monotonicity.rankCorrelation(ints(1, 2, 3), KeyType.Kind.INT), 1e-12);
    assertEquals(-1.0, Monotonicity.rankCorrelation(ints(3, 2, 1), KeyType.Kind.INT), 1e-12);
    assertTrue(Double.isNaN(Monotonicity.rankCorrelation(ints(1, 2), KeyType.Kind.INT)));
  }

  @Test
  void negativeInts_rankBelowPositiveOnes() {
    // in arrival order -5, -1, 0, 7: increasing only when the 4 bytes are sign-extended
    assertEquals(1.0, Monotonicity.rankCorrelation(ints(-5, -1, 0, 7), KeyType.Kind.INT), 1e-12);
    List<double[]> g = Monotonicity.growth(ints(-5, 7, -1), KeyType.Kind.INT, 10);
    assertArrayEquals(new double[] {0, 0, 0.5, 1, 1, 0.5}, flat(g));
  }

  @Test
  void growth_ofTwoKeys_isTwoPoints() {
    assertArrayEquals(
        new double[] {0, 1, 1, 0}, flat(Monotonicity.growth(ints(9, 4), KeyType.Kind.INT, 10)));
    assertEquals(0, Monotonicity.growth(ints(9), KeyType.Kind.INT, 10).size());
  }

  @Test
  void growth_everyStepthKey_andTheLast() {
    // 10 keys in 5 points: every second key, then the last one
    List<double[]> g = Monotonicity.growth(ints(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), KeyType.Kind.INT, 5);
    assertArrayEquals(
        new double[] {
          0, 0, 2 / 9.0, 2 / 9.0, 4 / 9.0, 4 / 9.0, 6 / 9.0, 6 / 9.0, 8 / 9.0, 8 / 9.0, 1, 1
        },
        flat(g),
        1e-12);
    // 7 keys in 3 points: keys 0, 3 and 6, the last already among them
    List<double[]> h = Monotonicity.growth(ints(6, 5, 4, 3, 2, 1, 0), KeyType.Kind.INT, 3);
    assertArrayEquals(new double[] {0, 1, 0.5, 0.5, 1, 0}, flat(h), 1e-12);
  }

  private static double[] flat(List<double[]> points) {
    double[] out = new double[points.size() * 2];
    for (int i = 0; i < points.size(); i++) {
      out[2 * i] = points.get(i)[0];
      out[2 * i + 1] = points.get(i)[1];
    }
    return out;
  }
}
