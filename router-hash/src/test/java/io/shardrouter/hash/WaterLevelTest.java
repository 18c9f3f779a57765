package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.hash.internal.WaterLevel;
import org.junit.jupiter.api.Test;

/**
 * Which groups give and receive, and how much: the most (least) loaded relative to their targets,
 * levelled; ties in relative load go by id; slivers below {@code minPiece} are left out.
 */
class WaterLevelTest {
  private static final double EPS = 1e-12;
  private static final double THIRD = 1.0 / 3;
  private static final double[] THIRDS = {THIRD, THIRD, THIRD};
  private static final int[] ALL = {0, 1, 2};
  private static final String[] IDS = {"a", "b", "c"};

  @Test
  void drain_takesFromTheMostLoadedFirst_untilTheNextIsLevel() {
    double[] load = {0.5, 0.3, 0.2};
    assertArrayEquals(
        new double[] {0.1, 0, 0}, WaterLevel.drain(load, THIRDS, ALL, IDS, 0.1, 0), EPS);
    assertArrayEquals(
        new double[] {0.25, 0.05, 0}, WaterLevel.drain(load, THIRDS, ALL, IDS, 0.3, 0), EPS);
  }

  @Test
  void drain_allTheWay_levelsEveryCandidate_andNeverGivesMoreThanTheLoad() {
    double[] load = {0.5, 0.3, 0.2};
    double[] give = WaterLevel.drain(load, THIRDS, ALL, IDS, 0.6, 0);
    double left = 0.4 / 3; // 0.4 remains, spread level over three equal targets
    assertArrayEquals(new double[] {0.5 - left, 0.3 - left, 0.2 - left}, give, EPS);
    double[] all = WaterLevel.drain(load, THIRDS, ALL, IDS, 1.0, 0);
    assertArrayEquals(load, all, EPS);
  }

  @Test
  void relativeLoad_notAbsoluteLoad_decides() {
    // group 0 holds less but is further above its target (0.4 of 0.25 vs 0.6 of 0.75)
    double[] load = {0.4, 0.6};
    double[] target = {0.25, 0.75};
    String[] ids = {"a", "b"};
    assertArrayEquals(
        new double[] {0.1, 0}, WaterLevel.drain(load, target, new int[] {0, 1}, ids, 0.1, 0), EPS);
    assertArrayEquals(
        new double[] {0, 0.1}, WaterLevel.fill(load, target, new int[] {0, 1}, ids, 0.1, 0), EPS);
  }

  @Test
  void fill_givesToTheLeastLoadedFirst() {
    double[] load = {0.2, 0.5, 0.3};
    assertArrayEquals(
        new double[] {0.1, 0, 0}, WaterLevel.fill(load, THIRDS, ALL, IDS, 0.1, 0), EPS);
    assertArrayEquals(
        new double[] {0.15, 0, 0.05}, WaterLevel.fill(load, THIRDS, ALL, IDS, 0.2, 0), EPS);
  }

  @Test
  void onlyCandidatesTakePart() {
    double[] load = {0.5, 0.3, 0.2};
    assertArrayEquals(
        new double[] {0, 0.1, 0},
        WaterLevel.drain(load, THIRDS, new int[] {1, 2}, IDS, 0.1, 0),
        EPS);
    assertArrayEquals(
        new double[] {0, 0, 0}, WaterLevel.drain(load, THIRDS, new int[0], IDS, 0.1, 0), EPS);
    assertArrayEquals(new double[] {0, 0, 0}, WaterLevel.drain(load, THIRDS, ALL, IDS, 0, 0), EPS);
    assertArrayEquals(new double[] {0, 0, 0}, WaterLevel.fill(load, THIRDS, ALL, IDS, -1, 0), EPS);
  }

  @Test
  void tiesInRelativeLoad_goByIdAscending_whenASliverIsLeftOut() {
    // b and a are equally low; with the sliver rule only one receives, and "a" comes first
    double[] load = {0.3, 0.3, 0.4};
    String[] ids = {"b", "a", "c"};
    assertArrayEquals(
        new double[] {0, 0.05, 0}, WaterLevel.fill(load, THIRDS, ALL, ids, 0.05, 0.1), EPS);
    String[] swapped = {"a", "b", "c"};
    assertArrayEquals(
        new double[] {0.05, 0, 0}, WaterLevel.fill(load, THIRDS, ALL, swapped, 0.05, 0.1), EPS);
    // without the sliver rule both receive the same
    assertArrayEquals(
        new double[] {0.025, 0.025, 0}, WaterLevel.fill(load, THIRDS, ALL, ids, 0.05, 0), EPS);
  }

  @Test
  void drainTies_goByIdAscending_too() {
    double[] load = {0.4, 0.4, 0.2};
    String[] ids = {"b", "a", "c"};
    assertArrayEquals(
        new double[] {0, 0.05, 0}, WaterLevel.drain(load, THIRDS, ALL, ids, 0.05, 0.2), EPS);
  }

  @Test
  void aSliverBelowMinPiece_isLeftOut_andTheOthersMoveMore() {
    double[] load = {0.5, 0.3, 0.2};
    // levelling 0.3 would take 0.05 from b, whose relative excess (0.15) is below minPiece 0.2
    double[] give = WaterLevel.drain(load, THIRDS, ALL, IDS, 0.3, 0.2);
    assertArrayEquals(new double[] {0.3, 0, 0}, give, EPS);
    assertEquals(0.3, give[0] + give[1] + give[2], EPS);
  }

  @Test
  void drainingMoreThanThereIs_givesAtMostEachLoad_fillingHasNoSuchCap() {
    double[] load = {0.25, 0.25};
    double[] halves = {0.5, 0.5};
    int[] both = {0, 1};
    String[] ids = {"a", "b"};
    assertArrayEquals(
        new double[] {0.25, 0.25}, WaterLevel.drain(load, halves, both, ids, 2.0, 0), EPS);
    assertArrayEquals(
        new double[] {0.5, 0.5}, WaterLevel.fill(load, halves, both, ids, 1.0, 0), EPS);
  }

  @Test
  void aPieceExactlyAtMinPiece_isKept() {
    // relative loads 2, 1.5, 0.5; draining 0.25 levels a and b at 1.25, b 0.25 above it
    double[] load = {0.5, 0.375, 0.125};
    double[] target = {0.25, 0.25, 0.5};
    assertArrayEquals(
        new double[] {0.1875, 0.0625, 0},
        WaterLevel.drain(load, target, ALL, IDS, 0.25, 0.25),
        EPS);
    assertArrayEquals(
        new double[] {0.25, 0, 0},
        WaterLevel.drain(load, target, ALL, IDS, 0.25, 0.2500001),
        EPS,
        "a sliver just below minPiece is left out, the rest moves more");
  }
}
