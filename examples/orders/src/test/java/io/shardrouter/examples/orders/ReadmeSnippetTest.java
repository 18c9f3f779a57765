package io.shardrouter.examples.orders;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * README.md's two code blocks under "Use it from a DAO" are the example's source between {@code //
 * --- README: NAME begins} and {@code ... ends}, line for line (leading indentation aside): the
 * first is {@link OrdersSchema}'s {@code orders-table} (how the table is built), the second {@link
 * OrderDao}'s {@code order-dao} (the DAO, at most 30 lines). So both compile and run with the
 * service ({@code OrdersServiceTest}) and cannot rot.
 */
class ReadmeSnippetTest {
  private static final Path ROOT = Path.of("..", "..");
  private static final Path SOURCES = Path.of("src/main/java/io/shardrouter/examples/orders");

  @Test
  void readmeBlocks_areTheExamplesMarkedSource() throws Exception {
    String readme = Files.readString(ROOT.resolve("README.md"));
    int section = readme.indexOf("## Use it from a DAO");
    assertTrue(section >= 0, "README.md has the section '## Use it from a DAO'");
    int first = readme.indexOf("```java\n", section);
    int second = readme.indexOf("```java\n", readme.indexOf("\n```", first + 8) + 4);
    assertSame(readme, first, "OrdersSchema.java", "orders-table");
    List<String> dao = assertSame(readme, second, "OrderDao.java", "order-dao");
    assertTrue(dao.size() <= 30, "README's DAO block has " + dao.size() + " lines; keep it <= 30");
  }

  private static List<String> assertSame(String readme, int open, String file, String name)
      throws Exception {
    String source = Files.readString(SOURCES.resolve(file));
    String begins = "// --- README: " + name + " begins";
    String ends = "// --- README: " + name + " ends";
    assertTrue(source.contains(begins) && source.contains(ends), file + " keeps both markers");
    List<String> snippet =
        trimmed(source.substring(source.indexOf(begins) + begins.length(), source.indexOf(ends)));
    assertTrue(open >= 0, "README.md has a ```java block for " + file + "'s " + name);
    int close = readme.indexOf("\n```", open + 8);
    List<String> block = trimmed(readme.substring(open + 8, close));
    assertTrue(
        block.equals(snippet),
        "README.md's block differs from "
            + file
            + "'s source marked '"
            + name
            + "'; paste the source between the markers into README.md.\nREADME:\n"
            + String.join("\n", block)
            + "\nsource:\n"
            + String.join("\n", snippet));
    return block;
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
