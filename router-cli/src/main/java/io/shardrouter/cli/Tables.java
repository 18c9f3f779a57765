package io.shardrouter.cli;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads the routing table of a {@code DOC} argument (a JSON document or a binary snapshot, told
 * apart by {@link RoutingDocuments}) and turns every way it can fail into the lines {@code
 * shardctl} prints: one {@code path: message} line per violation (a damaged snapshot among them),
 * the unreadable file; and writes output files whole.
 */
final class Tables {
  private Tables() {}

  static RoutingTable load(String file) {
    Path path = existingFile(file, "routing document");
    try {
      return RoutingDocuments.read(path);
    } catch (InvalidRoutingTableException e) {
      List<String> lines = new ArrayList<>();
      int n = e.violations().size();
      lines.add(
          "shardctl: "
              + file
              + " is not a valid routing table ("
              + n
              + (n == 1 ? " violation):" : " violations):"));
      for (Violation v : e.violations()) {
        lines.add(v.toString());
      }
      throw CommandException.invalid(lines);
    } catch (UncheckedIOException e) {
      throw CommandException.invalid("shardctl: cannot read " + file + ": " + e.getCause());
    }
  }

  /**
   * Writes {@code bytes} to {@code file} through a temporary file and a move, so {@code file} is
   * either the old file or all of the new one; {@code command} names the command in errors.
   */
  static void write(String file, byte[] bytes, String command) {
    Path out;
    try {
      out = Path.of(file).toAbsolutePath();
    } catch (InvalidPathException e) {
      throw CommandException.invalid(
          "shardctl " + command + ": OUT '" + file + "' is not a valid path: " + e.getMessage());
    }
    Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
    try {
      Files.write(tmp, bytes);
      try {
        Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // the write already failed; that is the error to report
      }
      throw CommandException.invalid("shardctl " + command + ": cannot write " + file + ": " + e);
    }
  }

  /**
   * The path of {@code file}, which must be a readable regular file; {@code what} names it in
   * errors.
   */
  static Path existingFile(String file, String what) {
    Path path;
    try {
      path = Path.of(file);
    } catch (InvalidPathException e) {
      throw CommandException.invalid(
          "shardctl: " + what + " '" + file + "' is not a valid path: " + e.getMessage());
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
