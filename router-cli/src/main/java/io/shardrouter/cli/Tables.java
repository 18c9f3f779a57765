package io.shardrouter.cli;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
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
   * The file a command will write, checked before the command does any work, so that a bad path
   * fails first and nothing is printed for it: {@code file} must be a new file in an existing,
   * writable directory, or an existing regular file to replace (a symbolic link is followed: its
   * target is replaced, the link stays), and none of {@code inputs} (the command's input files).
   * {@code command} and {@code arg} name the command and the argument in errors ({@code "split"},
   * {@code "OUT"}). Returns the path {@link #write} writes.
   */
  static Path output(String file, String command, String arg, String... inputs) {
    String what = command + ": " + arg + " " + file;
    Path out;
    try {
      out = Path.of(file).toAbsolutePath();
    } catch (InvalidPathException e) {
      throw refused(what, " is not a valid path: " + e.getMessage());
    }
    if (Files.isSymbolicLink(out) && !Files.exists(out)) {
      Path target;
      try {
        target = out.resolveSibling(Files.readSymbolicLink(out)).normalize();
      } catch (IOException e) {
        throw refused(what, " is a link that cannot be read: " + reason(e));
      }
      throw refused(
          what,
          " is a link to "
              + target
              + ", which does not exist (or the link loops): give the target's path, or fix the"
              + " link");
    }
    if (Files.exists(out)) { // follows links: the file a link names is the one replaced
      if (!Files.isRegularFile(out)) {
        throw refused(
            what,
            (Files.isDirectory(out) ? " is a directory" : " is not a regular file")
                + ": give the path of a file to create or replace");
      }
      try {
        out = out.toRealPath();
      } catch (IOException e) {
        throw refused(what, " cannot be resolved: " + reason(e));
      }
      if (!Files.isWritable(out)) {
        throw refused(what, " is not writable: check its permissions");
      }
    }
    for (String input : inputs) { // an input, or an earlier output of the command, not yet written
      if (input != null && sameFile(out, input)) {
        throw refused(
            what, " is the input " + input + ": give another path (the input is left as it is)");
      }
    }
    Path dir = out.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw refused(
          what,
          ": directory "
              + dir
              + " does not exist: create it first, or give a path in an existing directory");
    }
    if (!Files.isWritable(dir)) {
      throw refused(
          what,
          ": directory "
              + dir
              + " is not writable (a file is written beside the target, then moved over it)");
    }
    return out;
  }

  /** The refusal of an output path: {@code shardctl COMMAND: ARG FILE} and the problem. */
  private static CommandException refused(String what, String problem) {
    return CommandException.invalid("shardctl " + what + problem);
  }

  private static boolean sameFile(Path out, String input) {
    try {
      Path in = Path.of(input);
      if (in.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
        return true; // also an earlier output of the same command, not written yet
      }
      return Files.exists(in) && Files.isSameFile(out, in);
    } catch (InvalidPathException | IOException e) {
      return false; // an input that cannot be resolved is not this file; its own check says why
    }
  }

  /** {@code inputs} and one more, {@code also} (an earlier output a later one may not be). */
  static String[] plus(String[] inputs, String also) {
    String[] all = Arrays.copyOf(inputs, inputs.length + 1);
    all[inputs.length] = also;
    return all;
  }

  /**
   * Writes {@code bytes} to {@code out} (from {@link #output}) through a temporary file beside it
   * and a move, so that {@code out} is either the old file or all of the new one; an existing
   * file's permissions are kept. The temporary file is new (a random name, created exclusively),
   * and the target is looked at again just before the move: what replaced a checked file in the
   * meantime (a device, a link, a directory) is refused, not replaced. {@code command} names the
   * command in errors.
   */
  static void write(Path out, byte[] bytes, String command) {
    Path tmp = null;
    try {
      tmp = Files.createTempFile(out.getParent(), "." + out.getFileName() + ".", ".tmp");
      Files.write(tmp, bytes);
      if (Files.exists(out)) {
        try {
          Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(out));
        } catch (UnsupportedOperationException e) {
          // no POSIX permissions here: the new file has the default ones
        }
      }
      if (Files.exists(out, LinkOption.NOFOLLOW_LINKS)
          && !Files.isRegularFile(out, LinkOption.NOFOLLOW_LINKS)) {
        throw new IOException("it is no longer a regular file; nothing was replaced");
      }
      try {
        Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      try {
        if (tmp != null) {
          Files.deleteIfExists(tmp);
        }
      } catch (IOException ignored) {
        // the write already failed; that is the error to report
      }
      throw CommandException.invalid(
          "shardctl " + command + ": cannot write " + out + ": " + reason(e));
    }
  }

  /** What went wrong in {@code e}, in the words of the file system, without Java class names. */
  static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return String.valueOf(e.getMessage());
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
