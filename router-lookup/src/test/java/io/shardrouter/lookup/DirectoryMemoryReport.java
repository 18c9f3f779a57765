package io.shardrouter.lookup;

import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.DirectoryBuilder;
import java.util.Locale;

/**
 * Measures a {@link Directory}'s memory per entry: builds one of N keys of a given length and
 * prints its record size, table and key-order sizes, {@link Directory#memoryBytes()} per entry, and
 * the heap the directory keeps after a full GC (which includes nothing the arrays do not).
 *
 * <p>Run (after {@code ./mvnw -B -o test-compile -pl router-lookup -am}):
 *
 * <pre>
 * java -Xmx8g -cp router-lookup/target/test-classes:router-lookup/target/classes:router-core/target/classes:router-hash/target/classes:$ZAH \
 *     io.shardrouter.lookup.DirectoryMemoryReport 10000000 16
 * </pre>
 *
 * where {@code $ZAH} is the zero-allocation-hashing jar in the local Maven repository.
 */
public final class DirectoryMemoryReport {

  /** What one measurement found. */
  record Result(
      int entries,
      int keyBytes,
      int recordBytes,
      long tableBytes,
      long orderBytes,
      long memoryBytes,
      long retainedHeapBytes) {
    double bytesPerEntry() {
      return (double) memoryBytes / entries;
    }

    double retainedPerEntry() {
      return (double) retainedHeapBytes / entries;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "%,d entries of %d-byte keys: %d-byte records, table %,d B, key order %,d B, memoryBytes %,d B"
              + " = %.1f B/entry; heap retained after GC %,d B = %.1f B/entry",
          entries,
          keyBytes,
          recordBytes,
          tableBytes,
          orderBytes,
          memoryBytes,
          bytesPerEntry(),
          retainedHeapBytes,
          retainedPerEntry());
    }
  }

  private DirectoryMemoryReport() {}

  /**
   * Builds a directory of {@code entries} distinct ASCII keys of {@code keyBytes} bytes (at least
   * 8) and measures it.
   */
  static Result measure(int entries, int keyBytes) {
    if (keyBytes < 8) {
      throw new IllegalArgumentException(
          "keys need at least 8 bytes to be distinct over a large count, got " + keyBytes);
    }
    long before = usedAfterGc();
    DirectoryBuilder b = Directory.builder();
    byte[] key = new byte[keyBytes];
    for (int i = 0; i < entries; i++) {
      String digits = Integer.toString(i);
      for (int j = 0; j < keyBytes; j++) {
        key[j] =
            j < keyBytes - digits.length()
                ? (byte) 'k'
                : (byte) digits.charAt(j - (keyBytes - digits.length()));
      }
      b.add(key, i & 0xFFFFFF);
    }
    Directory d = b.build();
    b = null; // let the builder's buffers go before measuring what the directory keeps
    long after = usedAfterGc();
    if (d.get(key, 0, key.length) != ((entries - 1) & 0xFFFFFF)) {
      throw new IllegalStateException("the last key does not hit");
    }
    return new Result(
        entries,
        keyBytes,
        d.recordBytes(),
        d.arenaBytes(),
        4L * d.size(),
        d.memoryBytes(),
        after - before);
  }

  private static long usedAfterGc() {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return rt.totalMemory() - rt.freeMemory();
  }

  /** Arguments: entries (default 10,000,000) and key bytes (default 16). */
  public static void main(String[] args) {
    int entries = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
    int keyBytes = args.length > 1 ? Integer.parseInt(args[1]) : 16;
    System.out.println(measure(entries, keyBytes));
  }
}
