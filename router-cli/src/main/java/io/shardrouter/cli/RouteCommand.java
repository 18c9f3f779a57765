package io.shardrouter.cli;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * {@code shardctl route DOC KEY...} and {@code shardctl route DOC --keys FILE}: one line {@code
 * key<TAB>partition<TAB>group} per key, in input order, the key printed escaped ({@link Printed}: a
 * tab, a line break, a control or format character as an escape) and so is the group id (the format
 * allows any id that is not blank), so a line always holds three fields. Each key is parsed by the
 * document's key type ({@link KeyType#parseText}) and routed by its canonical bytes. A key that
 * cannot be parsed, that the strategy refuses ({@link InvalidKeyException}, e.g. a negative {@code
 * routable_id}), or that no range of a range table covers ({@link NoRouteException}), gets an error
 * line on standard error naming its line (or argument) number, the other keys are still routed, and
 * the status is {@value ShardCtl#UNROUTED}. The key file format is {@link KeyLines}'s ({@code
 * docs/format.md} §7).
 *
 * <p>Output goes through one buffered writer with no formatting per key, so a million keys from a
 * file take about a second.
 */
@CommandLine.Command(
    name = "route",
    description =
        "print key<TAB>partition<TAB>group for every key, in order: the KEY arguments, or one UTF-8 "
            + "key per line of --keys FILE")
final class RouteCommand implements Command {
  /**
   * How often, in keys, to check that standard output still takes output (it may be a closed pipe).
   */
  private static final int CHECK_EVERY = 1 << 13;

  @CommandLine.Parameters(index = "0", paramLabel = "DOC", description = "the routing document")
  private String doc;

  @CommandLine.Parameters(
      index = "1..*",
      arity = "0..*",
      paramLabel = "KEY",
      description = "the keys to route, in the document's key type")
  private List<String> keys = new ArrayList<>();

  @CommandLine.Option(
      names = "--keys",
      paramLabel = "FILE",
      description = "a key file, one key a line (- for standard input); instead of KEY arguments")
  private String keysFile;

  @Override
  public int run(Console console) {
    if (keysFile != null && !keys.isEmpty()) {
      throw CommandException.usage(
          "route", "needs DOC and --keys FILE, and no key arguments besides, got " + keys);
    } else if (keysFile == null && keys.isEmpty()) {
      throw CommandException.usage("route", "needs DOC and at least one KEY, or DOC --keys FILE");
    }
    RoutingTable table = Tables.load(doc, "route");
    Output out = new Output(table, console);
    try {
      if (keysFile == null) {
        for (int i = 1; i <= keys.size(); i++) {
          String error = out.route(keys.get(i - 1));
          if (error != null) {
            out.fail("key argument " + i + ": " + error);
          }
        }
      } else {
        routeFile(keysFile, console, out);
      }
      out.flush();
    } catch (IOException e) {
      throw CommandException.invalid(
          "shardctl route: cannot read keys from "
              + ("-".equals(keysFile) ? "standard input" : keysFile)
              + ": "
              + e.getMessage());
    }
    return out.failed == 0 ? ShardCtl.OK : ShardCtl.UNROUTED;
  }

  private static void routeFile(String file, Console console, Output out) throws IOException {
    if (file.equals("-")) {
      route(new KeyLines(console.in()), out);
    } else {
      try (InputStream in = Files.newInputStream(Tables.existingFile(file, "key file", "route"))) {
        route(new KeyLines(in), out);
      }
    }
  }

  private static void route(KeyLines lines, Output out) throws IOException {
    long n = 0;
    while (lines.next()) {
      String key = lines.text();
      if (key == null) {
        out.fail("line " + lines.lineNumber() + ": " + lines.refusal());
      } else {
        String error = out.route(key);
        if (error != null) {
          out.fail("line " + lines.lineNumber() + ": " + error);
        }
      }
      if (++n % CHECK_EVERY == 0 && out.closed()) {
        return;
      }
    }
  }

  /** The buffered output of one run, and the count of keys that failed. */
  private static final class Output {
    private final RoutingTable table;
    private final KeyType keyType;
    private final Writer out;
    private final PrintStream stdout;
    private final PrintStream err;
    long failed;

    Output(RoutingTable table, Console console) {
      this.table = table;
      this.keyType = table.keyType();
      this.stdout = console.out();
      this.out =
          new BufferedWriter(
              new OutputStreamWriter(console.out(), StandardCharsets.UTF_8), 1 << 16);
      this.err = console.err();
    }

    /**
     * Routes {@code key} and writes its line; returns null, or why the key is no key of the table's
     * type or has no route.
     */
    String route(String key) throws IOException {
      byte[] canonical;
      try {
        canonical = keyType.parseText(key);
      } catch (InvalidKeyException e) {
        return e.getMessage();
      }
      Route r;
      try {
        r = table.routeCanonical(canonical);
      } catch (NoRouteException | InvalidKeyException e) {
        return e.getMessage(); // no range holds it, or the strategy refuses it (a negative id)
      }
      out.write(Printed.line(key)); // as error messages quote it: no raw control character
      out.write('\t');
      out.write(Integer.toString(r.partition()));
      out.write('\t');
      out.write(Printed.line(r.group().id())); // the format allows a tab in a group id
      out.write('\n');
      return null;
    }

    /** Reports a key that was not routed, after the lines of the keys before it. */
    void fail(String message) throws IOException {
      failed++;
      out.flush();
      stdout.flush();
      err.println("shardctl route: " + message);
    }

    void flush() throws IOException {
      out.flush();
    }

    /** True when standard output no longer takes output, e.g. a pipe whose reader has gone. */
    boolean closed() throws IOException {
      out.flush();
      return stdout.checkError();
    }
  }
}
