package io.shardrouter.examples.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The reshard demo, small, on H2 and PostgreSQL: both runs pass and the report is complete. */
class ReshardDemoTest {

  @ParameterizedTest
  @MethodSource("io.shardrouter.examples.orders.Databases#all")
  void smallDemo_bothRunsLoseAndDuplicateNothing(Databases database) throws Exception {
    List<String> args =
        new ArrayList<>(List.of("--users", "240", "--hold-ms", "150", "--seed", "7"));
    if (database == Databases.POSTGRESQL) {
      String url = database.endpoints(1).get(0);
      args.addAll(List.of("--jdbc", url.substring(0, url.indexOf("currentSchema=") - 1)));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        ReshardDemo.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, status, text + err.toString(StandardCharsets.UTF_8));
    String[] lines = text.strip().split("\n");
    String verdict = lines[lines.length - 1];
    assertTrue(verdict.startsWith("verdict: PASS - 2 runs on "), verdict);
    assertTrue(verdict.contains("lost 0, duplicated 0"), verdict);
    assertTrue(verdict.endsWith(" 0 stale"), verdict);
    assertTrue(
        verdict.contains(
            "reshard 4 -> 5 at read-committed, rollback after cut-over at" + " repeatable-read"),
        "by default the second run's transactions are at repeatable read: " + verdict);
    assertTrue(text.contains("; transactions at repeatable-read\n"), text);
    for (String phase :
        List.of(
            "copy",
            "dual_write",
            "verify",
            "canary",
            "cut_over",
            "rollback_window",
            "done",
            "rolled_back")) {
      assertTrue(text.contains("\n  " + phase + " "), "a line for phase " + phase + "\n" + text);
    }
    assertTrue(text.contains("rows on their owner: g1 "), text);
    assertTrue(text.contains(" g5 0 bigcorp"), "after the rollback g5 holds nothing\n" + text);
    assertTrue(text.contains("write p50/p99"), text);
  }

  @Test
  void badOptions_status2_sayWhatToGive() throws Exception {
    for (List<String> args :
        List.of(
            List.of("--users"),
            List.of("--users", "ten"),
            List.of("--users", "3"),
            List.of("--speed", "9"),
            List.of("--jdbc", "mysql://x"),
            List.of("--jdbc", "jdbc:h2:mem:a,jdbc:h2:mem:b"),
            List.of("--isolation", "snapshot"),
            List.of("--isolation", "serializable,read-committed,repeatable-read"))) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int status =
          ReshardDemo.run(
              args,
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8));
      String e = err.toString(StandardCharsets.UTF_8);
      assertEquals(2, status, args + ": " + e);
      assertTrue(e.startsWith("shardctl demo: "), args + ": " + e);
    }
  }
}
