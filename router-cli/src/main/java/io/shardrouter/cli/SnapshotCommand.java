package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;

/**
 * {@code shardctl snapshot DOC OUT}: writes the table of {@code DOC} as a binary snapshot. The
 * snapshot is read back and compared before it is moved into place, so {@code OUT} is either the
 * old file or a complete snapshot of the same table, never half of one.
 */
final class SnapshotCommand implements Command {
  @Override
  public int run(CliArgs args, Console console) {
    args.requireExactly(2, "DOC and OUT");
    String outArg = args.positional(1);
    RoutingTable table = Tables.load(args.positional(0));
    byte[] snapshot = RoutingDocuments.writeSnapshot(table);
    RoutingTable back = RoutingDocuments.read(snapshot);
    if (!back.equals(table)) {
      throw new IllegalStateException(
          "snapshot of " + table + " reads back as " + back + "; not written");
    }
    Tables.write(outArg, snapshot, "snapshot");
    console
        .out()
        .println(
            "wrote "
                + outArg
                + ": "
                + snapshot.length
                + " bytes, entity "
                + table.entity()
                + ", version "
                + table.version()
                + ", "
                + table.partitionCount()
                + " partitions, fingerprint "
                + table.fingerprint().substring(0, 12));
    return ShardCtl.OK;
  }
}
