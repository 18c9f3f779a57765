package io.shardrouter.core;

import java.time.Instant;
import java.util.UUID;

/**
 * The key edge: routes keys of one entity, one method per key shape, declared once for the two
 * things that route. A {@link Router} routes through whichever table is current at the call; a
 * {@link RoutingTable} is one fixed version, for a request that needs several routes consistent
 * with one another ({@code router.table()} once, then route through it). Code that only routes can
 * take a {@code KeyRouter} and be given either.
 *
 * <p>Each method checks the key against the entity's {@link KeyType} and refuses a key of another
 * type with {@link InvalidKeyException} naming the type and the method to call: the same value in
 * another type has other canonical bytes and another partition (docs/routing-spec.md §5). An
 * integer key, or an integer part of a composite, is its number: there is one integer overload,
 * {@link #route(long)}, so {@code route(42)} and {@code route(42L)} route the same key on an entity
 * with {@code long} keys and on one with {@code int} keys, and the entity's key type decides the
 * canonical bytes (4 or 8, little-endian; docs/routing-spec.md §5.2).
 *
 * <p><b>Thread-safety:</b> safe for any number of threads.
 *
 * <p><b>Stability:</b> stable; sealed: {@link Router} and {@link RoutingTable} are the only kinds.
 *
 * <p><b>Allocation:</b> none on any {@code route} or {@code routeAll} (the methods below say so for
 * short). The one exception: a key that is encoded on the way (non-ASCII text, a composite) to more
 * than {@link KeyScratch#RETAINED_BYTES} bytes gets an array of its own, which the thread does not
 * keep (so one huge key never stays with a pooled thread).
 *
 * @since 0.1
 */
public abstract sealed class KeyRouter permits Router, RoutingTable {

  KeyRouter() {}

  /** The edge of the table routed through now. */
  abstract KeyEdge edge();

  /**
   * The table routed through now: for a {@link Router} the current table (read it once per request
   * and route through it for a consistent view), for a {@link RoutingTable} itself.
   */
  public abstract RoutingTable table();

  /**
   * Route of a {@code string} key.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's keys are not strings, or {@code key} is null or
   *     holds a lone surrogate (no UTF-8 form)
   */
  public final Route route(String key) {
    return edge().route(key);
  }

  /**
   * Route of an integer key of a {@code long} or an {@code int} entity: the key is the number, and
   * the entity's key type decides its canonical bytes (8 or 4 bytes, little-endian). So {@code
   * route(42L)} and {@code route(42)} (the same call: an {@code int} argument widens) route the
   * same key, whichever integer type the entity has.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's keys are not integers, or are {@code int}s and
   *     {@code key} is outside the {@code int} range (no key of the entity has that value; it is
   *     never truncated)
   */
  public final Route route(long key) {
    return edge().route(key);
  }

  /**
   * Route of a {@code uuid} key.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's keys are not UUIDs, or {@code key} is null
   */
  public final Route route(UUID key) {
    return edge().route(key);
  }

  /**
   * Route of a {@code timestamp} key, at microsecond precision (docs/routing-spec.md §5.2).
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's keys are not timestamps, or {@code key} is null
   *     or outside the range of 64-bit microseconds
   */
  public final Route route(Instant key) {
    return edge().route(key);
  }

  /**
   * Route of a composite {@code (string, string)} key.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's key type is another, or a part is null
   */
  public final Route route(String part0, String part1) {
    return edge().route(part0, part1);
  }

  /**
   * Route of a composite {@code (string, long)} or {@code (string, int)} key: {@code part1} is the
   * number, and the entity's key type decides its width, as for {@link #route(long)}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's key type is neither, or its part 1 is an {@code
   *     int} and {@code part1} is outside the {@code int} range
   */
  public final Route route(String part0, long part1) {
    return edge().route(part0, part1);
  }

  /**
   * Route of a composite key of two integer parts: {@code (long, long)}, {@code (long, int)},
   * {@code (int, long)} or {@code (int, int)}. Each part is its number, and the entity's key type
   * decides its width, as for {@link #route(long)}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's key type is no composite of two integer parts, or
   *     a part that is an {@code int} in the key type is outside the {@code int} range
   */
  public final Route route(long part0, long part1) {
    return edge().route(part0, part1);
  }

  /**
   * Route of a composite key of any shape. Its parts must have exactly the kinds of the entity's
   * key type, in order: a {@link CompositeKey} keeps each part's Java type ({@code Integer} is an
   * {@code int} part, {@code Long} a {@code long} part), so for an integer part that may arrive as
   * either, the two-part overloads ({@link #route(String, long)}, {@link #route(long, long)}) are
   * the ones that take the number.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when {@code key} is null or its kinds are not the key type's
   */
  public final Route route(CompositeKey key) {
    return edge().route(key);
  }

  /**
   * Route of a key given as its canonical bytes (for {@code bytes} keys, the bytes themselves). The
   * caller vouches that the bytes are the canonical form of a key of the entity's key type
   * (docs/routing-spec.md §5).
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when {@code canonical} is null
   */
  public final Route routeCanonical(byte[] canonical) {
    return edge().routeCanonical(canonical);
  }

  /**
   * Route of a key given as {@code length} canonical bytes of {@code canonical} from {@code
   * offset}, as {@link #routeCanonical(byte[])}: for keys read out of a larger buffer.
   *
   * <p><b>Allocation:</b> none.
   */
  public final Route routeCanonical(byte[] canonical, int offset, int length) {
    return edge().routeCanonical(canonical, offset, length);
  }

  // ---- batches

