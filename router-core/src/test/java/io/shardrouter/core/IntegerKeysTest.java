package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * An integer key is its number: {@code route(42)} and {@code route(42L)} route the same key of an
 * entity with {@code long} or {@code int} keys, encoded in the entity's key type (8 or 4 bytes,
 * docs/routing-spec.md §5.2), and a number an {@code int} entity cannot hold is refused with a
 * message naming the entity, its key type, the value and what to do, never truncated. The same
 * holds for the integer parts of the two-part composite overloads.
 */
class IntegerKeysTest {
  private static final long[] INT_VALUES = {
    0, 1, -1, 42, -42, 1000, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1L
  };
  private static final long[] BEYOND_INT = {
    Integer.MAX_VALUE + 1L,
    Integer.MIN_VALUE - 1L,
    1L << 32,
    (1L << 32) + 42,
    Long.MAX_VALUE,
    Long.MIN_VALUE
  };

  private static Router router(KeyType type) {
    return Router.create(Tables.table(1, 97, 3).toBuilder().keyType(type).build());
  }

  private static Route canonical(Router r, byte[] bytes) {
    return r.table().routeCanonical(bytes);
  }

  @Test
  void route_intLiteral_onLongEntity_routesTheLongKey() {
    Router r = router(KeyType.LONG);
    assertSame(canonical(r, CanonicalKeys.of(42L)), r.route(42));
    assertSame(r.route(42L), r.route(42));
    for (long v : INT_VALUES) {
      int i = (int) v;
      assertSame(canonical(r, CanonicalKeys.of(v)), r.route(i), "int " + i);
      assertSame(r.route(v), r.route(i), "int " + i);
      assertSame(r.table().route(v), r.table().route(i), "int " + i);
    }
  }

  @Test
  void route_longKey_onLongEntity_unchanged() {
    Router r = router(KeyType.LONG);
    for (long v : BEYOND_INT) {
      assertSame(canonical(r, CanonicalKeys.of(v)), r.route(v), "long " + v);
    }
  }

  @Test
  void route_longInIntRange_onIntEntity_routesTheIntKey() {
    Router r = router(KeyType.INT);
    assertSame(canonical(r, CanonicalKeys.of(42)), r.route(42L));
    for (long v : INT_VALUES) {
      assertSame(canonical(r, CanonicalKeys.of((int) v)), r.route(v), "long " + v);
      assertSame(r.route((int) v), r.route(v), "long " + v);
      assertSame(r.table().route((int) v), r.table().route(v), "long " + v);
    }
  }

