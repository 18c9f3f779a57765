package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Memory per entry of a million-entry directory, as documented in docs/lookup.md. */
class DirectoryMemoryTest {

  @Test
  void memoryBytes_millionSixteenByteKeys_about32BytesPerEntry() {
    DirectoryMemoryReport.Result r = DirectoryMemoryReport.measure(1_000_000, 16);
    System.out.println("[memory] " + r);
    assertEquals(1_000_000L * (1 + 4 + 16), r.arenaBytes(), r::toString);
    assertEquals(8L * 1_333_334, r.slotBytes(), r::toString);
    assertTrue(r.bytesPerEntry() > 31.6 && r.bytesPerEntry() < 31.8, r::toString);
  }
}
