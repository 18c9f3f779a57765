package io.shardrouter.zookeeper.internal;

import java.util.Locale;

/**
 * Where one entity's routing metadata lives under a base path (layout in {@code docs/fleet.md}):
 *
 * <pre>
 * BASE/entities/ENTITY/manifest                the published version's manifest
 * BASE/entities/ENTITY/versions/VERSION        the manifest of every kept version (history)
 * BASE/entities/ENTITY/blobs/VERSION-NONCE/c-I the snapshot's chunks, referenced by a manifest
 * BASE/entities/ENTITY/census/INSTANCE         ephemeral: what one instance routes with
 * </pre>
 *
 * <p>Versions are written with 19 digits so that names sort as numbers.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> internal.
 */
public final class ZnodePaths {
  /** The base path used when none is given. */
  public static final String DEFAULT_BASE = "/shardrouter";

  private final String entityPath;

  private ZnodePaths(String entityPath) {
    this.entityPath = entityPath;
  }

  /** The paths of {@code entity} under {@code base}; both are checked. */
  public static ZnodePaths of(String base, String entity) {
    return new ZnodePaths(checkBase(base) + "/entities/" + checkName("entity", entity));
  }

  /**
   * Checks that {@code base} is an absolute ZooKeeper path without a trailing slash; returns it.
   */
  public static String checkBase(String base) {
    if (base == null
        || !base.startsWith("/")
        || base.endsWith("/")
        || base.contains("//")
        || base.length() < 2) {
      throw new IllegalArgumentException(
          "base path must be an absolute ZooKeeper path such as "
              + DEFAULT_BASE
              + ", without a trailing slash, got '"
              + base
              + "'");
    }
    for (String part : base.substring(1).split("/", -1)) {
      checkName("base path element", part);
    }
    return base;
  }

  /**
   * Checks that {@code name} can be one znode name: not empty, not {@code .} or {@code ..}, no
   * {@code /}, no control characters, at most 200 characters; returns it.
   */
  public static String checkName(String what, String name) {
    String problem = null;
    if (name == null || name.isEmpty()) {
      problem = "is empty";
    } else if (name.equals(".") || name.equals("..")) {
      problem = "is '" + name + "', which ZooKeeper does not allow as a node name";
    } else if (name.length() > 200) {
      problem = "is " + name.length() + " characters long, over 200";
    } else {
      for (int i = 0; i < name.length(); i++) {
        char c = name.charAt(i);
        if (c == '/' || c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0xfffe || c == 0xffff) {
          problem =
              String.format(
                  Locale.ROOT,
                  "has the character U+%04X at index %d, which a znode name cannot",
                  (int) c,
                  i);
          break;
        }
      }
    }
    if (problem != null) {
      throw new IllegalArgumentException(
          what + " '" + name + "' " + problem + "; use letters, digits, '-', '_' or '.'");
    }
    return name;
  }

  /** The entity's own node. */
  public String entity() {
    return entityPath;
  }

  /** The manifest of the published version. */
  public String manifest() {
    return entityPath + "/manifest";
  }

  /** The parent of the kept versions' manifests. */
  public String versions() {
    return entityPath + "/versions";
  }

  /** The kept manifest of {@code version}. */
  public String version(long version) {
    return versions() + "/" + versionName(version);
  }

  /** The parent of the chunk blobs. */
  public String blobs() {
    return entityPath + "/blobs";
  }

  /** The blob named {@code name}. */
  public String blob(String name) {
    return blobs() + "/" + name;
  }

  /** Chunk {@code index} of blob {@code name}. */
  public String chunk(String name, int index) {
    return blob(name) + "/" + chunkName(index);
  }

  /** The parent of the census nodes. */
  public String census() {
    return entityPath + "/census";
  }

  /** The census node of {@code instance}. */
  public String census(String instance) {
    return census() + "/" + instance;
  }

  /** {@code version} as a znode name that sorts as a number. */
  public static String versionName(long version) {
    return String.format(Locale.ROOT, "%019d", version);
  }

  /** The version a {@link #versionName} or blob name starts with, or -1 when it is not one. */
  public static long versionOf(String name) {
    int end = name.indexOf('-');
    String digits = end < 0 ? name : name.substring(0, end);
    if (digits.length() != 19) {
      return -1;
    }
    for (int i = 0; i < digits.length(); i++) {
      if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
        return -1;
      }
    }
    return Long.parseLong(digits);
  }

  /** The name of chunk {@code index}. */
  public static String chunkName(int index) {
    return String.format(Locale.ROOT, "c-%06d", index);
  }
}
