package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The paging trap of issue 28: a target whose query is limited to the page size K ({@link
 * PageRequest#pageSize()}, or the caller's own K) instead of {@link PageRequest#fetchLimit()} (K +
 * 1) answers exactly K rows when it has more, and a pager that took that answer as "done" ended the
 * paging and lost the rest. Randomized: many targets (some empty), heavy ties on the timestamp
 * under a total order, some rows on two targets, K from 1 to 50, and a random subset of the targets
 * (at least one, sometimes all) written the wrong way. Paging must give exactly the sorted whole,
 * each row once, with every page but the last full and at most one empty page at the end.
 *
 * <p>Seeded: each run draws a base seed from the clock and prints it; a failure names the seed of
 * its trial. Rerun one trial with {@code ./mvnw -B -o -pl router-core,router-query test
 * -Dtest=PagerCutAnswersTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dshardrouter.test.seed=<seed>}.
 */
class PagerCutAnswersTest {
  private static final int[] KS = {1, 2, 3, 7, 20, 50};
  private static final int TRIALS = 300;
  private static final byte[] KEY =
      "cut-answers-test-cursor-signing!".getBytes(StandardCharsets.US_ASCII);

  /** The given seed alone, or {@code trials} seeds from a base seed drawn now and printed. */
  private static long[] seeds(String test, int trials) {
    Long only = Long.getLong("shardrouter.test.seed");
    if (only != null) {
      System.out.println(test + ": seed=" + only);
      return new long[] {only};
    }
    long base = System.nanoTime();
    System.out.println(
        test
            + ": seeds "
            + base
            + " to "
            + (base + trials - 1)
            + " (rerun one with -Dshardrouter.test.seed=<seed>)");
    long[] s = new long[trials];
    for (int i = 0; i < trials; i++) {
      s[i] = base + i;
    }
    return s;
  }

  /** Targets' rows, each sorted in the order; which targets cut at K; the sorted distinct whole. */
  private record Data(List<List<Row>> targets, boolean[] cutAtK, List<Row> whole, String shape) {}

  private static Data data(SplittableRandom rnd, SortOrder<Row, Row> order) {
    int p = 1 + rnd.nextInt(12);
    int n = rnd.nextInt(5) == 0 ? rnd.nextInt(4) : rnd.nextInt(300);
    int times = 1 + rnd.nextInt(8); // few distinct timestamps: heavy ties, broken by order_id
    int usable = rnd.nextBoolean() ? p : 1 + rnd.nextInt(p); // sometimes some targets are empty
    boolean duplicates = p > 1 && rnd.nextInt(3) == 0;
    List<List<Row>> targets = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      targets.add(new ArrayList<>());
    }
    List<Row> whole = new ArrayList<>();
    for (int id = 0; id < n; id++) {
      Row r = Row.of(1_000 + rnd.nextInt(times), id * 7L + rnd.nextInt(7));
      whole.add(r);
      int home = rnd.nextInt(usable);
      targets.get(home).add(r);
      if (duplicates && rnd.nextInt(4) == 0) {
        targets.get((home + 1 + rnd.nextInt(p - 1)) % p).add(r); // as a replica would hold it
      }
    }
    for (List<Row> t : targets) {
      t.sort(order.rows());
    }
    whole.sort(order.rows());
    boolean[] cut = new boolean[p];
    boolean all = rnd.nextInt(4) == 0;
    int some = 0;
    for (int i = 0; i < p; i++) {
      cut[i] = all || rnd.nextBoolean();
      some += cut[i] ? 1 : 0;
    }
    if (some == 0) {
      cut[rnd.nextInt(p)] = true;
    }
    StringBuilder shape = new StringBuilder();
    for (int i = 0; i < p; i++) {
      shape.append(i == 0 ? "" : " ").append(targets.get(i).size()).append(cut[i] ? "/K" : "");
    }
    return new Data(
        targets,
        cut,
        whole,
        p
            + " targets [rows, /K = limited to K: "
            + shape
            + "], "
            + whole.size()
            + " rows"
            + (duplicates ? " with some on two targets" : ""));
  }

  /**
   * What target {@code t} answers: K + 1 rows after the cursor, or K when written the wrong way.
   */
  private static List<Row> answer(Data d, int t, PageRequest<Row, Row> req) {
    int limit = d.cutAtK()[t] ? req.pageSize() : req.fetchLimit();
    return d.targets().get(t).stream().filter(req::admits).limit(limit).toList();
  }

  /** Checks the pages of one listing: every row once, in order; full pages; one empty at most. */
  private static void checkPaging(
      Data d, int k, List<Row> collected, List<Integer> sizes, String context) {
    Set<Row> served = new HashSet<>(collected);
    List<Row> lost = d.whole().stream().filter(r -> !served.contains(r)).toList();
    if (!lost.isEmpty()) {
      fail(
          context
              + ": lost "
              + lost.size()
              + " of "
              + d.whole().size()
              + " rows (first "
              + lost.get(0)
              + ") in "
              + sizes.size()
              + " pages");
    }
    assertEquals(collected.size(), served.size(), context + ": a row served twice");
    assertEquals(d.whole(), collected, context + ": rows out of order");
    for (int i = 0; i < sizes.size() - 1; i++) {
      assertEquals(k, (int) sizes.get(i), context + ": a short page before the last " + sizes);
    }
    int full = (d.whole().size() + k - 1) / k;
    assertTrue(
        sizes.size() == Math.max(1, full)
            || (sizes.size() == full + 1 && sizes.get(sizes.size() - 1) == 0),
        context + ": " + sizes.size() + " pages for " + full + " pages of rows " + sizes);
  }

  @Test
  void paging_targetsLimitedToThePageSize_loseNoRow() {
    for (long seed : seeds("PagerCutAnswersTest.paging_targetsLimitedToThePageSize", TRIALS)) {
      SplittableRandom rnd = new SplittableRandom(seed);
      SortOrder<Row, Row> order =
          rnd.nextBoolean() ? Row.NEWEST_FIRST : Row.NEWEST_FIRST.reversed();
      Data d = data(rnd, order);
      Pager<Row, Row> pager =
          Pager.of(order, rnd.nextBoolean() ? CursorCodec.signed(KEY) : CursorCodec.unsigned());
      if (rnd.nextBoolean()) {
        pager = pager.withUniqueId(Row::orderId);
      }
      for (int k : KS) {
        String context =
            "seed "
                + seed
                + " (rerun with -Dshardrouter.test.seed="
                + seed
                + "), K="
                + k
                + ", "
                + order
                + ", "
                + d.shape();
        List<Row> collected = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String cursor = null;
        do {
          PageRequest<Row, Row> req = pager.request(cursor, "f", k, 1);
          List<List<Row>> answers = new ArrayList<>();
          for (int t = 0; t < d.targets().size(); t++) {
            answers.add(answer(d, t, req));
          }
          Page<Row> page = pager.page(req, answers);
          collected.addAll(page.rows());
          sizes.add(page.rows().size());
          cursor = page.nextCursor().orElse(null);
          if (sizes.size() > d.whole().size() + 2) {
            fail(context + ": paging does not end " + sizes);
          }
        } while (cursor != null);
        checkPaging(d, k, collected, sizes, context);
      }
    }
  }

  @Test
  void paging_throughScatterGather_asyncTargetsLimitedToThePageSize_loseNoRow()
      throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try (ScatterGather sg = ScatterGather.builder().maxConcurrency(4).callExecutor(pool).build()) {
      for (long seed : seeds("PagerCutAnswersTest.paging_throughScatterGather", 40)) {
        SplittableRandom rnd = new SplittableRandom(seed ^ 0xC0FFEEL);
        SortOrder<Row, Row> order =
            rnd.nextBoolean() ? Row.NEWEST_FIRST : Row.NEWEST_FIRST.reversed();
        Data d = data(rnd, order);
        Pager<Row, Row> pager = Pager.signed(order, KEY);
        List<Target> targets = new ArrayList<>();
        for (int i = 0; i < d.targets().size(); i++) {
          targets.add(Target.named("target " + i));
        }
        int k = KS[rnd.nextInt(KS.length)];
        String context =
            "seed "
                + seed
                + " (rerun with -Dshardrouter.test.seed="
                + seed
                + "), K="
                + k
                + ", "
                + d.shape();
        List<Row> collected = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String cursor = null;
        do {
          PageRequest<Row, Row> req = pager.request(cursor, "user=7", k, 3);
          ScatterResult<Row> r =
              sg.fanOut(
                      targets,
                      a ->
                          CompletableFuture.supplyAsync(
                              () ->
                                  answer(
                                      d,
                                      Integer.parseInt(
                                          a.target().name().substring("target ".length())),
                                      req),
                              pool))
                  .requireComplete()
                  .run();
          Page<Row> page = pager.page(req, r);
          collected.addAll(page.rows());
          sizes.add(page.rows().size());
          cursor = page.nextCursor().orElse(null);
          if (sizes.size() > d.whole().size() + 2) {
            fail(context + ": paging does not end " + sizes);
          }
        } while (cursor != null);
        checkPaging(d, k, collected, sizes, context);
      }
    } finally {
      pool.shutdownNow();
      assertTrue(pool.awaitTermination(2, TimeUnit.SECONDS));
    }
  }
}
