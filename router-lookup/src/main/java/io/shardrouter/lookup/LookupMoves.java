package io.shardrouter.lookup;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.lookup.internal.Directory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The keys a {@link LookupStrategy} routes elsewhere than the strategy it replaces, for {@link
 * io.shardrouter.core.MovementReport}: the answer to {@link
 * io.shardrouter.core.KeyMovement#keyMovesFrom}.
 *
 * <p>Two cases keep the meaning of every old partition. The previous strategy is the new one's
 * fallback (a directory put on top of a hash strategy, whole-key matching): the moves are the
 * entries whose partition differs from the fallback's. Or the previous strategy is a lookup with
 * the same key type, match and fallback and no more partitions: the two directories are walked side
 * by side in key order and every added, removed or changed entry whose partition differs is a move.
 * A split that is not the same in both makes the partitions unrelated (null), as does anything
 * else.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Allocation:</b> allocates; a tool path, linear in the directories' sizes.
 */
final class LookupMoves {
  private static final int SPLIT = -2;

  private LookupMoves() {}

  static @Nullable List<MovementReport.KeyMove> between(
      PartitionStrategy previous, LookupStrategy next) {
    if (previous instanceof LookupStrategy p) {
      if (p.match() != next.match()
          || !p.keyType().equals(next.keyType())
          || !p.fallback().equals(next.fallback())
          || p.partitionCount() > next.partitionCount()) {
        return null;
      }
      return walk(p, next);
    }
    if (next.match() != LookupStrategy.MatchMode.KEY
        || !next.fallback().equals(previous)
        || next.partitionCount() < previous.partitionCount()) {
      return null;
    }
    List<MovementReport.KeyMove> moves = new ArrayList<>();
    Directory d = next.directory();
    byte[] a = d.arena();
    for (int r = 0; r < a.length; r = d.nextRecord(r)) {
      int k = d.keyOffset(r);
      int n = d.keyLength(r);
      int from = previous.partitionOf(a, k, n);
      int to = target(next, d.value(r));
      if (from != to) {
        moves.add(new MovementReport.KeyMove(next.ownerOf(a, k, n), from, to));
      }
    }
    return moves;
  }

  private static @Nullable List<MovementReport.KeyMove> walk(LookupStrategy p, LookupStrategy q) {
    List<MovementReport.KeyMove> moves = new ArrayList<>();
    Directory dp = p.directory();
    Directory dq = q.directory();
    byte[] ap = dp.arena();
    byte[] aq = dq.arena();
    int rp = 0;
    int rq = 0;
    while (rp < ap.length || rq < aq.length) {
      int c;
      if (rp >= ap.length) {
        c = 1;
      } else if (rq >= aq.length) {
        c = -1;
      } else {
        c =
            Arrays.compareUnsigned(
                ap,
                dp.keyOffset(rp),
                dp.keyOffset(rp) + dp.keyLength(rp),
                aq,
                dq.keyOffset(rq),
                dq.keyOffset(rq) + dq.keyLength(rq));
      }
      byte[] arena = c <= 0 ? ap : aq;
      int k = c <= 0 ? dp.keyOffset(rp) : dq.keyOffset(rq);
      int n = c <= 0 ? dp.keyLength(rp) : dq.keyLength(rq);
      int from = c <= 0 ? target(p, dp.value(rp)) : p.fallback().partitionOf(arena, k, n);
      int to = c >= 0 ? target(q, dq.value(rq)) : q.fallback().partitionOf(arena, k, n);
      if (from == SPLIT || to == SPLIT) {
        if (from != to || !p.richEntry(dp.value(rp)).equals(q.richEntry(dq.value(rq)))) {
          return null; // a split appeared, went or changed: its keys spread over other partitions
        }
      } else if (from != to) {
        moves.add(new MovementReport.KeyMove(q.ownerOf(arena, k, n), from, to));
      }
      if (c <= 0) {
        rp = dp.nextRecord(rp);
      }
      if (c >= 0) {
        rq = dq.nextRecord(rq);
      }
    }
    return moves;
  }

  /** The one partition of a directory value, or {@link #SPLIT}. */
  private static int target(LookupStrategy s, int value) {
    if (value < LookupStrategyBuilder.RICH_BASE) {
      return value;
    }
    LookupEntry e = s.richEntry(value);
    return e.isSplit() ? SPLIT : e.partition();
  }
}
