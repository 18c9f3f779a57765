package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Randomized paging: random rows with heavy ties on the timestamp, spread over random partitions
 * (some empty, some rows copied to a second partition as a replica would), paged with K in {1, 2,
 * 7, 50} in both directions, must give exactly the sorted whole, each row once.
 *
 * <p>Seeded: a failure prints its seed; rerun just that seed with {@code ./mvnw -pl router-query
 * -am verify -Dtest=PagingPropertyTest -Dshardrouter.test.seed=<seed>}.
 */
class PagingPropertyTest {
  private static final int[] KS = {1, 2, 7, 50};
  private static final long BASE_SEED = 0x5EED_000L;
  private static final int TRIALS = 150;
  private static final byte[] KEY =
      "property-test-cursor-signing-key!".getBytes(StandardCharsets.US_ASCII);

  /** The seeds to run: the one given with -Dshardrouter.query.seed, or BASE_SEED + 0..TRIALS-1. */
  private static long[] seeds(int trials) {
    Long only = Long.getLong("shardrouter.test.seed", Long.getLong("shardrouter.query.seed"));
    if (only != null) {
      return new long[] {only};
    }
    long[] s = new long[trials];
    for (int i = 0; i < trials; i++) {
      s[i] = BASE_SEED + i;
    }
    return s;
  }

  /**
   * One random data set: partitions of rows, each sorted in {@code order}, and the sorted distinct
   * whole.
   */
  private record Data(List<List<Row>> partitions, List<Row> whole, boolean duplicates) {}

