package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import net.openhft.hashing.LongHashFunction;
import org.junit.jupiter.api.Test;

/**
 * Zero-Allocation-Hashing's {@code LongHashFunction.murmur_3}, called directly, against the Python
 * port of Austin Appleby's MurmurHash3_x64_128 in {@code tools/golden/gen_hash_vectors.py}: h1 (the
 * first 8 output bytes, little-endian) for every golden input and every 32-bit seed in the file.
 */
class ZahMurmur3CrossCheckTest {
  private static final JsonNode DOC = Golden.load("stable-hashes.json");
  private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

  @Test
  void murmur3_goldenVectors_matchPythonPortOfMurmurHash3Cpp() {
    List<String> failures = new ArrayList<>();
    int functions = 0;
    for (JsonNode f : DOC.get("functions")) {
      if (!f.get("name").asText().equals(StableHash.MURMUR3_64)) {
        continue;
      }
      functions++;
      long seed = Golden.seed(f);
      LongHashFunction zah =
          seed == 0 ? LongHashFunction.murmur_3() : LongHashFunction.murmur_3(seed);
      for (int i = 0; i < DOC.get("inputs").size(); i++) {
        JsonNode in = DOC.get("inputs").get(i);
        JsonNode out = f.get("hashes").get(i);
        long expected = Golden.unsigned(out.get("unsigned").asText(), out.get("hex").asText());
        byte[] bytes = Golden.bytes(in.get("hex").asText());
        String where =
            "murmur_3(" + seed + ") " + in.get("id").asText() + " (" + bytes.length + " bytes)";
        compare(failures, where + " hashBytes", expected, zah.hashBytes(bytes));
        switch (in.get("kind").asText()) {
          case "long" -> {
            long v = Long.parseLong(in.get("value").asText());
            compare(
                failures,
                where + " hashLong",
                expected,
                zah.hashLong(LITTLE_ENDIAN ? v : Long.reverseBytes(v)));
          }
          case "int" -> {
            int v = Integer.parseInt(in.get("value").asText());
            compare(
                failures,
                where + " hashInt",
                expected,
                zah.hashInt(LITTLE_ENDIAN ? v : Integer.reverseBytes(v)));
          }
          default -> {}
        }
      }
    }
    assertEquals(3, functions, "golden file has murmur3-64 for seeds 0, 42 and 4294967295");
    assertTrue(
        failures.isEmpty(), () -> Golden.report("ZAH murmur_3 vs MurmurHash3.cpp port", failures));
  }

  @Test
  void murmur3_unseededAndSeedZero_sameFunction() {
    byte[] data = "tenant:plant-a".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(
        LongHashFunction.murmur_3().hashBytes(data), LongHashFunction.murmur_3(0).hashBytes(data));
  }

  private static void compare(List<String> failures, String where, long expected, long actual) {
    if (expected != actual) {
      failures.add(
          where
              + ": Python h1 = 0x"
              + String.format("%016x", expected)
              + ", ZAH = 0x"
              + String.format("%016x", actual));
    }
  }
}
