package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link Lz4BlockStream} refuses a block that stops short of its own structure with a {@link
 * Lz4BlockStream.MalformedBlockException} naming the byte of the block (not of the array it is in)
 * and what is wrong, also when the block ends its array; a match that ends the content exactly is
 * accepted, and then the block must end with the literals after it.
 */
class Lz4BlockStreamRefusalsTest {
  /** {@code block} at offset 3 of an array it ends. */
  private static String refusal(long contentLength, int... block) {
    byte[] src = new byte[3 + block.length];
    Arrays.fill(src, 0, 3, (byte) 0x11);
    for (int i = 0; i < block.length; i++) {
      src[3 + i] = (byte) block[i];
    }
    return assertThrows(
            Lz4BlockStream.MalformedBlockException.class,
            () -> Lz4BlockStream.decode(src, 3, block.length, contentLength, (b, off, len) -> {}))
        .getMessage();
  }

  @Test
  void anEmptyBlock_forSomeContent_refused() {
    assertEquals(
        "malformed LZ4 block at byte 0 of the block: the block ends after a match, not with a run"
            + " of literals",
        refusal(10));
  }

  @Test
  void aLiteralLengthRunningPastTheBlock_refused() {
    assertEquals(
        "malformed LZ4 block at byte 1 of the block: a literal length runs past the block",
        refusal(100, 0xF0));
    assertEquals(
        "malformed LZ4 block at byte 3 of the block: a literal length runs past the block",
        refusal(1000, 0xF0, 255, 255));
  }

  @Test
  void aMatchEndingTheContent_thenLiteralsThatDoNotEndTheBlock_refusedForThose() {
    // "a", then a match of 19 at offset 1: 20 bytes, all of the content; then an empty run of
    // literals with 5 bytes after it in the block
    assertEquals(
        "malformed LZ4 block at byte 6 of the block: the last literals do not end the block",
        refusal(20, 0x1F, 'a', 1, 0, 0, 0x00, 0, 0, 0, 0, 0));
    assertEquals(
        "malformed LZ4 block at byte 5 of the block: a match reaches past the declared 19 bytes",
        refusal(19, 0x1F, 'a', 1, 0, 0, 0x00, 0, 0, 0, 0, 0));
  }
}
