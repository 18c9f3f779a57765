package io.shardrouter.core;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * The routing document form of a {@link RoutingTable} as a {@link Spec}: fields in the fixed order
 * of format 1 ({@code docs/format.md} §1.9), which the fingerprint digests. The strategy is its own
 * {@link io.shardrouter.core.PartitionStrategy#toSpec()}, not a copy, so a directory of millions of
 * entries stays the view its strategy made.
 */
final class RoutingTableSpec {
  private RoutingTableSpec() {}

  /** The whole document: {@code format}, {@code routing_version}, then the {@link #content}. */
  public static Spec document(RoutingTable t) {
    Spec.ObjectBuilder doc =
        Spec.object().put("format", RoutingTable.FORMAT).put("routing_version", t.version());
    content(t, doc);
    return doc.build();
  }

  /** Everything but {@code format} and {@code routing_version}: what the fingerprint digests. */
  public static Spec content(RoutingTable t) {
    Spec.ObjectBuilder doc = Spec.object();
    content(t, doc);
    return doc.build();
  }

  private static void content(RoutingTable t, Spec.ObjectBuilder doc) {
    doc.put("entity", t.entity());
    KeyType type = t.keyType();
    Spec.ObjectBuilder key = Spec.object();
    KeyType.Kind kind = type.kind();
    if (kind == null) { // composite
      List<Spec> parts = new ArrayList<>(type.parts().size());
      for (KeyType.Kind k : type.parts()) {
        parts.add(Spec.of(k.documentName()));
      }
      key.put("type", "composite").put("parts", Spec.array(parts));
    } else {
      key.put("type", kind.documentName());
    }
    doc.put("key", key.build());
    doc.put("strategy", t.strategy().toSpec());
    List<Spec> groups = new ArrayList<>(t.groups().size());
    for (ReplicaGroup g : t.groups()) {
      Spec.ObjectBuilder o = Spec.object().put("id", g.id()).put("primary", replica(g.primary()));
      if (!g.replicas().isEmpty()) {
        List<Spec> rs = new ArrayList<>(g.replicas().size());
        for (Replica r : g.replicas()) {
          rs.add(replica(r));
        }
        o.put("replicas", Spec.array(rs));
      }
      if (!g.labels().isEmpty()) {
        o.put("labels", labels(g.labels()));
      }
      groups.add(o.build());
    }
    doc.put("groups", Spec.array(groups));
    doc.put("placement", Spec.viewOf(new Placement(t)));
    if (!t.extensions().isEmpty()) { // absent when empty: the fingerprints of format 1 stay
      Spec.ObjectBuilder ext = Spec.object();
      t.extensions().forEach(ext::put);
      doc.put("extensions", ext.build());
    }
  }

  /** The placement as a view: a group id made when its partition is read, none held. */
  private static final class Placement extends AbstractList<Spec> implements RandomAccess {
    private final RoutingTable table;

    Placement(RoutingTable table) {
      this.table = table;
    }

    @Override
    public Spec get(int partition) {
      return Spec.of(table.routeOfPartition(partition).group().id());
    }

    @Override
    public int size() {
      return table.partitionCount();
    }
  }

  private static Spec replica(Replica r) {
    if (r.labels().isEmpty()) {
      return Spec.of(r.endpoint());
    }
    return Spec.object().put("endpoint", r.endpoint()).put("labels", labels(r.labels())).build();
  }

  private static Spec labels(Map<String, String> labels) {
    Spec.ObjectBuilder o = Spec.object();
    labels.forEach(o::put);
    return o.build();
  }
}
