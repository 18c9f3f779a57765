package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RouteCommandTest {
  static final List<String> KEYS =
      List.of(
          "order-000001",
          "order-000002",
          "",
          "Straße",
          "東京-42",
          "emoji-🎉-key",
          "with space",
          "Ωmega");

  @TempDir Path dir;

  private static String line(String key, Route r) {
    return key + "\t" + r.partition() + "\t" + r.group().id();
  }

  private static List<String> expectedString(List<String> keys) {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.JUMP));
    List<String> lines = new ArrayList<>();
    for (String k : keys) {
      lines.add(line(k, t.route(k)));
    }
    return lines;
  }

  private Path keysFile(byte[] content) throws IOException {
    Path f = Files.createTempFile(dir, "keys", ".txt");
    Files.write(f, content);
    return f;
  }

  private Path keysFile(List<String> keys) throws IOException {
    return keysFile((String.join("\n", keys) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void route_keyArguments_matchRoutingTableRoute() {
    List<String> args = new ArrayList<>(List.of("route", Cli.JUMP));
    args.addAll(KEYS);
    Cli.Result r = Cli.run(args.toArray(new String[0]));
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals("", r.err());
    assertEquals(expectedString(KEYS), r.outLines());
  }

  @Test
  void route_keysFile_matchRoutingTableRouteInOrder() throws IOException {
    List<String> keys = new ArrayList<>(KEYS);
    for (int i = 0; i < 5000; i++) {
      keys.add("user-" + i + (i % 7 == 0 ? "-é" : ""));
    }
    Cli.Result r = Cli.run("route", Cli.JUMP, "--keys", keysFile(keys).toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(expectedString(keys), r.outLines());
  }

  @Test
  void route_keysFileWithCrlfBomAndNoFinalNewline_sameKeys() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
    b.write("Straße\r\norder-1\r\n東京".getBytes(StandardCharsets.UTF_8));
    Cli.Result r = Cli.run("route", Cli.JUMP, "--keys=" + keysFile(b.toByteArray()));
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(expectedString(List.of("Straße", "order-1", "東京")), r.outLines());
  }

  @Test
  void route_keysFromStandardInput_sameAsFromFile() throws IOException {
    byte[] content = (String.join("\n", KEYS) + "\n").getBytes(StandardCharsets.UTF_8);
    Cli.Result fromStdin = Cli.runWithInput(content, "route", Cli.JUMP, "--keys", "-");
    Cli.Result fromFile = Cli.run("route", Cli.JUMP, "--keys", keysFile(content).toString());
    assertEquals(ShardCtl.OK, fromStdin.status(), fromStdin::toString);
    assertEquals(fromFile.out(), fromStdin.out());
    assertEquals(expectedString(KEYS), fromStdin.outLines());
  }

  @Test
  void route_longKeys_matchRouteOfLong() {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.HASH_MOD));
    long[] keys = {0, 1, 42, -7, Long.MIN_VALUE, Long.MAX_VALUE};
    List<String> args = new ArrayList<>(List.of("route", Cli.HASH_MOD));
    List<String> expected = new ArrayList<>();
    for (long k : keys) {
      args.add(Long.toString(k));
      expected.add(line(Long.toString(k), t.route(k)));
    }
    Cli.Result r = Cli.run(args.toArray(new String[0]));
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(expected, r.outLines());
  }

  @Test
  void route_badLongKeyArgument_errorLineForItOthersRouteStatus1() {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.HASH_MOD));
    Cli.Result r = Cli.run("route", Cli.HASH_MOD, "42", "abc", "7");
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals(List.of(line("42", t.route(42L)), line("7", t.route(7L))), r.outLines());
    assertEquals(1, r.errLines().size(), r::toString);
    assertTrue(
        r.errLines().get(0).startsWith("shardctl route: key argument 2: key 'abc' is not a long"),
        r::toString);
  }

  @Test
  void route_badLongKeysInFile_errorLinePerKeyWithLineNumberStatus1() throws IOException {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.HASH_MOD));
    Cli.Result r =
        Cli.run(
            "route",
            Cli.HASH_MOD,
            "--keys",
            keysFile(List.of("1", "abc", "2", "3.5", "3")).toString());
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals(
        List.of(line("1", t.route(1L)), line("2", t.route(2L)), line("3", t.route(3L))),
        r.outLines());
    assertEquals(2, r.errLines().size(), r::toString);
    assertTrue(
        r.errLines().get(0).startsWith("shardctl route: line 2: key 'abc' is not a long"),
        r::toString);
    assertTrue(
        r.errLines().get(1).startsWith("shardctl route: line 4: key '3.5' is not a long"),
        r::toString);
  }

  @Test
  void route_malformedUtf8Line_errorLineOthersRouteStatus1() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write("good-1\n".getBytes(StandardCharsets.UTF_8));
    b.write(new byte[] {'b', 'a', 'd', (byte) 0xC3, '\n'}); // a lead byte with no continuation
    b.write("good-2\n".getBytes(StandardCharsets.UTF_8));
    Cli.Result r = Cli.run("route", Cli.JUMP, "--keys", keysFile(b.toByteArray()).toString());
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals(expectedString(List.of("good-1", "good-2")), r.outLines());
    assertEquals(
        List.of(
            "shardctl route: line 2: not well-formed UTF-8; a key file holds UTF-8 text, one key per line"),
        r.errLines());
  }

  @Test
  void route_compositeKeys_matchRouteOfParts() throws IOException {
    String doc =
        ValidateCommandTest.SMALL
            .replace(
                "{\"type\": \"string\"}",
                "{\"type\": \"composite\", \"parts\": [\"string\", \"long\"]}")
            .replace("\"partitions\": 2", "\"partitions\": 4")
            .replace("[\"g0\", \"g1\"]", "[\"g0\", \"g1\", \"g0\", \"g1\"]");
    Path f = Files.createTempFile(dir, "composite", ".json");
    Files.writeString(f, doc);
    RoutingTable t = RoutingDocuments.read(f);
    Cli.Result r =
        Cli.run("route", f.toString(), "[\"plant-a\", 42]", "[\"plant-b\", -1]", "[\"plant-c\"]");
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals(
        List.of(
            line("[\"plant-a\", 42]", t.route("plant-a", 42L)),
            line("[\"plant-b\", -1]", t.route("plant-b", -1L))),
        r.outLines());
    assertTrue(r.errLines().get(0).contains("must be a JSON array of 2 parts"), r::toString);
  }

  @Test
  void route_compositeKeyWithTrailingText_refusedNotRoutedAsItsPrefix() throws IOException {
    String doc =
        ValidateCommandTest.SMALL.replace(
            "{\"type\": \"string\"}",
            "{\"type\": \"composite\", \"parts\": [\"string\", \"long\"]}");
    Path f = Files.createTempFile(dir, "composite", ".json");
    Files.writeString(f, doc);
    Cli.Result r =
        Cli.run(
            "route",
            f.toString(),
            "[\"plant-a\", 42] junk",
            "[\"plant-a\", 42]]",
            "[\"a\", 1], [\"b\", 2]");
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals("", r.out(), r::toString);
    assertEquals(3, r.errLines().size(), r::toString);
    r.errLines().forEach(l -> assertTrue(l.contains("is not a JSON array"), l));
  }

  @Test
  void route_keyStartingWithDashes_afterDoubleDash() {
    Cli.Result r = Cli.run("route", Cli.JUMP, "--", "--keys", "-x");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(expectedString(List.of("--keys", "-x")), r.outLines());
  }

  @Test
  void route_missingKeysFile_status2() {
    Cli.Result r = Cli.run("route", Cli.JUMP, "--keys", dir.resolve("none.txt").toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(r.err().contains("key file") && r.err().contains("does not exist"), r::toString);
  }

  @Test
  void route_keysFileAndKeyArguments_usageStatus2() {
    Cli.Result r = Cli.run("route", Cli.JUMP, "a", "--keys", "-");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(
        r.errLines().get(0).startsWith("shardctl route: needs DOC and --keys FILE"), r::toString);
  }

  @Test
  void route_invalidDocument_status2WithViolations() throws IOException {
    Path f = Files.createTempFile(dir, "bad", ".json");
    Files.writeString(f, ValidateCommandTest.SMALL.replace("\"g1\"]", "\"g7\"]"));
    Cli.Result r = Cli.run("route", f.toString(), "a");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out());
    assertTrue(r.errLines().get(1).startsWith("placement[1]: unknown group 'g7'"), r::toString);
  }

  @Test
  void route_rangeDocument_keysParsedAsTimestamps_noRouteKeyReportedOthersRouted() {
    Cli.Result r =
        Cli.run(
            "route",
            Cli.RANGE_COMPACT,
            "2026-03-31T23:59:59Z",
            "2025-12-31T23:59:59Z",
            "2026-04-01T00:00:00Z",
            "2026-04-01T08:00:00+08:00",
            "2026-04-01T00:00:00");
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals(
        List.of(
            "2026-03-31T23:59:59Z\t0\tts-01",
            "2026-04-01T00:00:00Z\t1\tts-02",
            "2026-04-01T08:00:00+08:00\t1\tts-02"),
        r.outLines());
    assertEquals(2, r.errLines().size(), r::toString);
    assertTrue(
        r.errLines()
            .get(0)
            .startsWith(
                "shardctl route: key argument 2: key 2025-12-31T23:59:59Z (timestamp) is in no range:"
                    + " it is below the first range [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z)"),
        r::toString);
    assertTrue(
        r.errLines()
            .get(1)
            .startsWith(
                "shardctl route: key argument 5: key '2026-04-01T00:00:00' is not a timestamp"
                    + " (it has no zone offset"),
        r::toString);
  }

  @Test
  void route_rangeDocument_keysFile_noRouteLinesNumbered() throws IOException {
    Cli.Result r =
        Cli.run(
            "route",
            Cli.RANGE_COMPACT,
            "--keys",
            keysFile(
                    List.of("2026-01-01T00:00:00Z", "1999-01-01T00:00:00Z", "2030-01-01T00:00:00Z"))
                .toString());
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals(
        List.of("2026-01-01T00:00:00Z\t0\tts-01", "2030-01-01T00:00:00Z\t1\tts-02"), r.outLines());
    assertTrue(
        r.errLines()
            .get(0)
            .startsWith(
                "shardctl route: line 2: key 1999-01-01T00:00:00Z (timestamp) is in no range"),
        r::toString);
  }
}
