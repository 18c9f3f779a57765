package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.ReferenceEncoding;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The public canonical bytes of single keys agree with the reference encoding and with what a table
 * routes, and the integer kinds are named: there is no {@code of(int)} or {@code of(long)}, so
 * {@code CanonicalBytes.of(42)} does not compile instead of giving an entity with {@code long} keys
 * the 4 bytes of an {@code int} key.
 */
class CanonicalBytesTest {

  @Test
  void ofLongAndOfInt_areTheKindsBytes_andAnIntLiteralWidensToTheLongKey() {
    assertArrayEquals(ReferenceEncoding.longKey(42L), CanonicalBytes.ofLong(42));
    assertEquals(8, CanonicalBytes.ofLong(42).length);
    assertArrayEquals(ReferenceEncoding.intKey(42), CanonicalBytes.ofInt(42));
    assertEquals(4, CanonicalBytes.ofInt(42).length);
    for (long v : new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x0102030405060708L}) {
      assertArrayEquals(ReferenceEncoding.longKey(v), CanonicalBytes.ofLong(v), "long " + v);
    }
    for (int v : new int[] {0, -2, 1000, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
      assertArrayEquals(ReferenceEncoding.intKey(v), CanonicalBytes.ofInt(v), "int " + v);
    }
  }

  @Test
  void ofLongAndOfInt_routeAsTheTablesOwnOverloads() {
    RoutingTable longs = Tables.table(1, 97, 3).toBuilder().keyType(KeyType.LONG).build();
    RoutingTable ints = Tables.table(1, 97, 3).toBuilder().keyType(KeyType.INT).build();
    for (int v = -300; v <= 300; v += 7) {
      assertSame(longs.route(v), longs.routeCanonical(CanonicalBytes.ofLong(v)), "long " + v);
      assertSame(ints.route(v), ints.routeCanonical(CanonicalBytes.ofInt(v)), "int " + v);
    }
  }

  @Test
  void otherKinds_areTheReferenceBytes() {
    UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    Instant at = Instant.parse("2026-04-01T00:00:00Z");
    assertArrayEquals(ReferenceEncoding.string("Zürich"), CanonicalBytes.of("Zürich"));
    assertArrayEquals(ReferenceEncoding.uuid(id), CanonicalBytes.of(id));
    assertArrayEquals(ReferenceEncoding.timestamp(at), CanonicalBytes.of(at));
    assertThrows(InvalidKeyException.class, () -> CanonicalBytes.of((String) null));
  }

  @Test
  void of_hasNoPrimitiveOverload_soAnIntegerMustNameItsKind() {
    List<String> primitive = new ArrayList<>();
    for (Method m : CanonicalBytes.class.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())
          && m.getName().equals("of")
          && m.getParameterTypes()[0].isPrimitive()) {
        primitive.add(m.toString());
      }
    }
    assertTrue(
        primitive.isEmpty(),
        "CanonicalBytes.of(42) must not compile (an int literal would pick 4 or 8 bytes by its"
            + " Java type, not by the entity's key type): "
            + primitive);
  }
}
