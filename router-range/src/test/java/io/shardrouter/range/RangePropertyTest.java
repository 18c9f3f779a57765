package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.PartitionSet;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Seeded property tests: every key routes to exactly the one range a linear scan finds (or to none,
 * with {@link NoRouteException}), and pruning returns exactly the partitions a brute-force scan
 * over every key of a finite universe finds. The seed is in every failure message.
 */
class RangePropertyTest {

  /**
   * The partition a linear scan finds, checking that at most one range holds the key; -1 for none.
   */
  private static <T> int scan(List<T> starts, T end, T key, Comparator<T> cmp) {
    int found = -1;
    for (int p = 0; p < starts.size(); p++) {
      T e = p + 1 < starts.size() ? starts.get(p + 1) : end;
      if (cmp.compare(starts.get(p), key) <= 0 && (e == null || cmp.compare(key, e) < 0)) {
        assertEquals(-1, found, () -> "two ranges hold one key " + key);
        found = p;
      }
    }
    return found;
  }

  /** {@link #scan} for long keys, unboxed. */
  private static int scan(List<Long> starts, Long end, long key) {
    int found = -1;
    int n = starts.size();
    for (int p = 0; p < n; p++) {
      if (starts.get(p) <= key
          && (p + 1 < n ? key < starts.get(p + 1) : end == null || key < end)) {
        assertEquals(-1, found, () -> "two ranges hold one key " + key);
        found = p;
      }
    }
    return found;
  }

  private static long nextBoundary(SplittableRandom r) {
    return switch (r.nextInt(4)) {
      case 0 -> r.nextLong();
      case 1 -> r.nextLong(-1000, 1000);
      case 2 -> r.nextBoolean() ? Long.MAX_VALUE - r.nextInt(3) : Long.MIN_VALUE + r.nextInt(3);
      default -> r.nextInt(1 << 20);
    };
  }

