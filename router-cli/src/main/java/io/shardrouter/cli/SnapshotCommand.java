package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * {@code shardctl snapshot DOC OUT}: writes the table of {@code DOC} as a binary snapshot. The
 * snapshot is read back and compared before it is moved into place, so {@code OUT} is either the
 * old file or a complete snapshot of the same table, never half of one.
 */
@CommandLine.Command(name = "snapshot", description = "write DOC as a binary snapshot to OUT")
final class SnapshotCommand implements Command {
  @CommandLine.Parameters(index = "0", paramLabel = "DOC", description = "the routing document")
  private String doc;

  @CommandLine.Parameters(
      index = "1",
      paramLabel = "OUT",
      description = "the snapshot file to write")
  private String outArg;

  @Override
  public int run(Console console) {
    Path target = Tables.output(outArg, "snapshot", "OUT", doc);
    RoutingTable table = Tables.load(doc, "snapshot");
    byte[] snapshot = RoutingDocuments.writeSnapshot(table);
    RoutingTable back = RoutingDocuments.read(snapshot);
    if (!back.equals(table)) {
      throw new IllegalStateException(
          "snapshot of " + table + " reads back as " + back + "; not written");
    }
    Tables.write(target, snapshot, "snapshot");
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
