package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.KeyGenerators;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The document writer's streamed write of {@link LookupStrategy#toSpec()}, whose entries are read
 * from the directory as they are written, gives the bytes of the whole tree: random strategies with
 * plain, dedicated, pinned and (for tenants) split entries (nested strategies, a nested lookup),
 * non-ASCII keys, whole keys and first parts, and strategies read from both entry forms. Seeded;
 * messages carry the seed.
 */
class LookupWriteJsonTest {

  @Test
  void streamedWrite_randomStrategies_sameBytesAsTree() throws IOException {
    long seed = KeyGenerators.seedOr(0x57E4L);
    KeyGenerators g = KeyGenerators.seeded(seed);
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int round = 0; round < 40; round++) {
      LookupStrategy s = random(rnd, g, round % 4);
      assertEquals(
          SpecText.treeText(s.toSpec()), written(s), () -> "strategy " + s + "; " + g.describe());
    }
  }

  @Test
  void streamedWrite_readFromEitherEntryForm_sameBytesAsTree() throws IOException {
    String head =
        "{\"format\":1,\"routing_version\":1,\"entity\":\"users\",\"key\":{\"type\":\"string\"},\"strategy\":{\"type\":"
            + "\"lookup\",\"partitions\":12,\"fallback\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":8},\"entries\":";
    String tail =
        "},\"groups\":[{\"id\":\"g0\",\"primary\":\"db0:5432\"}],\"placement\":["
            + "\"g0\",".repeat(11)
            + "\"g0\"]}";
    for (String entries :
        new String[] {
          "{\"zeta\":3,\"äpfel\":{\"partition\":9,\"dedicated\":true},\"\":1}",
          "[[\"zeta\",3],[\"äpfel\",{\"partition\":9,\"dedicated\":true}],[\"\",1]]"
        }) {
      RoutingTable t = RoutingDocuments.read(head + entries + tail);
      PartitionStrategy s = t.strategy();
      assertEquals(SpecText.treeText(s.toSpec()), written(s), entries);
      assertEquals(
          SpecText.treeText(t.toSpec()),
          new String(RoutingDocuments.writeCompact(t), "UTF-8"),
          entries);
    }
  }

  static String written(PartitionStrategy s) throws IOException {
    return SpecText.streamed(s.toSpec());
  }

  /** Shapes: 0 string keys, 1 long keys, 2 (string, long) tenants, 3 (long, long) tenants. */
  private static LookupStrategy random(SplittableRandom rnd, KeyGenerators g, int shape) {
    KeyType type =
        switch (shape) {
          case 0 -> KeyType.STRING;
          case 1 -> KeyType.LONG;
          case 2 -> KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
          default -> KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG);
        };
    boolean stringKeys = shape == 0 || shape == 2;
    LookupStrategyBuilder b =
        LookupStrategy.builder(type).fallback(Fixtures.hashMod(64)).partitions(100_000);
    if (shape >= 2) {
      b.match(LookupStrategy.MatchMode.FIRST_PART);
    }
    int next = 64; // partitions only entries reach
    Set<String> keys = new HashSet<>();
    int n = rnd.nextInt(2_000);
    while (keys.size() < n) {
      String k =
          stringKeys
              ? (rnd.nextInt(4) == 0 ? g.nonAscii(0, 10) : g.ascii(0, 30))
              : Long.toString(rnd.nextLong());
      if (!keys.add(k)) {
        continue;
      }
      switch (rnd.nextInt(10)) {
        case 0 -> b.entry(k, LookupEntry.partition(next++).dedicated());
        case 1 ->
            b.entry(
                k,
                LookupEntry.partition(rnd.nextInt(64))
                    .pinned(Map.of("region", "eu-" + rnd.nextInt(3))));
        case 2 -> {
          if (shape >= 2) { // splits route the whole key of a tenant: first parts only
            b.entry(k, LookupEntry.split(next, Fixtures.hashMod(3)).dedicated());
            next += 3;
          } else {
            b.entry(k, rnd.nextInt(64));
          }
        }
        case 3 -> {
          if (shape == 2 && !keys.contains("nested")) {
            keys.add("nested");
            b.entry(
                "nested",
                LookupEntry.split(
                    next,
                    LookupStrategy.builder(type)
                        .fallback(Fixtures.jump(4))
                        .entry("[\"ünder\",2]", 2)
                        .entry("[\"x\",-1]", 1)
                        .build()));
            next += 4;
          }
          b.entry(k, rnd.nextInt(64));
        }
        default -> b.entry(k, rnd.nextInt(64));
      }
    }
    return b.build();
  }
}
