package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.Latin1Strings;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.ReferenceEncoding;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The table is the edge where key shapes end (docs/architecture.md §3.1): each typed {@code route}
 * hands its strategy the key's canonical form, so it routes exactly as the reference encoding of
 * the key ({@link ReferenceEncoding}, plain JDK code) does through {@code routeCanonical}, for
 * random keys of every shape, through the plain way and through a strategy's own route index; it
 * refuses a null key of any shape and text with a lone surrogate; an ASCII string reaches the
 * strategy as its own bytes, unencoded, where the runtime allows it.
 */
class RoutingTableEdgeTest {
  private static final int ROUNDS = 400;

  /** A strategy (the byte sum mod P), optionally with its own route index. */
  private static final class Strategy implements PartitionStrategy, IndexedRoutes {
    private final PartitionStrategy inner = new ByteSumStrategy(1021);
    private final boolean ownIndex;
    byte[] lastArray;
    int lastOffset;
    int lastLength;

    Strategy(boolean ownIndex) {
      this.ownIndex = ownIndex;
    }

    @Override
    public String type() {
      return inner.type();
    }

    @Override
    public int partitionCount() {
      return inner.partitionCount();
    }

    @Override
    public Spec toSpec() {
      return inner.toSpec();
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      lastArray = canonical;
      lastOffset = offset;
      lastLength = length;
      return inner.partitionOf(canonical, offset, length);
    }

    @Override
    public IndexedRoutes.RouteIndex routeIndex(Route[] routes) {
      return ownIndex
          ? new IndexedRoutes.RouteIndex(this, routes) {}
          : IndexedRoutes.RouteIndex.plain(this, routes);
    }
  }

  private static RoutingTable table(PartitionStrategy s, KeyType type) {
    return Tables.table(1, s, type, 3);
  }

  private static <K> void check(
      KeyType type, KeyGenerators g, Function<KeyGenerators, K> keys, Shape<K> shape) {
    for (boolean ownIndex : new boolean[] {false, true}) {
      RoutingTable t = table(new Strategy(ownIndex), type);
      for (int i = 0; i < ROUNDS; i++) {
        K key = keys.apply(g);
        byte[] reference = shape.reference().apply(key);
        assertSame(
            t.routeCanonical(reference),
            shape.route().apply(t, key),
            () ->
                type
                    + " key "
                    + key
                    + " (reference bytes "
                    + ReferenceEncoding.hex(reference)
                    + "), own index "
                    + ownIndex
                    + "; "
                    + g.describe());
      }
    }
  }

  /** How a key of one shape is routed by the table, and its reference canonical bytes. */
  private record Shape<K>(
      BiFunction<RoutingTable, K, Route> route, Function<K, byte[]> reference) {}

  private static KeyGenerators keys() {
    return KeyGenerators.seeded(KeyGenerators.clockSeed());
  }

  @Test
  void stringKeys_everyLengthAsciiLatin1AndSurrogatePairs_routeAsTheirUtf8Bytes() {
    KeyGenerators g = keys();
    List<String> texts = new ArrayList<>(KeyGenerators.edgeStrings());
    for (int len = 0; len <= 300; len++) {
      texts.add(g.ascii(len, len));
    }
    texts.add("caf\u00e9"); // Latin-1 but not ASCII: encoded, not read in place
    texts.add("\u00ff".repeat(40));
    int[] next = {0};
    check(
        KeyType.STRING,
        g,
        k -> next[0] < texts.size() ? texts.get(next[0]++) : k.text(60),
        new Shape<String>((t, key) -> t.route(key), key -> ReferenceEncoding.string(key)));
  }

  @Test
  void numberAndUuidKeys_routeAsTheirCanonicalBytes() {
    KeyGenerators g = keys();
    check(
        KeyType.LONG,
        g,
        KeyGenerators::anyLong,
        new Shape<Long>(
            (t, key) -> t.route(key.longValue()), key -> ReferenceEncoding.longKey(key)));
    check(
        KeyType.INT,
        g,
        KeyGenerators::anyInt,
        new Shape<Integer>(
            (t, key) -> t.route(key.intValue()), key -> ReferenceEncoding.intKey(key)));
    check(
        KeyType.UUID_KEY,
        g,
        KeyGenerators::uuid,
        new Shape<UUID>((t, key) -> t.route(key), key -> ReferenceEncoding.uuid(key)));
    check(
        KeyType.TIMESTAMP,
        g,
        KeyGenerators::instant,
        new Shape<Instant>((t, key) -> t.route(key), key -> ReferenceEncoding.timestamp(key)));
  }

