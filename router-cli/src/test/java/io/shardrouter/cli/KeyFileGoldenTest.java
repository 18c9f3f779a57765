package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Key files as bytes and what {@code shardctl route DOC --keys FILE} prints for them, from {@code
 * golden/key-files.json}, which {@code tools/golden/gen_key_file_vectors.py} computes from {@code
 * docs/format.md} §7 in Python (with python3-xxhash), independently of this code: a {@code \r} at
 * the end of the file dropped like the one before a {@code \n}, keys of exactly 16 MiB read and
 * longer ones refused alone, {@code +} years of 5 or 6 digits that name year 9999 or earlier, and a
 * key with a control or format character printed with it escaped ({@code printed}, docs/format.md
 * §1.8).
 */
class KeyFileGoldenTest {
  @TempDir Path dir;

  private static JsonNode cases() throws IOException {
    try (InputStream in = KeyFileGoldenTest.class.getResourceAsStream("/golden/key-files.json")) {
      return new ObjectMapper().readTree(in).get("cases");
    }
  }

  private static byte[] input(JsonNode pieces) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (JsonNode p : pieces) {
      if (p.has("utf8")) {
        b.writeBytes(p.get("utf8").textValue().getBytes(StandardCharsets.UTF_8));
      } else if (p.has("hex")) {
        b.writeBytes(HexFormat.of().parseHex(p.get("hex").textValue()));
      } else {
        b.writeBytes(
            p.get("repeat")
                .textValue()
                .repeat(p.get("count").intValue())
                .getBytes(StandardCharsets.UTF_8));
      }
    }
    return b.toByteArray();
  }

  /** The lines of {@code out}, split at {@code \n} only: a key may hold a {@code \r}. */
  private static List<String> lines(String out) {
    List<String> lines = new ArrayList<>();
    int from = 0;
    for (int i = out.indexOf('\n'); i >= 0; i = out.indexOf('\n', from)) {
      lines.add(out.substring(from, i));
      from = i + 1;
    }
    assertEquals(out.length(), from, "output ends with a newline");
    return lines;
  }

  private static String key(JsonNode route) {
    return route.has("text")
        ? route.get("text").textValue()
        : route.get("repeat").textValue().repeat(route.get("count").intValue());
  }

  @Test
  void route_everyGoldenKeyFile() throws IOException {
    int checked = 0;
    for (JsonNode c : cases()) {
      String name = c.get("name").textValue();
      byte[] bytes = input(c.get("input"));
      assertEquals(c.get("input_bytes").intValue(), bytes.length, name);
      Path file = dir.resolve(name + ".txt");
      Files.write(file, bytes);
      String doc = Path.of("..").resolve(c.get("document").textValue()).toString();

      Cli.Result r = runRaw("route", doc, "--keys", file.toString());

      assertEquals(c.get("status").intValue(), r.status(), name + ": " + r.err());
      List<String> out = lines(r.out());
      JsonNode routes = c.get("routes");
      assertEquals(routes.size(), out.size(), name);
      for (int i = 0; i < routes.size(); i++) {
        JsonNode want = routes.get(i);
        String expected =
            (want.has("printed") ? want.get("printed").textValue() : key(want))
                + "\t"
                + want.get("partition").intValue()
                + "\t"
                + want.get("group").textValue();
        // compare without building a message of 16 MiB
        assertTrue(
            expected.equals(out.get(i)),
            name + " line " + want.get("line").intValue() + ": expected a different route");
        checked++;
      }
      List<String> err = lines(r.err());
      JsonNode refused = c.get("refused_lines");
      assertEquals(refused.size(), err.size(), name + ": " + r.err());
      for (int i = 0; i < refused.size(); i++) {
        String prefix = "shardctl route: line " + refused.get(i).intValue() + ": ";
        assertTrue(err.get(i).startsWith(prefix), name + ": " + err.get(i));
        checked++;
      }
    }
    assertTrue(checked >= 30, checked + " vectors");
  }

  /** {@link Cli#run} without its CRLF normalization: the bytes of a key are compared as printed. */
  private static Cli.Result runRaw(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (java.io.PrintStream o = new java.io.PrintStream(out, false, StandardCharsets.UTF_8);
        java.io.PrintStream e = new java.io.PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = ShardCtl.run(args, new java.io.ByteArrayInputStream(new byte[0]), o, e);
    }
    return new Cli.Result(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