  @Test
  void longKeys_everyKeyRoutesToExactlyTheOneRangeALinearScanFinds() {
    long seed = Seeds.next();
    SplittableRandom r = new SplittableRandom(seed);
    for (int table = 0; table < 220; table++) {
      TreeSet<Long> set = new TreeSet<>();
      int n = 1 + r.nextInt(table < 200 ? 40 : 1100);
      while (set.size() < n + 1) {
        set.add(nextBoundary(r));
      }
      List<Long> starts = new ArrayList<>(set);
      Long end = r.nextBoolean() ? null : starts.remove(starts.size() - 1);
      if (end == null) {
        starts.remove(starts.size() - 1);
      }
      RangeStrategy s = RangeStrategy.of(KeyType.LONG, starts, end);
      List<Long> keys = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L));
      for (long b : set) {
        keys.add(b);
        keys.add(b - 1);
        keys.add(b + 1);
      }
      for (int i = 0; i < 200; i++) {
        keys.add(r.nextLong());
      }
      for (long k : keys) {
        int expected = scan(starts, end, k);
        int viaBytes = s.find(Keys.of(k));
        int t = table;
        Supplier<String> what =
            () -> Seeds.describe(seed) + ", table " + t + " " + s + ", key " + k;
        assertEquals(expected, viaBytes, what);
        int viaLong;
        try {
          viaLong = s.partitionOf(Keys.of(k));
        } catch (NoRouteException e) {
          viaLong = -1;
          assertEquals(Long.toString(k), e.key(), what);
        }
        assertEquals(expected, viaLong, what);
      }
    }
  }

  /** Unicode code point order: the order of UTF-8 bytes, computed without them. */
  private static final Comparator<String> CODE_POINTS =
      (a, b) -> {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
          int x = a.codePointAt(i);
          int y = b.codePointAt(j);
          if (x != y) {
            return Integer.compare(x, y);
          }
          i += Character.charCount(x);
          j += Character.charCount(y);
        }
        return Boolean.compare(i < a.length(), j < b.length());
      };

  private static final String[] ALPHABET = {"\u0000", "a", "b", "é", "\uFFFF", "😀"};

  private static String randomString(SplittableRandom r, int maxLength) {
    StringBuilder sb = new StringBuilder();
    int n = r.nextInt(maxLength + 1);
    for (int i = 0; i < n; i++) {
      sb.append(ALPHABET[r.nextInt(ALPHABET.length)]);
    }
    return sb.toString();
  }

  @Test
  void stringKeys_routeByCodePointOrder() {
    long seed = Seeds.next();
    SplittableRandom r = new SplittableRandom(seed);
    for (int table = 0; table < 300; table++) {
      TreeSet<String> set = new TreeSet<>(CODE_POINTS);
      int n = 1 + r.nextInt(30);
      for (int i = 0; i < n * 3 && set.size() < n + 1; i++) {
        set.add(randomString(r, 3));
      }
      if (set.size() < 2) {
        continue;
      }
      List<String> starts = new ArrayList<>(set);
      String end = r.nextBoolean() ? null : starts.remove(starts.size() - 1);
      RangeStrategy s = RangeStrategy.of(KeyType.STRING, starts, end);
      for (int i = 0; i < 300; i++) {
        String k =
            i < set.size()
                ? new ArrayList<>(set).get(i) + (r.nextBoolean() ? "" : "\u0000")
                : randomString(r, 4);
        int expected = scan(starts, end, k, CODE_POINTS);
        assertEquals(
            expected,
            s.find(Keys.of(k)),
            () -> Seeds.describe(seed) + ", table " + s + ", key " + k);
      }
    }
  }

  @Test
  void stringKeys_longSharedPrefixes_routeByCodePointOrder() {
    long seed = Seeds.next();
    SplittableRandom r = new SplittableRandom(seed);
    String[] heads = {"tenant-0000", "tenant-0001", "tenant-000", "tenant-", "t", ""};
    for (int table = 0; table < 200; table++) {
      TreeSet<String> set = new TreeSet<>(CODE_POINTS);
      int n = 1 + r.nextInt(60);
      while (set.size() < n + 1) {
        set.add(heads[r.nextInt(heads.length)] + randomString(r, 3));
      }
      List<String> starts = new ArrayList<>(set);
      String end = r.nextBoolean() ? null : starts.remove(starts.size() - 1);
      RangeStrategy s = RangeStrategy.of(KeyType.STRING, starts, end);
      for (int i = 0; i < 300; i++) {
        String k = heads[r.nextInt(heads.length)] + randomString(r, 4);
        int expected = scan(starts, end, k, CODE_POINTS);
        assertEquals(
            expected,
            s.find(Keys.of(k)),
            () -> Seeds.describe(seed) + ", table " + s + ", key " + k);
        int viaString;
        try {
          viaString = s.partitionOf(Keys.of(k));
        } catch (NoRouteException e) {
          viaString = -1;
        }
        assertEquals(
            expected, viaString, () -> Seeds.describe(seed) + ", table " + s + ", key " + k);
      }
    }
  }

  /** A (string, long) key of the test, ordered by a comparator written without KeyOrder. */
  private record Pair(String s, long v) {
    CompositeKey key() {
      return CompositeKey.of(s, v);
    }
  }

  @Test
  void compositeKeys_routePartByPart() {
    long seed = Seeds.next();
    SplittableRandom r = new SplittableRandom(seed);
    Comparator<Pair> cmp = Comparator.comparing(Pair::s, CODE_POINTS).thenComparingLong(Pair::v);
    KeyType type = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
    for (int table = 0; table < 200; table++) {
      TreeSet<Pair> set = new TreeSet<>(cmp);
      int n = 1 + r.nextInt(20);
      while (set.size() < n + 1) {
        set.add(new Pair(randomString(r, 2), r.nextLong(-3, 4)));
      }
      List<Pair> starts = new ArrayList<>(set);
      Pair end = r.nextBoolean() ? null : starts.remove(starts.size() - 1);
      RangeStrategy s =
          RangeStrategy.of(
              type, starts.stream().map(Pair::key).toList(), end == null ? null : end.key());
      for (int i = 0; i < 300; i++) {
        Pair k = new Pair(randomString(r, 3), r.nextLong(-4, 5));
        assertEquals(
            scan(starts, end, k, cmp),
            s.find(k.key().toBytes()),
            () -> Seeds.describe(seed) + ", table " + s + ", key " + k);
      }
    }
  }

  @Test
  void pruning_longKeys_equalsBruteForceOverEveryKey() {
    long seed = Seeds.next();
    SplittableRandom r = new SplittableRandom(seed);
    for (int table = 0; table < 300; table++) {
      TreeSet<Long> set = new TreeSet<>();
      int n = 1 + r.nextInt(8);
      while (set.size() < n + 1) {
        set.add(r.nextLong(-20, 21));
      }
      List<Long> starts = new ArrayList<>(set);
      Long end = r.nextBoolean() ? null : starts.remove(starts.size() - 1);
      if (end == null) {
        starts.remove(starts.size() - 1);
      }
      RangeStrategy s = RangeStrategy.of(KeyType.LONG, starts, end);
      for (int q = 0; q < 100; q++) {
        Long lo = r.nextInt(5) == 0 ? null : r.nextLong(-25, 26);
        Long hi = r.nextInt(5) == 0 ? null : r.nextLong(-25, 26);
        KeyRange range =
            KeyRange.of(
                KeyType.LONG,
                lo == null ? null : Keys.of(lo),
                r.nextBoolean(),
                hi == null ? null : Keys.of(hi),
                r.nextBoolean());
        TreeSet<Integer> expected = new TreeSet<>();
        for (long k = -30;
            k <= 30;
            k++) { // every boundary and bound is in [-25, 25]: a witness is always in here
          byte[] c = Keys.of(k);
          int p = s.find(c);
          if (p >= 0 && range.contains(c)) {
            expected.add(p);
          }
        }
        assertPruned(
            expected,
            s.prune(range),
            () -> Seeds.describe(seed) + ", table " + s + ", query " + range);
      }
    }
  }

  @Test
  void pruning_stringKeys_equalsBruteForceOverEveryShortString() {
    long seed = Seeds.next();
    SplittableRandom r = new SplittableRandom(seed);
    String[] alphabet = {"\u0000", "a", "b"};
    List<String> universe = new ArrayList<>(List.of(""));
    for (int len = 1; len <= 3; len++) {
      List<String> next = new ArrayList<>();
      for (String u : universe) {
        if (u.length() == len - 1) {
          for (String a : alphabet) {
            next.add(u + a);
          }
        }
      }
      universe.addAll(next);
    }
    for (int table = 0; table < 300; table++) {
      TreeSet<String> set = new TreeSet<>(CODE_POINTS);
      int n = 1 + r.nextInt(6);
      while (set.size() < n + 1) {
        set.add(universe.get(r.nextInt(13))); // boundaries of length <= 2
      }
      List<String> starts = new ArrayList<>(set);
      String end = r.nextBoolean() ? null : starts.remove(starts.size() - 1);
      RangeStrategy s = RangeStrategy.of(KeyType.STRING, starts, end);
      for (int q = 0; q < 60; q++) {
        String lo = r.nextInt(5) == 0 ? null : universe.get(r.nextInt(13));
        String hi = r.nextInt(5) == 0 ? null : universe.get(r.nextInt(13));
        KeyRange range =
            KeyRange.of(
                KeyType.STRING,
                lo == null ? null : Keys.of(lo),
                r.nextBoolean(),
                hi == null ? null : Keys.of(hi),
                r.nextBoolean());
        TreeSet<Integer> expected = new TreeSet<>();
        for (String k :
            universe) { // length <= 3: every bound's successor (bound + U+0000) is in here
          byte[] c = Keys.of(k);
          int p = s.find(c);
          if (p >= 0 && range.contains(c)) {
            expected.add(p);
          }
        }
        assertPruned(
            expected,
            s.prune(range),
            () -> Seeds.describe(seed) + ", table " + s + ", query " + range);
      }
    }
  }

  private static void assertPruned(
      TreeSet<Integer> expected, PartitionSet got, Supplier<String> what) {
    List<Integer> g = new ArrayList<>();
    for (int p : got.toArray()) {
      g.add(p);
    }
    assertEquals(new ArrayList<>(expected), g, what);
    assertTrue(got.isEmpty() == expected.isEmpty(), what);
  }
}
