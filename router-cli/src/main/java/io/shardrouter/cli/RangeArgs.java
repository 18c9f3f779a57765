package io.shardrouter.cli;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.range.RangeStrategy;
import io.shardrouter.range.TimeBucketRoutes;
import io.shardrouter.range.TimeBucketedStrategy;
import java.time.Instant;

/**
 * What the range commands need from their arguments: the range strategy or the time buckets of a
 * table, with a message that says which strategy the document has instead; a key of the table's
 * type; an instant.
 */
final class RangeArgs {
  private RangeArgs() {}

  static RangeStrategy rangeStrategy(RoutingTable t, String doc, String command) {
    if (t.strategy() instanceof RangeStrategy s) {
      return s;
    }
    throw CommandException.invalid(
        "shardctl "
            + command
            + ": "
            + doc
            + " uses strategy '"
            + t.strategy().type()
            + "'; "
            + command
            + " needs a '"
            + RangeStrategy.TYPE
            + "' strategy, whose partitions are ranges of keys"
            + (t.strategy() instanceof TimeBucketedStrategy
                ? " (for time buckets, see shardctl buckets and retention)"
                : ""));
  }

  static TimeBucketRoutes buckets(RoutingTable t, String doc, String command) {
    if (t.strategy() instanceof TimeBucketedStrategy) {
      return TimeBucketRoutes.of(t);
    }
    throw CommandException.invalid(
        "shardctl "
            + command
            + ": "
            + doc
            + " uses strategy '"
            + t.strategy().type()
            + "'; "
            + command
            + " needs a '"
            + TimeBucketedStrategy.TYPE
            + "' strategy, which cuts time into buckets");
  }

  /** The canonical bytes of {@code text} as a key of the table's type; status 1 when it is none. */
  static byte[] key(RoutingTable t, String text, String what, String command) {
    try {
      return t.keyType().parseText(text);
    } catch (InvalidKeyException e) {
      throw CommandException.unrouted("shardctl " + command + ": " + what + ": " + e.getMessage());
    }
  }

  /** The instant written as {@code text} (ISO-8601 with an offset); status 2 when it is none. */
  static Instant instant(String text, String what, String command) {
    try {
      byte[] micros = KeyType.TIMESTAMP.parseText(text); // 8 bytes, little-endian (routing-spec.md)
      return Instant.EPOCH.plus(
          java.nio.ByteBuffer.wrap(micros).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(),
          java.time.temporal.ChronoUnit.MICROS);
    } catch (InvalidKeyException e) {
      throw CommandException.invalid(
          "shardctl " + command + ": " + what + ": " + e.getMessage().replaceFirst("^key ", ""));
    }
  }
}
