package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class DemoCommandTest {

  @Test
  void demo_run_status0AndNoKeyMovedOutsideThePlan() {
    Cli.Result r = Cli.run("demo", "--tour");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals("", r.err(), r::toString);
    String out = r.out();
    assertTrue(out.contains("\n  keys moved outside the listed partitions: 0\n"), out);
    assertTrue(out.contains("\n  keys that changed partition: 0\n"), out);
    assertTrue(out.contains("router swapped version 1 -> 2"), out);
    assertTrue(out.contains("204 of 1024 partitions, exactly the plan"), out);
    assertTrue(
        out.contains(
            "  refused: routing table 'orders' version 1 is older than the current version 2"),
        out);
    assertTrue(out.contains("router still serves version 2"), out);
    assertTrue(out.contains("ok: only the listed partitions moved"), out);
  }

  @Test
  void demo_run_showsPruningAndASplit() {
    String out = Cli.run("demo", "--tour").out();
    assertTrue(out.contains("\n  id BETWEEN 950 AND 1050   [950, 1050]   partitions 0-1\n"), out);
    assertTrue(out.contains("\n  id BETWEEN 1200 AND 1300  [1200, 1300]  partition 1\n"), out);
    assertTrue(
        out.contains(
            "\n  2026-03-31T23:59:59Z -> partition 0 [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z), group ts-01\n"),
        out);
    assertTrue(
        out.contains(
            "\n  2026-04-01T00:00:00Z -> partition 1 [2026-04-01T00:00:00Z, +∞), group ts-02\n"),
        out);
    assertTrue(out.contains("\n    [2026-07-01T00:00:00Z, +∞)  ts-02 -> ts-03\n"), out);
    assertTrue(out.contains(", 0 moved outside the listed key ranges\n"), out);
    assertTrue(out.contains("hot tail: 10,000 of 10,000 sampled writes"), out);
  }

  @Test
  void demo_run_aboutOneFifthOfKeysMove() {
    String out = Cli.run("demo", "--tour").out();
    Matcher m = Pattern.compile("moved: ([\\d,]+) of 200,000 keys \\(([\\d.]+)%\\)").matcher(out);
    assertTrue(m.find(), out);
    double share = Double.parseDouble(m.group(2));
    assertTrue(share > 18.5 && share < 21.5, () -> share + "% of keys moved; expected about 19.9%");
  }

  @Test
  void demo_withoutTheOrdersExample_refusesAndSaysWhatToDo() {
    // router-cli depends on no example, so no DemoProvider is on its test class path.
    Cli.Result r = Cli.run("demo", "--users", "10");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out(), r::toString);
    assertTrue(
        r.err()
            .startsWith(
                "shardctl demo: the orders service is not in this shardctl: no"
                    + " io.shardrouter.cli.DemoProvider on the class path (examples/orders"
                    + " provides it)\n"),
        r::toString);
    assertTrue(
        r.err().contains("run bin/shardctl demo from a clone of the repository"), r::toString);
    assertTrue(r.err().contains("'shardctl demo --tour' needs no example"), r::toString);
  }

  @Test
  void demo_withArguments_usageStatus2() {
    assertEquals(ShardCtl.INVALID, Cli.run("demo", "x").status());
  }
}