  private static Data data(SplittableRandom rnd, SortOrder<Row, Row> order) {
    int p = 1 + rnd.nextInt(8);
    int n = rnd.nextInt(4) == 0 ? rnd.nextInt(3) : rnd.nextInt(160);
    int times = 1 + rnd.nextInt(6); // few distinct timestamps: heavy ties
    List<List<Row>> parts = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      parts.add(new ArrayList<>());
    }
    int usable = rnd.nextBoolean() ? p : 1 + rnd.nextInt(p); // sometimes leave partitions empty
    boolean duplicates = rnd.nextInt(3) == 0;
    List<Row> whole = new ArrayList<>();
    for (int id = 0; id < n; id++) {
      Row r = Row.of(1_000 + rnd.nextInt(times), id * 7L + rnd.nextInt(7));
      whole.add(r);
      int home = rnd.nextInt(usable);
      parts.get(home).add(r);
      if (duplicates && p > 1 && rnd.nextInt(4) == 0) {
        parts
            .get((home + 1 + rnd.nextInt(p - 1)) % p)
            .add(r); // the same row seen in another partition
      }
    }
    for (List<Row> part : parts) {
      part.sort(order.rows());
    }
    whole.sort(order.rows());
    return new Data(parts, whole, duplicates);
  }

  private static List<Row> pageThrough(
      Pager<Row, Row> pager, List<List<Row>> parts, int k, String filter, long seed) {
    List<Row> collected = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    boolean onePartitionGaveK = false; // the page before held exactly the K rows one partition gave
    do {
      PageRequest<Row, Row> req = pager.request(cursor, filter, k, 1);
      List<List<Row>> candidates = new ArrayList<>();
      for (List<Row> part : parts) {
        candidates.add(part.stream().filter(req::admits).limit(req.fetchLimit()).toList());
      }
      Page<Row> page = pager.page(req, candidates);
      assertTrue(page.rows().size() <= k, "seed " + seed);
      // an empty page is the whole (empty) listing, or the last page after one partition's answer
      // of exactly K rows, which the pager cannot tell from an answer cut at K
      assertTrue(
          !page.rows().isEmpty()
              || (page.nextCursor().isEmpty() && (cursor == null || onePartitionGaveK)),
          "seed " + seed + ", K=" + k + ": an empty page after " + collected.size() + " rows");
      onePartitionGaveK = candidates.stream().anyMatch(c -> c.size() == k);
      if (page.nextCursor().isPresent()) {
        assertEquals(k, page.rows().size(), "seed " + seed + ": only the last page is short");
      }
      collected.addAll(page.rows());
      cursor = page.nextCursor().orElse(null);
      if (++pages > 10_000) {
        fail(
            "seed "
                + seed
                + " (rerun with -Dshardrouter.test.seed="
                + seed
                + "): paging does not end");
      }
    } while (cursor != null);
    return collected;
  }

  @Test
  void paging_randomPartitionedDataWithTies_visitsEveryRowExactlyOnce() {
    for (long seed : seeds(TRIALS)) {
      SplittableRandom rnd = new SplittableRandom(seed);
      SortOrder<Row, Row> order =
          rnd.nextBoolean() ? Row.NEWEST_FIRST : Row.NEWEST_FIRST.reversed();
      Data d = data(rnd, order);
      CursorCodec codec = rnd.nextBoolean() ? CursorCodec.signed(KEY) : CursorCodec.unsigned();
      Pager<Row, Row> pager = Pager.of(order, codec);
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
                + d.partitions().size()
                + " partitions, "
                + d.whole().size()
                + " rows"
                + (d.duplicates() ? " with duplicates" : "");
        List<Row> collected = pageThrough(pager, d.partitions(), k, "filter-" + seed, seed);
        assertEquals(d.whole(), collected, context);
        assertEquals(
            collected.size(),
            new HashSet<>(collected).size(),
            context + ": a row was served twice");
      }
    }
  }

  @Test
  void paging_throughScatterGather_asyncTargets_visitsEveryRowExactlyOnce()
      throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try (ScatterGather sg = ScatterGather.builder().maxConcurrency(3).callExecutor(pool).build()) {
      for (long seed : seeds(25)) {
        SplittableRandom rnd = new SplittableRandom(seed ^ 0xA5A5L);
        SortOrder<Row, Row> order =
            rnd.nextBoolean() ? Row.NEWEST_FIRST : Row.NEWEST_FIRST.reversed();
        Data d = data(rnd, order);
        Pager<Row, Row> pager = Pager.of(order, CursorCodec.signed(KEY));
        List<Target> targets = new ArrayList<>();
        for (int i = 0; i < d.partitions().size(); i++) {
          targets.add(Target.named("partition " + i));
        }
        int k = KS[rnd.nextInt(KS.length)];
        List<Row> collected = new ArrayList<>();
        String cursor = null;
        do {
          PageRequest<Row, Row> req = pager.request(cursor, "", k, 1);
          ScatterResult<Row> r =
              sg.fanOut(
                      targets,
                      a ->
                          CompletableFuture.supplyAsync(
                              () -> {
                                List<Row> part =
                                    d.partitions()
                                        .get(
                                            Integer.parseInt(
                                                a.target()
                                                    .name()
                                                    .substring("partition ".length())));
                                return part.stream()
                                    .filter(req::admits)
                                    .limit(req.fetchLimit())
                                    .toList();
                              },
                              pool))
                  .requireComplete()
                  .run();
          Page<Row> page = pager.page(req, r);
          collected.addAll(page.rows());
          cursor = page.nextCursor().orElse(null);
        } while (cursor != null);
        assertEquals(
            d.whole(),
            collected,
            "seed " + seed + " (rerun with -Dshardrouter.test.seed=" + seed + "), K=" + k);
      }
    } finally {
      pool.shutdownNow();
      assertTrue(pool.awaitTermination(2, TimeUnit.SECONDS));
    }
  }

  @Test
  void topK_randomLists_equalsSortThenLimit() {
    for (long seed : seeds(TRIALS)) {
      SplittableRandom rnd = new SplittableRandom(seed ^ 0x70F0L);
      Comparator<Row> order = rnd.nextBoolean() ? Row.ASCENDING : Row.ASCENDING.reversed();
      SortOrder<Row, Row> sort =
          SortOrder.of("t", SortOrder.Direction.ASC, r -> r, order, Row.CODEC);
      Data d = data(rnd, sort);
      for (int k : KS) {
        List<Row> expected = d.whole().subList(0, Math.min(k, d.whole().size()));
        assertEquals(expected, TopK.merge(d.partitions(), order, k), "seed " + seed + ", K=" + k);
      }
    }
  }
}
