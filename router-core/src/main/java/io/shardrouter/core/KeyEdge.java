package io.shardrouter.core;

import io.shardrouter.core.internal.Latin1Strings;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The key edge of one {@link RoutingTable}: the one place that knows key shapes. Each method checks
 * the key against the table's key type and hands the strategy the key's canonical form (the bytes,
 * or the one 64-bit number of a {@code long} or {@code timestamp} key), then loads the route: one
 * array load, or the strategy's own route index (docs/architecture.md §3). An integer key, or an
 * integer part of a composite, is its number: the Java type it arrives in only carries it, and the
 * entity's key type decides its canonical bytes (docs/routing-spec.md §5.2).
 *
 * <p>{@link KeyRouter} is its public face; a {@link Router} holds the edge of its current table, so
 * a route through a router is one volatile read and this edge's work.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share. <b>Allocation:</b> none on a route.
 */
final class KeyEdge {
  final RoutingTable table;
  private final String entity;
  private final KeyType keyType;
  private final PartitionStrategy strategy;
  private final Route[] routes;
  // the strategy's own way from a key to a route; null: routes[partitionOf(key)]
  private final IndexedRoutes.@Nullable RouteIndex index;
  // the strategy's way to overlap the cache misses of a batch; null: one key after another
  private final @Nullable BatchPartitions batch;

  private final boolean stringKeys;
  private final boolean longKeys;
  private final boolean intKeys;
  private final boolean uuidKeys;
  private final boolean timestampKeys;
  private final boolean stringStringKeys;
  private final boolean stringLongKeys;
  private final boolean stringIntKeys;
  private final boolean longLongKeys;
  // the key type as a composite of two integer parts, for route(long, long): bit 0 set when part 0
  // is an int, bit 1 when part 1 is (0 for (long, long)); -1 when it is no such composite
  private final int integerPairInts;

  /**
   * The edge of {@code table}, whose routes (one per partition) are {@code routes}; asks the
   * strategy for its own route index when it has one.
   */
  KeyEdge(RoutingTable table, Route[] routes) {
    this.table = table;
    this.entity = table.entity();
    this.keyType = table.keyType();
    this.strategy = table.strategy();
    this.routes = routes;
    IndexedRoutes.RouteIndex own =
        strategy instanceof IndexedRoutes ir ? ir.routeIndex(routes) : null;
    if (strategy instanceof IndexedRoutes && (own == null || !own.isOver(strategy, routes))) {
      throw new IllegalStateException(
          "strategy '"
              + strategy.type()
              + "' gave a route index over another strategy "
              + "or other routes: IndexedRoutes.routeIndex must return an index over itself and the routes it is given");
    }
    // the plain way stays inline, one load shorter
    this.index = own == null || own.getClass() == IndexedRoutes.RouteIndex.class ? null : own;
    this.batch = index == null && strategy instanceof BatchPartitions b ? b : null;
    this.stringKeys = keyType.equals(KeyType.STRING);
    this.longKeys = keyType.equals(KeyType.LONG);
    this.intKeys = keyType.equals(KeyType.INT);
    this.uuidKeys = keyType.equals(KeyType.UUID_KEY);
    this.timestampKeys = keyType.equals(KeyType.TIMESTAMP);
    this.stringStringKeys = keyType.isComposite(KeyType.Kind.STRING, KeyType.Kind.STRING);
    this.stringLongKeys = keyType.isComposite(KeyType.Kind.STRING, KeyType.Kind.LONG);
    this.stringIntKeys = keyType.isComposite(KeyType.Kind.STRING, KeyType.Kind.INT);
    this.longLongKeys = keyType.isComposite(KeyType.Kind.LONG, KeyType.Kind.LONG);
    this.integerPairInts = integerPairInts(keyType);
  }

  Route routeOfPartition(int partition) {
    return routes[partition];
  }

  Route route(String key) {
    if (!stringKeys) {
      throw wrongKeyType("a String", "string");
    }
    // an ASCII string is its own canonical form; asciiBytes(null) is null
    byte[] ascii = Latin1Strings.AVAILABLE ? Latin1Strings.asciiBytes(key) : null;
    return ascii != null ? routeCanonical(ascii, 0, ascii.length) : routeEncoded(key);
  }

