package io.shardrouter.lookup;

import static io.shardrouter.testing.concurrent.Interleavings.check;
import static io.shardrouter.testing.concurrent.Interleavings.failure;
import static io.shardrouter.testing.concurrent.Interleavings.runAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Controlled concurrency tests of {@link InMemoryClaimStore} (docs/testing.md §4), under Lincheck's
 * model checker: of two inserts of one value exactly one succeeds, and of two conditional replaces
 * of one record exactly one succeeds, and the store holds the winner's record. A twin store that
 * looks the record up and then writes lets both succeed.
 */
class ClaimStoreLincheckTest {
  static final Route ROUTE =
      Fixtures.hashModTable("email_claims", KeyType.STRING, 8).routeOfPartition(3);
  static final ClaimRecord CRASHED = pending("crashed");
  static final ClaimRecord A = pending("a");
  static final ClaimRecord B = pending("b");

  static ClaimRecord pending(String owner) {
    return new ClaimRecord(
        "ann@example.com", owner, owner + "-token", ClaimRecord.State.PENDING, 1);
  }

  /** Two inserts of one value, then (on a fresh value's record) two takeovers of it. */
  static void oneWinnerEach(ClaimStore store) {
    boolean[] inserted = new boolean[2];
    runAll(
        new Thread(() -> inserted[0] = store.insertIfAbsent(ROUTE, A)),
        new Thread(() -> inserted[1] = store.insertIfAbsent(ROUTE, B)));
    assertEquals(1, winners(inserted), "inserts that succeeded");
    ClaimRecord held = store.find(ROUTE, A.value());
    assertEquals(inserted[0] ? A : B, held, "the record held is the winner's");
    boolean[] replaced = new boolean[2];
    runAll(
        new Thread(() -> replaced[0] = store.replace(ROUTE, held, CRASHED)),
        new Thread(() -> replaced[1] = store.replace(ROUTE, held, held == A ? B : A)));
    assertEquals(1, winners(replaced), "replaces that succeeded");
  }

  static int winners(boolean[] results) {
    return (results[0] ? 1 : 0) + (results[1] ? 1 : 0);
  }

  @Test
  void insertAndReplace_twoWriters_exactlyOneWinsEach() {
    check(() -> oneWinnerEach(new InMemoryClaimStore()));
  }

  @Test
  void brokenTwin_lookUpThenWrite_twoWinners() {
    String report = failure(() -> oneWinnerEach(new LookUpThenWriteStore()));
    assertTrue(report.contains("succeeded"), report);
  }

  /**
   * Broken twin of {@link InMemoryClaimStore}: each conditional write looks the record up, then
   * writes, with nothing between to stop the other writer.
   */
  static final class LookUpThenWriteStore implements ClaimStore {
    private final Map<String, ClaimRecord> records = new ConcurrentHashMap<>();

    @Override
    public boolean insertIfAbsent(Route route, ClaimRecord record) {
      if (find(route, record.value()) != null) {
        return false;
      }
      records.put(route.partition() + "/" + record.value(), record);
      return true;
    }

    @Override
    public ClaimRecord find(Route route, String value) {
      return records.get(route.partition() + "/" + value);
    }

    @Override
    public boolean replace(Route route, ClaimRecord expected, ClaimRecord next) {
      if (!expected.equals(find(route, expected.value()))) {
        return false;
      }
      records.put(route.partition() + "/" + next.value(), next);
      return true;
    }

    @Override
    public boolean delete(Route route, ClaimRecord expected) {
      return records.remove(route.partition() + "/" + expected.value(), expected);
    }
  }
}
