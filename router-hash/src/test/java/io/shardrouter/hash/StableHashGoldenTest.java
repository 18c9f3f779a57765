package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.ReferenceEncoding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every vector of {@code golden/stable-hashes.json} (python-xxhash, hashlib's BLAKE2b and a port of
 * MurmurHash3.cpp; see {@code tools/golden/README.md}) through every entry point of {@link
 * StableHash}: {@code hash(byte[])} over the whole array, over a slice at a nonzero offset inside a
 * larger array of random bytes, {@code hashString} for text keys and {@code hashLong}/{@code
 * hashInt} for numbers.
 */
class StableHashGoldenTest {
  private static final JsonNode DOC = Golden.load("stable-hashes.json");
  private static final long SEED = KeyGenerators.seedOr(0x57AB1EL);

  static Stream<Arguments> functions() {
    List<Arguments> out = new ArrayList<>();
    for (JsonNode f : DOC.get("functions")) {
      out.add(Arguments.of(Golden.label(f), f));
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("functions")
  void hash_goldenVector_matchesIndependentImplementation(String label, JsonNode function) {
    StableHash h = Golden.hash(function);
    assertEquals(function.get("name").asText(), h.name(), label);
    assertEquals(Golden.seed(function), h.seed(), label);
    SplittableRandom random = new SplittableRandom(SEED);
    List<String> failures = new ArrayList<>();
    int checked = 0;
    JsonNode inputs = DOC.get("inputs");
    JsonNode hashes = function.get("hashes");
    assertEquals(inputs.size(), hashes.size(), label + ": one hash per input");
    for (int i = 0; i < inputs.size(); i++) {
      JsonNode in = inputs.get(i);
      JsonNode out = hashes.get(i);
      String id = in.get("id").asText();
      assertEquals(id, out.get("input").asText(), label + ": hashes are in input order");
      long expected = Golden.unsigned(out.get("unsigned").asText(), out.get("hex").asText());
      byte[] bytes = Golden.bytes(in.get("hex").asText());

      check(failures, label, id, "hash(byte[], 0, n)", expected, h.hash(bytes, 0, bytes.length));
      for (int offset : new int[] {1, 3 + bytes.length % 13, 64}) {
        byte[] big = ReferenceEncoding.embed(bytes, offset, random.nextInt(0, 17), random);
        check(
            failures,
            label,
            id,
            "hash(byte[" + big.length + "], " + offset + ", n)",
            expected,
            h.hash(big, offset, bytes.length));
      }
      switch (in.get("kind").asText()) {
        case "string" -> {
          String text = in.get("text").asText();
          assertEquals(
              in.get("hex").asText(),
              Golden.HEX.formatHex(ReferenceEncoding.string(text)),
              "golden file: text of " + id + " is not its hex");
          check(failures, label, id, "hashString", expected, h.hashString(text));
          checked++;
        }
        case "long" -> {
          long v = Long.parseLong(in.get("value").asText());
          assertEquals(
              in.get("hex").asText(),
              Golden.HEX.formatHex(ReferenceEncoding.longKey(v)),
              "golden file: value of " + id + " is not its hex");
          check(failures, label, id, "hashLong(" + v + "L)", expected, h.hashLong(v));
          checked++;
        }
        case "int" -> {
          int v = Integer.parseInt(in.get("value").asText());
          assertEquals(
              in.get("hex").asText(),
              Golden.HEX.formatHex(ReferenceEncoding.intKey(v)),
              "golden file: value of " + id + " is not its hex");
          check(failures, label, id, "hashInt(" + v + ")", expected, h.hashInt(v));
          checked++;
        }
        case "bytes" -> {}
        default -> throw new AssertionError("golden file: unknown input kind in " + in);
      }
    }
    assertTrue(
        failures.isEmpty(),
        () ->
            Golden.report(
                label + " (golden/stable-hashes.json, slice seed=" + SEED + ")", failures));
    assertTrue(
        checked > 300, label + ": typed entry points checked for only " + checked + " inputs");
  }

  @Test
  void goldenFile_functionsAndInputs_coverEveryNameSeedAndLength() {
    Set<String> names = new TreeSet<>();
    Set<String> configs = new HashSet<>();
    for (JsonNode f : DOC.get("functions")) {
      names.add(f.get("name").asText());
      configs.add(Golden.label(f));
    }
    assertEquals(
        new TreeSet<>(StableHash.NAMES), names, "every registered hash has golden vectors");
    for (String c :
        List.of(
            "xxh3-64(seed=0)",
            "xxh3-64(seed=42)",
            "xxh3-64(seed=11400714819323198485)",
            "murmur3-64(seed=0)",
            "murmur3-64(seed=42)",
            "murmur3-64(seed=4294967295)",
            "blake2b-64")) {
      assertTrue(configs.contains(c), "golden file lacks " + c + "; has " + configs);
    }
    Set<String> ids = new HashSet<>();
    for (JsonNode in : DOC.get("inputs")) {
      ids.add(in.get("id").asText());
    }
    for (int n = 0; n <= 300; n++) {
      assertTrue(
          ids.contains(String.format("ascii-len-%03d", n)),
          "golden file lacks the ASCII input of length " + n);
    }
    for (String id :
        List.of(
            "bytes-empty",
            "bytes-00",
            "text-emoji",
            "text-cjk-2",
            "text-max-code-point",
            "long-03",
            "long-04",
            "int-03",
            "int-04")) {
      assertTrue(ids.contains(id), "golden file lacks input " + id);
    }
  }

  private static void check(
      List<String> failures, String label, String id, String entry, long expected, long actual) {
    if (expected != actual) {
      failures.add(
          label
              + " "
              + id
              + " via "
              + entry
              + ": expected "
              + Long.toUnsignedString(expected)
              + " (0x"
              + String.format("%016x", expected)
              + "), got "
              + Long.toUnsignedString(actual)
              + " (0x"
              + String.format("%016x", actual)
              + ")");
    }
  }
}