  /** Route of a string key that is not ASCII or cannot be read in place; refuses null. */
  private Route routeEncoded(String key) {
    KeyScratch s = KeyScratch.get();
    int n = s.putString(key); // refuses a null key and a lone surrogate
    return routeScratch(s, n);
  }

  /**
   * The route of the key encoded into the first {@code n} bytes of the thread's scratch {@code s}:
   * a key longer than {@link KeyScratch#RETAINED_BYTES} got an array of its own, given up once the
   * key is routed (or refused) so that the thread does not keep it.
   */
  private Route routeScratch(KeyScratch s, int n) {
    try {
      return routeCanonical(s.bytes(), 0, n);
    } finally {
      if (n > KeyScratch.RETAINED_BYTES) {
        s.releaseKey();
      }
    }
  }

  Route route(long key) {
    if (longKeys) {
      return routeLong(key);
    }
    if (intKeys && (int) key == key) {
      KeyScratch s = KeyScratch.get();
      int n = s.putInt((int) key);
      return routeCanonical(s.bytes(), 0, n);
    }
    throw intKeys ? outOfIntRange(key, -1) : wrongKeyType("an integer", "long or int");
  }

  Route route(UUID key) {
    if (!uuidKeys) {
      throw wrongKeyType("a UUID", "uuid");
    }
    KeyScratch s = KeyScratch.get();
    int n = s.putUuid(key);
    return routeCanonical(s.bytes(), 0, n);
  }

  Route route(Instant key) {
    if (!timestampKeys) {
      throw wrongKeyType("an Instant", "timestamp");
    }
    return routeLong(Timestamps.micros(key)); // its canonical form: 8 bytes of microseconds
  }

  Route route(String part0, String part1) {
    if (!stringStringKeys) {
      throw wrongKeyType("a (String, String)", "composite(string, string)");
    }
    KeyScratch s = KeyScratch.get();
    int n = s.putComposite(part0, part1);
    return routeScratch(s, n);
  }

  Route route(String part0, long part1) {
    KeyScratch s;
    int n;
    if (stringLongKeys) {
      s = KeyScratch.get();
      n = s.putComposite(part0, part1);
    } else if (stringIntKeys && (int) part1 == part1) {
      s = KeyScratch.get();
      n = s.putComposite(part0, (int) part1);
    } else {
      throw stringIntKeys
          ? outOfIntRange(part1, 1)
          : wrongKeyType("a (String, long)", "composite(string, long)");
    }
    return routeScratch(s, n);
  }

  Route route(long part0, long part1) {
    if (longLongKeys) {
      KeyScratch s = KeyScratch.get();
      int n = s.putComposite(part0, part1);
      return routeCanonical(s.bytes(), 0, n);
    }
    return routeIntegerPair(part0, part1);
  }

  /** {@link #route(long, long)} when either part of the key type is an {@code int}. */
  private Route routeIntegerPair(long part0, long part1) {
    int ints = integerPairInts;
    if (ints < 0) {
      throw wrongKeyType("a (long, long)", "composite(long, long)");
    }
    boolean int0 = (ints & 1) != 0;
    boolean int1 = (ints & 2) != 0;
    if (int0 && (int) part0 != part0) {
      throw outOfIntRange(part0, 0);
    }
    if (int1 && (int) part1 != part1) {
      throw outOfIntRange(part1, 1);
    }
    KeyScratch s = KeyScratch.get();
    int n = s.putIntegers(part0, int0, part1, int1);
    return routeCanonical(s.bytes(), 0, n);
  }

  Route route(@Nullable CompositeKey key) {
    if (key == null || !keyType.accepts(key)) {
      throw wrongComposite(key);
    }
    KeyScratch s = KeyScratch.get();
    int n = s.putComposite(key);
    return routeScratch(s, n);
  }

  Route routeCanonical(byte[] canonical, int offset, int length) {
    IndexedRoutes.RouteIndex own = index;
    return own == null
        ? routes[strategy.partitionOf(canonical, offset, length)]
        : own.routeCanonical(canonical, offset, length);
  }

  Route routeCanonical(byte @Nullable [] canonical) {
    if (canonical == null) {
      throw new InvalidKeyException(
          "key is null; a null key has no partition: check the caller's value before routing");
    }
    IndexedRoutes.RouteIndex own = index;
    return own == null
        ? routes[strategy.partitionOf(canonical, 0, canonical.length)]
        : own.routeCanonical(canonical, 0, canonical.length);
  }

