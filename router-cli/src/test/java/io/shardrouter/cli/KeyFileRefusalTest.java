package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refused key does not stop a run over a key file: every routable key's route is printed, each
 * refused line is reported on standard error with its line number, and the status is 1.
 */
class KeyFileRefusalTest {
  @TempDir Path dir;

  private Path routableIdDocument() throws IOException {
    StringBuilder placement = new StringBuilder();
    for (int p = 0; p < 16; p++) {
      placement.append(p == 0 ? "" : ", ").append(p % 2 == 0 ? "\"g0\"" : "\"g1\"");
    }
    String doc =
        "{\"format\": 1, \"routing_version\": 1, \"entity\": \"orders\", \"key\": {\"type\": \"long\"},"
            + " \"strategy\": {\"type\": \"routable_id\", \"partitions\": 16},"
            + " \"groups\": [{\"id\": \"g0\", \"primary\": \"db0:5432\"},"
            + " {\"id\": \"g1\", \"primary\": \"db1:5432\"}],"
            + " \"placement\": ["
            + placement
            + "]}";
    Path f = dir.resolve("ids.json");
    Files.writeString(f, doc);
    return f;
  }

  private Path keys(String content) throws IOException {
    Path f = dir.resolve("keys.txt");
    Files.write(f, content.getBytes(StandardCharsets.UTF_8));
    return f;
  }

  @Test
  void route_negativeRoutableId_otherKeysStillRouted() throws IOException {
    // 4194313347 = time 1000 ms, partition 9, generator 2, sequence 3 (routing-spec.md §4.5)
    Path doc = routableIdDocument();
    Cli.Result r =
        Cli.run("route", doc.toString(), "--keys", keys("4194313347\n-5\n1024\n").toString());
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals(List.of("4194313347\t9\tg1", "1024\t1\tg1"), r.outLines());
    assertEquals(1, r.errLines().size(), r::toString);
    assertTrue(
        r.errLines().get(0).startsWith("shardctl route: line 2: id -5 is negative"), r::toString);
  }

  @Test
  void route_everyKindOfRefusedLine_reportedWithItsNumber() throws IOException {
    Path doc = routableIdDocument();
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}); // a byte-order mark: ignored
    b.write("7\r\n".getBytes(StandardCharsets.UTF_8)); // CRLF: the key 7
    b.write("\n".getBytes(StandardCharsets.UTF_8)); // an empty line is the empty key: no long
    b.write("\u0661\u0662\n".getBytes(StandardCharsets.UTF_8)); // Arabic-Indic digits: no long
    b.write("+5\n".getBytes(StandardCharsets.UTF_8));
    b.write(new byte[] {(byte) 0xC1, (byte) 0xBF, '\n'}); // not UTF-8
    b.write("2048".getBytes(StandardCharsets.UTF_8)); // the last line needs no newline
    Path f = dir.resolve("mixed.txt");
    Files.write(f, b.toByteArray());
    Cli.Result r = Cli.run("route", doc.toString(), "--keys", f.toString());
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertEquals(List.of("7\t0\tg0", "2048\t2\tg0"), r.outLines());
    List<String> err = r.errLines();
    assertEquals(4, err.size(), r::toString);
    assertTrue(err.get(0).startsWith("shardctl route: line 2: key '' is not a long"), r::toString);
    // quoted as written (only controls, separators, overrides and lone surrogates are escaped)
    assertTrue(
        err.get(1)
            .startsWith(
                "shardctl route: line 3: key '\u0661\u0662' is not a long (character U+0661 at"
                    + " index 0"),
        r::toString);
    assertTrue(
        err.get(2).startsWith("shardctl route: line 4: key '+5' is not a long"), r::toString);
    assertTrue(err.get(3).startsWith("shardctl route: line 5: not well-formed UTF-8"), r::toString);
  }

  @Test
  void diff_negativeRoutableId_reportedAndCounted() throws IOException {
    Path doc = routableIdDocument();
    Cli.Result r =
        Cli.run(
            "diff", doc.toString(), doc.toString(), "--keys", keys("4194313347\n-5\n").toString());
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertTrue(r.err().contains("shardctl diff: line 2: id -5 is negative"), r::toString);
    assertTrue(r.out().contains("keys: 1 routed"), r::toString);
  }
}
