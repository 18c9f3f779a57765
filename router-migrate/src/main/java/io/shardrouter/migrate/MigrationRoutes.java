package io.shardrouter.migrate;

import io.shardrouter.core.BatchPartitions;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyBatches;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.migrate.internal.KeyHash;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The routes of one routing version of a migration: for every key, where to write ({@link
 * WriteRoute}) and where to read ({@link ReadRoute}).
 *
 * <p>A key outside the moving parts routes as the plain table routes it: one route, an array check
 * and a load of a route built ahead of time. For a placement move, a key of a moving partition
 * costs the same; for a strategy change, a key of a partition that has moving keys is routed a
 * second time under the target table to learn whether it moves.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Batches</b> ({@link #readAll(byte[][], int, int, ReadRoute[])} and its siblings) give each
 * key the route its single call gives; on a table whose strategy overlaps a batch's cache misses (a
 * lookup directory) the keys' table routes go through the table's batch route. The second route of
 * a strategy change, under the target table, is a single route per moving key.
 *
 * <p><b>Allocation:</b> none on {@code write}, {@code read} and their batches.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class MigrationRoutes {
  private final @Nullable MigrationPlan plan; // null for plain routes
  private final Phase phase;
  private final long version;
  private final RoutingTable table;
  private final RoutingTable target;
  private final boolean strategyChange;
  private final int[] slot;
  private final int[] targetGroupOfPartition;
  private final int groups;
  private final WriteRoute[] plainWrite;
  private final ReadRoute[] plainRead;
  private final WriteRoute[] moveWrite;
  private final ReadRoute[] moveRead;
  private final ReadRoute[] canaryRead;
  private final int canaryPercent;
  private final boolean compareReads; // the plan's; false for plain routes
  // the table's strategy overlaps a batch's misses (a strategy with a route index of its own, which
  // the table routes key by key, would only pay for the chunks; no strategy has both)
  private final boolean batch;
  private static final Route[] NO_ROUTES = {}; // a batch's table routes, when they come one by one

  /**
   * The routes of a plain table: no key moves; every route is the table's, in phase {@link
   * Phase#PLANNED} or, for a finished migration's last table, the phase its marker names.
   */
  private MigrationRoutes(RoutingTable plain) {
    this(null, phaseOfPlain(plain), plain.version(), plain);
  }

  private static Phase phaseOfPlain(RoutingTable plain) {
    Phase ended = TransitionDocument.ended(plain);
    return ended != null ? ended : Phase.PLANNED;
  }

  MigrationRoutes(MigrationPlan plan, Phase phase, long version) {
    this(plan, phase, version, null);
  }

  // Exactly one of plan and plain is null: plan is read only on paths where plain is null (the
  // routes of a migration), which NullAway cannot follow.
  @SuppressWarnings("NullAway")
  private MigrationRoutes(
      @Nullable MigrationPlan plan, Phase phase, long version, @Nullable RoutingTable plain) {
    this.plan = plan;
    this.phase = phase;
    this.version = version;
    RoutingTable base = plain != null ? plain : phase == Phase.DONE ? plan.to() : plan.from();
    if (plain != null || phase == Phase.PLANNED) {
      this.table = base.version() == version ? base : base.toBuilder().version(version).build();
    } else if (phase.terminal()) { // a marker, so that a process that only has the table knows
      this.table =
          base.toBuilder()
              .version(version)
              .extension(TransitionDocument.NAME, null)
              .extension(
                  TransitionDocument.END, TransitionDocument.end(phase, plan.from().version()))
              .build();
    } else {
      this.table =
          base.toBuilder()
              .version(version)
              .extension(TransitionDocument.END, null) // an earlier migration's end
              .extension(TransitionDocument.NAME, TransitionDocument.of(plan, phase))
              .build();
    }
    this.target = plain != null ? plain : plan.to();
    this.batch = table.strategy() instanceof BatchPartitions;
    this.strategyChange = plain == null && plan.strategyChange();
    this.canaryPercent = phase == Phase.CANARY ? plan.canaryPercent() : 0;
    this.compareReads = plan != null && plan.compareReads();
    int p = table.partitionCount();
    this.plainWrite = new WriteRoute[p];
    this.plainRead = new ReadRoute[p];
    for (int i = 0; i < p; i++) {
      ReplicaGroup g = table.groupOf(i);
      plainWrite[i] = new WriteRoute(version, i, phase, g, null, null);
      plainRead[i] = new ReadRoute(version, i, phase, g, null, false);
    }
    this.slot = new int[p];
    Arrays.fill(slot, -1);
    List<ReplicaGroup> tg = target.groups();
    this.groups = tg.size();
    this.targetGroupOfPartition = new int[target.partitionCount()];
    for (int q = 0; q < target.partitionCount(); q++) {
      targetGroupOfPartition[q] = tg.indexOf(target.groupOf(q));
    }
    boolean moving = plain == null && !(phase == Phase.PLANNED || phase.terminal());
    int slots = 0;
    if (moving) {
      for (MigrationPlan.Movement m : plan.movements()) {
        if (slot[m.sourcePartition()] < 0) {
          slot[m.sourcePartition()] = slots++;
        }
      }
    }
    this.moveWrite = new WriteRoute[slots * groups];
    this.moveRead = new ReadRoute[slots * groups];
    this.canaryRead = new ReadRoute[slots * groups];
    if (moving) {
      for (MigrationPlan.Movement m : plan.movements()) {
        int sp = m.sourcePartition();
        ReplicaGroup s = table.groupOf(sp);
        ReplicaGroup t = target.group(m.targetGroup());
        int i = slot[sp] * groups + tg.indexOf(t);
        moveWrite[i] = writeOf(sp, s, t, m);
        moveRead[i] = readOf(sp, s, t, false);
        canaryRead[i] = readOf(sp, s, t, true);
      }
    }
  }

  private WriteRoute writeOf(
      int partition, ReplicaGroup s, ReplicaGroup t, MigrationPlan.Movement m) {
    switch (phase) {
      case COPY:
        return new WriteRoute(version, partition, phase, s, null, m);
      case DUAL_WRITE:
      case VERIFY:
      case CANARY:
        return new WriteRoute(version, partition, phase, s, t, m);
      case CUT_OVER:
        return new WriteRoute(version, partition, phase, t, null, m);
      case ROLLBACK_WINDOW:
        return new WriteRoute(version, partition, phase, t, s, m);
      case PLANNED:
      case DONE:
      case ROLLED_BACK:
        break;
    }
    throw new IllegalStateException("phase " + phase + " has no moving parts");
  }

  private ReadRoute readOf(int partition, ReplicaGroup s, ReplicaGroup t, boolean canary) {
    if (phase == Phase.CUT_OVER || phase == Phase.ROLLBACK_WINDOW) {
      return new ReadRoute(version, partition, phase, t, null, false);
    }
    if (canary && phase == Phase.CANARY) {
      return new ReadRoute(version, partition, phase, t, compareReads ? s : null, true);
    }
    return new ReadRoute(version, partition, phase, s, null, false);
  }

  /** The plan these routes belong to, or null for {@linkplain #plain plain} routes. */
  public @Nullable MigrationPlan plan() {
    return plan;
  }

  /** The phase. */
  public Phase phase() {
    return phase;
  }

  /** The routing version. */
  public long version() {
    return version;
  }

  /**
   * The routing table of this version for plain routers: the source's placement until {@link
   * Phase#DONE}, the target's from then on, at {@link #version()}; while keys move it carries the
   * transition state in its extension {@code transition} (docs/format.md §8), from which {@link
   * #of(RoutingTable)} rebuilds these routes in any process.
   */
  public RoutingTable table() {
    return table;
  }

  /** True when the partition (under {@link #table()}) has keys that move in this phase. */
  public boolean moving(int partition) {
    return slot[partition] >= 0;
  }

  /**
   * Where to write a text key. <b>Allocation:</b> none.
   *
   * @param key the key
   * @return the route, shared
   */
  public WriteRoute write(String key) {
    return writeFrom(table.route(key), key);
  }

  /** {@link #write(String)} of a key the table routed to {@code r}. */
  private WriteRoute writeFrom(Route r, String key) {
    int s = slot[r.partition()];
    if (s < 0) {
      return plainWrite[r.partition()];
    }
    int g = strategyChange ? targetGroupOfPartition[target.route(key).partition()] : fixed(r);
    WriteRoute w = moveWrite[s * groups + g];
    return w == null ? plainWrite[r.partition()] : w;
  }

  /**
   * Where to write a key given as canonical bytes. <b>Allocation:</b> none.
   *
   * @param canonical the key's canonical bytes
   * @return the route, shared
   */
  public WriteRoute write(byte[] canonical) {
    return writeFrom(table.routeCanonical(canonical), canonical);
  }

  /** {@link #write(byte[])} of a key the table routed to {@code r}. */
  private WriteRoute writeFrom(Route r, byte[] canonical) {
    int s = slot[r.partition()];
    if (s < 0) {
      return plainWrite[r.partition()];
    }
    int g =
        strategyChange
            ? targetGroupOfPartition[target.routeCanonical(canonical).partition()]
            : fixed(r);
    WriteRoute w = moveWrite[s * groups + g];
    return w == null ? plainWrite[r.partition()] : w;
  }

  /**
   * Where to read a text key. <b>Allocation:</b> none.
   *
   * @param key the key
   * @return the route, shared
   */
  public ReadRoute read(String key) {
    return readFrom(table.route(key), key);
  }

  /** {@link #read(String)} of a key the table routed to {@code r}. */
  private ReadRoute readFrom(Route r, String key) {
    int s = slot[r.partition()];
    if (s < 0) {
      return plainRead[r.partition()];
    }
    int g = strategyChange ? targetGroupOfPartition[target.route(key).partition()] : fixed(r);
    int i = s * groups + g;
    if (moveRead[i] == null) {
      return plainRead[r.partition()];
    }
    return canaryPercent > 0 && KeyHash.bucket(key) < canaryPercent ? canaryRead[i] : moveRead[i];
  }

  /**
   * Where to read a key given as canonical bytes. <b>Allocation:</b> none.
   *
   * @param canonical the key's canonical bytes
   * @return the route, shared
   */
  public ReadRoute read(byte[] canonical) {
    return readFrom(table.routeCanonical(canonical), canonical);
  }

  /** {@link #read(byte[])} of a key the table routed to {@code r}. */
  private ReadRoute readFrom(Route r, byte[] canonical) {
    int s = slot[r.partition()];
    if (s < 0) {
      return plainRead[r.partition()];
    }
    int g =
        strategyChange
            ? targetGroupOfPartition[target.routeCanonical(canonical).partition()]
            : fixed(r);
    int i = s * groups + g;
    if (moveRead[i] == null) {
      return plainRead[r.partition()];
    }
    return canaryPercent > 0 && KeyHash.bucket(canonical, 0, canonical.length) < canaryPercent
        ? canaryRead[i]
        : moveRead[i];
  }

  // ---- batches

  /**
   * Where to write each of the text keys {@code keys[from, to)}: {@code out[i]} is {@link
   * #write(String) write(keys[i])}, every route of this version. A table whose strategy has {@link
   * BatchPartitions} (a lookup directory, {@code jump}) routes the keys in groups through its batch
   * route, so that their cache misses, or their loops, overlap (docs/lookup.md §12, architecture.md
   * §3.2); any other is routed key after key. For a service writing a page of rows.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws IndexOutOfBoundsException when {@code [from, to)} is not within {@code keys} or {@code
   *     out} is shorter than {@code to}; nothing is written
   * @throws RoutingException when {@code keys[i]} is refused as {@link #write(String)} refuses it:
   *     the same type ({@link NoRouteException}, {@link InvalidKeyException}, a strategy's own
   *     subtype) with the message starting with {@code keys[i]:} ({@link
   *     RoutingException#batchIndex()} is {@code i}); the routes of the keys before it are written,
   *     none after
   * @since 0.1
   */
  public void writeAll(String[] keys, int from, int to, WriteRoute[] out) {
    routeAll(keys, true, from, to, out, false);
  }

  /**
   * Where to write each of the keys given as canonical bytes, {@code keys[from, to)}: {@code
   * out[i]} is {@link #write(byte[]) write(keys[i])}, as {@link #writeAll(String[], int, int,
   * WriteRoute[])}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @since 0.1
   */
  public void writeAll(byte[][] keys, int from, int to, WriteRoute[] out) {
    routeAll(keys, false, from, to, out, false);
  }

  /**
   * Where to read each of the text keys {@code keys[from, to)}: {@code out[i]} is {@link
   * #read(String) read(keys[i])}, as {@link #writeAll(String[], int, int, WriteRoute[])}. For a
   * multi-get.
   *
   * <p><b>Allocation:</b> none.
   *
   * @since 0.1
   */
  public void readAll(String[] keys, int from, int to, ReadRoute[] out) {
    routeAll(keys, true, from, to, out, true);
  }

  /**
   * Where to read each of the keys given as canonical bytes, {@code keys[from, to)}: {@code out[i]}
   * is {@link #read(byte[]) read(keys[i])}, as {@link #writeAll(String[], int, int, WriteRoute[])}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @since 0.1
   */
  public void readAll(byte[][] keys, int from, int to, ReadRoute[] out) {
    routeAll(keys, false, from, to, out, true);
  }

  /**
   * The batches: the table's routes of a chunk of keys (through its batch route when its strategy
   * has one), then each key's read or write route from its table route, as the single calls do.
   */
  private void routeAll(
      Object[] keys, boolean text, int from, int to, Object[] out, boolean reads) {
    if (keys == null) {
      throw new NullPointerException(
          "keys is null: give an array of keys (an empty one for no keys)");
    }
    KeyBatches.checkRange("keys", keys.length, from, to); // as the table's batch routes say it
    Objects.requireNonNull(out, "out is null: give the array the routes are written to");
    if (text && !table.keyType().equals(KeyType.STRING)) {
      throw new InvalidKeyException(
          "entity '"
              + table.entity()
              + "' routes keys of type "
              + table.keyType()
              + ", not string; got String keys: give the keys' canonical bytes to the byte[][]"
              + " batch ("
              + (reads ? "readAll" : "writeAll")
              + "(byte[][], ...); KeyType.parseText or CanonicalBytes makes them)");
    }
    if (to > out.length) {
      throw new IndexOutOfBoundsException(
          "out has "
              + out.length
              + " elements, fewer than the "
              + to
              + " the batch writes (route i goes to out[i]): give an array at least as long as"
              + " the keys'");
    }
    Chunk c = batch ? Chunk.get() : null;
    Route[] routes = c != null ? c.routes : NO_ROUTES;
    try {
      for (int g = from; g < to; g += Chunk.SIZE) {
        int end = Math.min(to, g + Chunk.SIZE);
        int routed = c != null ? c.route(table, keys, text, g, end) : 0;
        int i = g;
        try {
          for (; i < end; i++) {
            Object k = keys[i];
            // past what the chunk's batch routed (the key the table's batch refused and those
            // after it): routed alone, a refusal is named below
            Route r = i - g < routed ? routes[i - g] : tableRoute(table, k, text);
            if (text) {
              out[i] = reads ? readFrom(r, (String) k) : writeFrom(r, (String) k);
            } else {
              out[i] = reads ? readFrom(r, (byte[]) k) : writeFrom(r, (byte[]) k);
            }
          }
        } catch (RoutingException e) {
          throw KeyBatches.refusedAt(i, e, "routes");
        }
      }
    } finally {
      if (c != null) {
        Arrays.fill(routes, null); // keeps no route of this version alive in the thread
      }
    }
  }

  /** The table's route of one key of a batch, text or canonical bytes. */
  private static Route tableRoute(RoutingTable table, Object key, boolean text) {
    return text ? table.route((String) key) : table.routeCanonical((byte[]) key);
  }

  /**
   * A thread's scratch for one chunk of a batch on a table with {@link BatchPartitions}: the
   * chunk's keys copied to the front of an array of their own (the table's batch writes the route
   * of key {@code i} to index {@code i}), and their routes.
   */
  private static final class Chunk {
    static final int SIZE = 4 * BatchPartitions.GROUP;
    private static final ThreadLocal<Chunk> CHUNKS = ThreadLocal.withInitial(Chunk::new);

    final Route[] routes = new Route[SIZE];
    private final String[] text = new String[SIZE];
    private final byte[][] canonical = new byte[SIZE][];

    static Chunk get() {
      return CHUNKS.get();
    }

    /**
     * The table's routes of {@code keys[g, end)} into {@code routes[0, end - g)}; returns how many
     * keys from {@code g} on it routed: all of them, or those before the first key the table
     * refuses.
     */
    int route(RoutingTable table, Object[] keys, boolean text, int g, int end) {
      int n = end - g;
      Object[] copy = text ? this.text : canonical;
      System.arraycopy(keys, g, copy, 0, n);
      Arrays.fill(routes, 0, n, null);
      try {
        if (text) {
          table.routeAll(this.text, 0, n, routes);
        } else {
          table.routeAllCanonical(canonical, 0, n, routes);
        }
        return n;
      } catch (RoutingException e) {
        // the batch wrote the routes of the keys before the one it refused, whose index it names
        // (KeyRouter.routeAll); a refusal of the whole batch: every key is routed alone
        return Math.max(0, e.batchIndex());
      } finally {
        Arrays.fill(copy, 0, n, null); // keeps no key of the caller's alive
      }
    }
  }

  private int fixed(Route r) {
    return targetGroupOfPartition[r.partition()];
  }

  /**
   * The routing document of this version: {@link #table()}'s document, with the transition state
   * under {@code extensions.transition} while keys are moving (see {@code docs/format.md} §8).
   */
  public String toDocument() {
    return RoutingDocuments.write(table);
  }

  /**
   * The routes a routing document written by {@link #toDocument()} describes.
   *
   * @param document the JSON text
   * @return the routes
   * @throws IllegalArgumentException when the document has no valid transition extension
   */
  public static MigrationRoutes fromDocument(String document) {
    return of(RoutingDocuments.read(document));
  }

  /**
   * The routes of a table as a routing source delivers it to any process: every process that has
   * the same version routes every key the same way. A table with a {@code transition} extension is
   * a phase of a migration; a table without one routes every key plainly, as {@link #plain} does:
   * in {@link Phase#DONE} or {@link Phase#ROLLED_BACK} when it is the last version of a migration
   * (its {@code migration_end} extension says which, docs/format.md §8; {@link #plan()} is null),
   * else in {@link Phase#PLANNED}.
   *
   * @param table a table, with or without the {@code transition} extension
   * @return the routes
   * @throws IllegalArgumentException when the table's transition extension is not valid
   */
  public static MigrationRoutes of(RoutingTable table) {
    if (table.extension(TransitionDocument.NAME) == null) {
      return plain(table);
    }
    return TransitionDocument.read(table);
  }

  /**
   * The routes of a table no migration is moving: every write and read goes to the group the table
   * routes the key to, with no second group, in phase {@link Phase#PLANNED} (or {@link Phase#DONE}
   * / {@link Phase#ROLLED_BACK} when the table is the last version of a migration and its {@code
   * migration_end} extension says so). What a service starts with, so that a migration can later
   * take its routes over.
   *
   * @param table the table
   * @return the routes; {@link #plan()} is null
   * @throws IllegalArgumentException when the table's {@code migration_end} extension is not valid
   */
  public static MigrationRoutes plain(RoutingTable table) {
    return new MigrationRoutes(table);
  }

  @Override
  public String toString() {
    return "MigrationRoutes{" + table.entity() + " v" + version + " " + phase + "}";
  }
}