  private Route routeLong(long value) {
    IndexedRoutes.RouteIndex own = index;
    return own == null ? routes[strategy.partitionOfLong(value)] : own.routeLong(value);
  }

  // ---- batches: every key of one batch through this one edge (one table version), the key type
  // checked once; a strategy with BatchPartitions overlaps the misses of a group of keys

  private static final int STRING = 0;
  private static final int UUID_SHAPE = 1;
  private static final int COMPOSITE = 2;
  private static final int CANONICAL = 3;

  void routeAll(long[] keys, int from, int to, Route[] out) {
    checkBatch(length(keys, "keys"), from, to, out);
    if (!longKeys && !intKeys) {
      throw wrongBatchType("an integer", "long or int");
    }
    BatchPartitions b = batch;
    if (longKeys && b != null) {
      routeAllLongs(b, keys, null, from, to, out);
      return;
    }
    int i = from;
    try {
      for (; i < to; i++) {
        out[i] = route(keys[i]);
      }
    } catch (RoutingException e) {
      throw KeyBatches.refusedAt(i, e, "routes");
    }
  }

  void routeAll(Instant[] keys, int from, int to, Route[] out) {
    checkBatch(length(keys, "keys"), from, to, out);
    if (!timestampKeys) {
      throw wrongBatchType("an Instant", "timestamp");
    }
    BatchPartitions b = batch;
    if (b != null) {
      routeAllLongs(b, null, keys, from, to, out);
      return;
    }
    int i = from;
    try {
      for (; i < to; i++) {
        out[i] = routeLong(Timestamps.micros(keys[i]));
      }
    } catch (RoutingException e) {
      throw KeyBatches.refusedAt(i, e, "routes");
    }
  }

  /**
   * Routes keys whose canonical form is 8 little-endian bytes of a {@code long}: {@code longs[from,
   * to)}, or the microseconds of {@code instants[from, to)}, through {@code b} in groups (prepared,
   * loaded, finished). A key refused while its group is prepared ends the group there: the keys
   * before it are finished and written first.
   */
  private void routeAllLongs(
      BatchPartitions b,
      long @Nullable [] longs,
      Instant @Nullable [] instants,
      int from,
      int to,
      Route[] out) {
    KeyScratch s = KeyScratch.get();
    long[] tokens = s.tokens();
    long[] values = s.kept(); // the group's values, for the finish pass
    int i = from;
    try {
      for (int g = from; g < to; g += BatchPartitions.GROUP) {
        int end = Math.min(to, g + BatchPartitions.GROUP);
        RoutingException refused = null;
        for (i = g; i < end; i++) {
          try {
            long v = longs != null ? longs[i] : Timestamps.micros(nonNull(instants)[i]);
            values[i - g] = v;
            tokens[i - g] = b.prepareLong(v);
          } catch (RoutingException e) {
            refused = e; // the keys before it are finished first
            end = i;
            break;
          }
        }
        b.loadGroup(tokens, end - g);
        for (i = g; i < end; i++) {
          out[i] = routes[b.finishLong(values[i - g], tokens[i - g])];
        }
        if (refused != null) {
          throw refused; // i == end, the refused key's index
        }
      }
    } catch (RoutingException e) {
      throw KeyBatches.refusedAt(i, e, "routes");
    }
  }

  private static Instant[] nonNull(Instant @Nullable [] instants) {
    return Objects.requireNonNull(instants, "instants when no longs");
  }

  void routeAll(String[] keys, int from, int to, Route[] out) {
    if (!stringKeys) {
      checkBatch(length(keys, "keys"), from, to, out);
      throw wrongBatchType("a String", "string");
    }
    routeAllEncoded(keys, STRING, from, to, out);
  }

  void routeAll(UUID[] keys, int from, int to, Route[] out) {
    if (!uuidKeys) {
      checkBatch(length(keys, "keys"), from, to, out);
      throw wrongBatchType("a UUID", "uuid");
    }
    routeAllEncoded(keys, UUID_SHAPE, from, to, out);
  }

  void routeAll(CompositeKey[] keys, int from, int to, Route[] out) {
    if (!keyType.isComposite()) {
      checkBatch(length(keys, "keys"), from, to, out);
      throw wrongBatchType("a CompositeKey", "a composite");
    }
    routeAllEncoded(keys, COMPOSITE, from, to, out);
  }

