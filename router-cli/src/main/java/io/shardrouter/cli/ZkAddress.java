package io.shardrouter.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.curator.framework.CuratorFramework;

/**
 * The {@code --zk} connect string, checked before a ZooKeeper client is built: {@code HOST:PORT}
 * servers separated by commas, then optionally a chroot path ({@code /app}). ZooKeeper's client
 * takes a bad one as it comes: a port that is no number fails inside its connection thread, again
 * and again, and a host that does not resolve is retried, each with a stack trace on standard
 * error, until the command gives up after its wait. Here each server must have a host that resolves
 * and a port that is a number in 1..65535, or none. What ZooKeeper's own parser accepts is
 * accepted: spaces around a server and empty entries are dropped, a server without a port (or with
 * a bare {@code :}) is on 2181, and one host that resolves is enough (ZooKeeper skips those it
 * cannot reach). A chroot ({@code /app}) may not end in {@code /} or hold {@code //}.
 */
final class ZkAddress {
  private static final String EXAMPLE = "such as 127.0.0.1:2181 or zk1:2181,zk2:2181,zk3:2181";

  private ZkAddress() {}

  /**
   * Refuses {@code connect} when a server in it is not {@code HOST:PORT} with a port in 1..65535 (a
   * usage error), or, when {@code resolve}, has a host that does not resolve; {@code command} names
   * the command in the message.
   */
  static void check(String command, String connect, boolean resolve) {
    java.util.List<String> list = servers(command, connect);
    String[] hosts = hosts(command, connect, list); // every server's form, then the names
    int slash = connect.indexOf('/');
    if (slash >= 0) {
      chroot(command, connect, connect.substring(slash));
    }
    if (!resolve) {
      return;
    }
    String unresolved = unresolved(list, hosts);
    if (unresolved != null) {
      throw CommandException.invalid(
          "shardctl "
              + command
              + ": --zk "
              + connect
              + ": "
              + unresolved
              + "; check its spelling, or give the ensemble's address, "
              + EXAMPLE);
    }
  }

  /**
   * Why no server of {@code connect} can be reached by name: {@code host 'zk1' of server 'zk1:2181'
   * is not known (it does not resolve to an address)}, the first server's; null when a host
   * resolves. A connect string {@link #check} refuses is refused as it refuses it.
   */
  static String unresolved(String command, String connect) {
    java.util.List<String> list = servers(command, connect);
    return unresolved(list, hosts(command, connect, list));
  }

  /** The servers of {@code connect}, as ZooKeeper's parser takes them; refused when none. */
  private static java.util.List<String> servers(String command, String connect) {
    int slash = connect.indexOf('/');
    java.util.List<String> list = new java.util.ArrayList<>();
    for (String server : (slash < 0 ? connect : connect.substring(0, slash)).split(",", -1)) {
      if (!server.isBlank()) {
        list.add(server.strip()); // spaces around a server and empty entries are dropped
      }
    }
    if (list.isEmpty()) {
      throw bad(command, connect, "names no server; give HOST:PORT, " + EXAMPLE);
    }
    return list;
  }

  private static String[] hosts(String command, String connect, java.util.List<String> servers) {
    String[] hosts = new String[servers.size()];
    for (int i = 0; i < hosts.length; i++) {
      hosts[i] = host(command, connect, servers.get(i));
    }
    return hosts;
  }

  private static String unresolved(java.util.List<String> servers, String[] hosts) {
    String first = null;
    for (int i = 0; i < hosts.length; i++) {
      try {
        InetAddress.getByName(hosts[i]);
        return null; // one server to reach is enough: ZooKeeper skips the others, as when down
      } catch (UnknownHostException | SecurityException e) {
        if (first == null) {
          first =
              "host '"
                  + hosts[i]
                  + "' of server '"
                  + servers.get(i)
                  + "' is not known (it does not resolve to an address)";
        }
      }
    }
    return first;
  }

  /**
   * Refuses a chroot of {@code connect} that does not exist on the ensemble {@code client} (built
   * on {@code connect}, connected) reaches: ZooKeeper does not create it, and every read and write
   * under it fails with its {@code NoNode} error. A check that cannot be made is left to the
   * command's own calls, which say why they fail.
   */
  static void requireChroot(String command, String connect, CuratorFramework client) {
    String missing = missingChroot(command, connect, client);
    if (missing != null) {
      throw CommandException.invalid(missing);
    }
  }

  /**
   * What {@link #requireChroot} would refuse with, or null when the chroot exists, there is none,
   * or the check cannot be made.
   */
  static String missingChroot(String command, String connect, CuratorFramework client) {
    int slash = connect.indexOf('/');
    if (slash < 0 || connect.length() == slash + 1) {
      return null; // no chroot, or "/": the root
    }
    String chroot = connect.substring(slash);
    boolean exists;
    try {
      exists = client.checkExists().forPath("/") != null; // the chroot, seen from inside it
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (Exception e) {
      return null;
    }
    if (exists) {
      return null;
    }
    return "shardctl "
        + command
        + ": --zk "
        + connect
        + ": the chroot "
        + chroot
        + " does not exist on that ensemble (ZooKeeper does not create it); create it"
        + " (zkCli.sh -server "
        + connect.substring(0, slash)
        + " create "
        + chroot
        + "), or drop the chroot from --zk";
  }

  /** Refuses a chroot ZooKeeper would refuse: it must be an absolute path of non-empty names. */
  private static void chroot(String command, String connect, String path) {
    if (path.length() > 1 && (path.endsWith("/") || path.contains("//"))) {
      throw bad(
          command,
          connect,
          "the chroot '"
              + path
              + "' has an empty name (a '/' at its end, or '//'); give a path such as /app, or"
              + " none");
    }
  }

  /**
   * The host of {@code server} (stripped, not empty), {@code HOST[:PORT]} or {@code [IPV6][:PORT]},
   * once its port is good.
   */
  private static String host(String command, String connect, String server) {
    if (server.chars().anyMatch(Character::isWhitespace)) {
      throw bad(
          command,
          connect,
          "server '" + server + "' holds a space; give HOST:PORT without spaces, " + EXAMPLE);
    }
    int colon = server.lastIndexOf(':');
    if (colon < 0 || (server.startsWith("[") && colon < server.indexOf(']'))) {
      colon = server.length(); // no port: ZooKeeper's 2181
    }
    String host = server.substring(0, colon);
    String port = colon < server.length() ? server.substring(colon + 1) : "";
    boolean badPort =
        !port.isEmpty()
            && (!port.matches("[0-9]{1,5}")
                || Integer.parseInt(port) < 1
                || Integer.parseInt(port) > 65535);
    if (badPort) {
      throw bad(
          command,
          connect,
          "port '"
              + port
              + "' of server '"
              + server
              + "' is not a number in 1..65535; give HOST:PORT, "
              + EXAMPLE);
    }
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1); // an IPv6 address: [::1]:2181
    }
    if (host.isEmpty()) {
      throw bad(
          command, connect, "server '" + server + "' has no host; give HOST:PORT, " + EXAMPLE);
    }
    return host;
  }

  private static CommandException bad(String command, String connect, String what) {
    return CommandException.usage(command, "--zk " + connect + ": " + what);
  }
}
