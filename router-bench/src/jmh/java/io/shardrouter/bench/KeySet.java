package io.shardrouter.bench;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.CompositeKey;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The key sets every benchmark draws from, by the name used in the {@code keySet} JMH parameter.
 * Each set is a universe of {@value #UNIVERSE} distinct keys; a benchmark gets {@value #SIZE} keys
 * drawn from it with a Zipf(0.99) distribution (hot keys repeat, as in real traffic), pre-generated
 * in {@code @Setup} and read with {@code keys[i++ & MASK]}. Every array slot holds its own object,
 * as a key parsed from a request would. {@value #SIZE} keys of at most a hundred bytes or so (a
 * {@code String} and its array) stay in a core's L2 cache: the benchmarks measure the routing
 * arithmetic, not memory latency, as for a key a request has just parsed.
 *
 * <p>Key {@code r} of a set is the same on every run and every machine (seeded per rank).
 *
 * <table>
 *   <caption>Key sets</caption>
 *   <tr><th>name</th><th>key</th><th>canonical bytes</th></tr>
 *   <tr><td>{@code ascii16}</td><td>{@code cust-} and 11 base-36 chars</td><td>16</td></tr>
 *   <tr><td>{@code ascii36}</td><td>a UUID in its 36-char text form</td><td>36</td></tr>
 *   <tr><td>{@code nonascii}</td><td>16 chars: {@code 顧客-} and 13 of {@code a-z, ä, ö, ü, ß, é, ñ}</td><td>≈ 25</td></tr>
 *   <tr><td>{@code long}</td><td>a scrambled 64-bit id</td><td>8</td></tr>
 *   <tr><td>{@code ascii16_long}</td><td>the composite {@code (ascii16 text, long id)}</td><td>28</td></tr>
 * </table>
 */
public enum KeySet {
  ASCII16("ascii16"),
  ASCII36("ascii36"),
  NONASCII("nonascii"),
  LONG("long"),
  ASCII16_LONG("ascii16_long");

  /** Keys per benchmark array, a power of two. */
  public static final int SIZE = 1 << 12;

  /** Index mask: {@code keys[i++ & MASK]}. */
  public static final int MASK = SIZE - 1;

  /** Distinct keys in each set. */
  public static final int UNIVERSE = 1_000_000;

  /** Zipf exponent. */
  public static final double ZIPF_S = 0.99;

  private static final String BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
  private static final String MIXED = "abcdefghijklmnopqrstuvwxyzäöüßéñ";

  private final String paramName;

  KeySet(String paramName) {
    this.paramName = paramName;
  }

  /** The value of the {@code keySet} JMH parameter. */
  public String paramName() {
    return paramName;
  }

  /** The set named {@code name}. */
  public static KeySet of(String name) {
    for (KeySet k : values()) {
      if (k.paramName.equals(name)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "unknown keySet '" + name + "'; known: ascii16, ascii36, nonascii, long, ascii16_long");
  }

  /** True for the sets whose keys are text. */
  public boolean isText() {
    return this == ASCII16 || this == ASCII36 || this == NONASCII;
  }

  /** {@value #SIZE} Zipf-distributed ranks, the same for every set so that sets are comparable. */
  public static int[] ranks() {
    Zipf zipf = new Zipf(UNIVERSE, ZIPF_S, 0x5EED_0001L);
    int[] ranks = new int[SIZE];
    for (int i = 0; i < SIZE; i++) {
      ranks[i] = zipf.next();
    }
    return ranks;
  }

  /** The text keys of a text set, or the text part of {@code ascii16_long}. */
  public String[] texts() {
    if (this == LONG) {
      throw new IllegalStateException("keySet 'long' has no text form; use longs()");
    }
    int[] ranks = ranks();
    String[] out = new String[SIZE];
    for (int i = 0; i < SIZE; i++) {
      // new String: every slot its own object, as a key parsed from a request would be
      out[i] = new String(text(this == ASCII16_LONG ? ASCII16 : this, ranks[i]));
    }
    return out;
  }

  /** The {@code long} keys of {@code long}, or the long part of {@code ascii16_long}. */
  public long[] longs() {
    if (this != LONG && this != ASCII16_LONG) {
      throw new IllegalStateException("keySet '" + paramName + "' has no long keys");
    }
    int[] ranks = ranks();
    long[] out = new long[SIZE];
    for (int i = 0; i < SIZE; i++) {
      out[i] = longKey(ranks[i]);
    }
    return out;
  }

  /** The canonical bytes of every key ({@code docs/routing-spec.md} §2). */
  public byte[][] canonicalBytes() {
    byte[][] out = new byte[SIZE][];
    switch (this) {
      case LONG -> {
        long[] ls = longs();
        for (int i = 0; i < SIZE; i++) {
          out[i] = CanonicalBytes.ofLong(ls[i]);
        }
      }
      case ASCII16_LONG -> {
        String[] ts = texts();
        long[] ls = longs();
        for (int i = 0; i < SIZE; i++) {
          out[i] = CompositeKey.of(ts[i], ls[i]).toBytes();
        }
      }
      default -> {
        String[] ts = texts();
        for (int i = 0; i < SIZE; i++) {
          out[i] = CanonicalBytes.of(ts[i]);
        }
      }
    }
    return out;
  }

  /**
   * Key {@code rank} of this text set: for ranks below {@value #UNIVERSE} one of the keys the
   * benchmarks draw; ranks from {@value #UNIVERSE} up are keys of the same form that no benchmark
   * array holds (the misses of a directory built from the universe).
   */
  public String text(int rank) {
    return text(this == ASCII16_LONG ? ASCII16 : this, rank);
  }

  /** Key {@code rank} of a text set. */
  static String text(KeySet set, int rank) {
    SplittableRandom r = new SplittableRandom(0x7E47_0000L + set.ordinal() * 0x1_0000_0000L + rank);
    StringBuilder b = new StringBuilder(36);
    switch (set) {
      case ASCII16 -> {
        b.append("cust-");
        for (int i = 0; i < 11; i++) {
          b.append(BASE36.charAt(r.nextInt(36)));
        }
      }
      case ASCII36 -> b.append(new UUID(r.nextLong(), r.nextLong()));
      case NONASCII -> {
        b.append("顧客-");
        for (int i = 0; i < 13; i++) {
          b.append(MIXED.charAt(r.nextInt(MIXED.length())));
        }
      }
      default -> throw new IllegalStateException("keySet '" + set.paramName + "' is not text");
    }
    return b.toString();
  }

  /** Key {@code rank} of the {@code long} set: a scrambled id (SplitMix64 finalizer). */
  static long longKey(int rank) {
    long z = 0x1D5_0000_0000L + rank;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
