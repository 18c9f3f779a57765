package io.shardrouter.lookup;

import static io.shardrouter.lookup.Fixtures.assertViolation;
import static io.shardrouter.lookup.Fixtures.document;
import static io.shardrouter.lookup.Fixtures.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * {@code routable_id}: ids route to the partition they carry, without a lookup; ids from elsewhere
 * are refused.
 */
class RoutableIdStrategyTest {
  private static final String LONG_KEY = "{\"type\": \"long\"}";

  @Test
  void route_generatedIds_toTheirPartition() {
    RoutingTable t =
        Fixtures.read(
            document(LONG_KEY, "{\"type\": \"routable_id\", \"partitions\": 1000}", 1000));
    AtomicLong clock = new AtomicLong(IdLayout.DEFAULT_EPOCH_MILLIS + 5_000_000);
    IdGenerator g = IdGenerator.builder(IdLayout.DEFAULT, 7, 1000).clock(clock::get).build();
    for (int p = 0; p < 1000; p++) {
      long id = g.next(p);
      assertEquals(p, t.route(id).partition());
      assertEquals(p, t.routeCanonical(Keys.of(id)).partition());
    }
    assertEquals(t, RoutingDocuments.read(RoutingDocuments.write(t)));
    assertEquals(
        "{\"type\":\"routable_id\",\"partition_bits\":12,\"generator_bits\":4,\"sequence_bits\":6,\"partitions\":1000}",
        t.strategy().toSpec().toString());
  }

  @Test
  void route_idWithPartitionBitsBeyondTheTable_refused() {
    RoutingTable t =
        Fixtures.read(
            document(LONG_KEY, "{\"type\": \"routable_id\", \"partitions\": 1000}", 1000));
    long id = IdLayout.DEFAULT.compose(12345, 2000, 1, 0);
    InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> t.route(id));
    assertEquals(
        "id "
            + id
            + " carries partition 2000 (bits 10-21), but the table has 1000 partitions; it was not issued for this"
            + " table: check the generator's layout and partition count",
        e.getMessage());
    assertThrows(InvalidKeyException.class, () -> t.route(-5L));
    assertThrows(InvalidKeyException.class, () -> t.strategy().partitionOf(new byte[4]));
  }

  @Test
  void explain_showsTheFields() {
    RoutableIdStrategy s = RoutableIdStrategy.of(IdLayout.DEFAULT, 16);
    long id = IdLayout.DEFAULT.compose(1000, 9, 2, 3);
    byte[] b = Keys.of(id);
    assertEquals(
        "routable_id: id "
            + id
            + " = time 2025-01-01T00:00:01Z, partition 9, generator 2, sequence 3 (bits 10-21); partition 9",
        s.explain(b, 0, 8));
  }

  @Test
  void document_badParameters_refused() {
    assertViolation(
        refused(
            document(
                "{\"type\": \"string\"}", "{\"type\": \"routable_id\", \"partitions\": 4}", 4)),
        "strategy.partitions",
        "routes long keys (ids), but the key type is string");
    assertViolation(
        refused(
            document(
                LONG_KEY,
                "{\"type\": \"routable_id\", \"partition_bits\": 4, \"partitions\": 20}",
                20)),
        "strategy.partitions",
        "must be at most 16 for 4 partition bits, got 20");
    assertViolation(
        refused(
            document(
                LONG_KEY,
                "{\"type\": \"routable_id\", \"partition_bits\": 24, \"generator_bits\": 20,"
                    + " \"sequence_bits\": 22, \"partitions\": 4}",
                4)),
        "strategy.sequence_bits",
        "must leave at least 30 bits of time");
    assertThrows(
        IllegalArgumentException.class, () -> RoutableIdStrategy.of(IdLayout.DEFAULT, 4097));
    assertEquals(KeyType.LONG, RoutableIdStrategy.of(IdLayout.DEFAULT, 4).keyType());
  }
}
