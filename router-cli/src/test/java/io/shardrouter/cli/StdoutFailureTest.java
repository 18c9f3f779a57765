package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Standard output that cannot be written: a full disk ({@code > /dev/full}) is reported with its
 * reason and status 2 by every command; a pipe whose reader has gone ({@code | head -1}) is not,
 * and output stops there.
 */
class StdoutFailureTest {
  private static final String ORDERS_V1 = Cli.EXAMPLES.resolve("orders-v1.json").toString();
  private static final String ORDERS_V2 = Cli.EXAMPLES.resolve("orders-v2.json").toString();

  /** An output that takes {@code room} bytes, then fails every write with {@code message}. */
  private static final class Failing extends OutputStream {
    private final String message;
    private long room;

    Failing(String message, long room) {
      this.message = message;
      this.room = room;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (len > room) {
        room = 0;
        throw new IOException(message);
      }
      room -= len;
    }
  }

  private static Cli.Result run(OutputStream stdout, byte[] stdin, String... args) {
    return run(stdout, new ByteArrayInputStream(stdin), args);
  }

  private static Cli.Result run(OutputStream stdout, ByteArrayInputStream stdin, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = ShardCtl.runOnStdout(args, stdin, stdout, e);
    }
    return new Cli.Result(status, "", err.toString(StandardCharsets.UTF_8));
  }

  private static final List<List<String>> COMMANDS =
      List.of(
          List.of("validate", Cli.JUMP),
          List.of("route", Cli.JUMP, "a", "b"),
          List.of("explain", Cli.JUMP, "a"),
          List.of("diff", ORDERS_V1, ORDERS_V2),
          List.of("migrate", "plan", ORDERS_V1, ORDERS_V2),
          List.of("help"),
          List.of("--version"));

  @Test
  void fullDisk_everyCommandSaysSoWithStatus2() {
    for (List<String> args : COMMANDS) {
      Cli.Result r = run(new Failing("No space left on device", 0), new byte[0], array(args));
      assertEquals(ShardCtl.INVALID, r.status(), () -> args + "\n" + r);
      String command =
          args.get(0).startsWith("-")
              ? "shardctl"
              : "shardctl "
                  + String.join(" ", args.subList(0, args.get(0).equals("migrate") ? 2 : 1));
      assertEquals(
          command
              + ": cannot write standard output: No space left on device; the output is"
              + " incomplete: make room, or send it elsewhere",
          r.errLines().get(r.errLines().size() - 1),
          () -> args + "\n" + r);
    }
  }

  @Test
  void fullDiskAfterSomeOutput_keyFileRouteSaysSo() {
    byte[] keys = keys(200_000);
    Cli.Result full =
        run(
            new Failing("No space left on device", 100_000),
            keys,
            "route",
            Cli.JUMP,
            "--keys",
            "-");
    assertEquals(ShardCtl.INVALID, full.status(), full::toString);
    assertTrue(
        full.err().contains("cannot write standard output: No space left on device"),
        full::toString);
  }

  @Test
  void closedPipe_quietAndStopsEarly() {
    for (List<String> args : COMMANDS) {
      Cli.Result r = run(new Failing("Broken pipe", 0), new byte[0], array(args));
      assertEquals(ShardCtl.OK, r.status(), () -> args + "\n" + r);
      assertEquals("", r.err(), () -> args + "\n" + r);
    }
    ByteArrayInputStream keys = new ByteArrayInputStream(keys(1_000_000));
    Cli.Result r = run(new Failing("Broken pipe", 100), keys, "route", Cli.JUMP, "--keys", "-");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals("", r.err(), r::toString);
    assertTrue(keys.available() > 0, "route stops reading keys once the pipe is closed");
  }

  @Test
  void aCallersPrintStreamThatFails_saidWithoutAReason() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(new Failing("No space left on device", 0), false);
    int status =
        ShardCtl.run(
            new String[] {"validate", Cli.JUMP},
            new ByteArrayInputStream(new byte[0]),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(ShardCtl.INVALID, status);
    assertTrue(
        err.toString(StandardCharsets.UTF_8)
            .startsWith(
                "shardctl validate: cannot write standard output; the output is incomplete"),
        err::toString);
  }

  private static byte[] keys(int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append("key-").append(i).append('\n');
    }
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String[] array(List<String> args) {
    return args.toArray(new String[0]);
  }
}
