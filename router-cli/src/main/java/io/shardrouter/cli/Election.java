package io.shardrouter.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;

/**
 * The participants of a migration's leader election, read without joining it: Curator's {@code
 * LeaderLatch} at {@code <base>/migrations/<id>/leader} keeps one ephemeral sequential child per
 * participant ({@code _c_<uuid>-latch-<sequence>}) holding the participant's name, and the leader
 * is the one with the lowest sequence. A {@code LeaderLatch} reads them only once it has joined, so
 * this reads the children as it does.
 *
 * @param participants every participant's name, the leader first; empty when none is running
 */
record Election(List<String> participants) {
  private static final String LATCH = "latch-";

  static String migrationPath(String base, String id) {
    return base + "/migrations/" + id;
  }

  /** The election of migration {@code id}; empty when nobody takes part or it cannot be read. */
  static Election read(CuratorFramework client, String base, String id) {
    String path = migrationPath(base, id) + "/leader";
    List<String> children;
    try {
      children = new ArrayList<>(client.getChildren().forPath(path));
    } catch (KeeperException.NoNodeException e) {
      return new Election(List.of());
    } catch (Exception e) {
      throw new IllegalStateException(
          "reading the election of migration '" + id + "' at " + path + ": " + e, e);
    }
    children.removeIf(c -> !c.contains(LATCH));
    children.sort(Comparator.comparing(c -> c.substring(c.lastIndexOf(LATCH) + LATCH.length())));
    List<String> names = new ArrayList<>();
    for (String c : children) {
      try {
        byte[] data = client.getData().forPath(path + "/" + c);
        names.add(data == null ? "?" : new String(data, StandardCharsets.UTF_8));
      } catch (KeeperException.NoNodeException gone) {
        // left the election meanwhile
      } catch (Exception e) {
        throw new IllegalStateException(
            "reading the election of migration '" + id + "' at " + path + ": " + e, e);
      }
    }
    return new Election(List.copyOf(names));
  }

  /** The leader's name, or null when nobody takes part. */
  String leader() {
    return participants.isEmpty() ? null : participants.get(0);
  }

  /** The standbys' names, in the order they take over. */
  List<String> standbys() {
    return participants.isEmpty() ? List.of() : participants.subList(1, participants.size());
  }
}
