package io.shardrouter.hash;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.KeyScratch;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * Write sharding for hot keys: one logical key (a day, a whale tenant) is spread over {@code B}
 * bucket keys, each routed on its own, so its writes land on up to {@code B} partitions instead of
 * one (a bucket key such as {@code tenantId#3}; {@code docs/ring.md} on hot keys).
 *
 * <p>A bucket key is the base key and a bucket number {@code b} in [0, B): for an entity with
 * {@code string} keys the text {@code base + separator + b} (separator {@value #DEFAULT_SEPARATOR},
 * {@code b} in decimal: {@code "2026-06-01#3"}); for an entity with composite {@code (string,
 * long)} keys the tuple {@code (base, b)}, such as {@code (date, bucket)}.
 *
 * <p>Two ways to pick the bucket:
 *
 * <ul>
 *   <li>{@linkplain #computed computed}: {@code b = hash(discriminator) mod B} (the stable hash of
 *       the discriminator's canonical bytes, as an unsigned integer), e.g. {@code (date,
 *       hash(order_id) % B)}. A point read that knows the discriminator recomputes its bucket and
 *       visits one partition. A read of the whole base key (every order of a day) still visits all
 *       B buckets. One very hot discriminator is not spread: it always has the same bucket.
 *   <li>{@linkplain #random random}: each write picks a bucket at random, so even a single hot
 *       discriminator spreads evenly. But no read can recompute the bucket: every read visits all B
 *       buckets (or the caller stores where each record went), and a record that must be updated
 *       atomically must not be written twice under different buckets (salting changes what the data
 *       means and is no general scaling trick).
 * </ul>
 *
 * Either way, reads of the base key cost B routes and a merge ({@link #readRoutes} gives the
 * routes, {@link #readPartitions} the distinct partitions they touch). Choose B from the write rate
 * over the per-partition limit (a store such as DynamoDB allows about 1,000 writes per second per
 * partition), no larger. Changing B changes the bucket of most discriminators: treat it as a
 * migration (write with the new B, read with both until old rows are moved).
 *
 * <p>A null base key or discriminator is refused with {@link
 * io.shardrouter.core.InvalidKeyException}, as a null key is everywhere: it has no bucket and no
 * route (and is never turned into the text {@code "null#3"}).
 *
 * <p><b>Thread-safety:</b> immutable; the routing methods use a per-thread buffer.
 *
 * <p><b>Stability:</b> stable: a bucket key's text and a computed bucket, for a given hash and B,
 * never change.
 *
 * <p><b>Allocation:</b> none on {@link #bucketOf} and {@link #route}; the {@code String} and list
 * methods allocate their results.
 *
 * @since 0.1
 */
public final class Salting {
  /** How a write picks its bucket. */
  public enum Suffix {
    COMPUTED,
    RANDOM
  }

  /** The most buckets one base key may be spread over. */
  public static final int MAX_BUCKETS = 1024;

  /** The separator between base key and bucket number in {@code string} bucket keys. */
  public static final String DEFAULT_SEPARATOR = "#";

  private static final ThreadLocal<byte[][]> BUFFER =
      ThreadLocal.withInitial(() -> new byte[][] {new byte[64]});

  /** The length of the calling thread's bucket-key buffer (tests: it stays bounded). */
  static int bufferLength() {
    return BUFFER.get()[0].length;
  }

  private final Suffix suffix;
  private final int buckets;
  private final @Nullable StableHash hash; // null for random buckets
  private final String separator;
  private final byte[] separatorBytes;

  private Salting(Suffix suffix, int buckets, @Nullable StableHash hash, String separator) {
    if (buckets < 1 || buckets > MAX_BUCKETS) {
      throw new IllegalArgumentException(
          "salting.buckets must be in [1, "
              + MAX_BUCKETS
              + "], got "
              + buckets
              + "; a bucket count is how many partitions one hot key's writes spread over (1 = no salting)");
    }
    if (separator.isEmpty() || separator.chars().anyMatch(Character::isDigit)) {
      throw new IllegalArgumentException(
          "salting.separator must be non-empty text without digits, got '"
              + separator
              + "'; the bucket number follows the last separator and must be readable back");
    }
    this.suffix = suffix;
    this.buckets = buckets;
    this.hash = hash;
    this.separator = separator;
    this.separatorBytes = CanonicalBytes.of(separator);
  }

  /** Computed buckets, {@code xxh3-64(discriminator) mod buckets}. */
  public static Salting computed(int buckets) {
    return new Salting(Suffix.COMPUTED, buckets, StableHash.xxh3(), DEFAULT_SEPARATOR);
  }

  /** Computed buckets, {@code hash(discriminator) mod buckets}. */
  public static Salting computed(int buckets, StableHash hash) {
    return new Salting(
        Suffix.COMPUTED,
        buckets,
        java.util.Objects.requireNonNull(hash, "hash"),
        DEFAULT_SEPARATOR);
  }

  /** Random buckets: writes spread evenly, reads visit every bucket. */
  public static Salting random(int buckets) {
    return new Salting(Suffix.RANDOM, buckets, null, DEFAULT_SEPARATOR);
  }

  /** The same salting with another separator for {@code string} bucket keys. */
  public Salting withSeparator(String separator) {
    return new Salting(suffix, buckets, hash, separator);
  }

  public Suffix suffix() {
    return suffix;
  }

  public int buckets() {
    return buckets;
  }

  /**
   * The computed bucket of a text discriminator (UTF-8), in [0, B).
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws IllegalStateException for random salting, whose buckets cannot be recomputed
   */
  public int bucketOf(String discriminator) {
    CanonicalBytes.requireKey(discriminator);
    return (int) Long.remainderUnsigned(computedHash().hashString(discriminator), buckets);
  }

  /** The computed bucket of a {@code long} discriminator (8 bytes little-endian), in [0, B). */
  public int bucketOf(long discriminator) {
    return (int) Long.remainderUnsigned(computedHash().hashLong(discriminator), buckets);
  }

  /** A random bucket from {@code random}, for random salting. */
  public int randomBucket(RandomGenerator random) {
    if (suffix != Suffix.RANDOM) {
      throw new IllegalStateException(
          "this salting computes buckets from a discriminator; use bucketOf, so that "
              + "point reads can find the record again");
    }
    return random.nextInt(buckets);
  }

  /** The {@code string} bucket key {@code base + separator + bucket}. */
  public String key(String base, int bucket) {
    CanonicalBytes.requireKey(base);
    checkBucket(bucket);
    return base + separator + bucket;
  }

  /**
   * The write key of a record with {@code discriminator} (computed salting); a point read uses the
   * same.
   */
  public String writeKey(String base, String discriminator) {
    return key(base, bucketOf(discriminator));
  }

  /** A write key with a random bucket (random salting). */
  public String writeKey(String base) {
    return key(base, randomBucket(ThreadLocalRandom.current()));
  }

  /** Every bucket key of {@code base}, bucket 0 first: what a read of the whole base key visits. */
  public List<String> readKeys(String base) {
    CanonicalBytes.requireKey(base);
    List<String> keys = new ArrayList<>(buckets);
    for (int b = 0; b < buckets; b++) {
      keys.add(base + separator + b);
    }
    return keys;
  }

  /**
   * The route of bucket {@code bucket} of {@code base} in {@code table}: the {@code string} key
   * {@code base#bucket} or the composite key {@code (base, bucket)}, by the table's key type.
   *
   * <p><b>Allocation:</b> none for bucket keys of up to {@link KeyScratch#RETAINED_BYTES} bytes
   * once the thread's buffer has grown; a longer one gets an array of its own, which is not kept.
   *
   * @throws IllegalArgumentException when the table's keys are neither {@code string} nor {@code
   *     (string, long)}
   */
  public Route route(RoutingTable table, String base, int bucket) {
    CanonicalBytes.requireKey(base);
    checkBucket(bucket);
    KeyType kt = table.keyType();
    if (kt.isComposite(KeyType.Kind.STRING, KeyType.Kind.LONG)) {
      return table.route(base, (long) bucket);
    }
    if (!kt.equals(KeyType.STRING)) {
      throw new IllegalArgumentException(
          "salting routes entities with string keys (base"
              + separator
              + "bucket) or "
              + "composite(string, long) keys (base, bucket); entity '"
              + table.entity()
              + "' has keys of type "
              + kt);
    }
    int n = CanonicalBytes.utf8Length(base) + separatorBytes.length + 10;
    byte[][] holder = BUFFER.get();
    byte[] buf = holder[0];
    if (buf.length < n) {
      buf = KeyScratch.bufferFor(buf, n);
      if (n <= KeyScratch.RETAINED_BYTES) {
        holder[0] = buf; // a longer key's array is its own, never kept
      }
    }
    int p = CanonicalBytes.writeUtf8(base, buf, 0);
    System.arraycopy(separatorBytes, 0, buf, p, separatorBytes.length);
    p = writeDecimal(bucket, buf, p + separatorBytes.length);
    return table.routeCanonical(buf, 0, p);
  }

  /**
   * The route of the record with {@code discriminator} (computed salting): a point read or a write.
   */
  public Route route(RoutingTable table, String base, String discriminator) {
    return route(table, base, bucketOf(discriminator));
  }

  /** The route of every bucket of {@code base}, bucket 0 first, for a fan-out read that merges. */
  public List<Route> readRoutes(RoutingTable table, String base) {
    List<Route> routes = new ArrayList<>(buckets);
    for (int b = 0; b < buckets; b++) {
      routes.add(route(table, base, b));
    }
    return routes;
  }

  /** The distinct partitions that the buckets of {@code base} touch in {@code table}, ascending. */
  public int[] readPartitions(RoutingTable table, String base) {
    int[] ps = new int[buckets];
    for (int b = 0; b < buckets; b++) {
      ps[b] = route(table, base, b).partition();
    }
    return Arrays.stream(ps).sorted().distinct().toArray();
  }

  private StableHash computedHash() {
    if (hash == null) { // random buckets
      throw new IllegalStateException(
          "a random bucket cannot be recomputed from the record; read every bucket "
              + "(readRoutes / readPartitions), or store the bucket with the record");
    }
    return hash;
  }

  private void checkBucket(int bucket) {
    if (bucket < 0 || bucket >= buckets) {
      throw new IllegalArgumentException(
          "bucket " + bucket + " is outside [0, " + buckets + ") for this salting");
    }
  }

  private static int writeDecimal(int v, byte[] dst, int off) {
    int digits = v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : 4; // v < MAX_BUCKETS
    for (int i = off + digits - 1; i >= off; i--) {
      dst[i] = (byte) ('0' + v % 10);
      v /= 10;
    }
    return off + digits;
  }

  /** E.g. {@code Salting{computed, 8 buckets, xxh3-64, separator '#'}}. */
  @Override
  public String toString() {
    return "Salting{"
        + suffix.name().toLowerCase(java.util.Locale.ROOT)
        + ", "
        + buckets
        + " buckets"
        + (hash == null ? "" : ", " + hash)
        + ", separator '"
        + separator
        + "'}";
  }
}
