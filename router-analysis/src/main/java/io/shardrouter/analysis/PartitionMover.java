package io.shardrouter.analysis;

/**
 * The advisor's last step: repeatedly moves, from the group with the most load to the group with
 * the least, the partition whose load comes closest to half their difference, as long as the move
 * lowers the larger of the two loads and its data share fits in what is left of the cap. Every move
 * lowers the load of the hottest group or keeps it; a partition moves at most once, and the
 * partitions the earlier steps created stay where they were put.
 */
final class PartitionMover {
  private PartitionMover() {}

  static void apply(Proposal a) {
    while (a.groupCount > 1) {
      String hot = a.hottest();
      String cold = a.coldest();
      double hotLoad = a.groupLoad(hot);
      double coldLoad = a.groupLoad(cold);
      if (hotLoad == coldLoad) {
        return;
      }
      int best = -1;
      double bestAfter = hotLoad;
      for (int p = 0; p < a.size(); p++) {
        if (!a.placed(p) && a.group(p).equals(hot) && a.load(p) > 0 && a.fits(a.data(p))) {
          double after = Math.max(hotLoad - a.load(p), coldLoad + a.load(p));
          if (after < bestAfter) {
            best = p;
            bestAfter = after;
          }
        }
      }
      if (best < 0) {
        return;
      }
      a.move(best, cold);
    }
  }
}
