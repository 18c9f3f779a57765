package io.shardrouter.examples.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.cli.DemoProvider;
import io.shardrouter.cli.ShardCtl;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * {@code shardctl demo} runs this example: shardctl finds {@link ShardctlDemo} through {@link
 * ServiceLoader}, and every {@code bin/shardctl demo} line of the README runs as written through
 * {@link ShardCtl}'s entry point in-process and ends with a passing verdict (router-cli's own
 * README test leaves these lines here: it does not depend on the example).
 */
class ShardctlDemoTest {
  private static final Path ROOT = Path.of("..", "..");

  @Test
  void serviceLoader_findsTheOrdersDemo() {
    List<Class<?>> found =
        ServiceLoader.load(DemoProvider.class).stream()
            .<Class<?>>map(ServiceLoader.Provider::type)
            .toList();
    assertEquals(List.of(ShardctlDemo.class), found);
  }

  @Test
  void readme_everyShardctlDemoLine_runsAndPasses() throws IOException {
    List<String> lines =
        Files.readAllLines(ROOT.resolve("README.md")).stream()
            .map(String::strip)
            .filter(l -> l.equals("bin/shardctl demo") || l.startsWith("bin/shardctl demo "))
            .toList();
    assertFalse(lines.isEmpty(), "README.md runs the demo with a line 'bin/shardctl demo'");
    for (String line : lines) {
      int comment = line.indexOf('#');
      String command = comment < 0 ? line : line.substring(0, comment).strip();
      String[] args = command.substring("bin/shardctl ".length()).split(" +");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int status =
          ShardCtl.run(
              args,
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8));
      String text = out.toString(StandardCharsets.UTF_8);
      String report = line + " " + Arrays.toString(args) + "\n" + text + err;
      assertEquals(ShardCtl.OK, status, report);
      assertEquals("", err.toString(StandardCharsets.UTF_8), report);
      if (!command.contains("--tour")) {
        String[] printed = text.strip().split("\n");
        assertTrue(printed[printed.length - 1].startsWith("verdict: PASS - "), report);
      }
    }
  }
}
