package io.shardrouter.examples.orders;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * README.md's DAO block is {@link OrderDao}'s source between {@code // --- README: order-dao
 * begins} and {@code ... ends}, line for line (leading indentation aside), so it compiles and runs
 * with the service ({@code OrdersServiceTest}) and cannot rot.
 */
class ReadmeSnippetTest {
  private static final Path ROOT = Path.of("..", "..");

  @Test
  void readmeDaoBlock_isOrderDaosSource() throws Exception {
    String source =
        Files.readString(Path.of("src/main/java/io/shardrouter/examples/orders/OrderDao.java"));
    String begins = "// --- README: order-dao begins";
    String ends = "// --- README: order-dao ends";
    assertTrue(source.contains(begins) && source.contains(ends), "OrderDao keeps both markers");
    List<String> snippet =
        trimmed(source.substring(source.indexOf(begins) + begins.length(), source.indexOf(ends)));
    String readme = Files.readString(ROOT.resolve("README.md"));
    int section = readme.indexOf("## Use it from a DAO");
    assertTrue(section >= 0, "README.md has the section '## Use it from a DAO'");
    int open = readme.indexOf("```java\n", section);
    int close = readme.indexOf("\n```", open + 8);
    List<String> block = trimmed(readme.substring(open + 8, close));
    assertTrue(
        block.equals(snippet),
        "README.md's DAO block differs from OrderDao's marked source; paste the source between the"
            + " markers into README.md.\nREADME:\n"
            + String.join("\n", block)
            + "\nsource:\n"
            + String.join("\n", snippet));
  }

  private static List<String> trimmed(String text) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      out.add(line.strip());
    }
    while (!out.isEmpty() && out.get(0).isEmpty()) {
      out.remove(0);
    }
    while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return out;
  }
}
