package io.shardrouter.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.shardrouter.core.BatchPartitions;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyScratch;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The rules every {@link PartitionStrategy} keeps, as an abstract JUnit 5 test: a strategy's test
 * extends this class and returns the strategies under test from {@link #strategies()} (several
 * partition counts, including 1 and a few small ones).
 *
 * <p>Checked for each strategy: the same key always gets the same partition (also from other
 * threads and from a copy rebuilt from its JSON); every answer is in {@code [0, P)}; the form a
 * table hands over for a key of every shape ({@code String} ASCII, non-ASCII and with surrogate
 * pairs, {@code int}, {@code UUID}, {@code (String, String)}, {@code (String, long)}, {@code (long,
 * long)}, {@link CompositeKey} as the library's canonical bytes ({@link Keys}); {@code long} and
 * {@code Instant} as the number, through {@link PartitionStrategy#partitionOfLong}) gives the
 * partition of the key's reference canonical bytes, through {@code partitionOf(byte[])} and through
 * the slice overload at a nonzero offset inside a larger array, and leaves the bytes as they were;
 * a null array is refused with {@link InvalidKeyException}; {@code toSpec()} rebuilds an equal
 * strategy through the registry, for the key type it was built for ({@link
 * PartitionStrategy#keyType()}); every partition of a small P is reachable.
 *
 * <p>A strategy built for a key type ({@link PartitionStrategy#keyType()} non-null, such as a range
 * over {@code long} keys) is checked with keys of that type: {@link #keyFor} gives them (by default
 * any key of the type, from {@link KeyGenerators#keyOf}; a test overrides it when its strategies
 * route only part of the type's keys, such as the ranges' span or the ids a layout issues), and
 * each goes through every overload of its type, its canonical bytes and a slice. The checks of keys
 * of every kind (text, {@code long}, UUID, composites of any shape) apply to the strategies that
 * route any key's canonical bytes: every strategy whose key type is null, and those for which a
 * test's {@link #routesAnyKey} says so (a lookup that hashes the keys it does not list); the rule
 * of one kind also checks the typed strategies of that key type with their own keys. A rule with no
 * strategy to check in a test is reported as skipped, not passed.
 *
 * <p>Keys come from {@link KeyGenerators} seeded with {@link #seed()}; every assertion message
 * carries the seed. Canonical bytes come from {@link ReferenceEncoding}, not from the library's
 * encoders. The {@code check...} methods are public so that a test can run one rule against one
 * strategy.
 */
public abstract class PartitionStrategyContract {
  /** The seed of the contract's keys unless {@value KeyGenerators#SEED_PROPERTY} is set. */
  public static final long DEFAULT_SEED = 0x5EEDC0DE2024L;

  /** Random keys of each kind per strategy and rule. */
  protected static final int KEYS_PER_KIND = 200;

  private static final char[] HEX_DIGITS = "0123456789ABCDEF".toCharArray();

  /**
   * The strategies under test: include P = 1 and some P no larger than {@link
   * #reachabilityLimit()}.
   */
  protected abstract List<PartitionStrategy> strategies();

  /** The registry that rebuilds strategies from their JSON; by default the class path's. */
  protected StrategyRegistry registry() {
    return StrategyRegistry.defaultRegistry();
  }

  /** The seed of the random keys. */
  protected long seed() {
    return KeyGenerators.seedOr(DEFAULT_SEED);
  }

  /** Strategies with at most this many partitions must reach every partition. */
  protected int reachabilityLimit() {
    return 64;
  }

  /**
   * True when every strategy of this type has exactly one partition (such as {@code broadcast}):
   * then every strategy under test must have P = 1, instead of including P = 1 and a small P.
   */
  protected boolean onePartitionOnly() {
    return false;
  }

  /**
   * True when {@code s} routes the canonical bytes of a key of any type (and so is checked with
   * keys of every kind, as well as with keys of its own type): by default when its key type is
   * null. Override for a typed strategy that routes other keys too, such as a lookup whose fallback
   * hashes them.
   */
  protected boolean routesAnyKey(PartitionStrategy s) {
    return s.keyType() == null;
  }

  /**
   * A random key that {@code s} (whose key type is not null) routes, as a Java value of its key
   * type (see {@link KeyGenerators#keyOf}: a composite as an {@code Object[]} of its parts). By
   * default any key of the type; override when the strategy routes only part of them, and include
   * the edges of that part (each range's start, the largest key below a closed end).
   */
  protected Object keyFor(PartitionStrategy s, KeyGenerators g) {
    return g.keyOf(
        Objects.requireNonNull(s.keyType(), () -> s + ": keyFor needs a strategy with a key type"));
  }

  /** Gives the random keys of one strategy. */
  @FunctionalInterface
  public interface KeySource {
    /** The next key, a Java value as {@link KeyGenerators#keyOf} returns, drawn from {@code g}. */
    Object next(KeyGenerators g);
  }

  private KeySource typedKeys(PartitionStrategy s) {
    return g -> keyFor(s, g);
  }

  /**
   * The rule for keys of one kind: checks each typed strategy whose key type is {@code ofKind} with
   * keys from {@link #keyFor} ({@link #checkTypedKeys}), and returns the strategies that route keys
   * of every kind, for the rule's own checks. The rule is skipped when there are neither.
   */
  private List<PartitionStrategy> kindRule(String rule, Predicate<KeyType> ofKind) {
    List<PartitionStrategy> out = new ArrayList<>();
    int typed = 0;
    for (PartitionStrategy s : all()) {
      if (routesAnyKey(s)) {
        out.add(s);
      } else if (s.keyType() != null && ofKind.test(s.keyType())) {
        checkTypedKeys(s, keys(), typedKeys(s));
        typed++;
      }
    }
    Assumptions.assumeFalse(
        out.isEmpty() && typed == 0,
        () ->
            rule
                + ": no strategy under test routes keys of every kind"
                + " or has this key type; their keys are checked by partitionOf_keyOfKeyType_matchesCanonicalBytes");
    return out;
  }

  private List<PartitionStrategy> all() {
    List<PartitionStrategy> list = strategies();
    assertNotNull(list, "strategies() returned null");
    assertFalse(list.isEmpty(), "strategies() returned no strategy to test");
    return list;
  }

  private KeyGenerators keys() {
    return KeyGenerators.seeded(seed());
  }

  // ---------------------------------------------------------------- the rules, one @Test each

  @Test
  public void strategies_partitionCounts_includeOneAndSmall() {
    if (onePartitionOnly()) {
      for (PartitionStrategy s : all()) {
        assertEquals(
            1, s.partitionCount(), () -> s + ": a strategy of this type has exactly 1 partition");
      }
      return;
    }
    boolean one = false;
    boolean small = false;
    for (PartitionStrategy s : all()) {
      one |= s.partitionCount() == 1;
      small |= s.partitionCount() > 1 && s.partitionCount() <= reachabilityLimit();
    }
    assertTrue(one, "strategies() must include a strategy with 1 partition");
    assertTrue(
        small,
        "strategies() must include a strategy with 2.." + reachabilityLimit() + " partitions");
  }

  @Test
  public void partitionOf_sameKeyTwice_sameAnswer() {
    for (PartitionStrategy s : all()) {
      if (routesAnyKey(s)) {
        checkDeterminism(s, keys());
      }
      if (s.keyType() != null) {
        checkDeterminism(s, keys(), typedKeys(s));
      }
    }
  }

  @Test
  public void partitionOf_bytesHeldInTheThreadsKeyScratch_sameAnswer() {
    for (PartitionStrategy s : all()) {
      if (routesAnyKey(s)) {
        checkKeyScratchInput(s, keys(), g -> g.text(64));
        checkKeyScratchInput(s, keys(), KeyGenerators::composite);
      }
      if (s.keyType() != null) {
        checkKeyScratchInput(s, keys(), typedKeys(s));
      }
    }
  }

  @Test
  public void batchPartitions_finishOfPrepare_isPartitionOf() {
    int batched = 0;
    for (PartitionStrategy s : all()) {
      if (s instanceof BatchPartitions) {
        batched++;
        if (routesAnyKey(s)) {
          checkBatch(s, keys(), g -> g.text(64));
        }
        if (s.keyType() != null) {
          checkBatch(s, keys(), typedKeys(s));
        }
      }
    }
    Assumptions.assumeTrue(
        batched > 0, "no strategy under test has BatchPartitions: it routes batches key by key");
  }

  @Test
  public void partitionsOf_batchOfKeys_isPartitionOfEachKey() {
    for (PartitionStrategy s : all()) {
      if (routesAnyKey(s)) {
        checkPartitionsOf(s, keys(), g -> g.text(64));
      }
      if (s.keyType() != null) {
        checkPartitionsOf(s, keys(), typedKeys(s));
      }
    }
  }

  @Test
  public void partitionOf_anyKey_inRange() {
    for (PartitionStrategy s : all()) {
      if (routesAnyKey(s)) {
        checkRange(s, keys());
      }
      if (s.keyType() != null) {
        checkRange(s, keys(), typedKeys(s));
      }
    }
  }

  @Test
  public void partitionOf_keyOfKeyType_matchesCanonicalBytes() {
    int checked = 0;
    for (PartitionStrategy s : all()) {
      if (s.keyType() != null) {
        checkTypedKeys(s, keys(), typedKeys(s));
        checked++;
      }
    }
    Assumptions.assumeTrue(
        checked > 0,
        "no strategy under test has a key type; keys of every kind are checked by the other rules");
  }

  @Test
  public void partitionOf_stringKey_matchesCanonicalBytes() {
    for (PartitionStrategy s : kindRule("string keys", t -> t.equals(KeyType.STRING))) {
      checkStringKeys(s, keys());
    }
  }

  @Test
  public void partitionOfLong_longKey_matchesCanonicalBytes() {
    for (PartitionStrategy s : kindRule("long keys", t -> t.equals(KeyType.LONG))) {
      KeyGenerators g = keys();
      for (long k : KeyGenerators.edgeLongs()) {
        assertCanonical(
            s, g, () -> "long " + k, s.partitionOfLong(k), ReferenceEncoding.longKey(k));
      }
      for (int i = 0; i < KEYS_PER_KIND; i++) {
        long k = g.anyLong();
        assertCanonical(
            s, g, () -> "long " + k, s.partitionOfLong(k), ReferenceEncoding.longKey(k));
      }
    }
  }

  @Test
  public void partitionOf_intKey_matchesCanonicalBytes() {
    for (PartitionStrategy s : kindRule("int keys", t -> t.equals(KeyType.INT))) {
      KeyGenerators g = keys();
      for (int k : KeyGenerators.edgeInts()) {
        assertCanonical(
            s, g, () -> "int " + k, s.partitionOf(Keys.of(k)), ReferenceEncoding.intKey(k));
      }
      for (int i = 0; i < KEYS_PER_KIND; i++) {
        int k = g.anyInt();
        assertCanonical(
            s, g, () -> "int " + k, s.partitionOf(Keys.of(k)), ReferenceEncoding.intKey(k));
      }
    }
  }

  @Test
  public void partitionOf_uuidKey_matchesCanonicalBytes() {
    for (PartitionStrategy s : kindRule("uuid keys", t -> t.equals(KeyType.UUID_KEY))) {
      KeyGenerators g = keys();
      List<UUID> uuids =
          new ArrayList<>(
              List.of(
                  new UUID(0, 0),
                  new UUID(-1, -1),
                  UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
                  new UUID(Long.MIN_VALUE, Long.MAX_VALUE)));
      for (int i = 0; i < KEYS_PER_KIND; i++) {
        uuids.add(g.uuid());
      }
      for (UUID k : uuids) {
        assertCanonical(
            s, g, () -> "uuid " + k, s.partitionOf(Keys.of(k)), ReferenceEncoding.uuid(k));
      }
    }
  }

  @Test
  public void partitionOf_stringStringKey_matchesCanonicalBytes() {
    for (PartitionStrategy s :
        kindRule(
            "(String, String) keys",
            t -> t.isComposite(KeyType.Kind.STRING, KeyType.Kind.STRING))) {
      KeyGenerators g = keys();
      assertCanonical(
          s,
          g,
          () -> "(\"a:b\", \"c\")",
          s.partitionOf(Keys.of("a:b", "c")),
          ReferenceEncoding.composite("a:b", "c"));
      assertCanonical(
          s,
          g,
          () -> "(\"a\", \"b:c\")",
          s.partitionOf(Keys.of("a", "b:c")),
          ReferenceEncoding.composite("a", "b:c"));
      assertCanonical(
          s,
          g,
          () -> "(\"\", \"\")",
          s.partitionOf(Keys.of("", "")),
          ReferenceEncoding.composite("", ""));
      for (int i = 0; i < KEYS_PER_KIND; i++) {
        String a = g.text(40);
        String b = g.text(40);
        assertCanonical(
            s,
            g,
            () -> "(" + quote(a) + ", " + quote(b) + ")",
            s.partitionOf(Keys.of(a, b)),
            ReferenceEncoding.composite(a, b));
      }
    }
  }

  @Test
  public void partitionOf_stringLongKey_matchesCanonicalBytes() {
    for (PartitionStrategy s :
        kindRule(
            "(String, long) keys", t -> t.isComposite(KeyType.Kind.STRING, KeyType.Kind.LONG))) {
      KeyGenerators g = keys();
      for (int i = 0; i < KEYS_PER_KIND; i++) {
        String a = g.text(40);
        long b = g.anyLong();
        assertCanonical(
            s,
            g,
            () -> "(" + quote(a) + ", " + b + "L)",
            s.partitionOf(Keys.of(a, b)),
            ReferenceEncoding.composite(a, b));
      }
    }
  }

  @Test
  public void partitionOf_longLongKey_matchesCanonicalBytes() {
    for (PartitionStrategy s :
        kindRule("(long, long) keys", t -> t.isComposite(KeyType.Kind.LONG, KeyType.Kind.LONG))) {
      KeyGenerators g = keys();
      for (int i = 0; i < KEYS_PER_KIND; i++) {
        long a = g.anyLong();
        long b = g.anyLong();
        assertCanonical(
            s,
            g,
            () -> "(" + a + "L, " + b + "L)",
            s.partitionOf(Keys.of(a, b)),
            ReferenceEncoding.composite(a, b));
      }
    }
  }

  @Test
  public void partitionOf_compositeKey_matchesCanonicalBytes() {
    for (PartitionStrategy s : kindRule("composite keys", KeyType::isComposite)) {
      KeyGenerators g = keys();
      for (int i = 0; i < KEYS_PER_KIND; i++) {
        Object[] parts = compositeParts(g);
        CompositeKey k = CompositeKey.of(parts);
        assertCanonical(
            s,
            g,
            () -> "composite " + k,
            s.partitionOf(Keys.of(k)),
            ReferenceEncoding.composite(parts));
      }
      // the two-part overloads and CompositeKey of the same parts agree
      String a = g.nonAscii(1, 10);
      long b = g.anyLong();
      int viaComposite = s.partitionOf(Keys.of(CompositeKey.of(a, b)));
      assertEquals(
          s.partitionOf(Keys.of(a, b)),
          viaComposite,
          () ->
              s
                  + ": (String, long) overload and CompositeKey.of("
                  + quote(a)
                  + ", "
                  + b
                  + "L) differ; "
                  + g.describe());
      assertEquals(
          s.partitionOf(Keys.of(b, b)),
          s.partitionOf(Keys.of(CompositeKey.of(b, b))),
          () ->
              s
                  + ": (long, long) overload and CompositeKey.of("
                  + b
                  + "L, "
                  + b
                  + "L) differ; "
                  + g.describe());
      assertEquals(
          s.partitionOf(Keys.of(a, a)),
          s.partitionOf(Keys.of(CompositeKey.of(a, a))),
          () ->
              s
                  + ": (String, String) overload and CompositeKey.of("
                  + quote(a)
                  + " x2) differ; "
                  + g.describe());
    }
  }

  @Test
  public void partitionOfLong_timestampKey_matchesCanonicalBytes() {
    for (PartitionStrategy s : kindRule("timestamp keys", t -> t.equals(KeyType.TIMESTAMP))) {
      KeyGenerators g = keys();
      for (long micros : KeyGenerators.edgeLongs()) {
        Instant k = KeyGenerators.instantOfMicros(micros);
        assertCanonical(
            s,
            g,
            () -> "timestamp " + k,
            s.partitionOfLong(KeyText.micros(k)),
            ReferenceEncoding.timestamp(k));
      }
      for (int i = 0; i < KEYS_PER_KIND; i++) {
        Instant k = g.instant();
        assertCanonical(
            s,
            g,
            () -> "timestamp " + k,
            s.partitionOfLong(KeyText.micros(k)),
            ReferenceEncoding.timestamp(k));
      }
    }
  }

  @Test
  public void partitionOf_nullKey_throwsInvalidKey() {
    for (PartitionStrategy s : all()) {
      checkNullKeys(s);
    }
  }

  @Test
  public void toSpec_roundTripThroughRegistry_equalStrategy() {
    for (PartitionStrategy s : all()) {
      checkJsonRoundTrip(
          s, registry(), keys(), routesAnyKey(s), s.keyType() == null ? null : typedKeys(s));
    }
  }

  @Test
  public void partitionOf_smallPartitionCount_everyPartitionReachable() {
    int checked = 0;
    for (PartitionStrategy s : all()) {
      if (s.partitionCount() <= reachabilityLimit()) {
        checkReachability(s, keys(), routesAnyKey(s) ? null : typedKeys(s));
        checked++;
      }
    }
    assertTrue(
        checked > 0, "no strategy with at most " + reachabilityLimit() + " partitions to check");
  }

  @Test
  public void partitionOf_concurrentThreads_sameAnswers() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      for (PartitionStrategy s : all()) {
        if (routesAnyKey(s)) {
          checkConcurrency(s, keys(), pool);
        }
        if (s.keyType() != null) {
          checkConcurrency(s, keys(), pool, typedKeys(s));
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  // ---------------------------------------------------------------- the rules, per strategy

  /**
   * Checks {@link PartitionStrategy#partitionsOf(byte[][], int, int, int[])}: the partitions of a
   * batch of keys (several groups of {@link BatchPartitions#GROUP} and a short one), whole and at
   * an offset, are {@code partitionOf} of each key, and nothing outside the batch's range is
   * written.
   */
  public static void checkPartitionsOf(PartitionStrategy s, KeyGenerators g, KeySource keys) {
    int n = 3 * BatchPartitions.GROUP + 5;
    Object[] shown = new Object[n];
    byte[][] bytes = new byte[n][];
    for (int i = 0; i < n; i++) {
      shown[i] = keys.next(g);
      bytes[i] = ReferenceEncoding.key(shown[i]);
    }
    int[] whole = new int[n];
    s.partitionsOf(bytes, 0, n, whole);
    int from = 3;
    int to = n - 2;
    int[] slice = new int[n];
    Arrays.fill(slice, -1);
    s.partitionsOf(bytes, from, to, slice);
    for (int i = 0; i < n; i++) {
      int expected = s.partitionOf(bytes[i], 0, bytes[i].length);
      Object k = shown[i];
      int at = i;
      assertEquals(
          expected,
          whole[i],
          () ->
              s
                  + ": partitionsOf gave "
                  + show(k)
                  + " (key "
                  + at
                  + " of a batch) another partition than partitionOf; "
                  + g.describe());
      assertEquals(
          i < from || i >= to ? -1 : expected,
          slice[i],
          () ->
              s
                  + ": partitionsOf of keys ["
                  + from
                  + ", "
                  + to
                  + ") wrote a wrong partition at "
                  + at
                  + "; "
                  + g.describe());
    }
  }

  /**
   * For a strategy with {@link BatchPartitions}: keys prepared a group at a time, as a table's
   * batch route does, then loaded in a pass of their own, then finished, get {@code partitionOf}'s
   * answers, also when the bytes given to {@code finish} are another array holding the key at an
   * offset; {@code prepare} leaves the bytes as they were; and the same for {@code
   * prepareLong}/{@code finishLong} against {@code partitionOfLong}. Nothing is checked for a
   * strategy without the capability.
   */
  public static void checkBatch(PartitionStrategy s, KeyGenerators g, KeySource keys) {
    if (!(s instanceof BatchPartitions b)) {
      return;
    }
    int group = BatchPartitions.GROUP;
    for (int round = 0; round * group < KEYS_PER_KIND; round++) {
      Object[] shown = new Object[group];
      byte[][] bytes = new byte[group][];
      long[] tokens = new long[group];
      long[] longs = new long[group];
      long[] longTokens = new long[group];
      for (int i = 0; i < group; i++) {
        shown[i] = keys.next(g);
        bytes[i] = ReferenceEncoding.key(shown[i]);
        // within a longer array, as a table's batch hands over keys it encodes
        byte[] padded = new byte[bytes[i].length + 4];
        Arrays.fill(padded, (byte) 0x5A);
        System.arraycopy(bytes[i], 0, padded, 2, bytes[i].length);
        byte[] before = padded.clone();
        tokens[i] = b.prepare(padded, 2, bytes[i].length);
        Object k = shown[i];
        assertArrayEquals(
            before,
            padded,
            () -> s + ": prepare wrote the bytes of " + show(k) + "; " + g.describe());
        longs[i] = g.anyLong();
        longTokens[i] = b.prepareLong(longs[i]);
      }
      checkLoadGroup(s, b, tokens, g);
      checkLoadGroup(s, b, longTokens, g);
      for (int i = 0; i < group; i++) {
        tokens[i] = b.load(tokens[i]);
        longTokens[i] = b.load(longTokens[i]);
      }
      for (int i = 0; i < group; i++) {
        byte[] moved = new byte[bytes[i].length + 5];
        System.arraycopy(bytes[i], 0, moved, 3, bytes[i].length);
        Object k = shown[i];
        assertEquals(
            s.partitionOf(bytes[i], 0, bytes[i].length),
            b.finish(moved, 3, bytes[i].length, tokens[i]),
            () ->
                s
                    + ": "
                    + show(k)
                    + " prepared and loaded in a group and finished has another partition than"
                    + " partitionOf; "
                    + g.describe());
        long v = longs[i];
        assertEquals(
            s.partitionOfLong(v),
            b.finishLong(v, longTokens[i]),
            () ->
                s
                    + ": long "
                    + v
                    + " prepared and loaded in a group and finished has another partition"
                    + " than partitionOfLong; "
                    + g.describe());
      }
    }
  }

  /**
   * {@link BatchPartitions#loadGroup} of the first {@code n} of {@code prepared}, for every {@code
   * n} from 0 to the whole group, replaces each with what {@code load} gives it, and leaves the
   * rest alone.
   */
  private static void checkLoadGroup(
      PartitionStrategy s, BatchPartitions b, long[] prepared, KeyGenerators g) {
    for (int n = 0; n <= prepared.length; n++) {
      long[] expected = prepared.clone();
      for (int i = 0; i < n; i++) {
        expected[i] = b.load(prepared[i]);
      }
      long[] grouped = prepared.clone();
      b.loadGroup(grouped, n);
      int length = n;
      assertArrayEquals(
          expected,
          grouped,
          () ->
              s
                  + ": loadGroup of "
                  + length
                  + " tokens differs from load of each (or changed a token past them); "
                  + g.describe());
    }
  }

  /**
   * A key whose canonical bytes are held in the thread's {@link KeyScratch} — as a table hands over
   * a non-ASCII text key, a composite key, and the default {@code partitionOfLong} its number —
   * gets the partition of the same bytes in an array of their own: a strategy that encodes into the
   * scratch buffer while it reads its input fails this.
   */
  public static void checkKeyScratchInput(PartitionStrategy s, KeyGenerators g, KeySource keys) {
    for (int i = 0; i < KEYS_PER_KIND; i++) {
      Object k = keys.next(g);
      KeyScratch scratch = KeyScratch.get();
      int n = intoScratch(scratch, k);
      if (n < 0) {
        continue; // a bytes key: a table routes its caller's array, never the scratch buffer
      }
      byte[] own = java.util.Arrays.copyOf(scratch.bytes(), n);
      int expected = s.partitionOf(own, 0, n);
      n = intoScratch(scratch, k); // the line above may have used the buffer itself
      int actual = s.partitionOf(scratch.bytes(), 0, n);
      assertEquals(
          expected,
          actual,
          () ->
              s
                  + ": "
                  + show(k)
                  + " held in the thread's KeyScratch routes elsewhere than the same bytes in an"
                  + " array of their own; does partitionOf encode into KeyScratch over its input? "
                  + g.describe());
    }
  }

  /**
   * Writes {@code key} (as {@link KeyGenerators#keyOf} gives it, or a {@link CompositeKey}) into
   * {@code scratch}; -1 for a {@code bytes} key.
   */
  private static int intoScratch(KeyScratch scratch, Object key) {
    if (key instanceof String t) {
      return scratch.putString(t);
    } else if (key instanceof Long l) {
      return scratch.putLong(l);
    } else if (key instanceof Integer v) {
      return scratch.putInt(v);
    } else if (key instanceof java.util.UUID u) {
      return scratch.putUuid(u);
    } else if (key instanceof Instant t) {
      return scratch.putTimestamp(t);
    } else if (key instanceof Object[] parts) {
      return scratch.putComposite(CompositeKey.of(parts));
    } else if (key instanceof CompositeKey c) {
      return scratch.putComposite(c);
    }
    return -1;
  }

  /**
   * The same key gets the same partition twice, and from a copy rebuilt from the strategy's JSON.
   */
  public void checkDeterminism(PartitionStrategy s, KeyGenerators g) {
    PartitionStrategy copy = registry().create(s.toSpec(), s.keyType());
    for (int i = 0; i < KEYS_PER_KIND; i++) {
      String t = g.text(64);
      long l = g.anyLong();
      CompositeKey c = g.composite();
      int first = s.partitionOf(Keys.of(t));
      assertEquals(
          first,
          s.partitionOf(Keys.of(t)),
          () -> s + ": " + quote(t) + " changed partition between two calls; " + g.describe());
      assertEquals(
          first,
          copy.partitionOf(Keys.of(t)),
          () ->
              s
                  + ": "
                  + quote(t)
                  + " has another partition in a copy rebuilt from "
                  + s.toSpec()
                  + "; "
                  + g.describe());
      assertEquals(
          s.partitionOf(Keys.of(l)),
          s.partitionOf(Keys.of(l)),
          () -> s + ": long " + l + " changed partition; " + g.describe());
      assertEquals(
          s.partitionOf(Keys.of(l)),
          copy.partitionOf(Keys.of(l)),
          () -> s + ": long " + l + " differs in the rebuilt copy; " + g.describe());
      assertEquals(
          s.partitionOf(Keys.of(c)),
          copy.partitionOf(Keys.of(c)),
          () -> s + ": " + c + " differs in the rebuilt copy; " + g.describe());
    }
  }

  /**
   * Keys of {@code s}'s key type from {@code keys} get the same answers twice, through every
   * overload of their type, and from a copy rebuilt from the strategy's JSON for its key type.
   */
  public void checkDeterminism(PartitionStrategy s, KeyGenerators g, KeySource keys) {
    PartitionStrategy copy = registry().create(s.toSpec(), s.keyType());
    for (int i = 0; i < KEYS_PER_KIND; i++) {
      Object k = keys.next(g);
      Map<String, Integer> first = answers(s, k);
      assertEquals(
          first,
          answers(s, k),
          () -> s + ": " + show(k) + " changed partition between two calls; " + g.describe());
      assertEquals(
          first,
          answers(copy, k),
          () ->
              s
                  + ": "
                  + show(k)
                  + " has another partition in a copy rebuilt from "
                  + s.toSpec()
                  + " for key type "
                  + s.keyType()
                  + "; "
                  + g.describe());
    }
  }

  /**
   * Keys of {@code s}'s key type from {@code keys} get answers in {@code [0, P)} from every
   * overload of their type.
   */
  public void checkRange(PartitionStrategy s, KeyGenerators g, KeySource keys) {
    int n = s.partitionCount();
    assertTrue(n >= 1, () -> s + ": partitionCount() is " + n + ", must be >= 1");
    for (int i = 0; i < KEYS_PER_KIND; i++) {
      Object k = keys.next(g);
      for (Map.Entry<String, Integer> e : answers(s, k).entrySet()) {
        assertInRange(s, g, () -> show(k) + " through " + e.getKey(), e.getValue());
      }
    }
  }

  /**
   * Keys of {@code s}'s key type from {@code keys}: every overload that takes the key's type gives
   * the partition of its canonical bytes ({@link ReferenceEncoding#key}), as {@link
   * #assertCanonical} checks.
   */
  public static void checkTypedKeys(PartitionStrategy s, KeyGenerators g, KeySource keys) {
    for (int i = 0; i < 4 * KEYS_PER_KIND; i++) {
      Object k = keys.next(g);
      byte[] canonical = ReferenceEncoding.key(k);
      for (Map.Entry<String, Integer> e : answers(s, k).entrySet()) {
        assertCanonical(s, g, () -> show(k) + " through " + e.getKey(), e.getValue(), canonical);
      }
    }
  }

  /** Every overload answers in {@code [0, P)}. */
  public void checkRange(PartitionStrategy s, KeyGenerators g) {
    int n = s.partitionCount();
    assertTrue(n >= 1, () -> s + ": partitionCount() is " + n + ", must be >= 1");
    for (int i = 0; i < KEYS_PER_KIND; i++) {
      String t = g.text(80);
      long l = g.anyLong();
      int k = g.anyInt();
      UUID u = g.uuid();
      CompositeKey c = g.composite();
      byte[] b = g.bytes(0, 80);
      assertInRange(s, g, () -> quote(t), s.partitionOf(Keys.of(t)));
      assertInRange(s, g, () -> "long " + l, s.partitionOf(Keys.of(l)));
      assertInRange(s, g, () -> "int " + k, s.partitionOf(Keys.of(k)));
      assertInRange(s, g, () -> "uuid " + u, s.partitionOf(Keys.of(u)));
      assertInRange(s, g, () -> "(" + quote(t) + ", " + l + "L)", s.partitionOf(Keys.of(t, l)));
      assertInRange(
          s, g, () -> "(" + quote(t) + ", " + quote(t) + ")", s.partitionOf(Keys.of(t, t)));
      assertInRange(s, g, () -> "(" + l + "L, " + l + "L)", s.partitionOf(Keys.of(l, l)));
      assertInRange(s, g, () -> "composite " + c, s.partitionOf(Keys.of(c)));
      assertInRange(s, g, () -> "bytes " + ReferenceEncoding.hex(b), s.partitionOf(b));
    }
  }

  /** String keys of every kind and of every length 0..300 match their UTF-8 bytes. */
  public static void checkStringKeys(PartitionStrategy s, KeyGenerators g) {
    List<String> texts = new ArrayList<>(KeyGenerators.edgeStrings());
    for (int len = 0; len <= 300; len++) {
      texts.add(g.ascii(len, len));
    }
    for (int i = 0; i < KEYS_PER_KIND; i++) {
      texts.add(g.nonAscii(1, 1 + i));
    }
    for (int i = 0; i < KEYS_PER_KIND / 4; i++) {
      texts.add(
          g.ascii(0, 20) + g.nonAscii(1, 5) + g.ascii(0, 200)); // non-ASCII after an ASCII prefix
    }
    for (String t : texts) {
      assertCanonical(s, g, () -> quote(t), s.partitionOf(Keys.of(t)), ReferenceEncoding.string(t));
    }
  }

  /**
   * A null array is refused with {@link InvalidKeyException}. (Null keys of the typed shapes and
   * text with a lone surrogate never reach a strategy: the table refuses them at its edge, {@code
   * RoutingTableEdgeTest}.)
   */
  @SuppressWarnings("NullAway") // passes a null array on purpose: the rule checks its refusal
  public static void checkNullKeys(PartitionStrategy s) {
    assertInvalidKey(s, "partitionOf((byte[]) null)", () -> s.partitionOf((byte[]) null), null);
  }

  /**
   * {@code toSpec()} starts with the type, and rebuilds (also from its JSON text, for the
   * strategy's {@link PartitionStrategy#keyType()}) an equal strategy with an equal hash code, an
   * equal spec and the same answers.
   */
  public static void checkJsonRoundTrip(
      PartitionStrategy s, StrategyRegistry registry, KeyGenerators g) {
    KeyType type = s.keyType();
    checkJsonRoundTrip(s, registry, g, true, type == null ? null : k -> k.keyOf(type));
  }

  /**
   * {@link #checkJsonRoundTrip(PartitionStrategy, StrategyRegistry, KeyGenerators)} comparing the
   * answers of the copies for text and {@code long} keys when {@code anyKey}, and for keys from
   * {@code typed} (of the strategy's key type) when it is not null.
   */
  public static void checkJsonRoundTrip(
      PartitionStrategy s,
      StrategyRegistry registry,
      KeyGenerators g,
      boolean anyKey,
      @Nullable KeySource typed) {
    Spec json = s.toSpec();
    assertTrue(
        json.isObject()
            && json.get("type") != null
            && json.get("type").isText()
            && s.type().equals(json.get("type").text()),
        () -> s + ": toSpec() must carry \"type\": \"" + s.type() + "\"");
    assertEquals(
        "type",
        json.fieldNames().get(0),
        () -> s + ": toSpec() must put \"type\" first, got " + json);
    PartitionStrategy back = registry.create(json, s.keyType());
    assertEquals(s, back, () -> "rebuilt from " + json + " gives an unequal strategy " + back);
    assertEquals(back, s, () -> "equals is not symmetric for " + s + " and " + back);
    assertEquals(
        s.hashCode(),
        back.hashCode(),
        () -> "equal strategies " + s + " and " + back + " differ in hashCode");
    assertEquals(
        json,
        back.toSpec(),
        () -> "rebuilt strategy prints another spec: " + back.toSpec() + " instead of " + json);
    assertEquals(
        s.partitionCount(),
        back.partitionCount(),
        () -> "rebuilt " + back + " has another partition count");
    Spec reparsed;
    try {
      reparsed = RoutingDocuments.parseSpec(json.toString());
    } catch (Exception e) {
      throw new AssertionError(
          s + ": toSpec() does not survive writing and reading as text: " + e, e);
    }
    PartitionStrategy fromText = registry.create(reparsed, s.keyType());
    assertEquals(
        s,
        fromText,
        () -> "rebuilt from the text " + reparsed + " gives an unequal strategy " + fromText);
    for (int i = 0; anyKey && i < 50; i++) {
      String t = g.text(40);
      long l = g.anyLong();
      assertEquals(
          s.partitionOf(Keys.of(t)),
          back.partitionOf(Keys.of(t)),
          () -> s + " and its rebuilt copy disagree on " + quote(t) + "; " + g.describe());
      assertEquals(
          s.partitionOf(Keys.of(l)),
          fromText.partitionOf(Keys.of(l)),
          () -> s + " and its copy from text disagree on " + l + "L; " + g.describe());
    }
    for (int i = 0; typed != null && i < 50; i++) {
      Object k = typed.next(g);
      Map<String, Integer> expected = answers(s, k);
      assertEquals(
          expected,
          answers(back, k),
          () -> s + " and its rebuilt copy disagree on " + show(k) + "; " + g.describe());
      assertEquals(
          expected,
          answers(fromText, k),
          () -> s + " and its copy from text disagree on " + show(k) + "; " + g.describe());
    }
  }

  /** Every partition of the strategy is the answer for some key (for small P). */
  public static void checkReachability(PartitionStrategy s, KeyGenerators g) {
    checkReachability(s, g, null);
  }

  /**
   * Every partition of the strategy is the answer for some key (for small P): random keys of every
   * kind, or, when {@code typed} is not null, keys from it (of the strategy's key type).
   */
  public static void checkReachability(
      PartitionStrategy s, KeyGenerators g, @Nullable KeySource typed) {
    int n = s.partitionCount();
    boolean[] seen = new boolean[n];
    int missing = n;
    for (int i = 0; i < 400 * n && missing > 0; i++) {
      int p =
          typed != null
              ? typedPartition(s, typed.next(g))
              : switch (i % 4) {
                case 0 -> s.partitionOf(Keys.of(g.text(30)));
                case 1 -> s.partitionOf(Keys.of(g.anyLong()));
                case 2 -> s.partitionOf(Keys.of(g.uuid()));
                default -> s.partitionOf(Keys.of(g.composite()));
              };
      if (p >= 0 && p < n && !seen[p]) {
        seen[p] = true;
        missing--;
      }
    }
    if (missing > 0) {
      List<Integer> never = new ArrayList<>();
      for (int p = 0; p < n && never.size() < 20; p++) {
        if (!seen[p]) {
          never.add(p);
        }
      }
      fail(
          s
              + ": "
              + missing
              + " of "
              + n
              + " partitions never reached by "
              + 400 * n
              + " random keys"
              + (typed != null ? " of key type " + s.keyType() : "")
              + ", e.g. "
              + never
              + "; "
              + g.describe());
    }
  }

  /**
   * Four threads routing the same keys at once get the answers of one thread (per-thread buffers).
   */
  public static void checkConcurrency(PartitionStrategy s, KeyGenerators g, ExecutorService pool)
      throws Exception {
    int n = 1000;
    String[] texts = new String[n];
    CompositeKey[] composites = new CompositeKey[n];
    int[] expected = new int[2 * n];
    for (int i = 0; i < n; i++) {
      texts[i] = g.text(200);
      composites[i] = g.composite();
      expected[2 * i] = s.partitionOf(Keys.of(texts[i]));
      expected[2 * i + 1] = s.partitionOf(Keys.of(composites[i]));
    }
    List<Callable<int[]>> tasks = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int shift = t * 97;
      tasks.add(
          () -> {
            int[] got = new int[2 * n];
            for (int j = 0; j < n; j++) {
              int i = (j + shift) % n;
              got[2 * i] = s.partitionOf(Keys.of(texts[i]));
              got[2 * i + 1] = s.partitionOf(Keys.of(composites[i]));
            }
            return got;
          });
    }
    for (Future<int[]> f : pool.invokeAll(tasks)) {
      int[] got = f.get();
      for (int i = 0; i < 2 * n; i++) {
        int at = i;
        assertEquals(
            expected[i],
            got[i],
            () ->
                s
                    + ": concurrent routing of "
                    + (at % 2 == 0 ? quote(texts[at / 2]) : composites[at / 2].toString())
                    + " differs from single-threaded; "
                    + g.describe());
      }
    }
  }

  /**
   * {@link #checkConcurrency(PartitionStrategy, KeyGenerators, ExecutorService)} with keys from
   * {@code keys} (of the key type).
   */
  public static void checkConcurrency(
      PartitionStrategy s, KeyGenerators g, ExecutorService pool, KeySource keys) throws Exception {
    int n = 1000;
    Object[] typed = new Object[n];
    byte[][] canonical = new byte[n][];
    int[] expected = new int[2 * n];
    for (int i = 0; i < n; i++) {
      typed[i] = keys.next(g);
      canonical[i] = ReferenceEncoding.key(typed[i]);
      expected[2 * i] = typedPartition(s, typed[i]);
      expected[2 * i + 1] = s.partitionOf(canonical[i]);
    }
    List<Callable<int[]>> tasks = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int shift = t * 97;
      tasks.add(
          () -> {
            int[] got = new int[2 * n];
            for (int j = 0; j < n; j++) {
              int i = (j + shift) % n;
              got[2 * i] = typedPartition(s, typed[i]);
              got[2 * i + 1] = s.partitionOf(canonical[i]);
            }
            return got;
          });
    }
    for (Future<int[]> f : pool.invokeAll(tasks)) {
      int[] got = f.get();
      for (int i = 0; i < 2 * n; i++) {
        int at = i;
        assertEquals(
            expected[i],
            got[i],
            () ->
                s
                    + ": concurrent routing of "
                    + show(typed[at / 2])
                    + (at % 2 == 0 ? "" : " as canonical bytes")
                    + " differs from single-threaded; "
                    + g.describe());
      }
    }
  }

  // ---------------------------------------------------------------- typed keys

  /**
   * The partition of {@code key} (a Java value as {@link KeyGenerators#keyOf} returns) through the
   * overload of its class: {@code partitionOf(String)}, {@code (long)}, {@code (int)}, {@code
   * (UUID)}, {@code (Instant)}, {@code (byte[])}, or {@code (CompositeKey)} for an {@code Object[]}
   * of parts.
   */
  public static int typedPartition(PartitionStrategy s, Object key) {
    if (key instanceof String t) {
      return s.partitionOf(Keys.of(t));
    } else if (key instanceof Long l) {
      return s.partitionOfLong(l);
    } else if (key instanceof Integer i) {
      return s.partitionOf(Keys.of(i.intValue()));
    } else if (key instanceof UUID u) {
      return s.partitionOf(Keys.of(u));
    } else if (key instanceof Instant t) {
      return s.partitionOfLong(KeyText.micros(t));
    } else if (key instanceof byte[] b) {
      return s.partitionOf(b.clone());
    } else if (key instanceof Object[] parts) {
      return s.partitionOf(Keys.of(CompositeKey.of(parts)));
    }
    throw new IllegalArgumentException("unsupported test key " + key);
  }

  /**
   * The answer of every overload that takes {@code key}, by overload: the one of its class ({@link
   * #typedPartition}), the two-part overloads for a composite of their shape, and {@code
   * partitionOf(byte[])} of its canonical bytes.
   */
  public static Map<String, Integer> answers(PartitionStrategy s, Object key) {
    Map<String, Integer> out = new LinkedHashMap<>();
    out.put("the form a table hands over", typedPartition(s, key));
    if (key instanceof Long || key instanceof Instant) {
      out.put(
          "partitionOf(the library's 8 bytes)",
          s.partitionOf(Keys.of(key instanceof Long l ? l : KeyText.micros((Instant) key))));
    }
    if (key instanceof Object[] parts && parts.length == 2) {
      if (parts[0] instanceof String a && parts[1] instanceof String b) {
        out.put("partitionOf(String, String)", s.partitionOf(Keys.of(a, b)));
      } else if (parts[0] instanceof String a && parts[1] instanceof Long b) {
        out.put("partitionOf(String, long)", s.partitionOf(Keys.of(a, b.longValue())));
      } else if (parts[0] instanceof Long a && parts[1] instanceof Long b) {
        out.put("partitionOf(long, long)", s.partitionOf(Keys.of(a.longValue(), b.longValue())));
      }
    }
    out.put("partitionOf(byte[])", s.partitionOf(ReferenceEncoding.key(key)));
    return out;
  }

  /**
   * A key for messages: text quoted, bytes in hex, a composite as {@code (part, ...)}, with its
   * kind.
   */
  public static String show(Object key) {
    if (key instanceof String t) {
      return "string " + quote(t);
    } else if (key instanceof byte[] b) {
      return "bytes 0x" + ReferenceEncoding.hex(b);
    } else if (key instanceof Object[] parts) {
      List<String> shown = new ArrayList<>();
      for (Object p : parts) {
        shown.add(show(p));
      }
      return "composite (" + String.join(", ", shown) + ")";
    } else if (key instanceof Long l) {
      return "long " + l;
    } else if (key instanceof Integer i) {
      return "int " + i;
    } else if (key instanceof UUID u) {
      return "uuid " + u;
    } else if (key instanceof Instant t) {
      return "timestamp " + t;
    }
    return String.valueOf(key);
  }

  // ---------------------------------------------------------------- assertions

  /**
   * {@code typed} (the answer of a typed overload) equals the partition of {@code canonical}
   * through {@code partitionOf(byte[])}, {@code partitionOf(byte[], 0, n)} and the slice overload
   * at a random nonzero offset inside a larger array of random bytes.
   */
  public static void assertCanonical(
      PartitionStrategy s, KeyGenerators g, Supplier<String> key, int typed, byte[] canonical) {
    byte[] before = canonical.clone();
    int viaBytes = s.partitionOf(canonical);
    assertTrue(
        java.util.Arrays.equals(before, canonical),
        () -> s + " wrote the canonical bytes it was given (they are read-only), key " + key.get());
    Supplier<String> where =
        () ->
            s
                + ", key "
                + key.get()
                + ", canonical bytes "
                + ReferenceEncoding.hex(canonical)
                + "; "
                + g.describe();
    assertEquals(
        viaBytes,
        typed,
        () ->
            "the form a table hands over (the library's encoding, or partitionOfLong) disagrees"
                + " with partitionOf(canonical bytes): "
                + where.get());
    if (viaBytes < 0 || viaBytes >= s.partitionCount()) {
      assertInRange(s, g, key, viaBytes);
    }
    assertEquals(
        viaBytes,
        s.partitionOf(canonical, 0, canonical.length),
        () -> "partitionOf(bytes, 0, length) disagrees with partitionOf(bytes): " + where.get());
    int offset = g.between(1, 19);
    byte[] big = ReferenceEncoding.embed(canonical, offset, g.between(0, 9), g.random());
    assertEquals(
        viaBytes,
        s.partitionOf(big, offset, canonical.length),
        () ->
            "slice overload at offset "
                + offset
                + " in "
                + big.length
                + " bytes disagrees: "
                + where.get());
  }

  public static void assertInRange(
      PartitionStrategy s, KeyGenerators g, Supplier<String> key, int partition) {
    if (partition < 0 || partition >= s.partitionCount()) {
      fail(
          s
              + ": key "
              + key.get()
              + " got partition "
              + partition
              + ", outside [0, "
              + s.partitionCount()
              + "); "
              + g.describe());
    }
  }

  /**
   * {@code call} throws {@link InvalidKeyException} whose message is not blank (and contains {@code
   * word}).
   */
  public static void assertInvalidKey(
      PartitionStrategy s, String what, Executable call, @Nullable String word) {
    InvalidKeyException e =
        assertThrows(
            InvalidKeyException.class,
            call,
            () -> s + ": " + what + " must throw InvalidKeyException");
    String m = Objects.requireNonNullElse(e.getMessage(), "");
    assertTrue(
        !m.isBlank(), () -> s + ": " + what + " threw InvalidKeyException without a message");
    if (word != null) {
      assertTrue(
          m.toLowerCase(Locale.ROOT).contains(word),
          () -> s + ": " + what + ": message should mention '" + word + "', got: " + m);
    }
  }

  // ---------------------------------------------------------------- helpers

  private static Object[] compositeParts(KeyGenerators g) {
    Object[] parts = new Object[g.between(1, 5)];
    for (int i = 0; i < parts.length; i++) {
      parts[i] =
          switch (g.random().nextInt(5)) {
            case 0 -> g.text(30);
            case 1 -> g.anyLong();
            case 2 -> g.anyInt();
            case 3 -> g.uuid();
            default -> g.bytes(0, 12);
          };
    }
    return parts;
  }

  /**
   * A string for messages: quoted, with each char outside printable ASCII as a {@code \\u} escape
   * of four hex digits.
   */
  public static String quote(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 0x20 && c < 0x7F) {
        sb.append(c);
      } else {
        sb.append("\\u")
            .append(HEX_DIGITS[c >> 12])
            .append(HEX_DIGITS[(c >> 8) & 0xF])
            .append(HEX_DIGITS[(c >> 4) & 0xF])
            .append(HEX_DIGITS[c & 0xF]);
      }
    }
    return sb.append('"').toString();
  }
}
