package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every typed {@code route} overload routes exactly as the key's canonical bytes do, and every
 * other overload refuses the key, naming the entity's key type, the type given and what to call;
 * one integer overload routes {@code long} and {@code int} entities (the key is the number, the
 * entity's key type decides its bytes). The overloads are declared once, on {@link KeyRouter}: a
 * {@link Router} routes as its current table does.
 */
class RoutingTableOverloadsTest {
  private static final UUID U = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
  private static final Instant T = Instant.parse("2026-04-01T00:00:00Z");

  private record Overload(String wanted, Function<KeyRouter, Route> call, byte[] canonical) {}

  private static final List<Overload> OVERLOADS =
      List.of(
          new Overload("string", t -> t.route("order-42"), CanonicalKeys.of("order-42")),
          new Overload("long", t -> t.route(-42L), CanonicalKeys.of(-42L)),
          new Overload("int", t -> t.route(42), CanonicalKeys.of(42)),
          new Overload("uuid", t -> t.route(U), CanonicalKeys.of(U)),
          new Overload("timestamp", t -> t.route(T), CanonicalKeys.of(T)),
          new Overload(
              "composite(string, string)",
              t -> t.route("a", "bc"),
              CompositeKey.of("a", "bc").toBytes()),
          new Overload(
              "composite(string, long)", t -> t.route("a", 7L), CompositeKey.of("a", 7L).toBytes()),
          new Overload(
              "composite(long, long)", t -> t.route(3L, 7L), CompositeKey.of(3L, 7L).toBytes()));

  private static KeyType typeOf(String wanted) {
    return switch (wanted) {
      case "string" -> KeyType.STRING;
      case "long" -> KeyType.LONG;
      case "int" -> KeyType.INT;
      case "uuid" -> KeyType.UUID_KEY;
      case "timestamp" -> KeyType.TIMESTAMP;
      case "composite(string, string)" ->
          KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING);
      case "composite(string, long)" -> KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
      default -> KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG);
    };
  }

  private static RoutingTable table(KeyType type) {
    return Tables.table(1, 97, 3).toBuilder().keyType(type).build();
  }

  @Test
  void eachOverload_routesAsItsCanonicalBytes_onATableOfItsType() {
    for (Overload o : OVERLOADS) {
      RoutingTable t = table(typeOf(o.wanted()));
      assertSame(t.routeCanonical(o.canonical()), o.call().apply(t), o.wanted());
      Router router = Router.create(t); // the same overloads, declared once on KeyRouter
      assertSame(t.routeCanonical(o.canonical()), o.call().apply(router), o.wanted());
      assertSame(t, router.table());
      assertSame(t, t.table());
      byte[] padded = new byte[o.canonical().length + 4];
      System.arraycopy(o.canonical(), 0, padded, 2, o.canonical().length);
      assertSame(
          t.routeCanonical(o.canonical()),
          t.routeCanonical(padded, 2, o.canonical().length),
          o.wanted());
    }
  }

  /** What the message tells the caller to call on a table of {@code wanted}. */
  private static String entryPoints(String wanted) {
    return switch (wanted) {
      case "string" -> "call route(String) (";
      case "long", "int" -> "call route(long) (";
      case "uuid" -> "call route(UUID) (";
      case "timestamp" -> "call route(Instant) (";
      case "composite(string, string)" ->
          "build the key of its parts and call route(String, String) or route(CompositeKey) (";
      case "composite(string, long)" ->
          "build the key of its parts and call route(String, long) or route(CompositeKey) (";
      default -> "build the key of its parts and call route(long, long) or route(CompositeKey) (";
    };
  }

  @Test
  void eachOverload_refusedOnATableOfAnotherType_namingBothTypesAndWhatToCall() {
    List<String> checked = new ArrayList<>();
    for (Overload table : OVERLOADS) {
      RoutingTable t = table(typeOf(table.wanted()));
      for (Overload o : OVERLOADS) {
        if (o == table) {
          continue;
        }
        if (Set.of("long", "int").equals(Set.of(table.wanted(), o.wanted()))) {
          // the number of the other integer type: routed as the entity's own (IntegerKeysTest)
          byte[] own =
              table.wanted().equals("long") ? CanonicalKeys.of(42L) : CanonicalKeys.of(-42);
          assertSame(t.routeCanonical(own), o.call().apply(t), o.wanted() + " on " + t);
          checked.add(table.wanted() + "/" + o.wanted());
          continue;
        }
        InvalidKeyException e =
            assertThrows(InvalidKeyException.class, () -> o.call().apply(t), o.wanted());
        assertTrue(
            e.getMessage()
                .startsWith(
                    "entity 'orders' routes keys of type "
                        + table.wanted()
                        + ", not "
                        + (o.wanted().equals("long") || o.wanted().equals("int")
                            ? "long or int"
                            : o.wanted())
                        + "; got "),
            e::getMessage);
        assertTrue(e.getMessage().contains(entryPoints(table.wanted())), e::getMessage);
        checked.add(table.wanted() + "/" + o.wanted());
      }
    }
    assertTrue(checked.size() == OVERLOADS.size() * (OVERLOADS.size() - 1), checked::toString);
  }

  @Test
  void compositeKeyOverload_refusesNullAndOtherKinds() {
    RoutingTable t = table(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    assertSame(
        t.routeCanonical(CompositeKey.of("a", 7L).toBytes()), t.route(CompositeKey.of("a", 7L)));
    InvalidKeyException nul =
        assertThrows(InvalidKeyException.class, () -> t.route((CompositeKey) null));
    assertTrue(nul.getMessage().startsWith("key is null"), nul::getMessage);
    InvalidKeyException other =
        assertThrows(InvalidKeyException.class, () -> t.route(CompositeKey.of("a", "b")));
    assertTrue(
        other.getMessage().contains("routes keys of type composite(string, long); got a composite"),
        other::getMessage);
    InvalidKeyException bytes =
        assertThrows(InvalidKeyException.class, () -> t.routeCanonical((byte[]) null));
    assertTrue(bytes.getMessage().startsWith("key is null"), bytes::getMessage);
  }
}
