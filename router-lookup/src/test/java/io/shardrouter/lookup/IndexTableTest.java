package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.Keys;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** An e-mail index over users sharded by id. */
class IndexTableTest {
  private static final Router USERS =
      Router.create(Fixtures.hashModTable("users", KeyType.LONG, 256));
  private static final Router BY_EMAIL =
      Router.create(Fixtures.hashModTable("users_by_email", KeyType.STRING, 64));

  private static IndexTable index(IndexTable.Maintenance m) {
    return IndexTable.of("users_by_email", BY_EMAIL, USERS, Normalizer.email(), m);
  }

  @Test
  void entryFor_routesByNormalizedEmail_andCarriesThePrimaryRoute() {
    IndexTable idx = index(IndexTable.Maintenance.SYNCHRONOUS);
    IndexTable.Entry e = idx.entryFor("Ann@Example.COM", 123456789L);
    assertEquals("ann@example.com", e.attribute());
    assertEquals(BY_EMAIL.route("ann@example.com").partition(), e.indexRoute().partition());
    assertEquals(USERS.route(123456789L).partition(), e.primaryRoute().partition());
    assertArrayEquals(Keys.of(123456789L), e.primaryKey());
    // a query by any spelling visits the same single index partition, then the primary's
    assertEquals(e.indexRoute().partition(), idx.locate(" ann@EXAMPLE.com").route().partition());
    assertEquals(e.primaryRoute().partition(), idx.primaryRouteOf(e.primaryKey()).partition());
    assertEquals(e, idx.entryFor("ann@example.com", 123456789L));
    assertFalse(idx.mustRecheckPrimary());
  }

  @Test
  void asynchronous_readerRechecksThePrimaryRow() {
    IndexTable idx = index(IndexTable.Maintenance.ASYNCHRONOUS);
    assertTrue(idx.mustRecheckPrimary());
    assertTrue(idx.stillMatches("Ann@Example.com", "ann@example.com"));
    assertFalse(
        idx.stillMatches("ann@example.com", "ann.new@example.com"),
        "the user changed e-mail: the index row is stale");
    assertFalse(idx.stillMatches("ann@example.com", null), "the user was deleted");
  }

  @Test
  void badInput_refused() {
    IndexTable idx = index(IndexTable.Maintenance.SYNCHRONOUS);
    assertThrows(IllegalArgumentException.class, () -> idx.entryFor("not-an-email", 1L));
    InvalidKeyException wrongType =
        assertThrows(InvalidKeyException.class, () -> idx.entryFor("a@b.c", "user-1"));
    assertTrue(
        wrongType.getMessage().contains("with keys of type long, not string"),
        wrongType::getMessage);
    IllegalArgumentException longIndex =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                IndexTable.of(
                    "x", USERS, USERS, Normalizer.email(), IndexTable.Maintenance.ASYNCHRONOUS));
    assertTrue(
        longIndex
            .getMessage()
            .contains("give the index an entity with {\"type\": \"string\"} keys"),
        longIndex::getMessage);
  }

  @Test
  void unstableNormalizer_refusedNamingBothForms() {
    AtomicInteger calls = new AtomicInteger();
    Normalizer flaky =
        Normalizer.of(
            "flaky",
            v -> calls.incrementAndGet() % 2 == 0 ? v.toUpperCase(java.util.Locale.ROOT) : v);
    IndexTable idx =
        IndexTable.of("users_by_email", BY_EMAIL, USERS, flaky, IndexTable.Maintenance.SYNCHRONOUS);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> idx.locate("ann@example.com"));
    assertTrue(
        e.getMessage()
            .startsWith(
                "normalizer 'flaky' gave two forms of one value: 'ann@example.com' (partition "),
        e::getMessage);
    assertTrue(e.getMessage().contains("and then 'ANN@EXAMPLE.COM' (partition "), e::getMessage);
    RoutingTable t = BY_EMAIL.table();
    assertTrue(
        e.getMessage().contains("(partition " + t.route("ANN@EXAMPLE.COM").partition() + ")"),
        e::getMessage);
  }
}