  /**
   * An integer key or part given in the other Java integer type routes as the entity's key type
   * encodes the number (docs/routing-spec.md §5.2): an {@code int} on a {@code long} entity as 8
   * bytes, a {@code long} on an {@code int} entity (in range) as 4.
   */
  @Test
  void integerKeys_givenInTheOtherJavaType_routeAsTheEntityKeyTypeEncodesTheNumber() {
    KeyGenerators g = keys();
    check(
        KeyType.LONG,
        g,
        KeyGenerators::anyInt,
        new Shape<Integer>(
            (t, key) -> t.route(key.intValue()), key -> ReferenceEncoding.longKey(key)));
    check(
        KeyType.INT,
        g,
        KeyGenerators::anyInt,
        new Shape<Integer>(
            (t, key) -> t.route(key.longValue()), key -> ReferenceEncoding.intKey(key)));
    check(
        KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.INT),
        g,
        k -> new Object[] {k.text(30), k.anyInt()},
        new Shape<Object[]>(
            (t, key) -> t.route((String) key[0], (long) (int) key[1]),
            key -> ReferenceEncoding.composite(key)));
    check(
        KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG),
        g,
        k -> new Object[] {k.text(30), k.anyInt()},
        new Shape<Object[]>(
            (t, key) -> t.route((String) key[0], (int) key[1]),
            key -> ReferenceEncoding.composite(key[0], (long) (int) key[1])));
    for (KeyType.Kind[] kinds :
        List.of(
            new KeyType.Kind[] {KeyType.Kind.INT, KeyType.Kind.LONG},
            new KeyType.Kind[] {KeyType.Kind.LONG, KeyType.Kind.INT},
            new KeyType.Kind[] {KeyType.Kind.INT, KeyType.Kind.INT})) {
      check(
          KeyType.composite(kinds),
          g,
          k ->
              new Object[] {
                kinds[0] == KeyType.Kind.INT ? (Object) k.anyInt() : (Object) k.anyLong(),
                kinds[1] == KeyType.Kind.INT ? (Object) k.anyInt() : (Object) k.anyLong()
              },
          new Shape<Object[]>(
              (t, key) -> t.route(((Number) key[0]).longValue(), ((Number) key[1]).longValue()),
              key -> ReferenceEncoding.composite(key)));
    }
  }

  @Test
  void compositeKeys_everyShape_routeAsTheirCanonicalBytes() {
    KeyGenerators g = keys();
    check(
        KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING),
        g,
        k -> new String[] {k.text(30), k.text(30)},
        new Shape<String[]>(
            (t, key) -> t.route(key[0], key[1]),
            key -> ReferenceEncoding.composite(key[0], key[1])));
    check(
        KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG),
        g,
        k -> new Object[] {k.text(30), k.anyLong()},
        new Shape<Object[]>(
            (t, key) -> t.route((String) key[0], (long) key[1]),
            key -> ReferenceEncoding.composite(key)));
    check(
        KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG),
        g,
        k -> new long[] {k.anyLong(), k.anyLong()},
        new Shape<long[]>(
            (t, key) -> t.route(key[0], key[1]),
            key -> ReferenceEncoding.composite(key[0], key[1])));
    check(
        KeyType.composite(
            KeyType.Kind.INT, KeyType.Kind.STRING, KeyType.Kind.UUID, KeyType.Kind.BYTES),
        g,
        k -> new Object[] {k.anyInt(), k.text(20), k.uuid(), k.bytes(0, 12)},
        new Shape<Object[]>(
            (t, key) -> t.route(CompositeKey.of(key)), key -> ReferenceEncoding.composite(key)));
  }

  @Test
  void nullKeysOfEveryShape_refusedBeforeTheStrategy() {
    Strategy s = new Strategy(false);
    List<Executable> calls =
        List.of(
            () -> table(s, KeyType.STRING).route((String) null),
            () -> table(s, KeyType.UUID_KEY).route((UUID) null),
            () -> table(s, KeyType.TIMESTAMP).route((Instant) null),
            () ->
                table(s, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING))
                    .route(null, "b"),
            () ->
                table(s, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING))
                    .route("a", (String) null),
            () ->
                table(s, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG)).route(null, 1L),
            () ->
                table(s, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG))
                    .route((CompositeKey) null),
            () -> table(s, KeyType.STRING).routeCanonical((byte[]) null));
    for (Executable call : calls) {
      s.lastArray = null;
      InvalidKeyException e = assertThrows(InvalidKeyException.class, call);
      assertTrue(
          e.getMessage().startsWith("key is null")
              || e.getMessage().matches("part [01] of the key is null; .*"),
          e::getMessage);
      assertEquals(null, s.lastArray, "the strategy was called for a null key");
    }
  }

  @Test
  void loneSurrogates_refusedInEveryTextShape() {
    KeyGenerators g = keys();
    Strategy s = new Strategy(false);
    RoutingTable text = table(s, KeyType.STRING);
    RoutingTable pair = table(s, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING));
    RoutingTable mixed = table(s, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    List<String> bad = new ArrayList<>(List.of("\uD800", "\uDC00", "a\uD800", "\uDBFFa"));
    for (int i = 0; i < 20; i++) {
      bad.add(g.withLoneSurrogate(40));
    }
    for (String t : bad) {
      for (Executable call :
          List.<Executable>of(
              () -> text.route(t),
              () -> pair.route(t, "ok"),
              () -> pair.route("ok", t),
              () -> mixed.route(t, 7L))) {
        InvalidKeyException e = assertThrows(InvalidKeyException.class, call, g.describe());
        assertTrue(e.getMessage().contains("surrogate"), e::getMessage);
      }
    }
  }

  @Test
  void asciiString_reachesTheStrategyAsItsOwnBytes_unwritten() {
    Strategy s = new Strategy(false);
    RoutingTable t = table(s, KeyType.STRING);
    String key = new String(new char[] {'o', 'r', 'd', 'e', 'r', '-', '4', '2'});
    t.route(key);
    assertEquals(0, s.lastOffset);
    assertEquals(key.length(), s.lastLength);
    assertTrue(
        Arrays.equals(
            "order-42".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
            Arrays.copyOfRange(s.lastArray, 0, s.lastLength)));
    if (Latin1Strings.AVAILABLE) {
      assertSame(
          Latin1Strings.asciiBytes(key), s.lastArray, "read in place: the string's own array");
    }
    assertEquals("order-42", key, "the key is unchanged");
  }
}
