package io.shardrouter.hash;

import io.shardrouter.core.ExactMovement;
import io.shardrouter.core.MovementReport;
import io.shardrouter.hash.internal.Tokens;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Two rings laid over each other, for {@link RingStrategy#piecesFrom}: the two token lists are
 * merged, and every stretch of the hash space between two neighbouring tokens of either ring
 * belongs to one partition of each: one arc piece, in ring order. The report sums the arcs of one
 * (old partition, new partition) pair into one move, so a ring step that cuts a new partition out
 * of old ones lists one move per old partition it cuts from.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class RingPieces {
  private RingPieces() {}

  /**
   * The arcs of {@code b} laid over {@code a}, in ring order; null when the rings hash keys
   * differently, so that token positions mean different keys.
   */
  static ExactMovement.@Nullable Pieces between(RingStrategy a, RingStrategy b) {
    if (!a.hash().name().equals(b.hash().name()) || a.hash().seed() != b.hash().seed()) {
      return null;
    }
    long[] bounds = mergedTokens(a, b);
    int n = bounds.length;
    List<ExactMovement.Piece> pieces = new ArrayList<>(n);
    int ia = 0;
    int ib = 0;
    for (int k = 0; k < n; k++) {
      // the segment [bounds[k-1], end) belongs to the first token >= end in each ring
      long end = bounds[k];
      while (ia < a.tokenCount() && Tokens.lessThan(a.token(ia), end)) {
        ia++;
      }
      while (ib < b.tokenCount() && Tokens.lessThan(b.token(ib), end)) {
        ib++;
      }
      int pa = a.partitionOfToken(ia == a.tokenCount() ? 0 : ia);
      int pb = b.partitionOfToken(ib == b.tokenCount() ? 0 : ib);
      double share = Tokens.share(bounds[k == 0 ? n - 1 : k - 1], end);
      pieces.add(new ExactMovement.Piece(pa, pb, share, null, null));
    }
    return new ExactMovement.Pieces(
        MovementReport.Layout.ARCS,
        String.format(
            Locale.ROOT,
            "ring %d -> %d tokens, %d -> %d partitions",
            a.tokenCount(),
            b.tokenCount(),
            a.partitionCount(),
            b.partitionCount()),
        pieces);
  }

  /** The tokens of both rings, increasing (unsigned) and distinct. */
  private static long[] mergedTokens(RingStrategy a, RingStrategy b) {
    long[] union = new long[a.tokenCount() + b.tokenCount()];
    for (int i = 0; i < a.tokenCount(); i++) {
      union[i] = a.token(i) ^ Long.MIN_VALUE;
    }
    for (int i = 0; i < b.tokenCount(); i++) {
      union[a.tokenCount() + i] = b.token(i) ^ Long.MIN_VALUE;
    }
    Arrays.sort(union);
    int n = 0;
    for (int i = 0; i < union.length; i++) {
      if (i == 0 || union[i] != union[i - 1]) {
        union[n++] = union[i];
      }
    }
    long[] bounds = new long[n];
    for (int i = 0; i < n; i++) {
      bounds[i] = union[i] ^ Long.MIN_VALUE;
    }
    return bounds;
  }
}
