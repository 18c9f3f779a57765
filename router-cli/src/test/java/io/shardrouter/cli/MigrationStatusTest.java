package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.Phase;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rate and ETA of {@code migrate status}, from two progress reports of the leader. */
class MigrationStatusTest {
  private static final MigrationState COPY =
      MigrationState.planned("m", "plan", 1).enter(Phase.COPY, 2);
  private static final Election LEADS = new Election(List.of("a@h", "b@h"));

  private static MigrationProgress progress(
      String who, long passRows, long partRows, int index, int fullParts, long fullRows, long at) {
    return new MigrationProgress(
        who,
        Phase.CANARY,
        "copy",
        index,
        4,
        "p" + index,
        passRows,
        partRows,
        fullParts,
        fullRows,
        at,
        List.of(),
        0);
  }

  @Test
  void eta_fromTheRateAndTheMeanWholePart() {
    MigrationStatus s =
        MigrationStatus.of(
            "m",
            COPY,
            null,
            LEADS,
            progress("a@h", 700, 0, 1, 1, 1000, 0),
            progress("a@h", 1200, 200, 1, 1, 1000, 1000));
    assertEquals(500.0, s.rowsPerSecond());
    assertEquals(6, s.etaSeconds()); // (1000 rows x 3 parts left - 200 read of this one) / 500
    assertTrue(s.toText().contains("rate: 500 rows/s"), s.toText());
    assertTrue(
        s.toText().contains("ETA: ~6 s to the end of the copy pass (estimated from 1 whole part"),
        s.toText());
    assertTrue(s.toJson().contains("\"rowsPerSecond\":500.0,\"etaSeconds\":6"), s.toJson());
  }

  @Test
  void eta_unknownUntilAWholePartWasRead() {
    MigrationStatus s =
        MigrationStatus.of(
            "m",
            COPY,
            null,
            LEADS,
            progress("a@h", 100, 100, 0, 0, 0, 0),
            progress("a@h", 600, 600, 0, 0, 0, 1000));
    assertEquals(-1, s.etaSeconds());
    assertTrue(s.eta().startsWith("unknown until a@h has read a whole part"), s.eta());
  }

  @Test
  void eta_unknownAcrossAFailover() {
    MigrationStatus s =
        MigrationStatus.of(
            "m",
            COPY,
            null,
            new Election(List.of("b@h")),
            progress("a@h", 700, 0, 1, 1, 1000, 0),
            progress("b@h", 100, 100, 1, 0, 0, 1000));
    assertEquals(-1.0, s.rowsPerSecond());
    assertEquals("unknown: the lead changed between the two reads; ask again", s.eta());
    assertTrue(s.toText().contains("leader: b@h\n"), s.toText());
  }

  @Test
  void fences_roundTripThroughTheProgressZnode_andShowInTextAndJson() {
    MigrationProgress p =
        new MigrationProgress(
            "a@h",
            Phase.CANARY,
            null,
            0,
            4,
            null,
            0,
            0,
            0,
            0,
            1_000,
            List.of(
                new MigrationProgress.Fenced("g:0", new Fence(2, 1, 6, Phase.CUT_OVER)),
                new MigrationProgress.Fenced("g1", new Fence(0, 8, 8, Phase.DONE)),
                new MigrationProgress.Fenced("g;2 %", new Fence(5, 1, 6, Phase.CUT_OVER))),
            40);
    MigrationProgress back = MigrationProgress.parse(p.toProperties());
    assertEquals(p, back, "group ids with ':', ';' and '%' too");
    MigrationState cut = MigrationState.planned("m", "plan", 1).enter(Phase.CUT_OVER, 6);
    MigrationStatus s = MigrationStatus.of("m", cut, null, LEADS, back, back);
    assertTrue(
        s.toText()
            .contains(
                "fences (calls routed below the version are refused, then retried on newer"
                    + " routes): g:0 p2 below v6 (CUT_OVER), g1 p0 below v8 (DONE), g;2 % p5 below"
                    + " v6 (CUT_OVER) and 37 more"),
        s::toText);
    assertTrue(
        s.toJson()
            .contains(
                "\"fences\":[{\"group\":\"g:0\",\"partition\":2,\"baseVersion\":1,"
                    + "\"minVersion\":6,\"phase\":\"CUT_OVER\"},"),
        s::toJson);
    assertTrue(s.toJson().contains("}],\"fencesTotal\":40}"), s::toJson);
    assertEquals(
        List.of(),
        MigrationProgress.parse(progress("a@h", 0, 0, 0, 0, 0, 1).toProperties()).fences());
    MigrationProgress damaged =
        MigrationProgress.parse(p.toProperties().replace("CUT_OVER", "SIDEWAYS"));
    assertEquals(null, damaged, "a damaged report is no report");
  }
}
