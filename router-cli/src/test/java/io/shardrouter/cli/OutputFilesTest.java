package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files commands write ({@link Tables#output}, {@link Tables#write}): a bad output path is
 * refused before the command does its work, in plain words, and a good one is replaced whole
 * without replacing what it is (a link stays a link, a file keeps its permissions).
 */
class OutputFilesTest {
  @TempDir Path dir;

  private static void assertRefused(Cli.Result r, String errStart) {
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out(), "nothing printed before the refusal");
    assertTrue(r.err().startsWith(errStart), r::toString);
    assertFalse(r.err().contains("java."), "no Java class names: " + r.err());
  }

  @Test
  void directoryOrDevice_refusedBeforeTheWork_nothingReplaced() {
    assertRefused(
        Cli.run("snapshot", Cli.JUMP, dir.toString()),
        "shardctl snapshot: OUT " + dir + " is a directory: give the path of a file");
    assertRefused(
        Cli.run("snapshot", Cli.JUMP, "/dev/null"),
        "shardctl snapshot: OUT /dev/null is not a regular file: give the path of a file");
    assertTrue(Files.isDirectory(dir));
    assertFalse(Files.isRegularFile(Path.of("/dev/null")), "the device stays a device");
  }

  @Test
  void theInputItself_refused_inputUnchanged() throws IOException {
    Path doc = dir.resolve("range.json");
    Files.copy(Path.of(Cli.RANGE_COMPACT), doc);
    byte[] before = Files.readAllBytes(doc);
    assertRefused(
        Cli.run("split", doc.toString(), "2026-02-01T00:00:00Z", doc.toString()),
        "shardctl split: OUT " + doc + " is the input " + doc + ": give another path");
    // also through a link to it, and for merge
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), doc);
    assertRefused(
        Cli.run("merge", doc.toString(), "0", link.toString()),
        "shardctl merge: OUT " + link + " is the input " + doc);
    assertArrayEquals(before, Files.readAllBytes(doc));
  }

  @Test
  void aLink_staysALink_itsTargetReplaced_andAFileKeepsItsPermissions() throws IOException {
    Path real = dir.resolve("real.snap");
    Files.writeString(real, "old");
    Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rw-------"));
    Path link = Files.createSymbolicLink(dir.resolve("link.snap"), real);
    Cli.Result r = Cli.run("snapshot", Cli.JUMP, link.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(Files.isSymbolicLink(link), "the link is still a link");
    assertTrue(RoutingDocuments.isSnapshot(Files.readAllBytes(real)), "its target is the snapshot");
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(real)));
    try (var left = Files.list(dir)) {
      assertEquals(
          List.of("link.snap", "real.snap"),
          left.map(p -> p.getFileName().toString()).sorted().toList(),
          "no temporary file left");
    }
  }

  @Test
  void analyzeOutputs_refusedBeforeTheReportIsPrinted() throws IOException {
    Path keys = dir.resolve("keys.txt");
    Files.write(keys, List.of("a", "b", "c"), StandardCharsets.UTF_8);
    for (String option : new String[] {"--json", "--html", "--stats-out"}) {
      assertRefused(
          Cli.run("analyze", Cli.JUMP, "--keys", keys.toString(), option, dir.toString()),
          "shardctl analyze: " + option + " " + dir + " is a directory");
      assertRefused(
          Cli.run(
              "analyze",
              Cli.JUMP,
              "--keys",
              keys.toString(),
              option,
              dir.resolve("no/x").toString()),
          "shardctl analyze: " + option + " " + dir.resolve("no/x") + ": directory ");
    }
    assertRefused(
        Cli.run("analyze", Cli.JUMP, "--keys", keys.toString(), "--json", keys.toString()),
        "shardctl analyze: --json "
            + keys
            + " is the input "
            + keys); // every input counts (--compare here), and an earlier output is no later one's
    // path
    Path other = dir.resolve("other.json");
    Files.copy(Path.of(Cli.JUMP), other);
    byte[] before = Files.readAllBytes(other);
    assertRefused(
        Cli.run(
            "analyze",
            Cli.JUMP,
            "--keys",
            keys.toString(),
            "--compare",
            other.toString(),
            "--json",
            other.toString()),
        "shardctl analyze: --json " + other + " is the input " + other);
    assertArrayEquals(before, Files.readAllBytes(other));
    Path report = dir.resolve("report.out");
    assertRefused(
        Cli.run(
            "analyze",
            Cli.JUMP,
            "--keys",
            keys.toString(),
            "--json",
            report.toString(),
            "--html",
            report.toString()),
        "shardctl analyze: --html " + report + " is also the output " + report);
  }

  @Test
  void twoOutputsThroughALinkedDirectory_refused_andANewFileHasTheUmasksPermissions()
      throws IOException {
    Path keys = dir.resolve("keys.txt");
    Files.write(keys, List.of("a", "b", "c"), StandardCharsets.UTF_8);
    Path real = Files.createDirectory(dir.resolve("real"));
    Path linked = Files.createSymbolicLink(dir.resolve("linked"), real);
    assertRefused(
        Cli.run(
            "analyze",
            Cli.JUMP,
            "--keys",
            keys.toString(),
            "--json",
            linked.resolve("r.out").toString(),
            "--html",
            real.resolve("r.out").toString()),
        "shardctl analyze: --html " + real.resolve("r.out") + " is also the output ");
    // a new file is made as any other: its permissions are the umask's, not a temporary file's 600
    Path fresh = dir.resolve("fresh.snap");
    assertEquals(ShardCtl.OK, Cli.run("snapshot", Cli.JUMP, fresh.toString()).status());
    Path probe = Files.createFile(dir.resolve("probe"));
    assertEquals(Files.getPosixFilePermissions(probe), Files.getPosixFilePermissions(fresh));
  }

  @Test
  void aPathThatNamesADirectoryOrIsTooLong_refusedBeforeTheWork() throws IOException {
    Path file = Files.writeString(dir.resolve("f.snap"), "old");
    assertRefused(
        Cli.run("snapshot", Cli.JUMP, file + "/"),
        "shardctl snapshot: OUT " + file + "/ names a directory");
    assertEquals("old", Files.readString(file), "the file before the slash is not replaced");
    assertRefused(Cli.run("snapshot", Cli.JUMP, ""), "shardctl snapshot: OUT is empty");
    String longName = dir.resolve("a".repeat(256)).toString();
    assertRefused(
        Cli.run("snapshot", Cli.JUMP, longName),
        "shardctl snapshot: OUT " + longName + " has a file name of more than 255 bytes");
    // a long name a file system takes is written (the temporary name does not grow with it)
    Path long240 = dir.resolve("b".repeat(240));
    assertEquals(ShardCtl.OK, Cli.run("snapshot", Cli.JUMP, long240.toString()).status());
  }

  @Test
  void aDanglingLink_refusedNamingItsTarget_theLinkKept() throws IOException {
    Path link = Files.createSymbolicLink(dir.resolve("out.snap"), dir.resolve("gone/real.snap"));
    assertRefused(
        Cli.run("snapshot", Cli.JUMP, link.toString()),
        "shardctl snapshot: OUT " + link + " is a link to " + dir.resolve("gone/real.snap"));
    assertTrue(Files.isSymbolicLink(link));
  }

  @Test
  void migratePlanOut_aFile_refusedBeforeThePlanIsPrinted() throws IOException {
    Path file = dir.resolve("not-a-dir");
    Files.writeString(file, "x");
    assertRefused(
        Cli.run("migrate", "plan", Cli.JUMP, Cli.JUMP, "--out", file.toString()),
        "shardctl migrate plan: --out " + file + " is not a directory");
  }

  @Test
  void advise_bothInputs_refusedSayingNotBoth() throws IOException {
    Path keys = dir.resolve("keys.txt");
    Files.write(keys, List.of("a"), StandardCharsets.UTF_8);
    Cli.Result r =
        Cli.run("advise", Cli.JUMP, "--stats", keys.toString(), "--keys", keys.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(
        r.err().contains("takes one of --stats STATS (a statistics export) and --keys FILE"),
        r::toString);
    assertTrue(r.err().contains("not both"), r::toString);
  }
}
