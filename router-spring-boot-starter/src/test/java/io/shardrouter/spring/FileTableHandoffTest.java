package io.shardrouter.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The routing file is parsed once at start: the table read to type the table bean is the router's
 * (a lookup directory of millions of entries takes seconds to read), unless the file changed in
 * between.
 */
class FileTableHandoffTest {
  private static final String RUN = TestRouting.run();

  @TempDir Path dir;
  private Path file;
  private final Map<String, String> groups = new LinkedHashMap<>();

  @BeforeEach
  void routingFile() throws IOException {
    file = dir.resolve("orders.json");
    groups.put("g1", TestRouting.h2(RUN + "-g1"));
    groups.put("g2", TestRouting.h2(RUN + "-g2"));
    Files.writeString(file, TestRouting.document(1, "string", groups, List.of("g1", "g2")));
  }

  @Test
  void start_theRouterTakesTheTableReadForTheKeyClass_once() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ShardRouterAutoConfiguration.class))
        .withPropertyValues(
            "shardrouter.routing.file=" + file,
            "shardrouter.groups.g1.username=sa",
            "shardrouter.groups.g2.username=sa",
            "shardrouter.table.name=orders",
            "shardrouter.table.columns=customer,cents")
        .run(
            c -> {
              assertThat(c).hasNotFailed();
              FileTableHandoff handoff = c.getBean(FileTableHandoff.BEAN, FileTableHandoff.class);
              assertThat(handoff.taken()).isTrue();
              assertThat(handoff.take(file)).as("once only, and nothing kept").isNull();
              assertThat(c.getBean(Router.class).table().version()).isEqualTo(1);
            });
  }

  @Test
  void take_theFileUnchanged_givesTheTable_changed_orAnotherFile_givesNothing() throws IOException {
    BasicFileAttributes before = FileTableHandoff.attributes(file);
    RoutingTable read = RoutingDocuments.read(file);
    FileTableHandoff same = FileTableHandoff.of(file, before, read);
    assertThat(same.taken()).as("not taken before take").isFalse();
    assertThat(same.take(dir.resolve(".").resolve("orders.json"))).isSameAs(read);
    assertThat(same.taken()).isTrue();
    assertThat(same.take(file)).isNull();

    FileTableHandoff other = FileTableHandoff.of(file, before, read);
    assertThat(other.take(dir.resolve("other.json"))).isNull();

    FileTableHandoff refreshed = FileTableHandoff.of(file, before, read);
    refreshed.onApplicationEvent(
        new org.springframework.context.event.ContextRefreshedEvent(
            new org.springframework.context.support.GenericApplicationContext()));
    assertThat(refreshed.take(file)).as("forgotten once the context is up").isNull();

    FileTableHandoff changed = FileTableHandoff.of(file, before, read);
    Files.writeString(file, TestRouting.document(2, "string", groups, List.of("g2", "g1")));
    Files.setLastModifiedTime(
        file, FileTime.fromMillis(before.lastModifiedTime().toMillis() + 2_000));
    assertThat(changed.take(file)).as("the file was replaced: read it again").isNull();
  }
}
