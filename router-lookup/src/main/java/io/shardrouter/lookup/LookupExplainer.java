package io.shardrouter.lookup;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import java.util.Objects;

/**
 * The line {@code shardctl explain} prints for a key routed by a {@link LookupStrategy}: which path
 * the key took (a directory hit, a dedicated entry, a second-level split with its nested strategy,
 * or the fallback), with the nested strategy's own line inside, ending with the partition.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Allocation:</b> allocates; a tool path.
 */
final class LookupExplainer {
  private LookupExplainer() {}

  static String explain(LookupStrategy s, byte[] c, int off, int len) {
    int start = off;
    int n = len;
    String what;
    if (s.match() == LookupStrategy.MatchMode.FIRST_PART) {
      KeyType.Kind first =
          Objects.requireNonNull(s.directoryKeyType().kind(), "a first part is a single key");
      long part = KeyTexts.firstPart(first, s.keyType(), c, off, len);
      start = (int) (part >>> 32);
      n = (int) part;
      what = s.ownerOf(c, start, n) + " (the key's first part)";
    } else {
      what = s.ownerOf(c, start, n);
    }
    LookupEntry e = s.entryOf(java.util.Arrays.copyOfRange(c, start, start + n));
    if (e == null) {
      return "lookup: "
          + what
          + " is not in the directory ("
          + s.size()
          + (s.size() == 1 ? " entry" : " entries")
          + "); fallback "
          + s.fallback().explain(c, start, n);
    }
    StringBuilder sb = new StringBuilder("lookup: directory hit, ").append(what);
    if (e.isDedicated()) {
      sb.append(", dedicated");
    }
    if (!e.pin().isEmpty()) {
      sb.append(", pinned to ");
      e.pin().forEach((k, v) -> sb.append(k).append('=').append(v).append(' '));
      sb.setLength(sb.length() - 1);
    }
    PartitionStrategy nested = e.strategy(); // null exactly when the entry is no split
    if (nested == null) {
      return sb.append(": partition ").append(e.partition()).toString();
    }
    int inner = nested.partitionOf(c, off, len);
    return sb.append(", splits by its own strategy over partitions ")
        .append(e.firstPartition())
        .append('-')
        .append(e.firstPartition() + e.partitionCount() - 1)
        .append(": ")
        .append(nested.explain(c, off, len))
        .append("; partition ")
        .append(e.firstPartition())
        .append(" + ")
        .append(inner)
        .append(" = ")
        .append(e.firstPartition() + inner)
        .toString();
  }
}
