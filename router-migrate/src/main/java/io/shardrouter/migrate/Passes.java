package io.shardrouter.migrate;

import io.shardrouter.migrate.internal.Hexes;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The data work of a migration, one resumable unit at a time: copy a page, verify a part, repair a
 * part, delete a page.
 *
 * <p><b>Stability:</b> internal.
 */
final class Passes {
  /** Sample keys a report keeps per part. */
  public static final int SAMPLES = 5;

  private Passes() {}

  /**
   * Copies one page of {@code part} from {@code from} to {@code to} (rows keep version and
   * sequence; the sequence rule keeps newer rows on {@code to}).
   *
   * @return the page (its cursor resumes the pass)
   */
  public static MigrationStore.ScanPage copyPage(
      Part part, MigrationStore from, MigrationStore to, byte @Nullable [] cursor, int limit) {
    MigrationStore.ScanPage page = from.scan(part, cursor, limit);
    if (!page.rows().isEmpty()) {
      to.apply(page.rows(), MigrationStore.WriteOrigin.MIGRATION);
    }
    return page;
  }

  /** Deletes one page of {@code part} from {@code store}, archiving it first when asked. */
  public static MigrationStore.ScanPage deletePage(
      Part part,
      MigrationStore store,
      byte @Nullable [] cursor,
      int limit,
      @Nullable ArchiveSink archive) {
    return store.delete(part, cursor, limit, archive);
  }

  /** Times the rows that differ are read again before a difference counts. */
  public static final int RECHECKS = 3;

  /**
   * Compares {@code part} on source and target by a merge of two scans in store order. Clients keep
   * writing while it runs, and a dual write reaches the source before the target, so a row that
   * differs may be a write in flight: each differing row is read again on both sides, up to {@value
   * #RECHECKS} times, and counts as a difference only while it still differs. A single-threaded
   * caller sees the same rows again, so its report is the scans' own.
   *
   * @return the report
   */
  public static PartReport verify(
      Part part, MigrationStore source, MigrationStore target, int pageSize) {
    PartRows s = new PartRows(source, part, pageSize);
    PartRows t = new PartRows(target, part, pageSize);
    long matching = 0;
    List<Row> odd = new ArrayList<>();
    while (true) {
      Row a = s.peek();
      Row b = t.peek();
      if (a == null) {
        if (b == null) {
          break;
        }
        odd.add(b);
        t.skip();
        continue;
      }
      int c = b == null ? -1 : Row.compareStoreOrder(a, b);
      if (b != null && c == 0) {
        if (a.sameContent(b)) {
          matching++;
        } else {
          odd.add(a);
        }
        s.skip();
        t.skip();
      } else if (c < 0) {
        odd.add(a);
        s.skip();
      } else {
        odd.add(b);
        t.skip();
      }
    }
    long mismatched = 0;
    long onlySource = 0;
    long onlyTarget = 0;
    List<String> samples = new ArrayList<>();
    for (Row r : odd) {
      Row a = null;
      Row b = null;
      boolean same = false;
      for (int i = 0; i < RECHECKS && !same; i++) {
        a = source.get(r.key(), r.id());
        b = target.get(r.key(), r.id());
        same = a == null ? b == null : b != null && a.sameContent(b);
      }
      if (same) {
        matching += a == null ? 0 : 1;
        continue;
      }
      if (a == null) {
        onlyTarget++;
      } else if (b == null) {
        onlySource++;
      } else {
        mismatched++;
      }
      if (samples.size() < SAMPLES) {
        samples.add(Hexes.of(r.key()));
      }
    }
    return new PartReport(
        part.id(),
        matching + mismatched + onlySource + onlyTarget,
        matching,
        mismatched,
        onlySource,
        onlyTarget,
        samples);
  }

  /**
   * Copies every row of {@code part} that the target lacks or holds older, the source being
   * authoritative. It never deletes on the target: a row seen only there may be a write that landed
   * between the two scans, so it is reported by the next verification, not removed.
   *
   * @return the number of rows copied
   */
  public static long repair(Part part, MigrationStore source, MigrationStore target, int pageSize) {
    PartRows s = new PartRows(source, part, pageSize);
    PartRows t = new PartRows(target, part, pageSize);
    List<Row> copy = new ArrayList<>();
    while (true) {
      Row a = s.peek();
      Row b = t.peek();
      if (a == null) {
        break;
      }
      int c = b == null ? -1 : Row.compareStoreOrder(a, b);
      if (b != null && c == 0) {
        if (b.sequence() < a.sequence()) {
          copy.add(a);
        }
        s.skip();
        t.skip();
      } else if (c < 0) {
        copy.add(a);
        s.skip();
      } else {
        t.skip();
      }
    }
    if (!copy.isEmpty()) {
      target.apply(copy, MigrationStore.WriteOrigin.MIGRATION);
    }
    return copy.size();
  }
}
