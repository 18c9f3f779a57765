package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;

/**
 * {@code shardctl validate DOC}: a one-line summary of a valid document or snapshot; for an
 * invalid one, status {@value ShardCtl#INVALID} and one {@code path: message} line per violation.
 */
final class ValidateCommand implements Command {
  @Override
  public int run(CliArgs args, Console console) {
    args.refuseKeysFile();
    args.requireExactly(1, "DOC, one routing document or snapshot");
    RoutingTable t = Tables.load(args.positional(0));
    console.out().println(summary(t));
    return ShardCtl.OK;
  }

  /** Entity, version, key type, strategy, partitions, groups, and the first 12 hex digits of the fingerprint. */
  static String summary(RoutingTable t) {
    return "valid: entity " + t.entity() + ", version " + t.version() + ", key " + t.keyType() + ", strategy "
        + Tables.strategyText(t.strategy()) + ", " + t.partitionCount() + " partitions, " + t.groups().size() + " groups, fingerprint "
        + t.fingerprint().substring(0, 12);
  }
}
