package io.shardrouter.migrate;

import static io.shardrouter.testing.concurrent.Interleavings.check;
import static io.shardrouter.testing.concurrent.Interleavings.failure;
import static io.shardrouter.testing.concurrent.Interleavings.runAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Controlled concurrency tests of a migration's moving parts (docs/testing.md §4), under Lincheck's
 * model checker: {@link MigrationRouter#update} racing a service's {@code write}/{@code read}, and
 * {@link InMemoryStore#apply} racing the coordinator's copy, a client's newer write and a retried
 * copy. Each property is also shown to fail on a broken twin.
 */
class MigrationLincheckTest {
  static final MigrationPlan PLAN =
      MigrationPlan.between(MigrationPlanTest.fourGroups(), MigrationPlanTest.fiveGroups());
  static final MigrationRoutes COPY = PLAN.routes(Phase.COPY);
  static final MigrationRoutes DUAL = PLAN.routes(Phase.DUAL_WRITE);
  static final MigrationRoutes CUT = PLAN.routes(Phase.CUT_OVER);
  static final Map<Long, MigrationRoutes> BY_VERSION =
      Map.of(COPY.version(), COPY, DUAL.version(), DUAL, CUT.version(), CUT);
  static final String KEY = movingKey();

  /** A key of a moving partition, so each phase routes it differently. */
  static String movingKey() {
    for (int i = 0; ; i++) {
      String k = "order-" + i;
      if (COPY.moving(COPY.write(k).partition())) {
        return k;
      }
    }
  }

  /** The operations a service and the coordinator use, on the router or on a broken twin. */
  interface Routes {
    boolean update(MigrationRoutes next);

    WriteRoute write(String key);

    ReadRoute read(String key);
  }

  static Routes of(MigrationRouter r) {
    return new Routes() {
      @Override
      public boolean update(MigrationRoutes next) {
        return r.update(next);
      }

      @Override
      public WriteRoute write(String key) {
        return r.write(key);
      }

      @Override
      public ReadRoute read(String key) {
        return r.read(key);
      }
    };
  }

  /**
   * Two coordinators' deliveries (dual-write, cut-over) race a service that writes and then reads
   * the key: each route is exactly its own phase's, the read's version is never older than the
   * write's, and the router ends on cut-over whichever delivery came last.
   */
  static void phasesAndService(Routes router) {
    Object[] seen = new Object[2];
    Thread dual = new Thread(() -> router.update(DUAL));
    Thread cut = new Thread(() -> router.update(CUT));
    Thread service =
        new Thread(
            () -> {
              seen[0] = router.write(KEY);
              seen[1] = router.read(KEY);
            });
    runAll(dual, cut, service);
    WriteRoute w = (WriteRoute) seen[0];
    ReadRoute r = (ReadRoute) seen[1];
    assertSame(BY_VERSION.get(w.version()).write(KEY), w, () -> "torn write route " + w);
    assertSame(BY_VERSION.get(r.version()).read(KEY), r, () -> "torn read route " + r);
    assertTrue(
        r.version() >= w.version(),
        () -> "read version " + r.version() + " older than write version " + w.version());
    WriteRoute last = router.write(KEY);
    assertEquals(CUT.version(), last.version(), () -> "ended on " + last + ", not cut-over");
  }

  @Test
  void update_racingWriteRead_phasesOnlyForward() {
    check(() -> phasesAndService(of(new MigrationRouter(COPY))));
  }

  @Test
  void brokenTwin_checkThenSetUpdate_endsOnOlderPhase() {
    String report = failure(() -> phasesAndService(new CheckThenSetRoutes(COPY)));
    assertTrue(report.contains("not cut-over") || report.contains("older than"), report);
  }

  /** Broken twin: compares versions, then sets, with no compare-and-set between. */
  static final class CheckThenSetRoutes implements Routes {
    private volatile MigrationRoutes current;

    CheckThenSetRoutes(MigrationRoutes initial) {
      current = initial;
    }

    @Override
    public boolean update(MigrationRoutes next) {
      if (next.version() <= current.version()) {
        return false;
      }
      current = next;
      return true;
    }

    @Override
    public WriteRoute write(String key) {
      return current.write(key);
    }

    @Override
    public ReadRoute read(String key) {
      return current.read(key);
    }
  }

  static final byte[] ROW_KEY = "order-7".getBytes(StandardCharsets.UTF_8);

  static Row row(long sequence, String value) {
    return Row.of(ROW_KEY, value.getBytes(StandardCharsets.UTF_8), CUT.version(), sequence, 3);
  }

  /** The part of {@link MigrationStore} the scenario uses, on the store or on a broken twin. */
  interface Applier {
    MigrationStore.ApplyResult apply(Row row, MigrationStore.WriteOrigin origin);

    Row get();
  }

  static Applier of(InMemoryStore store) {
    return new Applier() {
      @Override
      public MigrationStore.ApplyResult apply(Row row, MigrationStore.WriteOrigin origin) {
        return store.apply(List.of(row), origin);
      }

      @Override
      public Row get() {
        return store.get(ROW_KEY, new byte[0]);
      }
    };
  }

  /**
   * The coordinator copies sequence 1 of a row and retries the copy, while the client writes
   * sequence 2: the store ends on sequence 2 in every order, each apply is counted once as applied,
   * duplicate or superseded, and sequence 1 is applied at most once.
   */
  static void copyRetryAndClient(Applier store) {
    MigrationStore.ApplyResult[] results = new MigrationStore.ApplyResult[3];
    Thread copy =
        new Thread(
            () -> results[0] = store.apply(row(1, "old"), MigrationStore.WriteOrigin.MIGRATION));
    Thread retry =
        new Thread(
            () -> results[1] = store.apply(row(1, "old"), MigrationStore.WriteOrigin.MIGRATION));
    Thread client =
        new Thread(
            () -> results[2] = store.apply(row(2, "new"), MigrationStore.WriteOrigin.CLIENT));
    runAll(copy, retry, client);
    Row last = store.get();
    assertEquals(2, last.sequence(), () -> "the row ended on " + last + ", not sequence 2");
    assertEquals(1, results[2].applied(), "the client's newer write applied");
    int copiesApplied = results[0].applied() + results[1].applied();
    assertTrue(copiesApplied <= 1, () -> "sequence 1 applied " + copiesApplied + " times");
    for (MigrationStore.ApplyResult r : results) {
      assertEquals(1, r.applied() + r.duplicates() + r.superseded(), () -> "counted " + r);
    }
  }

  @Test
  void apply_copyRetryAndClient_newestSequenceWins() {
    check(() -> copyRetryAndClient(of(new InMemoryStore("g5"))));
  }

  @Test
  void brokenTwin_applyCheckThenPut_olderSequenceWins() {
    String report = failure(() -> copyRetryAndClient(new CheckThenPutStore()));
    assertTrue(report.contains("not sequence 2") || report.contains("applied"), report);
  }

  /**
   * Broken twin: {@link InMemoryStore#apply}'s sequence rule over a concurrent map with no lock
   * around the check and the put, as a store that tests the stored sequence and then writes would.
   */
  static final class CheckThenPutStore implements Applier {
    private final Map<String, Row> rows = new ConcurrentHashMap<>();

    @Override
    public MigrationStore.ApplyResult apply(Row row, MigrationStore.WriteOrigin origin) {
      String at = Arrays.toString(row.key());
      Row old = rows.get(at);
      long have = old == null ? 0 : old.sequence();
      if (row.sequence() > have) {
        rows.put(at, row);
        return new MigrationStore.ApplyResult(1, 0, 0, null);
      }
      return row.sequence() == have
          ? new MigrationStore.ApplyResult(0, 1, 0, null)
          : new MigrationStore.ApplyResult(0, 0, 1, null);
    }

    @Override
    public Row get() {
      return rows.get(Arrays.toString(ROW_KEY));
    }
  }
}
