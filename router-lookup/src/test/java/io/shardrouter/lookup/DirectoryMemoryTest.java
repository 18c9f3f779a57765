package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.lookup.internal.Directory;
import org.junit.jupiter.api.Test;

/** Memory per entry of a million-entry directory, as documented in {@link Directory}. */
class DirectoryMemoryTest {

  @Test
  void memoryBytes_millionSixteenByteKeys_44BytesPerEntry() {
    DirectoryMemoryReport.Result r = DirectoryMemoryReport.measure(1_000_000, 16);
    System.out.println("[memory] " + r);
    assertEquals(
        Directory.PAD + 64L * 625_000, r.tableBytes(), r::toString); // 32-byte records, keys inline
    assertEquals(4L * 1_000_000, r.orderBytes(), r::toString);
    assertTrue(r.bytesPerEntry() > 43.9 && r.bytesPerEntry() < 44.1, r::toString);
  }

  @Test
  void memoryBytes_36ByteKeys_overflowOutsideSixteenByteRecords() {
    DirectoryMemoryReport.Result r = DirectoryMemoryReport.measure(100_000, 36);
    System.out.println("[memory] " + r);
    assertEquals(16, r.recordBytes(), r::toString);
    assertEquals(Directory.PAD + 64L * 31_250 + 36L * 100_000, r.tableBytes(), r::toString);
    assertTrue(r.bytesPerEntry() > 59.9 && r.bytesPerEntry() < 60.1, r::toString);
  }
}
