package io.shardrouter.cli;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.RoutingTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import picocli.CommandLine;

/**
 * {@code shardctl diff OLD NEW [--keys FILE]}: the {@link MovementReport} between two tables of one
 * entity (which partitions change group, and the share of the key space that moves); with a key
 * file, how many of those keys move, and how many moved outside the listed moves (which must be 0
 * whenever the report is exact). Between two {@code ring} tables the report lists the arcs of the
 * hash space, and between two range tables the key ranges that change group, exact across splits
 * and merges, which renumber partitions. Keys that cannot be parsed are reported and skipped; the
 * status is then {@value ShardCtl#UNROUTED}.
 */
@CommandLine.Command(
    name = "diff",
    description =
        "which partitions (key ranges, for range tables) move between two tables; with keys, how "
            + "many keys")
final class DiffCommand implements Command {
  @CommandLine.Mixin private OldAndNew docs = new OldAndNew();

  @CommandLine.Option(
      names = "--keys",
      paramLabel = "FILE",
      description = "count how many of these keys move: a key file, - for standard input")
  private String keysFile;

  @Override
  public int run(Console console) {
    RoutingTable from = Tables.load(docs.oldDoc, "diff");
    RoutingTable to = Tables.load(docs.newDoc, "diff");
    PrintStream out = console.out();
    MovementReport report = MovementReport.between(from, to);
    String unit =
        switch (report.layout()) {
          case PARTITIONS -> "partitions";
          case ARCS -> "pieces of the ring";
          case KEY_RANGES -> "key ranges";
        };
    if (keysFile == null) {
      out.print(report.toText());
      return ShardCtl.OK;
    }
    String file = keysFile;
    ParsedKeys keys;
    MovementReport.KeyCount count;
    try (InputStream in =
        file.equals("-")
            ? null
            : Files.newInputStream(Tables.existingFile(file, "key file", "diff"))) {
      keys =
          new ParsedKeys(
              new KeyLines(in == null ? console.in() : in), List.of(from, to), console.err());
      if (keys.isEmpty()) { // as analyze and split-point refuse it: no key, nothing to count
        throw CommandException.invalid(
            "shardctl diff: "
                + (file.equals("-") ? "standard input" : file)
                + " holds no key; give one key a line");
      }
      // the report once the key file is open and holds a line: a key file that is missing or
      // empty is all the output
      out.print(report.toText());
      count = report.countKeys(keys);
    } catch (IOException | UncheckedIOException e) {
      throw CommandException.invalid(
          "shardctl diff: cannot read keys from "
              + (file.equals("-") ? "standard input" : file)
              + ": "
              + (e instanceof UncheckedIOException u ? u.getCause().getMessage() : e.getMessage()));
    }
    out.println(
        String.format(
            Locale.ROOT,
            "keys: %d routed, %d moved (%.4f%%), %d moved outside the listed %s%s",
            count.keys(),
            count.moved(),
            100 * count.movedShare(),
            count.movedOutsidePlan(),
            unit,
            keys.failed == 0 ? "" : "; " + keys.failed + " keys could not be parsed"));
    return keys.failed == 0 ? ShardCtl.OK : ShardCtl.UNROUTED;
  }

  /**
   * The canonical bytes of the keys of a key file, read once as they are iterated; a line that is
   * no key of the type is reported on {@code err} and skipped.
   */
  private static final class ParsedKeys implements Iterable<byte[]>, Iterator<byte[]> {
    private final KeyLines lines;
    private final KeyType keyType;
    private final List<RoutingTable> tables;
    private final PrintStream err;
    private byte[] next;
    private boolean done;
    private boolean iterated;
    private boolean held; // isEmpty read the first line; hasNext takes it from there

    long failed;

    ParsedKeys(KeyLines lines, List<RoutingTable> tables, PrintStream err) {
      this.lines = lines;
      this.keyType = tables.get(0).keyType();
      this.tables = tables;
      this.err = err;
    }

    /** Whether the key file holds no line at all; called once, before the keys are iterated. */
    boolean isEmpty() throws IOException {
      if (lines.next()) {
        held = true;
        return false;
      }
      done = true;
      return true;
    }

    @Override
    public Iterator<byte[]> iterator() {
      if (iterated) {
        throw new IllegalStateException("the keys of a key file are read once");
      }
      iterated = true;
      return this;
    }

    @Override
    public boolean hasNext() {
      while (next == null && !done) {
        try {
          boolean line = held || lines.next();
          held = false;
          if (!line) {
            done = true;
            break;
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        String text = lines.text();
        if (text == null) {
          fail(lines.refusal());
          continue;
        }
        try {
          byte[] k = keyType.parseText(text);
          for (RoutingTable t : tables) {
            try {
              t.routeCanonical(k); // a strategy may refuse a key of the type (a negative id)
            } catch (NoRouteException e) {
              // in no range of this table: the movement report counts it, it is no refused line
            }
          }
          next = k;
        } catch (InvalidKeyException e) {
          fail(e.getMessage());
        }
      }
      return next != null;
    }

    @Override
    public byte[] next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      byte[] k = next;
      next = null;
      return k;
    }

    private void fail(String message) {
      failed++;
      err.println("shardctl diff: line " + lines.lineNumber() + ": " + message);
    }
  }
}
