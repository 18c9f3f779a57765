package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.PartitionStrategyContract;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RingStrategy} in mode {@code 001} (the vnode-named ring, tokens derived from the node
 * names): the strategy contract over one to 64 nodes, several vnode counts, non-ASCII node names,
 * and the node lists after adding and removing a node.
 */
class NamedVnodesContractTest extends PartitionStrategyContract {

  @Override
  protected List<PartitionStrategy> strategies() {
    List<PartitionStrategy> out = new ArrayList<>();
    out.add(RingStrategy.namedVnodes(List.of("edge-1"), 1)); // P = 1, one token
    out.add(RingStrategy.namedVnodes(List.of("edge-1"), RingStrategy.DEFAULT_NAMED_VNODES));
    List<String> four = List.of("edge-1", "edge-2", "edge-3", "edge-4");
    out.add(RingStrategy.namedVnodes(four.subList(0, 2), RingStrategy.DEFAULT_NAMED_VNODES));
    out.add(RingStrategy.namedVnodes(four, RingStrategy.DEFAULT_NAMED_VNODES));
    out.add(
        RingStrategy.namedVnodes(
            List.of("edge-1", "edge-2", "edge-3", "edge-4", "edge-5"),
            RingStrategy.DEFAULT_NAMED_VNODES)); // add
    out.add(
        RingStrategy.namedVnodes(
            List.of("edge-1", "edge-3", "edge-4"), RingStrategy.DEFAULT_NAMED_VNODES)); // remove
    out.add(
        RingStrategy.namedVnodes(List.of("z\u00FCrich-1", "\u5317\u4EAC-2", "\uD83D\uDE00-3"), 7));
    out.add(RingStrategy.namedVnodes(nodes(10), 10));
    out.add(RingStrategy.namedVnodes(nodes(64), 16));
    out.add(RingStrategy.namedVnodes(nodes(300), 20));
    return out;
  }

  private static List<String> nodes(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add("node-" + i);
    }
    return out;
  }

  @Test
  void toSpec_mode001_typeModeNodesVnodesOnly() {
    for (PartitionStrategy s : strategies()) {
      RingStrategy ring = (RingStrategy) s;
      assertEquals(RingStrategy.Mode.NAMED_VNODES, ring.mode(), s::toString);
      assertEquals(
          ring.nodes().size(), ring.partitionCount(), () -> s + ": one partition per node");
      assertEquals(List.of("type", "mode", "nodes", "vnodes"), fieldNames(s), s::toString);
    }
  }

  private static List<String> fieldNames(PartitionStrategy s) {
    List<String> names = new ArrayList<>();
    names.addAll(s.toSpec().fieldNames());
    return names;
  }
}
