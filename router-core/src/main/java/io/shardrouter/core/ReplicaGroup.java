package io.shardrouter.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The ordered set of endpoints that serves a partition: one primary for writes, zero or more
 * replicas for reads, and labels such as {@code region}, {@code zone} or {@code tier}.
 *
 * <p>DAO code writes to {@link #primary()} and reads from {@link #readReplica(long)}, which spreads
 * reads over the replicas by a caller-chosen hint and falls back to the primary when there are
 * none.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class ReplicaGroup {
  private final String id;
  private final Replica primary;
  private final Replica[] replicas;
  private final Map<String, String> labels;

  private ReplicaGroup(
      String id, Replica primary, List<Replica> replicas, Map<String, String> labels) {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException(
          "replica group id must be a non-blank string, got "
              + (id == null ? "null" : "'" + id + "'"));
    }
    if (!Utf8.isWellFormed(id)) {
      throw new IllegalArgumentException(
          "replica group id has a lone surrogate and so no UTF-8 form; fix the text");
    }
    this.id = id;
    this.primary =
        Objects.requireNonNull(
            primary, () -> "replica group '" + id + "' has no primary; give it one");
    if (primary.role() != Replica.Role.PRIMARY) {
      throw new IllegalArgumentException(
          "replica group '"
              + id
              + "': primary "
              + primary.endpoint()
              + " has role "
              + primary.role());
    }
    this.replicas = replicas.toArray(new Replica[0]);
    for (Replica r : this.replicas) {
      if (r.role() != Replica.Role.REPLICA) {
        throw new IllegalArgumentException(
            "replica group '" + id + "': replica " + r.endpoint() + " has role " + r.role());
      }
    }
    this.labels = checkedLabels(labels, "replica group '" + id + "'");
  }

  /** A group with a primary and read replicas given by endpoint, and no labels. */
  public static ReplicaGroup of(String id, String primaryEndpoint, String... replicaEndpoints) {
    List<Replica> rs = new ArrayList<>();
    for (String e : replicaEndpoints) {
      rs.add(Replica.replica(e));
    }
    return new ReplicaGroup(id, Replica.primary(primaryEndpoint), rs, Map.of());
  }

  /** A group with the given members and labels. */
  public static ReplicaGroup of(
      String id, Replica primary, List<Replica> replicas, Map<String, String> labels) {
    return new ReplicaGroup(id, primary, replicas, labels);
  }

  /** A copy of this group with {@code labels} instead of its own. */
  public ReplicaGroup withLabels(Map<String, String> labels) {
    return new ReplicaGroup(id, primary, List.of(replicas), labels);
  }

  public String id() {
    return id;
  }

  /** The member that takes writes. */
  public Replica primary() {
    return primary;
  }

  /** The read replicas, in document order (the primary not included). */
  public List<Replica> replicas() {
    return List.of(replicas);
  }

  /** The primary, then the replicas. */
  public List<Replica> members() {
    List<Replica> all = new ArrayList<>(replicas.length + 1);
    all.add(primary);
    Collections.addAll(all, replicas);
    return all;
  }

  /**
   * A replica for a read: {@code replicas[floorMod(hint, n)]}, or the primary when the group has no
   * replicas. Pass a per-request or per-thread counter to spread reads.
   *
   * <p><b>Allocation:</b> none.
   */
  public Replica readReplica(long hint) {
    return replicas.length == 0
        ? primary
        : replicas[(int) Math.floorMod(hint, (long) replicas.length)];
  }

  /** Labels, sorted by name. */
  public Map<String, String> labels() {
    return labels;
  }

  static Map<String, String> checkedLabels(Map<String, String> labels, String owner) {
    TreeMap<String, String> sorted = new TreeMap<>();
    for (Map.Entry<String, String> e : labels.entrySet()) {
      if (e.getKey() == null
          || e.getKey().isBlank()
          || e.getValue() == null
          || !Utf8.isWellFormed(e.getKey())
          || !Utf8.isWellFormed(e.getValue())) {
        throw new IllegalArgumentException(
            owner
                + ": label names must be non-blank, values non-null, and both well-formed text, got "
                + e.getKey()
                + "="
                + e.getValue());
      }
      sorted.put(e.getKey(), e.getValue());
    }
    return Collections.unmodifiableMap(sorted);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReplicaGroup g
        && id.equals(g.id)
        && primary.equals(g.primary)
        && java.util.Arrays.equals(replicas, g.replicas)
        && labels.equals(g.labels);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, primary, java.util.Arrays.hashCode(replicas), labels);
  }

  @Override
  public String toString() {
    return id
        + "{primary="
        + primary.endpoint()
        + ", replicas="
        + replicas.length
        + (labels.isEmpty() ? "" : ", labels=" + labels)
        + "}";
  }
}
