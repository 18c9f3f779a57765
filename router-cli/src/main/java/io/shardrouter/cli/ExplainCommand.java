package io.shardrouter.cli;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.HashPartitionStrategy;
import io.shardrouter.range.RangeStrategy;
import io.shardrouter.range.TimeBucketedStrategy;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;

/**
 * {@code shardctl explain DOC KEY}: every step from a key to its replica group. The key's canonical
 * bytes; the strategy's own account of the path the key took ({@link PartitionStrategy#explain}: a
 * directory hit, a dedicated tenant, a nested strategy, the fallback); for a hash strategy the hash
 * function, its seed and the 64-bit hash; for a range strategy the range that holds the key; for
 * {@code time_buckets} the buckets and the strategy of the key; the partition; the group with its
 * primary, replicas and labels; the table's version and entity. A key that is no key of the type,
 * that the strategy refuses (a negative {@code routable_id}) or that is in no range gets the error
 * on standard error and status {@value ShardCtl#UNROUTED}, as with {@code route}.
 */
@CommandLine.Command(
    name = "explain",
    description = "how KEY is routed: canonical bytes, hash, partition, group")
final class ExplainCommand implements Command {
  @CommandLine.Parameters(index = "0", paramLabel = "DOC", description = "the routing document")
  private String doc;

  @CommandLine.Parameters(
      index = "1",
      paramLabel = "KEY",
      description = "the key, in the document's key type")
  private String key;

  @Override
  public int run(Console console) {
    RoutingTable t = Tables.load(doc, "explain");
    byte[] canonical;
    try {
      canonical = t.keyType().parseText(key);
    } catch (InvalidKeyException e) {
      console.err().println("shardctl explain: " + e.getMessage());
      return ShardCtl.UNROUTED;
    }
    Route route;
    try {
      route = t.routeCanonical(canonical);
    } catch (NoRouteException | InvalidKeyException e) {
      // no range holds it, or the strategy refuses it (a negative routable_id), as route says
      console.err().println("shardctl explain: " + e.getMessage());
      return ShardCtl.UNROUTED;
    }
    PrintStream out = console.out();
    row(out, "key", key + " (" + t.keyType() + ")");
    row(
        out,
        "canonical",
        java.util.HexFormat.of().formatHex(canonical)
            + " ("
            + canonical.length
            + (canonical.length == 1 ? " byte)" : " bytes)"));
    PartitionStrategy s = t.strategy();
    if (s instanceof TimeBucketedStrategy tb) {
      row(
          out,
          "strategy",
          s.type() + ": " + tb.buckets() + ", keys routed by " + tb.strategy().type());
      s = tb.strategy();
      row(out, "  by key", describe(s));
    } else {
      row(out, "strategy", describe(s));
    }
    row(out, "path", t.strategy().explain(canonical, 0, canonical.length));
    if (s instanceof RangeStrategy rs) {
      row(out, "hash", "none (strategy 'range' keeps keys in order)");
      row(out, "range", rs.interval(route.partition()));
    } else if (s instanceof HashPartitionStrategy hs) {
      long h = hs.routingPoint(canonical, 0, canonical.length);
      row(out, "hash", hs.hash().name() + ", seed " + hs.hash().seed());
      row(
          out,
          "hash value",
          Long.toUnsignedString(h) + " (0x" + String.format(Locale.ROOT, "%016x", h) + ")");
      int p = hs.partitionOfHash(h);
      if (p
          != route
              .partition()) { // the two paths are one function; a difference is a bug worth seeing
        throw new IllegalStateException(
            "partition of hash "
                + Long.toUnsignedString(h)
                + " is "
                + p
                + " but the table routes the key to "
                + route.partition());
      }
    } else {
      row(out, "hash", "none (strategy '" + s.type() + "' is not a hash strategy)");
    }
    row(out, "partition", route.partition() + " of " + t.partitionCount());
    ReplicaGroup g = route.group();
    row(out, "group", g.id() + labels(g.labels()));
    row(out, "  primary", endpoint(g.primary()));
    List<String> replicas = new ArrayList<>();
    for (Replica r : g.replicas()) {
      replicas.add(endpoint(r));
    }
    row(
        out,
        "  replicas",
        replicas.isEmpty() ? "none (reads go to the primary)" : String.join(", ", replicas));
    row(out, "version", Long.toString(route.version()));
    row(out, "entity", route.entity());
    return ShardCtl.OK;
  }

  /**
   * The strategy in one line: its document object with long arrays and maps (tokens, directories)
   * counted ({@link Strategies#describe}), or for ranges their count and span (the object can be
   * long).
   */
  private static String describe(PartitionStrategy s) {
    if (s instanceof RangeStrategy rs) {
      int n = rs.partitionCount();
      return s.type()
          + ", "
          + n
          + (n == 1 ? " range " : " ranges ")
          + (n == 1 ? rs.interval(0) : rs.interval(0) + " ... " + rs.interval(n - 1));
    }
    return s.type() + " " + Strategies.describe(s.toSpec());
  }

  private static void row(PrintStream out, String label, String value) {
    out.println(label + " ".repeat(Math.max(1, 12 - label.length())) + Printed.line(value));
  }

  private static String endpoint(Replica r) {
    return r.endpoint() + labels(r.labels());
  }

  private static String labels(Map<String, String> labels) {
    if (labels.isEmpty()) {
      return "";
    }
    List<String> kv = new ArrayList<>();
    labels.forEach((k, v) -> kv.add(k + "=" + v));
    return " (" + String.join(", ", kv) + ")";
  }
}
