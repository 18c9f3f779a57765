package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardrouter.core.internal.Latin1Strings;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link CanonicalBytes}' composite writers return the offset after the part they wrote and write
 * nothing outside it; {@link CanonicalBytes#sharedAscii} gives ASCII text's bytes whenever this JVM
 * allows the shared array, and null for other text.
 */
class CanonicalBytesCompositeTest {

  @Test
  void writeCompositeBytes_lengthThenBytes_returnsTheOffsetAfter() {
    byte[] dst = new byte[12];
    Arrays.fill(dst, (byte) 0x55);
    int end = CanonicalBytes.writeCompositeBytes(new byte[] {7, 8}, dst, 3);
    assertEquals(9, end);
    assertArrayEquals(new byte[] {0x55, 0x55, 0x55, 2, 0, 0, 0, 7, 8, 0x55, 0x55, 0x55}, dst);
    assertEquals(7, CanonicalBytes.writeCompositeBytes(new byte[0], dst, 3));
  }

  @Test
  void sharedAscii_asciiTextsBytes_whenAvailable_elseNull() {
    byte[] shared = CanonicalBytes.sharedAscii("orders-17");
    if (Latin1Strings.AVAILABLE) {
      assertArrayEquals("orders-17".getBytes(StandardCharsets.US_ASCII), shared);
    } else {
      assertNull(shared);
    }
    assertNull(CanonicalBytes.sharedAscii("caf\u00e9"));
    assertNull(CanonicalBytes.sharedAscii(null));
  }
}