  @Test
  void route_longBeyondIntRange_onIntEntity_refusedNamingEntityTypeValueAndWhatToDo() {
    Router r = router(KeyType.INT);
    InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> r.route(4_294_967_338L));
    assertEquals(
        "entity 'orders' routes keys of type int; the key 4294967338 is outside the int range"
            + " [-2147483648, 2147483647], so no key of this entity has that value: pass the"
            + " entity's int key (casting this value to int would route another key), or, if the"
            + " entity's keys outgrew int, route them as a new entity whose key type has long in"
            + " place of int",
        e.getMessage());
    for (long v : BEYOND_INT) {
      InvalidKeyException each =
          assertThrows(InvalidKeyException.class, () -> r.route(v), "long " + v);
      assertEquals(
          "entity 'orders' routes keys of type int; the key " + v + " is outside the int range",
          each.getMessage().substring(0, each.getMessage().indexOf(" [")),
          each::getMessage);
      assertThrows(InvalidKeyException.class, () -> r.table().route(v), "long " + v);
    }
  }

  @Test
  void route_integer_onEntitiesWithOtherKeys_refusedNamingWhatToCall() {
    InvalidKeyException onString =
        assertThrows(InvalidKeyException.class, () -> router(KeyType.STRING).route(42));
    assertEquals(
        "entity 'orders' routes keys of type string, not long or int; got an integer key: call"
            + " route(String)"
            + " (the same value in another type has other canonical bytes and another partition)",
        onString.getMessage());
    InvalidKeyException onTimestamp =
        assertThrows(InvalidKeyException.class, () -> router(KeyType.TIMESTAMP).route(42L));
    assertEquals(
        "entity 'orders' routes keys of type timestamp, not long or int; got an integer key: call"
            + " route(Instant) (the same value in another type has other canonical bytes and"
            + " another partition)",
        onTimestamp.getMessage());
    InvalidKeyException onBytes =
        assertThrows(InvalidKeyException.class, () -> router(KeyType.BYTES).route(7));
    assertEquals(
        "entity 'orders' routes keys of type bytes, not long or int; got an integer key: call"
            + " routeCanonical(byte[]) with the key's bytes (the same value in another type has"
            + " other canonical bytes and another partition)",
        onBytes.getMessage());
    InvalidKeyException onComposite =
        assertThrows(
            InvalidKeyException.class,
            () -> router(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.INT)).route(7));
    assertEquals(
        "entity 'orders' routes keys of type composite(string, int), not long or int; got an integer"
            + " key:"
            + " build the key of its parts and call route(String, long) or route(CompositeKey)"
            + " (the same value in another type has other canonical bytes and another partition)",
        onComposite.getMessage());
  }

  @Test
  void route_stringAndInteger_onStringLongAndStringIntEntities() {
    Router sl = router(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    Router si = router(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.INT));
    for (long v : INT_VALUES) {
      assertSame(
          canonical(sl, CompositeKey.of("plant-a", v).toBytes()),
          sl.route("plant-a", (int) v),
          "(string, long) with int " + v);
      assertSame(
          canonical(si, CompositeKey.of("plant-a", (int) v).toBytes()),
          si.route("plant-a", v),
          "(string, int) with long " + v);
      assertSame(si.route(CompositeKey.of("plant-a", (int) v)), si.route("plant-a", v));
    }
    for (long v : BEYOND_INT) {
      assertSame(canonical(sl, CompositeKey.of("p", v).toBytes()), sl.route("p", v));
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> si.route("p", v), "long " + v);
      assertEquals(
          "entity 'orders' routes keys of type composite(string, int); part 1 of the key, "
              + v
              + ", is outside the int range [-2147483648, 2147483647], so no key of this entity"
              + " has that value: pass the entity's int part (casting this value to int would"
              + " route another key), or, if the entity's keys outgrew int, route them as a new"
              + " entity whose key type has long in place of int",
          e.getMessage());
    }
  }

  @Test
  void route_twoIntegers_onEveryPairOfIntAndLongParts() {
    KeyType.Kind[] kinds = {KeyType.Kind.LONG, KeyType.Kind.INT};
    for (KeyType.Kind k0 : kinds) {
      for (KeyType.Kind k1 : kinds) {
        Router r = router(KeyType.composite(k0, k1));
        for (long a : INT_VALUES) {
          for (long b : new long[] {0, -7, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            Object p0 = k0 == KeyType.Kind.INT ? (Object) (int) a : (Object) a;
            Object p1 = k1 == KeyType.Kind.INT ? (Object) (int) b : (Object) b;
            byte[] bytes = CompositeKey.of(p0, p1).toBytes();
            assertEquals(k0.fixedWidth() + k1.fixedWidth(), bytes.length, "the key type's widths");
            assertSame(
                canonical(r, bytes), r.route(a, b), r.table().keyType() + " " + a + ", " + b);
            assertSame(canonical(r, bytes), r.route((int) a, (int) b), "int literals");
          }
        }
        for (long v : BEYOND_INT) {
          if (k0 == KeyType.Kind.INT) {
            InvalidKeyException e =
                assertThrows(InvalidKeyException.class, () -> r.route(v, 1L), "part 0 " + v);
            assertEquals(
                "entity 'orders' routes keys of type "
                    + r.table().keyType()
                    + "; part 0 of the key, "
                    + v
                    + ", is outside the int range",
                e.getMessage().substring(0, e.getMessage().indexOf(" [")));
          } else {
            byte[] bytes =
                CompositeKey.of(v, k1 == KeyType.Kind.INT ? (Object) 1 : (Object) 1L).toBytes();
            assertSame(canonical(r, bytes), r.route(v, 1L));
          }
          if (k1 == KeyType.Kind.INT) {
            InvalidKeyException e =
                assertThrows(InvalidKeyException.class, () -> r.route(1L, v), "part 1 " + v);
            assertEquals(
                "entity 'orders' routes keys of type "
                    + r.table().keyType()
                    + "; part 1 of the key, "
                    + v
                    + ", is outside the int range",
                e.getMessage().substring(0, e.getMessage().indexOf(" [")));
          }
        }
      }
    }
    InvalidKeyException other =
        assertThrows(
            InvalidKeyException.class,
            () -> router(KeyType.composite(KeyType.Kind.INT, KeyType.Kind.STRING)).route(1L, 2L));
    assertEquals(
        "entity 'orders' routes keys of type composite(int, string), not composite(long, long);"
            + " got a (long, long) key: build the key of its parts and call route(CompositeKey)"
            + " with parts of kinds [INT, STRING], in order (the same value in another type has"
            + " other canonical bytes and another partition)",
        other.getMessage());
  }

  @Test
  void route_compositeKeyWithAnIntegerOfTheOtherWidth_refusedSayingWhichPartAndHow() {
    Router r = router(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> r.route(CompositeKey.of("plant-a", 42)));
    assertEquals(
        "entity 'orders' routes keys of type composite(string, long); got a composite key of"
            + " kinds [STRING, INT]: build the key with parts of the entity's kinds, in order, or"
            + " call route(String, long), which takes an integer of either width. Part 1 is an"
            + " Integer where the key type has a long: give it as a Long (42L, not 42).",
        e.getMessage());
    Router ii = router(KeyType.composite(KeyType.Kind.INT, KeyType.Kind.INT));
    InvalidKeyException both =
        assertThrows(InvalidKeyException.class, () -> ii.route(CompositeKey.of(1L, 2L)));
    assertEquals(
        "entity 'orders' routes keys of type composite(int, int); got a composite key of kinds"
            + " [LONG, LONG]: build the key with parts of the entity's kinds, in order, or call"
            + " route(long, long), which takes an integer of either width. Part 0 is a Long where"
            + " the key type has an int: give it as an Integer. Part 1 is a Long where the key type"
            + " has an int: give it as an Integer.",
        both.getMessage());
  }
}
