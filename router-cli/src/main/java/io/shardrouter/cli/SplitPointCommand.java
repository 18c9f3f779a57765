package io.shardrouter.cli;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.SplittableRanges;
import io.shardrouter.range.HotTail;
import io.shardrouter.range.RangeStrategy;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine;

/**
 * {@code shardctl split-point DOC --keys FILE}: from a sample of written keys (one per line, a key
 * as often as it was written), the keys per range, where to split the busiest range (the weighted
 * median of its keys) and whether the last range is a hot tail that no split can cool. Lines that
 * are no key of the table's type are reported and skipped (status {@value ShardCtl#UNROUTED}).
 */
@CommandLine.Command(
    name = "split-point",
    description = "keys per range of a key sample, where to split, and the hot-tail check")
final class SplitPointCommand implements Command {
  @CommandLine.Parameters(
      index = "0",
      paramLabel = "DOC",
      description = "the routing document, with a range strategy")
  private String doc;

  @CommandLine.Option(
      names = "--keys",
      paramLabel = "FILE",
      required = true,
      description = "a sample of written keys, one a line (- for standard input); required")
  private String keysFile;

  @Override
  public int run(Console console) {
    RoutingTable t = Tables.load(doc, "split-point");
    RangeStrategy s = RangeArgs.rangeStrategy(t, doc, "split-point");
    List<byte[]> sample = new ArrayList<>();
    long failed = 0;
    String file = keysFile;
    try (InputStream in =
        file.equals("-")
            ? null
            : Files.newInputStream(Tables.existingFile(file, "key file", "split-point"))) {
      KeyLines lines = new KeyLines(in == null ? console.in() : in);
      while (lines.next()) {
        try {
          if (lines.text() == null) {
            throw new InvalidKeyException(lines.refusal());
          }
          sample.add(t.keyType().parseText(lines.text()));
        } catch (InvalidKeyException e) {
          failed++;
          console
              .err()
              .println("shardctl split-point: line " + lines.lineNumber() + ": " + e.getMessage());
        }
      }
    } catch (IOException e) {
      throw CommandException.invalid(
          "shardctl split-point: cannot read keys from " + file + ": " + e.getMessage());
    }
    if (sample.isEmpty()) {
      // as analyze says it: a sample of no key has no split point, and 'sample: 0 keys' hid that
      throw CommandException.invalid(
          "shardctl split-point: "
              + (file.equals("-") ? "standard input" : file)
              + (failed == 0
                  ? " holds no key; give one key a line"
                  : " holds no key of the table's type; fix the lines above"));
    }
    long[] perRange = new long[s.partitionCount()];
    long unrouted = 0;
    for (byte[] k : sample) {
      int p = s.find(k);
      if (p < 0) {
        unrouted++;
      } else {
        perRange[p]++;
      }
    }
    long routed = sample.size() - unrouted;
    PrintStream out = console.out();
    out.println(fmt("sample: %,d keys, %,d in no range", sample.size(), unrouted));
    Columns c = new Columns("partition", "range", "group", "#keys", "#share");
    int busiest = 0;
    for (int p = 0; p < perRange.length; p++) {
      if (perRange[p] > perRange[busiest]) {
        busiest = p;
      }
      if (perRange[p] > 0) {
        c.row(
            p,
            s.interval(p),
            t.groupOf(p).id(),
            fmt("%,d", perRange[p]),
            fmt("%.1f%%", 100.0 * perRange[p] / routed));
      }
    }
    if (routed > 0) {
      c.print(out, "  ");
      Optional<SplittableRanges.SplitPoint> split = s.splitPoint(busiest, sample, null);
      out.println(
          Printed.line(
              split
                  .map(
                      x ->
                          "busiest: "
                              + x
                              + "; "
                              + fmt("%.1f%%", 100 * x.upperShare())
                              + " of its sampled keys move"
                              + " with the upper part")
                  .orElse(
                      "busiest: partition "
                          + busiest
                          + " "
                          + s.interval(busiest)
                          + " has no split point: its sampled keys are one key, or its start; relieve a hot key with a hash dimension")));
      out.println(Printed.line(HotTail.check(s, sample).message()));
    }
    return failed == 0 ? ShardCtl.OK : ShardCtl.UNROUTED;
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
