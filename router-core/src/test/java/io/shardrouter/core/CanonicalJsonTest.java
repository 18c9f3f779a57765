package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.SpecTrees;
import io.shardrouter.testing.KeyGenerators;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link CanonicalJson} writes, char for char, what the codec's JSON library writes for the same
 * value: every kind, every char below U+0080, non-ASCII, surrogate pairs, integers of any size,
 * decimals, and an {@link AsciiMembers} view's ready text.
 */
class CanonicalJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void randomValues_sameTextAsTheJsonLibrary() throws Exception {
    long seed = KeyGenerators.seedOr(0xC0DEC0DEL);
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 2000; i++) {
      Spec v = value(rnd, 0);
      assertEquals(
          JSON.writeValueAsString(SpecTrees.toJson(v)), CanonicalJson.of(v), "seed " + seed);
      assertEquals(v, RoutingDocuments.parseSpec(CanonicalJson.of(v)), "seed " + seed);
    }
  }

  @Test
  void everyAsciiChar_escapedAsTheJsonLibraryDoes() throws Exception {
    StringBuilder all = new StringBuilder();
    for (char c = 0; c < 0x80; c++) {
      all.append(c);
    }
    all.append("\u00e9\u2028\ud83d\ude00");
    String s = all.toString();
    assertEquals(JSON.writeValueAsString(s), CanonicalJson.string(s));
    assertEquals(JSON.writeValueAsString(s), Spec.of(s).toString());
  }

  @Test
  void asciiMembersView_writesItsReadyText() {
    // The ready text differs from the members here only so that the test sees which one is written.
    Spec view = Spec.viewOf(new Ready());
    assertEquals("{\"a\":1,\"b\":3}", CanonicalJson.of(view));
    assertEquals("[{\"a\":1,\"b\":3}]", CanonicalJson.of(Spec.array(List.of(view))));
  }

  /** A view whose members are {@code a: 1, b: 2}, written as ready text. */
  private static final class Ready extends AbstractMap<String, Spec> implements AsciiMembers {
    private final Map<String, Spec> members = new LinkedHashMap<>();

    Ready() {
      members.put("a", Spec.of(1));
      members.put("b", Spec.of(2));
    }

    @Override
    public Set<Entry<String, Spec>> entrySet() {
      return members.entrySet();
    }

    @Override
    public boolean writeMembers(Out out) throws java.io.IOException {
      byte[] text = "\"a\":1,\"b\":3".getBytes(StandardCharsets.US_ASCII);
      out.write(text, 0, text.length);
      return true;
    }
  }

  private static Spec value(SplittableRandom rnd, int depth) {
    int kind = rnd.nextInt(depth > 3 ? 5 : 7);
    return switch (kind) {
      case 0 -> Spec.of(text(rnd));
      case 1 -> Spec.of(rnd.nextLong());
      case 2 -> Spec.of(new BigInteger(70 + rnd.nextInt(60), new java.util.Random(rnd.nextLong())));
      case 3 -> Spec.of(decimal(rnd));
      case 4 -> rnd.nextBoolean() ? Spec.of(rnd.nextBoolean()) : Spec.nullValue();
      case 5 -> {
        List<Spec> a = new ArrayList<>();
        for (int i = 0, n = rnd.nextInt(5); i < n; i++) {
          a.add(value(rnd, depth + 1));
        }
        yield Spec.array(a);
      }
      default -> {
        Spec.ObjectBuilder o = Spec.object();
        Set<String> names = new java.util.HashSet<>();
        for (int i = 0, n = rnd.nextInt(5); i < n; i++) {
          String name = text(rnd);
          if (names.add(name)) {
            o.put(name, value(rnd, depth + 1));
          }
        }
        yield o.build();
      }
    };
  }

  private static double decimal(SplittableRandom rnd) {
    return switch (rnd.nextInt(4)) {
      case 0 -> rnd.nextDouble();
      case 1 ->
          Double.longBitsToDouble(rnd.nextLong() & 0x7FEFFFFFFFFFFFFFL)
              * (rnd.nextBoolean() ? 1 : -1);
      case 2 -> rnd.nextInt(1000) / 8.0;
      default -> Math.pow(10, rnd.nextInt(-30, 30));
    };
  }

  private static String text(SplittableRandom rnd) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0, n = rnd.nextInt(10); i < n; i++) {
      switch (rnd.nextInt(5)) {
        case 0 -> sb.append((char) rnd.nextInt(0x80));
        case 1 -> sb.append((char) (0x80 + rnd.nextInt(0xD000)));
        case 2 -> sb.appendCodePoint(0x10000 + rnd.nextInt(0x100000));
        case 3 -> sb.append("\"\\/");
        default -> sb.append((char) ('a' + rnd.nextInt(26)));
      }
    }
    return sb.toString();
  }
}
