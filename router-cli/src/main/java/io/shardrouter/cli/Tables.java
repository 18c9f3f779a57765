package io.shardrouter.cli;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Loads the routing table of a {@code DOC} argument (a JSON document or a binary snapshot, told
 * apart by {@link RoutingDocuments}) and turns every way it can fail into the lines {@code
 * shardctl} prints: one {@code path: message} line per violation (a damaged snapshot among them),
 * the unreadable file; and writes output files whole.
 */
final class Tables {
  private Tables() {}

  /**
   * The routing table in {@code file}; {@code command} names the command in errors ({@code "zk
   * publish"}).
   */
  static RoutingTable load(String file, String command) {
    Path path = existingFile(file, "routing document", command);
    try {
      return RoutingDocuments.read(path);
    } catch (InvalidRoutingTableException e) {
      List<String> lines = new ArrayList<>();
      int n = e.violations().size();
      lines.add(
          "shardctl "
              + command
              + ": "
              + file
              + " is not a valid routing table ("
              + n
              + (n == 1 ? " violation):" : " violations):"));
      for (Violation v : e.violations()) {
        lines.add(v.toString());
      }
      throw CommandException.invalid(lines);
    } catch (UncheckedIOException e) {
      throw CommandException.invalid(
          "shardctl " + command + ": cannot read " + file + ": " + reason(e.getCause()));
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
    return output(file, command, arg, inputs, new String[0]);
  }

  /**
   * {@link #output(String, String, String, String...)} of a command with several outputs: none may
   * be one of {@code earlier}, the outputs checked before it.
   */
  static Path output(String file, String command, String arg, String[] inputs, String[] earlier) {
    String what = command + ": " + arg + " " + file;
    if (file.isEmpty()) {
      throw refused(command + ": " + arg, " is empty: give the path of a file to write");
    }
    if (file.endsWith("/") || file.endsWith("/.") || file.endsWith("/..") || file.equals(".")) {
      throw refused(what, " names a directory: give the path of a file to create or replace");
    }
    Path out;
    try {
      out = Path.of(file).toAbsolutePath();
    } catch (InvalidPathException e) {
      throw refused(what, " is not a valid path: " + e.getMessage());
    }
    if (out.getFileName() != null
        && out.getFileName().toString().getBytes(StandardCharsets.UTF_8).length > MAX_NAME) {
      throw refused(
          what,
          " has a file name of more than "
              + MAX_NAME
              + " bytes, more than most file systems take: give a shorter name");
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
              + ", which cannot be reached (it does not exist, or links loop): give the target's"
              + " path, or fix the link");
    }
    if (Files.exists(out)) { // follows links: the file a link names is the one replaced
      if (!Files.isRegularFile(out)) {
        throw refused(
            what,
            (Files.isDirectory(out) ? " is a directory" : " is not a regular file")
                + ": give the path of a file to create or replace");
      }
      if (!Files.isWritable(out)) {
        throw refused(what, " is not writable: check its permissions, or give another path");
      }
    }
    out = canonical(out);
    for (String input : inputs) {
      if (input != null && sameFile(out, input)) {
        throw refused(
            what, " is the input " + input + ": give another path (the input is left as it is)");
      }
    }
    for (String other : earlier) {
      if (other != null && sameFile(out, other)) {
        throw refused(what, " is also the output " + other + ": give each output its own path");
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
              + " is not writable (the file is written beside its target, then moved over it):"
              + " give a path in a directory you can write");
    }
    return out;
  }

  /** The longest file name, in bytes, most file systems take. */
  private static final int MAX_NAME = 255;

  /**
   * {@code path} with every link resolved: its real path when it exists, else its directory's real
   * path and its name (so that two spellings of a file not written yet are one path).
   */
  private static Path canonical(Path path) {
    Path p = path.toAbsolutePath().normalize();
    try {
      if (Files.exists(p)) {
        return p.toRealPath();
      }
      Path dir = p.getParent();
      if (dir != null && Files.exists(dir) && p.getFileName() != null) {
        return dir.toRealPath().resolve(p.getFileName());
      }
    } catch (IOException e) {
      // unresolvable: compared as spelled; the checks after it say what is wrong
    }
    return p;
  }

  /** The refusal of an output path: {@code shardctl COMMAND: ARG FILE} and the problem. */
  private static CommandException refused(String what, String problem) {
    return CommandException.invalid("shardctl " + what + problem);
  }

  private static boolean sameFile(Path out, String other) {
    try {
      Path in = Path.of(other);
      if (canonical(in).equals(out)) {
        return true; // also a file not written yet, spelled otherwise
      }
      return Files.exists(in) && Files.exists(out) && Files.isSameFile(out, in); // a hard link
    } catch (InvalidPathException | IOException e) {
      return false; // a path that cannot be resolved is not this file; its own check says why
    }
  }

  /**
   * Writes {@code bytes} to {@code out} (from {@link #output}) through a temporary file beside it
   * and a move, so that {@code out} is either the old file or all of the new one. The file is a new
   * one: an existing file's permissions are kept, but not its owner or its hard links (the other
   * names keep the old content); a new file gets the permissions the umask gives. The temporary
   * file has a random name and is created exclusively, and the target is looked at again just
   * before the move: what replaced a checked file in the meantime (a device, a link, a directory)
   * is refused, not replaced. {@code command} names the command in errors.
   */
  static void write(Path out, byte[] bytes, String command) {
    Path tmp = null;
    try {
      tmp = out.resolveSibling(".shardctl-" + UUID.randomUUID() + ".tmp");
      Files.write(tmp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
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
    if (e instanceof FileAlreadyExistsException) {
      return "a file or link of that name is in the way";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return String.valueOf(e.getMessage());
  }

  /**
   * The path of {@code file}, which must be a readable regular file; {@code what} names it and
   * {@code command} the command in errors.
   */
  static Path existingFile(String file, String what, String command) {
    String prefix = "shardctl " + command + ": " + what;
    Path path;
    try {
      path = Path.of(file);
    } catch (InvalidPathException e) {
      throw CommandException.invalid(
          prefix + " '" + file + "' is not a valid path: " + e.getMessage());
    }
    if (!Files.exists(path)) {
      throw CommandException.invalid(prefix + " " + file + " does not exist");
    }
    if (!Files.isRegularFile(path)) {
      throw CommandException.invalid(prefix + " " + file + " is not a regular file");
    }
    if (!Files.isReadable(path)) {
      throw CommandException.invalid(prefix + " " + file + " is not readable");
    }
    return path;
  }
}
