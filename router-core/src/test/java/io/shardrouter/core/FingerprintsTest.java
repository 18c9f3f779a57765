package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.internal.Hex;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.SpecTrees;
import io.shardrouter.testing.KeyGenerators;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The streamed fingerprint equals the one over the whole text, and the digest of the text the
 * codec's JSON library writes (which computed every fingerprint before): no fingerprint changed
 * when the library stopped being used for them. Lone surrogates are refused as before.
 */
class FingerprintsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void of_randomContent_equalsWholeTextDigest_andTheJsonLibrarysText() throws Exception {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 200; i++) {
      List<Spec> a = new ArrayList<>();
      // Long enough, now and then, to cross the writer's 8 KiB buffer mid-character.
      int n = rnd.nextInt(i % 10 == 0 ? 20_000 : 50);
      for (int j = 0; j < n; j++) {
        a.add(rnd.nextInt(4) == 0 ? Spec.of(rnd.nextLong()) : Spec.of(text(rnd)));
      }
      Spec content =
          Spec.object().put("placement", Spec.array(a)).put(text(rnd), text(rnd)).build();
      String streamed = Fingerprints.of(content);
      assertEquals(Fingerprints.ofText(content), streamed, "seed " + seed);
      assertEquals(jsonLibrarys(content), streamed, "seed " + seed);
    }
  }

  @Test
  void of_goldenContent_knownDigest() {
    Spec content =
        Spec.object()
            .put("entity", "orders")
            .put("key", Spec.object().put("type", "string").build())
            .put(
                "strategy",
                Spec.object()
                    .put("type", "hash_mod")
                    .put("hash", "xxh3-64")
                    .put("partitions", 2)
                    .build())
            .put(
                "groups",
                Spec.array(
                    List.of(Spec.object().put("id", "g0").put("primary", "db0:5432").build())))
            .put("placement", Spec.array(List.of(Spec.of("g0"), Spec.of("g0"))))
            .build();
    // docs/format.md §2.3, computed with Python's hashlib.
    assertEquals(
        "db76e343f03fe44f3169953fda7b466f66a4a7f9fbbafdcb00012717e8ecbc14",
        Fingerprints.of(content));
  }

  /** format.md §1.1's document, read and fingerprinted through the table: the §2.3 values. */
  @Test
  void table_formatExample_contentAndDigestAsDocumented() {
    RoutingTable t =
        read(
            "{\"format\": 1, \"routing_version\": 7, \"entity\": \"orders\", \"key\": {\"type\":"
                + " \"string\"}, \"strategy\": {\"type\": \"hash_mod\", \"hash\": \"xxh3-64\","
                + " \"partitions\": 4}, \"groups\": [{\"id\": \"g0\", \"primary\": \"db0:5432\","
                + " \"replicas\": [\"db0r:5432\"], \"labels\": {\"region\": \"eu\", \"zone\":"
                + " \"b\"}}, {\"id\": \"g1\", \"primary\": {\"endpoint\": \"db1:5432\","
                + " \"labels\": {\"zone\": \"a\"}}}], \"placement\": [\"g0\", \"g1\", \"g0\","
                + " \"g1\"]}");
    assertEquals(
        "{\"entity\":\"orders\",\"key\":{\"type\":\"string\"},\"strategy\":{\"type\":\"hash_mod\","
            + "\"hash\":\"xxh3-64\",\"partitions\":4},\"groups\":[{\"id\":\"g0\",\"primary\":"
            + "\"db0:5432\",\"replicas\":[\"db0r:5432\"],\"labels\":{\"region\":\"eu\",\"zone\":"
            + "\"b\"}},{\"id\":\"g1\",\"primary\":{\"endpoint\":\"db1:5432\",\"labels\":{\"zone\":"
            + "\"a\"}}}],\"placement\":[\"g0\",\"g1\",\"g0\",\"g1\"]}",
        RoutingTableSpec.content(t).toString());
    assertEquals(
        "0a1ddb123b0f77846a247511501fc7ac215e95dc974ada9b2a2aad82dc704359", t.fingerprint());
  }

  /**
   * Extensions of every kind format 1 allows (integers of any size, text with escapes, booleans,
   * null, nesting), digested through the table, as the JSON library's text gives.
   */
  @Test
  void table_extensionsOfEveryKind_digestOfTheJsonLibrarysText() throws Exception {
    RoutingTable base =
        read(
            "{\"format\":1,\"routing_version\":3,\"entity\":\"e\",\"key\":{\"type\":\"long\"},"
                + "\"strategy\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":2},"
                + "\"groups\":[{\"id\":\"g0\",\"primary\":\"db0\"}],\"placement\":[\"g0\",\"g0\"]}");
    Spec ext =
        Spec.object()
            .put("big", Spec.of(new java.math.BigInteger("123456789012345678901234567890")))
            .put("text", "tab\there \u0001 \u007f é \ud83d\ude00")
            .put(
                "flags",
                Spec.array(List.of(Spec.of(true), Spec.nullValue(), Spec.of(Long.MIN_VALUE))))
            .build();
    RoutingTable t = base.toBuilder().version(4).extension("x_test", ext).build();
    assertEquals(jsonLibrarys(RoutingTableSpec.content(t)), t.fingerprint());
    assertEquals(t, read(RoutingDocuments.write(t)));
  }

  @Test
  void of_loneSurrogate_refusedAsBefore() {
    for (String bad : new String[] {"ord\uD800", "\uDC00x", "a\uD800b"}) {
      Spec content = Spec.object().put("entity", bad).build();
      InvalidKeyException old =
          assertThrows(InvalidKeyException.class, () -> Fingerprints.ofText(content));
      InvalidKeyException now =
          assertThrows(InvalidKeyException.class, () -> Fingerprints.of(content));
      assertEquals(old.getMessage(), now.getMessage());
    }
  }

  /** Reads a document whose strategy is {@link HashModEcho}'s. */
  private static RoutingTable read(String json) {
    return RoutingDocuments.read(
        json.getBytes(StandardCharsets.UTF_8),
        StrategyRegistry.of(new HashModEcho.Factory()),
        ReadLimits.defaults());
  }

  /**
   * Stands in for router-hash's {@code hash_mod} (not on core's class path): it routes by byte sum,
   * but prints the same strategy object, which is all a fingerprint reads.
   */
  private record HashModEcho(String hash, int partitions) implements PartitionStrategy {
    @Override
    public String type() {
      return "hash_mod";
    }

    @Override
    public int partitionCount() {
      return partitions;
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      int sum = 0;
      for (int i = offset; i < offset + length; i++) {
        sum += canonical[i] & 0xFF;
      }
      return sum % partitions;
    }

    @Override
    public Spec toSpec() {
      return Spec.object()
          .put("type", "hash_mod")
          .put("hash", hash)
          .put("partitions", partitions)
          .build();
    }

    static final class Factory implements StrategyFactory {
      @Override
      public String type() {
        return "hash_mod";
      }

      @Override
      public java.util.Set<String> parameterNames() {
        return java.util.Set.of("hash", "partitions");
      }

      @Override
      public PartitionStrategy create(StrategyParameters params) {
        String hash = params.optionalString("hash", "xxh3-64");
        int p = params.requiredInt("partitions", 1, 1 << 20);
        params.throwIfViolations();
        return new HashModEcho(hash, p);
      }
    }
  }

  /** SHA-256 of the UTF-8 of the text the JSON library writes for {@code content}. */
  private static String jsonLibrarys(Spec content) throws Exception {
    byte[] text =
        JSON.writeValueAsString(SpecTrees.toJson(content)).getBytes(StandardCharsets.UTF_8);
    return Hex.of(MessageDigest.getInstance("SHA-256").digest(text));
  }

  private static String text(SplittableRandom rnd) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0, n = rnd.nextInt(12); i < n; i++) {
      switch (rnd.nextInt(6)) {
        case 0 -> sb.append((char) rnd.nextInt(0x20)); // control characters, escaped
        case 1 -> sb.append((char) (0x7F + rnd.nextInt(0x781))); // DEL and two UTF-8 bytes
        case 2 ->
            sb.append((char) (0x800 + rnd.nextInt(0xD000))); // three bytes, below the surrogates
        case 3 -> sb.appendCodePoint(0x10000 + rnd.nextInt(0x100000)); // a surrogate pair
        case 4 -> sb.append("\"\\/");
        default -> sb.append((char) (0x20 + rnd.nextInt(0x5F))); // printable ASCII
      }
    }
    return sb.toString();
  }
}
