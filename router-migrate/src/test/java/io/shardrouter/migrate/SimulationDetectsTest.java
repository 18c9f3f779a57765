package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.migrate.internal.simulation.Simulation;
import io.shardrouter.migrate.internal.simulation.SimulationResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The simulation is the proof of the protocol only if it fails when the stores under it break the
 * protocol (docs/migration.md §6): each store below breaks one rule, and the schedule must stop
 * with the violation the rule exists to prevent, a trace and a replay line that fails again.
 */
class SimulationDetectsTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20_261_206L);

  /** Stores made by {@code broken} around in-memory ones. */
  private static Simulation.StoreFactory stores(Function<MigrationStore, MigrationStore> broken) {
    return new Simulation.StoreFactory() {
      @Override
      public Map<String, MigrationStore> open(long seed, List<String> groupIds) {
        Map<String, MigrationStore> out = new LinkedHashMap<>();
        for (String g : groupIds) {
          out.put(g, broken.apply(new InMemoryStore(g)));
        }
        return out;
      }

      @Override
      public String name() {
        return "broken";
      }
    };
  }

  private static SimulationResult run(Function<MigrationStore, MigrationStore> broken, int n) {
    System.out.println("SimulationDetectsTest seed " + SEED);
    return Simulation.builder().stores(stores(broken)).build().run(SEED, n);
  }

  private static void assertCaught(SimulationResult r, String violation) {
    assertFalse(r.passed(), "a broken store passed " + r.schedules() + " schedules");
    assertTrue(
        r.violation().startsWith(violation),
        () -> "expected '" + violation + "...', got " + r.violation());
    List<String> trace = r.trace();
    assertTrue(trace.get(trace.size() - 2).startsWith("violation: " + violation), trace::toString);
    assertTrue(
        trace.get(trace.size() - 1).startsWith("replay: --seed " + r.failingSeed() + " "),
        trace::toString);
  }

  /** Applies client writes without looking at its fences, which it still reports. */
  private static final class IgnoresFences extends ForwardingStore {
    IgnoresFences(MigrationStore store) {
      super(store);
    }

    @Override
    public ApplyResult apply(List<Row> rows, WriteOrigin origin) {
      return store.apply(rows, WriteOrigin.MIGRATION);
    }
  }

  @Test
  void storeApplyingFencedWrites_isCaughtAtTheWrite() {
    SimulationResult r = run(IgnoresFences::new, 200);
    assertCaught(r, "fenced write applied: Row{");
  }

  /** Deletes nothing: the cleanup leaves the moved rows on the source. */
  private static final class KeepsDeletedRows extends ForwardingStore {
    KeepsDeletedRows(MigrationStore store) {
      super(store);
    }

    @Override
    public ScanPage delete(Part part, byte[] cursor, int limit, ArchiveSink archive) {
      return store.scan(part, cursor, limit);
    }

    @Override
    public void deleteRows(List<Row> rows) {}
  }

  @Test
  void storeKeepingRowsItWasToDelete_isCaughtWithDuplicates() {
    SimulationResult r = run(KeepsDeletedRows::new, 200);
    assertCaught(r, "duplicated: ");
    assertTrue(r.duplicated() > 0, r::toString);
    assertEquals(0, r.lost(), r::toString);
    assertEquals(0, r.staleReads(), r::toString);
  }

  /** Loses every row at once when asked for one by (key, id): the final owner holds nothing. */
  private static final class ForgetsRows extends ForwardingStore {
    ForgetsRows(MigrationStore store) {
      super(store);
    }

    @Override
    public Row get(byte[] key, byte[] id) {
      return null;
    }
  }

  @Test
  void storeNotHoldingAcknowledgedWrites_isCaughtWithLostWrites() {
    SimulationResult r = run(ForgetsRows::new, 200);
    assertCaught(r, "lost write: ");
    assertTrue(r.lost() > 0, r::toString);
    assertEquals(0, r.duplicated(), r::toString);
  }

  /** Serves reads without looking at its fences. */
  private static final class ReadsPastFences extends ForwardingStore {
    ReadsPastFences(MigrationStore store) {
      super(store);
    }

    @Override
    public ReadResult read(long version, int partition, byte[] key) {
      return new ReadResult(store.fetch(List.of(key)), null);
    }
  }

  @Test
  void storeReadingPastFences_isCaughtWithAStaleRead() {
    SimulationResult r = run(ReadsPastFences::new, 1_000);
    assertCaught(r, "stale read: client ");
    assertTrue(r.staleReads() > 0, r::toString);
  }
}