  // two-part keys given as two arrays, part0[i] and part1[i] the parts of key i
  private static final int STRING_STRING = 0;
  private static final int STRING_INTEGER = 1;
  private static final int INTEGER_INTEGER = 2;

  void routeAll(String[] part0, String[] part1, int from, int to, Route[] out) {
    checkPairs(length(part0, "part0"), length(part1, "part1"), from, to, out);
    if (!stringStringKeys) {
      throw wrongBatchType("a (String, String)", "composite(string, string)");
    }
    routeAllPairs(part0, part1, STRING_STRING, from, to, out);
  }

  void routeAll(String[] part0, long[] part1, int from, int to, Route[] out) {
    checkPairs(length(part0, "part0"), length(part1, "part1"), from, to, out);
    if (!stringLongKeys && !stringIntKeys) {
      throw wrongBatchType("a (String, long)", "composite(string, long)");
    }
    routeAllPairs(part0, part1, STRING_INTEGER, from, to, out);
  }

  void routeAll(long[] part0, long[] part1, int from, int to, Route[] out) {
    checkPairs(length(part0, "part0"), length(part1, "part1"), from, to, out);
    if (integerPairInts < 0) {
      throw wrongBatchType("a (long, long)", "composite(long, long)");
    }
    routeAllPairs(part0, part1, INTEGER_INTEGER, from, to, out);
  }

  /**
   * Routes the two-part keys {@code (part0[i], part1[i])} for {@code i} in {@code [from, to)} (of
   * {@code shape}, already checked against the key type) into {@code out}: one key after another,
   * or, for a strategy with {@link BatchPartitions}, each group's keys encoded into the group's
   * buffer in the prepare pass, loaded, and finished from there.
   */
  private void routeAllPairs(Object part0, Object part1, int shape, int from, int to, Route[] out) {
    BatchPartitions b = batch;
    KeyScratch s = KeyScratch.get();
    int i = from;
    try {
      if (b == null) {
        for (; i < to; i++) {
          out[i] = routePair(part0, part1, shape, i);
        }
        return;
      }
      long[] tokens = s.tokens();
      long[] kept = s.kept();
      for (int g = from; g < to; g += BatchPartitions.GROUP) {
        int end = Math.min(to, g + BatchPartitions.GROUP);
        RoutingException refused = null;
        s.startGroup();
        for (i = g; i < end; i++) {
          try {
            long at = keepPair(part0, part1, shape, i, s);
            kept[i - g] = at;
            tokens[i - g] = b.prepare(s.group(), (int) (at >>> 32), (int) at);
          } catch (RoutingException e) {
            refused = e; // the keys before it are finished first
            end = i;
            break;
          }
        }
        b.loadGroup(tokens, end - g);
        byte[] encoded = s.group();
        for (i = g; i < end; i++) {
          long at = kept[i - g];
          out[i] = routes[b.finish(encoded, (int) (at >>> 32), (int) at, tokens[i - g])];
        }
        if (refused != null) {
          throw refused; // i == end, the refused key's index
        }
      }
    } catch (RoutingException e) {
      throw KeyBatches.refusedAt(i, e, "routes");
    } finally {
      s.releaseGroup();
    }
  }

  /** The single route of the two-part key {@code i}. */
  private Route routePair(Object part0, Object part1, int shape, int i) {
    return switch (shape) {
      case STRING_STRING -> route(((String[]) part0)[i], ((String[]) part1)[i]);
      case STRING_INTEGER -> route(((String[]) part0)[i], ((long[]) part1)[i]);
      default -> route(((long[]) part0)[i], ((long[]) part1)[i]);
    };
  }

  /**
   * Encodes the two-part key {@code i} after the group's kept bytes in {@code s}, refusing it as
   * its single route does; returns where it is ({@link KeyScratch#kept()}).
   */
  private long keepPair(Object part0, Object part1, int shape, int i, KeyScratch s) {
    switch (shape) {
      case STRING_STRING:
        return s.keepComposite(((String[]) part0)[i], ((String[]) part1)[i]);
      case STRING_INTEGER:
        {
          long v = ((long[]) part1)[i];
          if (!stringLongKeys && (int) v != v) {
            throw outOfIntRange(v, 1);
          }
          return s.keepComposite(((String[]) part0)[i], v, !stringLongKeys);
        }
      default:
        {
          long v0 = ((long[]) part0)[i];
          long v1 = ((long[]) part1)[i];
          int ints = integerPairInts;
          boolean int0 = (ints & 1) != 0;
          boolean int1 = (ints & 2) != 0;
          if (int0 && (int) v0 != v0) {
            throw outOfIntRange(v0, 0);
          }
          if (int1 && (int) v1 != v1) {
            throw outOfIntRange(v1, 1);
          }
          return s.keepIntegers(v0, int0, v1, int1);
        }
    }
  }

