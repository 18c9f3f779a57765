package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/**
 * A table's identity: equal when version and content are, whatever object built them; its document
 * form and its placement as group indices.
 */
class RoutingTableIdentityTest {

  @Test
  void equal_onlyWithTheSameVersionAndContent() {
    RoutingTable a = Tables.table(1, 8, 2);
    RoutingTable same = Tables.table(1, 8, 2);
    assertEquals(a, same);
    assertEquals(a.hashCode(), same.hashCode());
    RoutingTable nextVersion = Tables.table(2, 8, 2);
    assertNotEquals(a, nextVersion);
    assertNotEquals(a.hashCode(), nextVersion.hashCode());
    assertNotEquals(a, Tables.table(1, 8, 4), "other placement");
    assertNotEquals(a, Tables.table(1, 9, 2), "other strategy");
    assertNotEquals(a, (Object) a.fingerprint());
  }

  @Test
  void toSpec_isTheDocument() {
    Spec doc = Tables.table(5, 4, 2).toSpec();
    assertEquals(1, doc.get("format").longValue());
    assertEquals(5, doc.get("routing_version").longValue());
    assertEquals("orders", doc.get("entity").text());
    assertEquals(4, doc.get("placement").size());
    assertEquals("g1", doc.get("placement").elements().get(3).text());
  }

  @Test
  void placement_isTheGroupIndexOfEachPartition() {
    assertArrayEquals(new int[] {0, 1, 2, 0, 1}, Tables.table(1, 5, 3).placement());
  }
}
