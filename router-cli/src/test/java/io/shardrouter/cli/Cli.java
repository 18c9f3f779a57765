package io.shardrouter.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs {@link ShardCtl} in-process with captured standard streams; paths of the example documents.
 */
final class Cli {
  /** docs/examples, seen from the module's base directory (router-cli) where tests run. */
  static final Path EXAMPLES = Path.of("..", "docs", "examples");

  static final String JUMP = EXAMPLES.resolve("jump.json").toString();
  static final String HASH_MOD = EXAMPLES.resolve("hash-mod.json").toString();
  static final String LOOKUP_TENANTS = EXAMPLES.resolve("lookup-tenants.json").toString();
  static final String RANGE_COMPACT = EXAMPLES.resolve("range-compact.json").toString();
  static final String TIME_BUCKETS = EXAMPLES.resolve("time-buckets.json").toString();

  private Cli() {}

  /** What one run printed and returned. */
  record Result(int status, String out, String err) {
    List<String> outLines() {
      return out.lines().toList();
    }

    List<String> errLines() {
      return err.lines().toList();
    }

    @Override
    public String toString() {
      return "status " + status + "\n--- out\n" + out + "--- err\n" + err;
    }
  }

  static Result run(String... args) {
    return runWithInput(new byte[0], args);
  }

  static Result runWithInput(byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, false, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = ShardCtl.run(args, new ByteArrayInputStream(stdin), o, e);
    }
    return new Result(
        status,
        out.toString(StandardCharsets.UTF_8).replace("\r\n", "\n"),
        err.toString(StandardCharsets.UTF_8).replace("\r\n", "\n"));
  }
}
