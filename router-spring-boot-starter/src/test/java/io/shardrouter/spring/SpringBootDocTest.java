package io.shardrouter.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/spring-boot.md} agrees with the code: its settings table lists every setting of the
 * generated configuration metadata, and it holds the example's {@code application.yml} verbatim.
 */
class SpringBootDocTest {
  private static final Path DOC = Path.of("../docs/spring-boot.md");

  @Test
  void settingsTable_listsEverySetting() throws IOException {
    String doc = Files.readString(DOC);
    JsonNode metadata;
    try (InputStream in =
        getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).as("the configuration processor's output").isNotNull();
      metadata = new ObjectMapper().readTree(in);
    }
    List<String> missing = new ArrayList<>();
    int settings = 0;
    for (JsonNode p : metadata.get("properties")) {
      String name = p.get("name").asText();
      settings++;
      if (name.equals("shardrouter.groups")) {
        for (RecordComponent c : ShardRouterProperties.Group.class.getRecordComponents()) {
          String setting = "shardrouter.groups.<key>." + kebab(c.getName());
          if (!doc.contains("`" + setting)) {
            missing.add(setting);
          }
        }
      } else if (!doc.contains("| `" + name + "` |")) {
        missing.add(name);
      }
    }
    assertThat(settings).isGreaterThan(15);
    assertThat(missing).as("settings missing from " + DOC).isEmpty();
  }

  @Test
  void doc_holdsTheExamplesApplicationYml() throws IOException {
    String yml =
        Files.readString(Path.of("../examples/spring-orders/src/main/resources/application.yml"));
    assertThat(Files.readString(DOC)).contains("```yaml\n" + yml + "```\n");
  }

  private static String kebab(String camel) {
    return camel.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
  }
}