  /**
   * Refuses a batch of two-part keys whose range is not within both part arrays and {@code out},
   * before any route is written.
   */
  private static void checkPairs(int part0, int part1, int from, int to, Route[] out) {
    if (from < 0 || from > to) {
      KeyBatches.checkRange("part0", part0, from, to); // names the bounds' order
    }
    if (to > part0 || to > part1) {
      throw new IndexOutOfBoundsException(
          (to > part0 ? "part0 has " + part0 : "part1 has " + part1)
              + " elements, fewer than the "
              + to
              + " the batch reads (key i is part0[i], part1[i]): give both part arrays at least"
              + " as many elements");
    }
    checkBatch(part0, from, to, out);
  }

  void routeAllCanonical(byte[][] keys, int from, int to, Route[] out) {
    routeAllEncoded(keys, CANONICAL, from, to, out);
  }

  /**
   * Routes {@code keys[from, to)} of one shape (already checked against the key type) into {@code
   * out}: one key after another, or, for a strategy with {@link BatchPartitions}, each group
   * prepared, loaded and then finished. A key that is not read in place is encoded once, in the
   * prepare pass, into the group's buffer ({@link KeyScratch#group()}), where its finish reads it.
   */
  private void routeAllEncoded(Object[] keys, int shape, int from, int to, Route[] out) {
    checkBatch(length(keys, "keys"), from, to, out);
    BatchPartitions b = batch;
    KeyScratch s = KeyScratch.get();
    int i = from;
    try {
      if (b == null) {
        for (; i < to; i++) {
          out[i] = routeOne(keys[i], shape);
        }
        return;
      }
      long[] tokens = s.tokens();
      long[] kept = s.kept();
      for (int g = from; g < to; g += BatchPartitions.GROUP) {
        int end = Math.min(to, g + BatchPartitions.GROUP);
        RoutingException refused = null;
        s.startGroup();
        // stage 0: load each key object of the group (a request's key is rarely in the caches), so
        // that its misses are in flight together before the hashing needs the bytes
        for (i = g; i < end; i++) {
          tokens[i - g] = touch(keys[i], shape);
        }
        for (i = g; i < end; i++) {
          Object k = keys[i];
          try {
            byte[] c = shape == CANONICAL ? requireCanonical(k) : inPlace(k, shape);
            if (c != null) {
              kept[i - g] = -1;
              tokens[i - g] = b.prepare(c, 0, c.length);
            } else {
              long at = keep(k, shape, s);
              kept[i - g] = at;
              tokens[i - g] = b.prepare(s.group(), (int) (at >>> 32), (int) at);
            }
          } catch (RoutingException e) {
            refused = e; // the keys before it are finished first
            end = i;
            break;
          }
        }
        b.loadGroup(tokens, end - g);
        byte[] encoded = s.group();
        for (i = g; i < end; i++) {
          long at = kept[i - g];
          int p;
          if (at < 0) {
            Object k = keys[i];
            byte[] c =
                shape == CANONICAL
                    ? (byte[]) k
                    : Objects.requireNonNull(inPlace(k, shape), "read in place when prepared");
            p = b.finish(c, 0, c.length, tokens[i - g]);
          } else {
            p = b.finish(encoded, (int) (at >>> 32), (int) at, tokens[i - g]);
          }
          out[i] = routes[p];
        }
        if (refused != null) {
          throw refused; // i == end, the refused key's index
        }
      }
    } catch (RoutingException e) {
      throw KeyBatches.refusedAt(i, e, "routes");
    } finally {
      s.releaseGroup();
    }
  }

  /** The route of one key of {@code shape}, as its single-key method gives it. */
  private Route routeOne(Object key, int shape) {
    return switch (shape) {
      case STRING -> route((String) key);
      case UUID_SHAPE -> route((UUID) key);
      case COMPOSITE -> route((CompositeKey) key);
      default -> routeCanonical((byte[]) key);
    };
  }

