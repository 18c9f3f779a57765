package io.shardrouter.testing;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Seeded random keys for tests: ASCII and non-ASCII text (2-, 3- and 4-byte UTF-8, the last as
 * surrogate pairs), longs and ints with their edge values mixed in, UUIDs, timestamps, byte arrays
 * and composite keys. The same seed gives the same keys, so a failure is reproduced by its seed.
 *
 * <p>The default seed of a test is fixed, so a run is repeatable; set the system property {@value
 * #SEED_PROPERTY} to run with another (and put {@link #describe()} in every message).
 *
 * <p><b>Thread-safety:</b> not thread-safe (one {@link SplittableRandom}); use one per thread.
 */
public final class KeyGenerators {
  /** System property that overrides every default seed, e.g. {@code -Dshardrouter.test.seed=7}. */
  public static final String SEED_PROPERTY = "shardrouter.test.seed";

  /** Longs that break careless arithmetic: zero, ±1, the extremes, sign and byte boundaries. */
  private static final long[] EDGE_LONGS = {
    0L,
    1L,
    -1L,
    Long.MIN_VALUE,
    Long.MAX_VALUE,
    Long.MIN_VALUE + 1,
    Long.MAX_VALUE - 1,
    255L,
    256L,
    1L << 31,
    -(1L << 31),
    1L << 32,
    0xFFFFFFFFL,
    1L << 63 >>> 1,
    0x0123456789ABCDEFL,
  };

  /** Ints that break careless arithmetic. */
  private static final int[] EDGE_INTS = {
    0,
    1,
    -1,
    Integer.MIN_VALUE,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE + 1,
    255,
    256,
    65535,
    65536,
    0x01234567,
  };

  /**
   * Fixed text keys: empty, ASCII control and edge characters, every UTF-8 width, surrogate pairs.
   */
  private static final String[] EDGE_STRINGS = {
    "",
    "a",
    " ",
    "\u0000",
    "a\u0000b",
    "\u007F",
    "\u0080",
    "\u00E9",
    "caf\u00E9",
    "\u07FF",
    "\u0800",
    "\u4E2D\u6587",
    "\uD7FF",
    "\uE000",
    "\uFFFF",
    "\uD83D\uDE00",
    "a\uD83D\uDE00b",
    "\uD834\uDD1E",
    "\uDBFF\uDFFF",
    "tenant:plant-a/\u8BBE\u5907-42/\u00E9\uD83D\uDE00",
  };

  private static final String ASCII_ALPHABET =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_:/.#@ ";

  /**
   * Code points for non-ASCII text: 1-, 2-, 3- and 4-byte UTF-8 (the last are surrogate pairs in
   * Java).
   */
  private static final int[] CODE_POINTS = {
    'a', 'Z', '7', '-', 0x00E9, 0x00DF, 0x0416, 0x03BB, 0x07FF, 0x0800, 0x4E2D, 0x6587, 0x8BBE,
    0x5907, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x1F600, 0x1F680, 0x1D11E, 0x10000, 0x10FFFF,
  };

  private final long seed;
  private final SplittableRandom random;

  private KeyGenerators(long seed) {
    this.seed = seed;
    this.random = new SplittableRandom(seed);
  }

  /** The edge {@code long} values the generators mix in (a copy). */
  public static long[] edgeLongs() {
    return EDGE_LONGS.clone();
  }

  /** The edge {@code int} values the generators mix in (a copy). */
  public static int[] edgeInts() {
    return EDGE_INTS.clone();
  }

  /** The edge texts the generators mix in. */
  public static List<String> edgeStrings() {
    return List.of(EDGE_STRINGS);
  }

  /** Keys from {@code seed}. */
  public static KeyGenerators seeded(long seed) {
    return new KeyGenerators(seed);
  }

  /** {@code defaultSeed}, unless the system property {@value #SEED_PROPERTY} gives another. */
  public static long seedOr(long defaultSeed) {
    String s = System.getProperty(SEED_PROPERTY);
    return s == null || s.isBlank() ? defaultSeed : Long.decode(s.trim());
  }

  /**
   * A fresh seed for a test that draws one each run: the system property {@value #SEED_PROPERTY}
   * when set, else the clock. The seed is printed with the calling test's name and the option that
   * replays it, so every failure reproduces. The name printed is the nearest caller whose class is
   * a test ({@code *Test}, {@code *Tests}).
   */
  public static long clockSeed() {
    String s = System.getProperty(SEED_PROPERTY);
    long seed = s == null || s.isBlank() ? System.nanoTime() : Long.decode(s.trim());
    String caller =
        StackWalker.getInstance()
            .walk(
                frames ->
                    frames
                        .skip(1)
                        .filter(f -> f.getClassName().matches(".*Tests?(\\$.*)?"))
                        .findFirst())
            .map(f -> f.getClassName() + "." + f.getMethodName())
            .orElse("test");
    System.out.println(
        caller + ": seed=" + seed + " (rerun with -D" + SEED_PROPERTY + "=" + seed + ")");
    return seed;
  }

  public long seed() {
    return seed;
  }

  /** The random source; the same seed gives the same sequence. */
  public SplittableRandom random() {
    return random;
  }

  /** {@code "seed=N"} plus how to rerun: goes into every assertion message. */
  public String describe() {
    return "seed=" + seed + " (rerun with -D" + SEED_PROPERTY + "=" + seed + ")";
  }

  /** An int in {@code [min, max]}. */
  public int between(int min, int max) {
    return random.nextInt(min, max + 1);
  }

  /** ASCII text of {@code minLength..maxLength} chars, from letters, digits and separators. */
  public String ascii(int minLength, int maxLength) {
    int n = between(minLength, maxLength);
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = ASCII_ALPHABET.charAt(random.nextInt(ASCII_ALPHABET.length()));
    }
    return new String(c);
  }

  /**
   * Well-formed text of {@code minCodePoints..maxCodePoints} code points, at least one of them
   * non-ASCII when {@code minCodePoints > 0}; supplementary code points appear as surrogate pairs.
   */
  public String nonAscii(int minCodePoints, int maxCodePoints) {
    int n = between(minCodePoints, maxCodePoints);
    StringBuilder sb = new StringBuilder(n * 2);
    int forced = n == 0 ? -1 : random.nextInt(n);
    for (int i = 0; i < n; i++) {
      int cp = CODE_POINTS[random.nextInt(CODE_POINTS.length)];
      if (i == forced && cp < 0x80) {
        cp = 0x1F600; // at least one surrogate pair
      }
      sb.appendCodePoint(cp);
    }
    return sb.toString();
  }

  /**
   * Text of any kind: an edge string, ASCII, or non-ASCII; up to {@code maxLength} chars or code
   * points.
   */
  public String text(int maxLength) {
    int pick = random.nextInt(10);
    if (pick == 0) {
      return EDGE_STRINGS[random.nextInt(EDGE_STRINGS.length)];
    }
    return pick < 6 ? ascii(0, maxLength) : nonAscii(1, Math.max(1, maxLength / 2));
  }

  /** Text with one lone surrogate (high or low, at the start, middle or end): no UTF-8 form. */
  public String withLoneSurrogate(int maxLength) {
    String base = ascii(0, maxLength);
    char lone =
        random.nextBoolean() ? (char) between(0xD800, 0xDBFF) : (char) between(0xDC00, 0xDFFF);
    int at = between(0, base.length());
    return base.substring(0, at)
        + lone
        + base.substring(at); // its neighbours are ASCII: never a pair
  }

  /** A long: an edge value one time in eight, else uniform. */
  public long anyLong() {
    return random.nextInt(8) == 0
        ? EDGE_LONGS[random.nextInt(EDGE_LONGS.length)]
        : random.nextLong();
  }

  /** An int: an edge value one time in eight, else uniform. */
  public int anyInt() {
    return random.nextInt(8) == 0 ? EDGE_INTS[random.nextInt(EDGE_INTS.length)] : random.nextInt();
  }

  public UUID uuid() {
    return new UUID(random.nextLong(), random.nextLong());
  }

  public byte[] bytes(int minLength, int maxLength) {
    byte[] b = new byte[between(minLength, maxLength)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) random.nextInt(256);
    }
    return b;
  }

  /** A composite key of 1 to 5 parts of random kinds (string, long, int, uuid, bytes). */
  public CompositeKey composite() {
    Object[] parts = new Object[between(1, 5)];
    for (int i = 0; i < parts.length; i++) {
      parts[i] =
          switch (random.nextInt(5)) {
            case 0 -> text(24);
            case 1 -> anyLong();
            case 2 -> anyInt();
            case 3 -> uuid();
            default -> bytes(0, 12);
          };
    }
    return CompositeKey.of(parts);
  }

  /**
   * A timestamp key: microseconds since the epoch that are an edge value one time in eight (0, ±1,
   * the extremes of a {@code long}), a time within a few years of 2026 one time in two, else any
   * {@code long} of microseconds. Built with plain JDK arithmetic, never finer than a microsecond.
   */
  public Instant instant() {
    int pick = random.nextInt(8);
    long micros =
        pick == 0
            ? EDGE_LONGS[random.nextInt(EDGE_LONGS.length)]
            : pick < 5
                ? 1_767_225_600_000_000L
                    + random.nextLong(
                        -100_000_000_000_000L, 100_000_000_000_000L) // 2026 ± ~3 years
                : random.nextLong();
    return instantOfMicros(micros);
  }

  /** The instant {@code micros} microseconds after (before, when negative) 1970-01-01T00:00:00Z. */
  public static Instant instantOfMicros(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
  }

  /**
   * A random key of {@code type} as a Java value: {@code String}, {@code Long}, {@code Integer},
   * {@code UUID}, {@code byte[]} or {@code Instant}, and for a composite type an {@code Object[]}
   * of its parts of those classes, in order (edge values mixed in as in {@link #text}, {@link
   * #anyLong}, ...).
   */
  public Object keyOf(KeyType type) {
    KeyType.Kind kind = type.kind(); // null exactly for a composite
    if (kind != null) {
      return valueOf(kind, 64);
    }
    Object[] parts = new Object[type.parts().size()];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = valueOf(type.parts().get(i), 24);
    }
    return parts;
  }

  private Object valueOf(KeyType.Kind kind, int maxLength) {
    return switch (kind) {
      case STRING -> text(maxLength);
      case LONG -> anyLong();
      case INT -> anyInt();
      case UUID -> uuid();
      case BYTES -> bytes(0, maxLength);
      case TIMESTAMP -> instant();
    };
  }
}
