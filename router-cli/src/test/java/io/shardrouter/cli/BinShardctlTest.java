package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/shardctl}, the script that builds {@code shardctl.jar} when it is missing or older
 * than the sources, then runs it: a build that fails exits with a status of its own, not with the
 * one of a bad document or command line, and says how to see why. Run on a copy of the script in a
 * repository of its own, whose Maven wrapper fails.
 */
class BinShardctlTest {
  /** The status bin/shardctl exits with when it could not build shardctl.jar. */
  private static final int BUILD_FAILED = 4;

  @TempDir Path root;

  @Test
  void buildFails_exits4_saysTheBuildFailedAndHowToSeeWhy() throws Exception {
    Path bash = Path.of("/bin/bash");
    Assumptions.assumeTrue(Files.isExecutable(bash), "needs bash");
    Path script = Files.createDirectories(root.resolve("bin")).resolve("shardctl");
    Files.copy(Path.of("..", "bin", "shardctl"), script, StandardCopyOption.COPY_ATTRIBUTES);
    Files.writeString(root.resolve("pom.xml"), "<project/>\n");
    Path mvnw = root.resolve("mvnw");
    Files.writeString(
        mvnw, "#!/usr/bin/env bash\necho '[ERROR] a compilation error' >&2\nexit 1\n");
    assertTrue(mvnw.toFile().setExecutable(true));

    Process p =
        new ProcessBuilder(bash.toString(), script.toString(), "validate", "doc.json")
            .redirectOutput(root.resolve("out").toFile())
            .redirectError(root.resolve("err").toFile())
            .start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bin/shardctl did not end");
    String out = Files.readString(root.resolve("out"), StandardCharsets.UTF_8);
    String err = Files.readString(root.resolve("err"), StandardCharsets.UTF_8);
    String real = root.toRealPath().toString();

    assertEquals(BUILD_FAILED, p.exitValue(), err);
    assertEquals("", out);
    assertTrue(err.contains("[ERROR] a compilation error"), err); // the build's own output
    assertTrue(
        err.contains(
            "shardctl: could not build "
                + real
                + "/shardctl/target/shardctl.jar: the Maven build failed (its output is above),"
                + " so no command ran; to see the whole build: (cd "
                + real
                + " && ./mvnw -B -DskipTests -pl shardctl -am package)"),
        err);
  }

  @Test
  void buildFailedStatus_isDocumented_andNoStatusOfACommand() throws IOException {
    String script = Files.readString(Path.of("..", "bin", "shardctl"));
    assertTrue(script.contains("exit " + BUILD_FAILED + "\n"), "bin/shardctl exits otherwise");
    assertTrue(
        BUILD_FAILED != ShardCtl.OK
            && BUILD_FAILED != ShardCtl.UNROUTED
            && BUILD_FAILED != ShardCtl.INVALID);
    String help = Cli.run("help").out().replaceAll("\\s+", " ");
    assertTrue(
        help.contains(", " + BUILD_FAILED + " (bin/shardctl) shardctl.jar could not be built"),
        help);
    String readme = Files.readString(Path.of("..", "README.md")).replaceAll("\\s+", " ");
    assertTrue(
        readme.contains(
            "exits with status "
                + BUILD_FAILED
                + " when the build fails (its output says why), never with a command's status"),
        "README.md does not give bin/shardctl's build failure status");
  }
}