  /**
   * A value read from {@code key}'s object and, for text and bytes, from its array's first line (a
   * length), kept by the caller so that the loads are not dropped; 0 for null.
   */
  private static long touch(@Nullable Object key, int shape) {
    if (key == null) {
      return 0;
    }
    return switch (shape) {
      case STRING -> ((String) key).length();
      case CANONICAL -> ((byte[]) key).length;
      case UUID_SHAPE -> ((UUID) key).getMostSignificantBits();
      default -> 0;
    };
  }

  /**
   * The canonical bytes of an ASCII {@code String} key read in place, as {@link #route(String)}
   * does; null for any other key, which is encoded into the scratch buffer (for a batch, the
   * group's buffer).
   */
  private static byte @Nullable [] inPlace(@Nullable Object key, int shape) {
    return shape == STRING && Latin1Strings.AVAILABLE
        ? Latin1Strings.asciiBytes((String) key)
        : null;
  }

  /**
   * Encodes {@code key} of {@code shape} after the group's kept bytes in {@code s}; returns where
   * it is ({@link KeyScratch#kept()}).
   */
  private long keep(Object key, int shape, KeyScratch s) {
    return switch (shape) {
      case STRING -> s.keepString((String) key);
      case UUID_SHAPE -> s.keepUuid((UUID) key);
      default -> {
        CompositeKey c = (CompositeKey) key;
        if (c == null || !keyType.accepts(c)) {
          throw wrongComposite(c);
        }
        yield s.keepComposite(c);
      }
    };
  }

  /** {@code key} as canonical bytes, refused when null (also for {@link StrategyBatches}). */
  static byte[] requireCanonical(@Nullable Object key) {
    if (key == null) {
      throw new InvalidKeyException(
          "key is null; a null key has no partition: check the caller's value before routing");
    }
    return (byte[]) key;
  }

  /** Refuses a batch whose range is not within both arrays, before any route is written. */
  private static void checkBatch(int keys, int from, int to, Route[] out) {
    KeyBatches.checkRange("keys", keys, from, to);
    Objects.requireNonNull(out, "out is null: give the array the routes are written to");
    if (to > out.length) {
      throw new IndexOutOfBoundsException(
          "out has "
              + out.length
              + " elements, fewer than the "
              + to
              + " the batch writes (route i goes to out[i]): give an array at least as long as"
              + " the keys'");
    }
  }

  /** The length of a batch's array {@code name}, refused with its name when it is null. */
  private static int length(Object @Nullable [] keys, String name) {
    if (keys == null) {
      throw new NullPointerException(
          name + " is null: give an array of keys (an empty one for no keys)");
    }
    return keys.length;
  }

  /** {@link #length(Object[], String)} of an array of integer keys. */
  private static int length(long @Nullable [] keys, String name) {
    if (keys == null) {
      throw new NullPointerException(
          name + " is null: give an array of keys (an empty one for no keys)");
    }
    return keys.length;
  }

  /** The {@link #integerPairInts} of {@code type}. */
  private static int integerPairInts(KeyType type) {
    List<KeyType.Kind> parts = type.parts();
    if (parts.size() != 2) {
      return -1;
    }
    int ints = 0;
    for (int i = 0; i < 2; i++) {
      KeyType.Kind k = parts.get(i);
      if (k == KeyType.Kind.INT) {
        ints |= 1 << i;
      } else if (k != KeyType.Kind.LONG) {
        return -1;
      }
    }
    return ints;
  }

  // ---- refusals: what was given, what the entity routes, and what to call instead

  private InvalidKeyException wrongKeyType(String given, String wanted) {
    return wrongKeyType(given, wanted, false);
  }

  /** {@link #wrongKeyType(String, String)} of a batch: it names the batch routes to call. */
  private InvalidKeyException wrongBatchType(String given, String wanted) {
    return wrongKeyType(given, wanted, true);
  }

  private InvalidKeyException wrongKeyType(String given, String wanted, boolean batch) {
    return new InvalidKeyException(
        "entity '"
            + entity
            + "' routes keys of type "
            + keyType
            + ", not "
            + wanted
            + "; got "
            + given
            + " key: "
            + (keyType.isComposite() ? "build the key of its parts and call " : "call ")
            + entryPoints(batch)
            + " (the same value in another type has other canonical bytes and another partition)");
  }

