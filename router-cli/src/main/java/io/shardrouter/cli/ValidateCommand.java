package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.RingAllocator;
import io.shardrouter.hash.RingBalance;
import io.shardrouter.hash.RingStrategy;
import picocli.CommandLine;

/**
 * {@code shardctl validate DOC}: a one-line summary of a valid document or snapshot (and, for a
 * weighted ring, the busiest and idlest group's share against its weight share); for an invalid
 * one, status {@value ShardCtl#INVALID} and one {@code path: message} line per violation.
 */
@CommandLine.Command(
    name = "validate",
    description = "check a routing document or snapshot, print a one-line summary")
final class ValidateCommand implements Command {
  @CommandLine.Parameters(paramLabel = "DOC", description = "a routing document or snapshot")
  private String doc;

  @Override
  public int run(Console console) {
    RoutingTable t = Tables.load(doc, "validate");
    if (t.strategy() instanceof RingStrategy ring && ring.mode() == RingStrategy.Mode.TOKENS) {
      RingAllocator.standard().check(t); // weights must name exactly the groups
      RingBalance balance = RingBalance.of(t);
      console
          .out()
          .println(
              summary(t)
                  + String.format(
                      java.util.Locale.ROOT,
                      ", ring balance: peak/mean %.4f, trough/mean %.4f",
                      balance.peak(),
                      balance.trough()));
    } else {
      console.out().println(summary(t));
    }
    return ShardCtl.OK;
  }

  /**
   * Entity, version, key type, strategy, partitions, groups, and the first 12 hex digits of the
   * fingerprint.
   */
  static String summary(RoutingTable t) {
    return "valid: entity "
        + t.entity()
        + ", version "
        + t.version()
        + ", key "
        + t.keyType()
        + ", strategy "
        + Strategies.describe(t.strategy().toSpec())
        + ", "
        + t.partitionCount()
        + " partitions, "
        + t.groups().size()
        + " groups, fingerprint "
        + t.fingerprint().substring(0, 12);
  }
}