  /**
   * Routes {@code keys[from, to)} into {@code out[from, to)}: {@code out[i]} is {@code
   * route(keys[i])}, every route of the batch from one table version (a {@link Router} reads its
   * table once per batch). A strategy with {@link BatchPartitions} overlaps the work of a group of
   * keys (the lookup directory its cache misses, {@code jump} the divisions of its loops), so a
   * batch costs less per key than single calls; any other strategy, one with a route index of its
   * own, and an {@code int} entity's keys (4 canonical bytes, not a {@code long}'s 8) are routed
   * key after key, with the key type checked once.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws IndexOutOfBoundsException when {@code [from, to)} is not within {@code keys} or {@code
   *     out} is shorter than {@code to}; nothing is written
   * @throws InvalidKeyException when the entity's keys are not integers (nothing is written), or
   *     {@code keys[i]} is refused as {@link #route(long)} refuses it: the message starts with
   *     {@code keys[i]:}, and the routes before {@code i} are written, none after; a key no route
   *     holds is a {@link NoRouteException} the same way, and so is a strategy's own {@link
   *     RoutingException}, of its own type ({@link RoutingException#batchIndex()} is {@code i})
   */
  public final void routeAll(long[] keys, int from, int to, Route[] out) {
    edge().routeAll(keys, from, to, out);
  }

  /**
   * Routes {@code keys[from, to)} of a {@code string} entity into {@code out[from, to)}, as {@link
   * #routeAll(long[], int, int, Route[])}.
   *
   * <p><b>Allocation:</b> none.
   */
  public final void routeAll(String[] keys, int from, int to, Route[] out) {
    edge().routeAll(keys, from, to, out);
  }

  /**
   * Routes {@code keys[from, to)} of a {@code uuid} entity into {@code out[from, to)}, as {@link
   * #routeAll(long[], int, int, Route[])}.
   *
   * <p><b>Allocation:</b> none.
   */
  public final void routeAll(UUID[] keys, int from, int to, Route[] out) {
    edge().routeAll(keys, from, to, out);
  }

  /**
   * Routes {@code keys[from, to)} of a {@code timestamp} entity into {@code out[from, to)}, as
   * {@link #routeAll(long[], int, int, Route[])}.
   *
   * <p><b>Allocation:</b> none.
   */
  public final void routeAll(Instant[] keys, int from, int to, Route[] out) {
    edge().routeAll(keys, from, to, out);
  }

  /**
   * Routes composite {@code keys[from, to)} into {@code out[from, to)}, each as {@link
   * #route(CompositeKey)}, as {@link #routeAll(long[], int, int, Route[])}.
   *
   * <p><b>Allocation:</b> none.
   */
  public final void routeAll(CompositeKey[] keys, int from, int to, Route[] out) {
    edge().routeAll(keys, from, to, out);
  }

  /**
   * Routes the two-part keys {@code (part0[i], part1[i])} of a {@code composite(string, string)}
   * entity, {@code i} in {@code [from, to)}, into {@code out[from, to)}: {@code out[i]} is {@link
   * #route(String, String) route(part0[i], part1[i])}, every route of the batch from one table
   * version, the parts of a page of keys without a {@link CompositeKey} object each. A strategy
   * with {@link BatchPartitions} overlaps the work of each group of keys, as for the other batches.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws IndexOutOfBoundsException when {@code [from, to)} is not within {@code part0}, {@code
   *     part1} (named) or {@code out}; nothing is written
   * @throws InvalidKeyException when the entity's keys are not of this shape (nothing is written),
   *     or key {@code i} (the pair {@code part0[i]}, {@code part1[i]}) is refused as the single
   *     route refuses it (a null part, an {@code int} part out of range): the message starts with
   *     {@code keys[i]:}, and the routes before {@code i} are written, none after; a key no route
   *     holds is a {@link NoRouteException} the same way, and so is a strategy's own {@link
   *     RoutingException}, of its own type ({@link RoutingException#batchIndex()} is {@code i})
   * @since 0.1
   */
  public final void routeAll(String[] part0, String[] part1, int from, int to, Route[] out) {
    edge().routeAll(part0, part1, from, to, out);
  }

  /**
   * Routes the two-part keys {@code (part0[i], part1[i])} of a {@code composite(string, long)} or
   * {@code composite(string, int)} entity into {@code out[from, to)}: {@code out[i]} is {@link
   * #route(String, long) route(part0[i], part1[i])}, with the refusals of {@link
   * #routeAll(String[], String[], int, int, Route[])}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @since 0.1
   */
  public final void routeAll(String[] part0, long[] part1, int from, int to, Route[] out) {
    edge().routeAll(part0, part1, from, to, out);
  }

  /**
   * Routes the two-part keys {@code (part0[i], part1[i])} of an entity whose key is two integers
   * ({@code long} or {@code int} each) into {@code out[from, to)}: {@code out[i]} is {@link
   * #route(long, long) route(part0[i], part1[i])}, with the refusals of {@link #routeAll(String[],
   * String[], int, int, Route[])}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @since 0.1
   */
  public final void routeAll(long[] part0, long[] part1, int from, int to, Route[] out) {
    edge().routeAll(part0, part1, from, to, out);
  }

  /**
   * Routes keys given as canonical bytes, {@code keys[from, to)}, into {@code out[from, to)}, each
   * as {@link #routeCanonical(byte[])} (no key-type check: the caller vouches for the bytes), as
   * {@link #routeAll(long[], int, int, Route[])}.
   *
   * <p><b>Allocation:</b> none.
   */
  public final void routeAllCanonical(byte[][] keys, int from, int to, Route[] out) {
    edge().routeAllCanonical(keys, from, to, out);
  }
}