  /**
   * The entry points that route a key of this table's key type, for messages: its single routes, or
   * its batch routes when {@code batch}.
   */
  private String entryPoints(boolean batch) {
    KeyType.Kind kind = keyType.kind();
    if (kind == null) { // composite
      String twoParts = twoPartOverload(batch);
      String composite = batch ? "routeAll(CompositeKey[], ...)" : "route(CompositeKey)";
      return twoParts != null
          ? twoParts + " or " + composite
          : composite + " with parts of kinds " + keyType.parts() + ", in order";
    }
    return switch (kind) {
      case STRING -> batch ? "routeAll(String[], ...)" : "route(String)";
      case LONG, INT -> batch ? "routeAll(long[], ...)" : "route(long)";
      case UUID -> batch ? "routeAll(UUID[], ...)" : "route(UUID)";
      case TIMESTAMP -> batch ? "routeAll(Instant[], ...)" : "route(Instant)";
      case BYTES ->
          batch
              ? "routeAllCanonical(byte[][], ...) with the keys' bytes"
              : "routeCanonical(byte[]) with the key's bytes";
    };
  }

  /**
   * The two-part overload (or, when {@code batch}, the two-array batch) that routes this table's
   * composite keys, or null when none does.
   */
  private @Nullable String twoPartOverload(boolean batch) {
    if (stringStringKeys) {
      return batch ? "routeAll(String[], String[], ...)" : "route(String, String)";
    }
    if (stringLongKeys || stringIntKeys) {
      return batch ? "routeAll(String[], long[], ...)" : "route(String, long)";
    }
    if (integerPairInts >= 0) {
      return batch ? "routeAll(long[], long[], ...)" : "route(long, long)";
    }
    return null;
  }

  /**
   * The refusal of {@code value}, the whole key ({@code part} -1) or the integer part {@code part},
   * where the key type has an {@code int}.
   */
  private InvalidKeyException outOfIntRange(long value, int part) {
    return new InvalidKeyException(
        "entity '"
            + entity
            + "' routes keys of type "
            + keyType
            + "; "
            + (part < 0 ? "the key " + value : "part " + part + " of the key, " + value + ",")
            + " is outside the int range ["
            + Integer.MIN_VALUE
            + ", "
            + Integer.MAX_VALUE
            + "], so no key of this entity has that value: pass the entity's int "
            + (part < 0 ? "key" : "part")
            + " (casting this value to int would route another key), or, if the entity's keys"
            + " outgrew int, route them as a new entity whose key type has long in place of int");
  }

  private InvalidKeyException wrongComposite(@Nullable CompositeKey key) {
    if (key == null) {
      return new InvalidKeyException(
          "key is null; a null key has no partition: check the caller's value before routing");
    }
    StringBuilder hint = new StringBuilder();
    List<KeyType.Kind> given = key.kinds();
    List<KeyType.Kind> wanted = keyType.parts();
    if (given.size() == wanted.size()) {
      for (int i = 0; i < given.size(); i++) {
        KeyType.Kind g = given.get(i);
        KeyType.Kind w = wanted.get(i);
        if (g != w && integer(g) && integer(w)) {
          hint.append(" Part ")
              .append(i)
              .append(" is ")
              .append(g == KeyType.Kind.INT ? "an Integer" : "a Long")
              .append(" where the key type has ")
              .append(w == KeyType.Kind.INT ? "an int" : "a long")
              .append(": give it as ")
              .append(w == KeyType.Kind.INT ? "an Integer" : "a Long (42L, not 42)")
              .append('.');
        }
      }
    }
    String twoParts = twoPartOverload(false);
    return new InvalidKeyException(
        "entity '"
            + entity
            + "' routes keys of type "
            + keyType
            + "; got a composite key of kinds "
            + given
            + ": build the key with parts of the entity's kinds, in order"
            + (twoParts == null
                ? ""
                : ", or call "
                    + twoParts
                    + (twoParts.endsWith("long)")
                        ? ", which takes an integer of either width"
                        : ""))
            + "."
            + hint);
  }

  private static boolean integer(KeyType.Kind k) {
    return k == KeyType.Kind.INT || k == KeyType.Kind.LONG;
  }
}
