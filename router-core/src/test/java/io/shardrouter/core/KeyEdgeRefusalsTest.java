package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The refusals of keys of the wrong shape at the key edge: the message names the entity, its key
 * type and what was given, and its hint speaks only of what the caller can fix.
 */
class KeyEdgeRefusalsTest {

  private static RoutingTable table(KeyType type) {
    return Tables.table(1, new ByteSumStrategy(7), type, 2);
  }

  @Test
  void compositeOfOtherKinds_noIntegerWidthHint_whenTheDifferingPartsAreNotBothIntegers() {
    RoutingTable t = table(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> t.route(CompositeKey.of(5L, "x")));
    assertEquals(
        "entity 'orders' routes keys of type composite(string, long); got a composite key of kinds"
            + " [LONG, STRING]: build the key with parts of the entity's kinds, in order, or call"
            + " route(String, long), which takes an integer of either width.",
        e.getMessage());
  }

  @Test
  void compositeWithAnIntegerOfTheOtherWidth_hintsTheWidth() {
    RoutingTable t = table(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> t.route(CompositeKey.of("x", 5)));
    assertEquals(
        "entity 'orders' routes keys of type composite(string, long); got a composite key of kinds"
            + " [STRING, INT]: build the key with parts of the entity's kinds, in order, or call"
            + " route(String, long), which takes an integer of either width. Part 1 is an Integer"
            + " where the key type has a long: give it as a Long (42L, not 42).",
        e.getMessage());
  }

  @Test
  void firstIntPartOutsideIntRange_namesThePart_andAsksForThePart() {
    RoutingTable t = table(KeyType.composite(KeyType.Kind.INT, KeyType.Kind.LONG));
    InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> t.route(1L << 40, 3L));
    assertEquals(
        "entity 'orders' routes keys of type composite(int, long); part 0 of the key,"
            + " 1099511627776, is outside the int range [-2147483648, 2147483647], so no key of"
            + " this entity has that value: pass the entity's int part (casting this value to int"
            + " would route another key), or, if the entity's keys outgrew int, route them as a new"
            + " entity whose key type has long in place of int",
        e.getMessage());
  }

  @Test
  void wholeIntKeyOutsideIntRange_asksForTheKey() {
    RoutingTable t = table(KeyType.INT);
    InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> t.route(-(1L << 31) - 1));
    assertEquals(
        true,
        e.getMessage()
            .startsWith(
                "entity 'orders' routes keys of type int; the key -2147483649 is outside the int"
                    + " range [-2147483648, 2147483647], so no key of this entity has that value:"
                    + " pass the entity's int key (casting"),
        e.getMessage());
  }
}
