package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key (or other text of an input) that {@code shardctl} prints is escaped as the error messages
 * quote input (docs/format.md §1.8): a control character, a bidirectional override or another
 * format character (Unicode Cf) never reaches the terminal as it is, and a printed line stays one
 * line.
 */
class EchoedTextTest {
  /** Keys with a character of each escaped kind, and how each is printed. */
  private static final List<String> KEYS =
      List.of(
          "a\tb",
          "x\u001b[2J",
          "\u202Eevil",
          "zero\u200Bwidth",
          "del\u007F",
          "c1\u0085",
          "soft\u00ADhyphen",
          "tag" + Character.toString(0xE0041),
          "line\u2028sep",
          "plain");

  private static final List<String> PRINTED =
      List.of(
          "a\\tb",
          "x\\u001b[2J",
          "\\u202eevil",
          "zero\\u200bwidth",
          "del\\u007f",
          "c1\\u0085",
          "soft\\u00adhyphen",
          "tag\\udb40\\udc41",
          "line\\u2028sep",
          "plain");

  @TempDir Path dir;

  /** Fails when {@code text} holds a character the escaping would have written as an escape. */
  static void assertPrintable(String text) {
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      int type = Character.getType(cp);
      boolean raw =
          cp != '\n'
              && (cp < 0x20
                  || (cp >= 0x7F && cp <= 0x9F)
                  || cp == 0x2028
                  || cp == 0x2029
                  || type == Character.FORMAT
                  || type == Character.SURROGATE);
      int at = i;
      assertTrue(
          !raw, () -> "U+" + Integer.toHexString(cp) + " at " + at + " printed raw:\n" + text);
      i += Character.charCount(cp);
    }
  }

  private Path write(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
  }

  /** A compact range document of string keys, with its ranges' starts and shards. */
  private Path stringRanges(String name, long version, String... startsAndShards)
      throws IOException {
    StringBuilder sb = new StringBuilder("{\"routing_version\":").append(version);
    sb.append(",\"entity\":\"names\",\"key\":{\"type\":\"string\"},\"ranges\":[");
    for (int i = 0; i < startsAndShards.length; i += 2) {
      String end = i + 2 < startsAndShards.length ? json(startsAndShards[i + 2]) : "null";
      sb.append(i == 0 ? "" : ",")
          .append("{\"start\":")
          .append(json(startsAndShards[i]))
          .append(",\"end\":")
          .append(end)
          .append(",\"shard\":\"")
          .append(startsAndShards[i + 1])
          .append("\"}");
    }
    return write(name, sb.append("]}").toString());
  }

  /** {@code s} as a JSON string, every character but ASCII printables written as an escape. */
  private static String json(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
        sb.append(c);
      } else {
        sb.append(String.format("\\u%04x", (int) c));
      }
    }
    return sb.append('"').toString();
  }

  @Test
  void route_keysWithControlAndFormatCharacters_printedEscaped_threeFieldsALine()
      throws IOException {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.JUMP));
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < KEYS.size(); i++) {
      Route r = t.route(KEYS.get(i));
      expected.add(PRINTED.get(i) + "\t" + r.partition() + "\t" + r.group().id());
    }
    Path keys = write("keys.txt", String.join("\n", KEYS) + "\n");
    Cli.Result fromFile = Cli.run("route", Cli.JUMP, "--keys", keys.toString());
    assertEquals(ShardCtl.OK, fromFile.status(), fromFile::toString);
    assertEquals(expected, fromFile.outLines());

    List<String> args = new ArrayList<>(List.of("route", Cli.JUMP));
    args.addAll(KEYS);
    args.add("two\nlines"); // only an argument can hold a line break
    Cli.Result fromArgs = Cli.run(args.toArray(new String[0]));
    assertEquals(ShardCtl.OK, fromArgs.status(), fromArgs::toString);
    Route two = t.route("two\nlines");
    expected.add("two\\nlines\t" + two.partition() + "\t" + two.group().id());
    assertEquals(expected, fromArgs.outLines());
  }

  /**
   * A hash_mod document of string keys over two partitions and the groups {@code ids}, partition p
   * on group {@code placement[p]}, each group's primary {@code db-ID}.
   */
  private Path groupsDoc(String name, long version, String[] ids, int... placement)
      throws IOException {
    StringBuilder sb = new StringBuilder("{\"format\":1,\"routing_version\":").append(version);
    sb.append(",\"entity\":\"orders\",\"key\":{\"type\":\"string\"},");
    sb.append("\"strategy\":{\"type\":\"hash_mod\",\"partitions\":")
        .append(placement.length)
        .append("},\"groups\":[");
    for (int g = 0; g < ids.length; g++) {
      sb.append(g == 0 ? "" : ",")
          .append("{\"id\":")
          .append(json(ids[g]))
          .append(",\"primary\":")
          .append(json("db-" + ids[g]))
          .append('}');
    }
    sb.append("],\"placement\":[");
    for (int p = 0; p < placement.length; p++) {
      sb.append(p == 0 ? "" : ",").append(json(ids[placement[p]]));
    }
    return write(name, sb.append("]}").toString());
  }

  /**
   * The format allows any group id that is not blank (docs/format.md §1.5), a tab or a
   * bidirectional override included: route prints it escaped, so every line holds exactly three
   * tab-separated fields.
   */
  @Test
  void route_groupIdWithATabOrAnOverride_printedEscaped_threeFieldsALine() throws IOException {
    Path doc = groupsDoc("tab-groups.json", 1, new String[] {"g\t0", "g\u202E1"}, 0, 1);
    RoutingTable t = RoutingDocuments.read(doc);
    List<String> keys = List.of("a", "b", "c", "d", "e", "f");
    Cli.Result r = Cli.run("route", doc.toString(), "a", "b", "c", "d", "e", "f");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    List<String> expected = new ArrayList<>();
    for (String k : keys) {
      Route route = t.route(k);
      expected.add(
          k
              + "\t"
              + route.partition()
              + "\t"
              + (route.group().id().equals("g\t0") ? "g\\t0" : "g\\u202e1"));
    }
    assertEquals(expected, r.outLines());
    for (String line : r.outLines()) {
      assertEquals(3, line.split("\t", -1).length, line);
      assertPrintable(line.replace('\t', ' ')); // the two separators are its only tabs
    }
  }

  /** The movements of a migration plan are columns of group ids: printed escaped. */
  @Test
  void migratePlan_groupIdsWithControlAndFormatCharacters_printedEscaped() throws IOException {
    String[] ids = {"g\t0", "g\u202E1", "new\u001b[2J\nforged line"};
    Path from = groupsDoc("from.json", 1, ids, 0, 1, 0, 1);
    Path to = groupsDoc("to.json", 2, ids, 0, 1, 2, 2);
    Cli.Result r = Cli.run("migrate", "plan", from.toString(), to.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(r.out().contains("g\\t0 -> new\\u001b[2J\\nforged line"), r::toString);
    assertTrue(r.out().contains("g\\u202e1 -> new\\u001b[2J\\nforged line"), r::toString);
    assertPrintable(r.out());
    assertNoLineStartsWith(r.out(), "forged line");
  }

  /**
   * A group id with a line break cannot start a line of {@code diff}'s report: the report escapes
   * it where it writes it, in the library.
   */
  @Test
  void diff_groupIdWithALineBreak_staysOnItsLine() throws IOException {
    String[] ids = {"g0", "g1", "new\nforged line"};
    Path from = groupsDoc("from.json", 1, ids, 0, 1, 0, 1);
    Path to = groupsDoc("to.json", 2, ids, 0, 1, 2, 2);
    Cli.Result r = Cli.run("diff", from.toString(), to.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(r.out().contains("new\\nforged line"), r::toString);
    assertPrintable(r.out());
    assertNoLineStartsWith(r.out(), "forged line");
  }

  private static void assertNoLineStartsWith(String text, String start) {
    for (String line : text.split("\n")) {
      assertTrue(!line.startsWith(start), () -> "a line starts with '" + start + "':\n" + text);
    }
  }

  /** A refusal that quotes group ids and endpoints quotes them escaped, as every message does. */
  @Test
  void migrateStart_refusalQuotingGroupIds_printedEscaped() throws IOException {
    String[] ids = {"g\t0", "g\u202E1", "new\u001b[2J"};
    Path from = groupsDoc("from.json", 1, ids, 0, 1, 0, 1);
    Path to = groupsDoc("to.json", 2, ids, 0, 1, 2, 2);
    Cli.Result r =
        Cli.run(
            "migrate",
            "start",
            from.toString(),
            to.toString(),
            "--zk",
            "127.0.0.1:1",
            "--table",
            "orders",
            "--columns",
            "c");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(
        r.err()
            .contains(
                "group 'g\\t0' has the primary endpoint 'db-g\\t0', not a JDBC URL; give one URL"
                    + " per group with --jdbc URL,URL,... in this order:"
                    + " g\\t0,g\\u202e1,new\\u001b[2J"),
        r::toString);
    assertPrintable(r.err());
  }

  @Test
  void explain_keyAndItsPath_printedEscaped() {
    Cli.Result r = Cli.run("explain", Cli.JUMP, "x\u001b[2J\u202E");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals("key         x\\u001b[2J\\u202e (string)", r.outLines().get(0));
    assertPrintable(r.out());

    Cli.Result tenant = Cli.run("explain", Cli.LOOKUP_TENANTS, "[\"x\\u001b[31m\", \"pump-7\"]");
    assertEquals(ShardCtl.OK, tenant.status(), tenant::toString);
    assertTrue(tenant.out().contains("tenant 'x\\u001b[31m'"), tenant::toString);
    assertPrintable(tenant.out());
  }

  @Test
  void analyze_hotKeyWithAnEscapeSequence_printedEscaped() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 50; i++) {
      sb.append("hot\u001b[31m\u202E").append('\n').append("order-").append(i).append('\n');
    }
    Cli.Result r =
        Cli.run("analyze", Cli.JUMP, "--keys", write("hot.txt", sb.toString()).toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(r.out().contains("  hot\\u001b[31m\\u202e  50"), r::toString);
    assertPrintable(r.out());
  }

  @Test
  void buckets_keyOfTheWindow_printedEscaped() {
    Cli.Result r =
        Cli.run(
            "buckets",
            Cli.TIME_BUCKETS,
            "2026-03-20T00:00:00Z",
            "2026-05-10T00:00:00Z",
            "[\"\u202Eacme\", \"device-7\"]");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(r.out().contains("of key [\"\\u202eacme\", "), r::toString);
    assertPrintable(r.out());
  }

  @Test
  void splitPointDiffPruneSplit_stringRangesWithFormatCharacters_printedEscaped()
      throws IOException {
    Path v1 = stringRanges("v1.json", 1, "", "a", "m\u202E", "b");
    Path v2 = stringRanges("v2.json", 2, "", "a", "m\u202E", "b", "t\u200B", "a");
    StringBuilder sample = new StringBuilder();
    for (int i = 0; i < 9; i++) {
      sample.append("n\u202E").append(i).append('\n');
    }
    Cli.Result splitPoint =
        Cli.run(
            "split-point", v1.toString(), "--keys", write("s.txt", sample.toString()).toString());
    assertEquals(ShardCtl.OK, splitPoint.status(), splitPoint::toString);
    assertTrue(splitPoint.out().contains("m\\u202e"), splitPoint::toString);
    assertTrue(splitPoint.out().contains("n\\u202e"), splitPoint::toString);
    assertPrintable(splitPoint.out());

    Cli.Result diff = Cli.run("diff", v1.toString(), v2.toString());
    assertEquals(ShardCtl.OK, diff.status(), diff::toString);
    assertTrue(diff.out().contains("t\\u200b"), diff::toString);
    assertPrintable(diff.out());

    Cli.Result prune = Cli.run("prune", v2.toString(), "--from", "m\u202E", "--to", "t\u200B");
    assertEquals(ShardCtl.OK, prune.status(), prune::toString);
    assertPrintable(prune.out());
    Cli.Result reversed = Cli.run("prune", v2.toString(), "--from", "z\u202E", "--to", "a\u001b");
    assertEquals(ShardCtl.INVALID, reversed.status(), reversed::toString);
    assertTrue(reversed.err().contains("--from z\\u202e"), reversed::toString);
    assertPrintable(reversed.err());

    Cli.Result split =
        Cli.run("split", v1.toString(), "q\u2066", dir.resolve("v3.json").toString());
    assertEquals(ShardCtl.OK, split.status(), split::toString);
    assertTrue(split.out().contains("q\\u2066"), split::toString);
    assertPrintable(split.out());
  }
}
