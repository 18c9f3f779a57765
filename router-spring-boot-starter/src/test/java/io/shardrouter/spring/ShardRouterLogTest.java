package io.shardrouter.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.shardrouter.core.Router;
import io.shardrouter.jdbc.ShardedTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** What the starter logs while it follows the routing file: each version swap once. */
@ExtendWith(OutputCaptureExtension.class)
class ShardRouterLogTest {
  private static final String RUN = TestRouting.run();

  @TempDir Path dir;

  @Test
  void versionSwap_isLoggedOnce_byTheRouterTheTableFollows(CapturedOutput output) throws Exception {
    Path file = dir.resolve("orders.json");
    Map<String, String> groups = Map.of("g1", "db-g1:5432");
    Files.writeString(file, TestRouting.document(1, "string", groups, List.of("g1", "g1")));
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ShardRouterAutoConfiguration.class))
        .withPropertyValues(
            "shardrouter.routing.file=" + file,
            "shardrouter.routing.poll-interval=50ms",
            "shardrouter.groups.g1.url=" + TestRouting.h2(RUN + "-g1"),
            "shardrouter.groups.g1.username=sa",
            "shardrouter.table.name=orders",
            "shardrouter.table.columns=customer,cents")
        .run(
            c -> {
              assertThat(c).hasNotFailed();
              ShardedTable<?> table = c.getBean(ShardedTable.class);
              assertThat(table.router()).isSameAs(c.getBean(Router.class));
              Path tmp = dir.resolve("orders.json.tmp");
              Files.writeString(
                  tmp, TestRouting.document(2, "string", groups, List.of("g1", "g1")));
              Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
              await().atMost(Duration.ofSeconds(10)).until(() -> table.status().version() == 2);
            });
    List<String> lines =
        output.getAll().lines().filter(l -> l.contains("version 2") || l.contains("-> 2")).toList();
    assertThat(lines).as(output.getAll()).hasSize(1);
    assertThat(lines.get(0))
        .contains("routing table 'orders' swapped: version 1 -> 2 (strategy hash_mod");
    // the table's start is logged, once too
    assertThat(output.getAll().lines().filter(l -> l.contains("routing version 1")).toList())
        .singleElement()
        .asString()
        .contains("sharded table 'orders' follows routing version 1 (no migration)");
  }
}
