package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every typed {@code route} of a {@link Router} is its current table's route of the same key: the
 * route of the key's canonical bytes.
 */
class RouterOverloadsTest {

  private static Router router(KeyType type) {
    return Router.create(Tables.table(1, 13, 3).toBuilder().keyType(type).build());
  }

  private static Route canonical(Router r, byte[] bytes) {
    return r.table().routeOfPartition(r.table().strategy().partitionOf(bytes));
  }

  @Test
  void singleKeys() {
    Router s = router(KeyType.STRING);
    assertSame(canonical(s, CanonicalKeys.of("order-7")), s.route("order-7"));
    Router l = router(KeyType.LONG);
    assertSame(canonical(l, CanonicalKeys.of(1234567L)), l.route(1234567L));
    Router i = router(KeyType.INT);
    assertSame(canonical(i, CanonicalKeys.of(77)), i.route(77));
    UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    Router u = router(KeyType.UUID_KEY);
    assertSame(canonical(u, CanonicalKeys.of(id)), u.route(id));
    Instant at = Instant.parse("2026-04-01T00:00:00Z");
    Router t = router(KeyType.TIMESTAMP);
    assertSame(canonical(t, CanonicalKeys.of(at)), t.route(at));
    byte[] raw = {9, 8, 7};
    assertSame(canonical(s, raw), s.routeCanonical(raw));
  }

  @Test
  void compositeKeys() {
    Router ss = router(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING));
    assertSame(canonical(ss, CompositeKey.of("t1", "d9").toBytes()), ss.route("t1", "d9"));
    Router sl = router(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    assertSame(canonical(sl, CompositeKey.of("t1", 9L).toBytes()), sl.route("t1", 9L));
    Router ll = router(KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG));
    assertSame(canonical(ll, CompositeKey.of(3L, 9L).toBytes()), ll.route(3L, 9L));
    Router any = router(KeyType.composite(KeyType.Kind.INT, KeyType.Kind.STRING));
    CompositeKey k = CompositeKey.of(4, "x");
    assertSame(canonical(any, k.toBytes()), any.route(k));
  }

  /**
   * The key edge is one place: the route methods are declared on {@link KeyRouter} only, final, and
   * there is one integer overload, so {@code route(42)} cannot pick an {@code int} overload an
   * entity with {@code long} keys would refuse.
   */
  @Test
  void routeMethods_declaredOnceOnKeyRouter_withOneIntegerOverload() {
    for (Class<?> c : List.of(Router.class, RoutingTable.class)) {
      for (Method m : c.getDeclaredMethods()) {
        assertEquals(
            false,
            m.getName().startsWith("route") && !m.getName().equals("routeOfPartition"),
            m.toString());
      }
    }
    List<String> shapes = new ArrayList<>();
    for (Method m : KeyRouter.class.getDeclaredMethods()) {
      if (Modifier.isPublic(m.getModifiers()) && m.getName().startsWith("route")) {
        assertEquals(true, Modifier.isFinal(m.getModifiers()), m.toString());
        shapes.add(m.getName() + Arrays.toString(m.getParameterTypes()));
      }
    }
    shapes.sort(null);
    assertEquals(
        List.of(
            "routeAllCanonical[class [[B, int, int, class [Lio.shardrouter.core.Route;]",
            "routeAll[class [J, class [J, int, int, class [Lio.shardrouter.core.Route;]",
            "routeAll[class [J, int, int, class [Lio.shardrouter.core.Route;]",
            "routeAll[class [Lio.shardrouter.core.CompositeKey;, int, int, class"
                + " [Lio.shardrouter.core.Route;]",
            "routeAll[class [Ljava.lang.String;, class [J, int, int, class"
                + " [Lio.shardrouter.core.Route;]",
            "routeAll[class [Ljava.lang.String;, class [Ljava.lang.String;, int, int, class"
                + " [Lio.shardrouter.core.Route;]",
            "routeAll[class [Ljava.lang.String;, int, int, class [Lio.shardrouter.core.Route;]",
            "routeAll[class [Ljava.time.Instant;, int, int, class [Lio.shardrouter.core.Route;]",
            "routeAll[class [Ljava.util.UUID;, int, int, class [Lio.shardrouter.core.Route;]",
            "routeCanonical[class [B, int, int]",
            "routeCanonical[class [B]",
            "route[class io.shardrouter.core.CompositeKey]",
            "route[class java.lang.String, class java.lang.String]",
            "route[class java.lang.String, long]",
            "route[class java.lang.String]",
            "route[class java.time.Instant]",
            "route[class java.util.UUID]",
            "route[long, long]",
            "route[long]"),
        shapes);
  }
}
