package io.shardrouter.cli;

import io.shardrouter.analysis.CapacityLimits;
import io.shardrouter.analysis.KeyAnalysis;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.KeySample;
import io.shardrouter.stats.StatsSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the inputs of {@code analyze} and {@code advise}: key samples, statistics exports, query
 * files and capacity files. Every bad line or field becomes a {@link CommandException} naming the
 * file, the line and what to do.
 */
final class AnalysisInputs {
  private AnalysisInputs() {}

  /**
   * Whether {@code file} holds a statistics export rather than keys; {@code command} names the
   * command in errors.
   */
  static boolean isStats(String file, String command) {
    if (file.equals("-")) {
      return false;
    }
    try (InputStream in = Files.newInputStream(Tables.existingFile(file, "key file", command))) {
      byte[] head = in.readNBytes(256);
      String s = new String(head, StandardCharsets.ISO_8859_1).stripLeading();
      return s.startsWith("{") && s.contains("\"format\"") && s.contains("shardrouter-stats/");
    } catch (IOException e) {
      throw CommandException.invalid("shardctl " + command + ": cannot read " + file + ": " + e);
    }
  }

  /** The statistics export in {@code file}; {@code command} names the command in errors. */
  static StatsSnapshot stats(String file, String command) {
    String text = text(file, "statistics file", command);
    try {
      return StatsSnapshot.parse(text);
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid(
          "shardctl "
              + command
              + ": "
              + file
              + ": "
              + e.getMessage()
              + (e.getMessage().startsWith("this is an analysis report")
                  ? "" // the message says what to run instead
                  : "; export it with RouteStats.snapshot(window).toJson(), or from a key sample"
                      + " with 'shardctl analyze DOC --keys FILE --stats-out STATS'"));
    }
  }

  /** The capacity file {@code file}. */
  static CapacityLimits capacity(String file) {
    String text = text(file, "capacity file", "analyze");
    try {
      return CapacityLimits.parse(text);
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid(
          "shardctl analyze: "
              + file
              + ": "
              + e.getMessage()
              + "; see docs/observability.md for the capacity file");
    }
  }

  /**
   * The key sample in {@code file} ({@code -} for {@code in}): one key a line, or with {@code
   * counts} a key, a space or tab, and a positive count. Every key must have a route in {@code
   * table}. {@code command} names the command in errors.
   */
  static KeySample keys(
      String file, boolean counts, RoutingTable table, InputStream in, String command) {
    KeySample sample = new KeySample(table.keyType());
    String where = file.equals("-") ? "standard input" : file;
    try (InputStream src =
        file.equals("-")
            ? in
            : Files.newInputStream(Tables.existingFile(file, "key file", command))) {
      KeyLines lines = new KeyLines(src);
      while (lines.next()) {
        String at = where + ":" + lines.lineNumber() + ": ";
        String line = lines.text();
        if (line == null) {
          throw CommandException.invalid("shardctl " + command + ": " + at + lines.refusal());
        }
        String key = line;
        long count = 1;
        if (counts) {
          int cut = Math.max(line.lastIndexOf('\t'), line.lastIndexOf(' '));
          if (cut < 0) {
            throw CommandException.invalid(
                "shardctl "
                    + command
                    + ": "
                    + at
                    + "expected KEY COUNT (with --counts every line ends in a count), got '"
                    + line
                    + "'");
          }
          key = line.substring(0, cut);
          String c = line.substring(cut + 1);
          try {
            count = Long.parseLong(c);
          } catch (NumberFormatException e) {
            count = 0;
          }
          if (count < 1) {
            throw CommandException.invalid(
                "shardctl " + command + ": " + at + "count '" + c + "' is not a positive integer");
          }
        }
        try {
          sample.add(key, count);
          table.routeCanonical(sample.entries().get(sample.entries().size() - 1).canonical());
        } catch (IllegalArgumentException | RoutingException e) {
          throw CommandException.invalid(
              "shardctl " + command + ": " + at + e.getMessage() + "; fix the line or remove it");
        }
      }
    } catch (IOException e) {
      throw CommandException.invalid("shardctl " + command + ": cannot read " + where + ": " + e);
    }
    if (sample.entries().isEmpty()) {
      throw CommandException.invalid(
          "shardctl " + command + ": " + where + " holds no key; give one key a line");
    }
    return sample;
  }

  /** The queries in {@code file}, one JSON object a line; blank lines are skipped. */
  static List<KeyAnalysis.Query> queries(String file, RoutingTable table) {
    List<KeyAnalysis.Query> out = new ArrayList<>();
    try (InputStream src =
        Files.newInputStream(Tables.existingFile(file, "query file", "analyze"))) {
      KeyLines lines = new KeyLines(src, "query file", "query");
      while (lines.next()) {
        String line = lines.text();
        String at = file + ":" + lines.lineNumber() + ": ";
        if (line == null) {
          throw CommandException.invalid("shardctl analyze: " + at + lines.refusal());
        }
        if (line.isBlank()) {
          continue;
        }
        try {
          out.add(KeyAnalysis.Query.parse(line, table.keyType()));
        } catch (IllegalArgumentException e) {
          throw CommandException.invalid("shardctl analyze: " + at + e.getMessage());
        }
      }
    } catch (IOException e) {
      throw CommandException.invalid("shardctl analyze: cannot read " + file + ": " + e);
    }
    if (out.isEmpty()) {
      throw CommandException.invalid(
          "shardctl analyze: "
              + file
              + " holds no query; write one a line: {\"keys\": [K, ...]} or {\"from\": K, \"to\": K}");
    }
    return out;
  }

  private static String text(String file, String what, String command) {
    Path p = Tables.existingFile(file, what, command);
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(p)))
          .toString();
    } catch (CharacterCodingException e) {
      throw CommandException.invalid(
          "shardctl " + command + ": " + file + " is not well-formed UTF-8; save it as UTF-8");
    } catch (IOException e) {
      throw CommandException.invalid("shardctl " + command + ": cannot read " + file + ": " + e);
    }
  }
}
