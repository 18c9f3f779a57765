package io.shardrouter.core;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One member of a {@link ReplicaGroup}: its role, the endpoint a DAO connects to (the library never
 * opens connections) and labels such as {@code zone}.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class Replica {
  private final Role role;
  private final String endpoint;
  private final Map<String, String> labels;

  private Replica(Role role, String endpoint, Map<String, String> labels) {
    this.role = Objects.requireNonNull(role, "role");
    if (endpoint == null || endpoint.isBlank()) {
      throw new IllegalArgumentException(
          "replica endpoint must be a non-blank string such as 'db0:5432', got "
              + (endpoint == null ? "null" : "'" + endpoint + "'"));
    }
    if (!Utf8.isWellFormed(endpoint)) {
      throw new IllegalArgumentException(
          "replica endpoint has a lone surrogate and so no UTF-8 form; fix the text");
    }
    this.endpoint = endpoint;
    this.labels = ReplicaGroup.checkedLabels(labels, "replica '" + endpoint + "'");
  }

  public static Replica primary(String endpoint) {
    return new Replica(Role.PRIMARY, endpoint, Map.of());
  }

  public static Replica replica(String endpoint) {
    return new Replica(Role.REPLICA, endpoint, Map.of());
  }

  public static Replica of(Role role, String endpoint, Map<String, String> labels) {
    return new Replica(role, endpoint, labels);
  }

  public Role role() {
    return role;
  }

  public String endpoint() {
    return endpoint;
  }

  /** Labels, sorted by name. */
  public Map<String, String> labels() {
    return labels;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Replica r
        && role == r.role
        && endpoint.equals(r.endpoint)
        && labels.equals(r.labels);
  }

  @Override
  public int hashCode() {
    return Objects.hash(role, endpoint, labels);
  }

  @Override
  public String toString() {
    return role.name().toLowerCase(java.util.Locale.ROOT)
        + " "
        + endpoint
        + (labels.isEmpty() ? "" : " " + new TreeMap<>(labels));
  }

  /**
   * What a {@link Replica} does in its {@link ReplicaGroup}: the primary takes writes, replicas
   * serve reads.
   *
   * <p><b>Stability:</b> stable.
   *
   * @since 0.1
   */
  public enum Role {
    PRIMARY,
    REPLICA
  }
}
