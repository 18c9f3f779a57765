package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code bin/shardctl} line of the README runs as written, through {@link ShardCtl}'s entry
 * point in-process, and exits 0: the files it names exist in the repository, and the files it
 * writes (under {@code /tmp/}) go to a temporary directory here.
 *
 * <p>Except the orders demo ({@code bin/shardctl demo} without {@code --tour}): router-cli does not
 * depend on the orders example that provides it, so here it must refuse with a message saying what
 * to do; examples/orders' {@code ShardctlDemoTest} runs those lines with the example on the class
 * path.
 */
class ReadmeCommandsTest {
  private static final Path ROOT = Path.of("..");

  @TempDir Path tmp;

  /** The words of a shell command line: spaces split, single quotes group, a {@code #} ends it. */
  static List<String> words(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean quoted = false;
    boolean inWord = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '\'') {
          quoted = false;
        } else {
          w.append(c);
        }
      } else if (c == '\'') {
        quoted = true;
        inWord = true;
      } else if (c == ' ') {
        if (inWord) {
          out.add(w.toString());
          w.setLength(0);
          inWord = false;
        }
      } else if (c == '#' && !inWord) {
        break;
      } else {
        w.append(c);
        inWord = true;
      }
    }
    if (quoted) {
      throw new IllegalArgumentException("unclosed quote in README line: " + line);
    }
    if (inWord) {
      out.add(w.toString());
    }
    return out;
  }

  private String[] args(List<String> words) {
    List<String> args = new ArrayList<>();
    for (String w : words.subList(1, words.size())) {
      if (w.startsWith("docs/")) {
        Path file = ROOT.resolve(w);
        assertTrue(
            Files.exists(file), "the README names " + w + ", which is not in the repository");
        args.add(file.toString());
      } else if (w.startsWith("/tmp/")) {
        args.add(tmp.resolve(w.substring("/tmp/".length())).toString());
      } else {
        args.add(w);
      }
    }
    return args.toArray(new String[0]);
  }

  @Test
  void readme_everyShardctlLine_runsAndSucceeds() throws IOException {
    List<String> lines =
        Files.readAllLines(ROOT.resolve("README.md")).stream()
            .map(String::strip)
            .filter(l -> l.startsWith("bin/shardctl "))
            .toList();
    assertTrue(lines.size() >= 13, "README lines found: " + lines);
    for (String line : lines) {
      List<String> words = words(line);
      assertEquals("bin/shardctl", words.get(0));
      if (ordersDemo(words)) {
        Cli.Result r = Cli.run(args(words));
        assertEquals(ShardCtl.INVALID, r.status(), line + "\n" + r);
        assertTrue(r.err().contains("examples/orders provides it"), line + "\n" + r);
        continue;
      }
      Cli.Result r = Cli.run(args(words));
      assertEquals(ShardCtl.OK, r.status(), line + "\n" + r);
      assertTrue(r.err().isEmpty(), line + "\n" + r);
    }
    assertTrue(Files.exists(tmp.resolve("jump.snap")), "snapshot writes where it was told");
    assertTrue(Files.exists(tmp.resolve("next.json")), "split writes where it was told");
  }

  /** {@code bin/shardctl demo} with the orders example's options: its provider is not here. */
  static boolean ordersDemo(List<String> words) {
    return words.size() > 1 && words.get(1).equals("demo") && !words.contains("--tour");
  }

  @Test
  void words_quotesAndComments() {
    assertEquals(
        List.of("bin/shardctl", "explain", "d.json", "[\"a\",\"b c\"]"),
        words("bin/shardctl explain d.json '[\"a\",\"b c\"]'   # comment"));
  }
}
