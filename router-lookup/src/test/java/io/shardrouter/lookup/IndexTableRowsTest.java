package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Router;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Index rows: their index name, equality, and the primary key's type checked for every overload of
 * {@link IndexTable#entryFor}.
 */
class IndexTableRowsTest {
  private static final Router USERS_BY_ID =
      Router.create(Fixtures.hashModTable("users", KeyType.LONG, 32));
  private static final Router USERS_BY_NAME =
      Router.create(Fixtures.hashModTable("accounts", KeyType.STRING, 32));
  private static final Router BY_EMAIL =
      Router.create(Fixtures.hashModTable("users_by_email", KeyType.STRING, 16));

  private static IndexTable over(Router primary) {
    return IndexTable.of(
        "users_by_email",
        BY_EMAIL,
        primary,
        Normalizer.email(),
        IndexTable.Maintenance.SYNCHRONOUS);
  }

  @Test
  void rows_carryTheIndexName_equalOnlyForTheSameRow() {
    IndexTable idx = over(USERS_BY_ID);
    assertEquals("users_by_email", idx.name());
    IndexTable.Entry e = idx.entryFor("Ann@Example.com", 7L);
    assertEquals("users_by_email", e.index());
    IndexTable.Entry same = idx.entryFor("ann@example.com", 7L);
    assertEquals(e, same);
    assertEquals(e.hashCode(), same.hashCode());
    IndexTable.Entry otherUser = idx.entryFor("ann@example.com", 8L);
    IndexTable.Entry otherMail = idx.entryFor("bea@example.com", 7L);
    assertNotEquals(e, otherUser);
    assertNotEquals(e, otherMail);
    assertNotEquals(e.hashCode(), otherUser.hashCode());
    assertNotEquals(e.hashCode(), otherMail.hashCode());
  }

  @Test
  void entryFor_primaryKeyOfAnotherType_refusedNamingBoth() {
    InvalidKeyException asLong =
        assertThrows(InvalidKeyException.class, () -> over(USERS_BY_NAME).entryFor("a@b.c", 5L));
    assertEquals(
        "index 'users_by_email' points into entity 'accounts' with keys of type string, not long",
        asLong.getMessage().substring(0, asLong.getMessage().indexOf(" long") + 5));
    InvalidKeyException asUuid =
        assertThrows(
            InvalidKeyException.class,
            () ->
                over(USERS_BY_ID)
                    .entryFor("a@b.c", UUID.fromString("123e4567-e89b-12d3-a456-426614174000")));
    assertEquals(
        "index 'users_by_email' points into entity 'users' with keys of type long, not uuid",
        asUuid.getMessage().substring(0, asUuid.getMessage().indexOf(" uuid") + 5));
  }

  @Test
  void entryFor_nullPrimaryKeyBytes_refusedFirst() {
    // the null key is refused before the attribute is normalised, whatever the attribute
    InvalidKeyException e =
        assertThrows(
            InvalidKeyException.class,
            () -> over(USERS_BY_ID).entryFor("not-an-email", (byte[]) null));
    assertEquals(
        "key is null; a null key has no partition: check the caller's value before routing",
        e.getMessage());
  }
}
