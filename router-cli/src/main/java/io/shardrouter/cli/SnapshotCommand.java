package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.Snapshots;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code shardctl snapshot DOC OUT}: writes the table of {@code DOC} as a binary snapshot. The
 * snapshot is read back and compared before it is moved into place, so {@code OUT} is either the
 * old file or a complete snapshot of the same table, never half of one.
 */
final class SnapshotCommand implements Command {
  @Override
  public int run(CliArgs args, Console console) {
    args.refuseKeysFile();
    args.requireExactly(2, "DOC and OUT");
    String outArg = args.positional(1);
    RoutingTable table = Tables.load(args.positional(0));
    byte[] snapshot = Snapshots.write(table);
    RoutingTable back = Snapshots.read(snapshot);
    if (!back.equals(table)) {
      throw new IllegalStateException("snapshot of " + table + " reads back as " + back + "; not written");
    }
    Path out;
    try {
      out = Path.of(outArg).toAbsolutePath();
    } catch (InvalidPathException e) {
      throw CommandException.invalid("shardctl snapshot: OUT '" + outArg + "' is not a valid path: " + e.getMessage());
    }
    Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
    try {
      Files.write(tmp, snapshot);
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
      throw CommandException.invalid("shardctl snapshot: cannot write " + outArg + ": " + e);
    }
    console.out().println("wrote " + outArg + ": " + snapshot.length + " bytes, entity " + table.entity() + ", version "
        + table.version() + ", " + table.partitionCount() + " partitions, fingerprint " + table.fingerprint().substring(0, 12));
    return ShardCtl.OK;
  }
}
