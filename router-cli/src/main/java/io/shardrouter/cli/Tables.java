package io.shardrouter.cli;

import io.shardrouter.core.CorruptSnapshotException;
import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingFiles;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads the routing table of a {@code DOC} argument (a JSON document or a binary snapshot, told
 * apart by {@link RoutingFiles}) and turns every way it can fail into the lines {@code shardctl}
 * prints: one {@code path: message} line per violation, the snapshot's corruption, the unreadable file.
 */
final class Tables {
  /** Strategy objects longer than this (a large directory) are cut short in one-line output. */
  static final int MAX_STRATEGY_CHARS = 240;

  private Tables() {}

  /** The strategy object as one line of JSON, cut after {@value #MAX_STRATEGY_CHARS} characters with a note. */
  static String strategyText(io.shardrouter.core.PartitionStrategy s) {
    String spec = s.toJson().toString();
    return spec.length() <= MAX_STRATEGY_CHARS ? spec
        : spec.substring(0, MAX_STRATEGY_CHARS) + "... (" + spec.length() + " characters; see the document)";
  }

  static RoutingTable load(String file) {
    Path path = existingFile(file, "routing document");
    try {
      return RoutingFiles.read(path);
    } catch (InvalidRoutingTableException e) {
      List<String> lines = new ArrayList<>();
      int n = e.violations().size();
      lines.add("shardctl: " + file + " is not a valid routing table (" + n + (n == 1 ? " violation):" : " violations):"));
      for (Violation v : e.violations()) {
        lines.add(v.toString());
      }
      throw CommandException.invalid(lines);
    } catch (CorruptSnapshotException e) {
      throw CommandException.invalid("shardctl: " + file + ": corrupt snapshot: " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw CommandException.invalid("shardctl: cannot read " + file + ": " + e.getCause());
    }
  }

  /** The path of {@code file}, which must be a readable regular file; {@code what} names it in errors. */
  static Path existingFile(String file, String what) {
    Path path;
    try {
      path = Path.of(file);
    } catch (InvalidPathException e) {
      throw CommandException.invalid("shardctl: " + what + " '" + file + "' is not a valid path: " + e.getMessage());
    }
    if (!Files.exists(path)) {
      throw CommandException.invalid("shardctl: " + what + " " + file + " does not exist");
    }
    if (!Files.isRegularFile(path)) {
      throw CommandException.invalid("shardctl: " + what + " " + file + " is not a regular file");
    }
    if (!Files.isReadable(path)) {
      throw CommandException.invalid("shardctl: " + what + " " + file + " is not readable");
    }
    return path;
  }
}
