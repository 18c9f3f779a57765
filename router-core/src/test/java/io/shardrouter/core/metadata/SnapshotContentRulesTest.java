package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardrouter.core.InvalidRoutingTableException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * What {@link SnapshotContent} finds in a snapshot's content handed in chunk by chunk, whatever the
 * chunks: the CRC-32C of the header's first 16 bytes and the content, the content without its
 * whitespace (one space kept between two words), and the same first container over {@code
 * maxEntries} entries, at the same line, column and byte offset, that {@link ContainerSizes#check}
 * names for the whole content at once.
 */
class SnapshotContentRulesTest {
  private static final byte[] HEADER =
      "SRTS\1\0\0\0abcdefghijkl".getBytes(StandardCharsets.US_ASCII);

  /**
   * The content handed to a {@link SnapshotContent} in the chunks {@code cuts} makes, each chunk
   * copied into the middle of a larger array (so at an offset other than 0).
   */
  private static SnapshotContent feed(
      byte[] content, int[] cuts, byte[] out, int maxEntries, int maxNesting) {
    SnapshotContent c = new SnapshotContent(HEADER, out, maxEntries, maxNesting);
    int from = 0;
    for (int k = 0; k <= cuts.length; k++) {
      int to = k < cuts.length ? cuts[k] : content.length;
      byte[] chunk = new byte[to - from + 7];
      java.util.Arrays.fill(chunk, (byte) '[');
      System.arraycopy(content, from, chunk, 3, to - from);
      c.accept(chunk, 3, to - from);
      from = to;
    }
    return c;
  }

  private static SnapshotContent whole(String content, int maxEntries, int maxNesting) {
    return feed(ascii(content), new int[0], null, maxEntries, maxNesting);
  }

  /** The content without whitespace outside strings, a space kept between two words. */
  private static byte[] compact(byte[] content) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    boolean inString = false;
    boolean escaped = false;
    boolean afterWord = false;
    boolean gap = false;
    for (byte b : content) {
      if (inString) {
        o.write(b);
        if (escaped) {
          escaped = false;
        } else if (b == '\\') {
          escaped = true;
        } else if (b == '"') {
          inString = false;
        }
        continue;
      }
      if (b == ' ' || b == '\t' || b == '\r' || b == '\n') {
        gap |= afterWord;
        continue;
      }
      boolean word = "{}[],:\"".indexOf(b) < 0;
      if (word && gap) {
        o.write(' ');
      }
      o.write(b);
      inString = b == '"';
      afterWord = word;
      gap = false;
    }
    return o.toByteArray();
  }

  /** The message {@link ContainerSizes#check} refuses {@code content} with, or null. */
  private static String checkedWhole(byte[] content, int maxEntries, int maxNesting) {
    try {
      ContainerSizes.check(content, maxEntries, maxNesting);
      return null;
    } catch (InvalidRoutingTableException e) {
      return e.getMessage();
    }
  }

  /** The one violation of {@code e}, as its path and message. */
  private static String only(InvalidRoutingTableException e) {
    assertEquals(1, e.violations().size(), e.getMessage());
    return e.violations().get(0).toString();
  }

  private static int crc(byte[] content) {
    CRC32C crc = new CRC32C();
    crc.update(HEADER, 0, 16);
    crc.update(content);
    return (int) crc.getValue();
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** Random JSON-like bytes: brackets, commas, colons, words, strings with escapes and newlines. */
  private static byte[] soup(SplittableRandom r, int tokens) {
    StringBuilder s = new StringBuilder();
    for (int t = 0; t < tokens; t++) {
      switch (r.nextInt(12)) {
        case 0 -> s.append(r.nextBoolean() ? '[' : '{');
        case 1 -> s.append(r.nextInt(4) == 0 ? (r.nextBoolean() ? ']' : '}') : "");
        case 2, 3 -> s.append(',');
        case 4 -> s.append(':');
        case 5, 6 -> s.append(r.nextBoolean() ? "12" : "true");
        case 7 -> {
          s.append('"');
          for (int k = r.nextInt(6); k > 0; k--) {
            switch (r.nextInt(6)) {
              case 0 -> s.append("\\\"");
              case 1 -> s.append("\\\n");
              case 2 -> s.append('\n');
              case 3 -> s.append(" [,{");
              case 4 -> s.append("\\\\");
              default -> s.append('x');
            }
          }
          s.append('"');
        }
        default -> {
          for (int k = 1 + r.nextInt(3); k > 0; k--) {
            s.append(" \t\r\n".charAt(r.nextInt(4)));
          }
        }
      }
    }
    return ascii(s.toString());
  }

  private static int[] cuts(SplittableRandom r, int length) {
    int n = r.nextInt(Math.min(length, 6) + 1);
    int[] cuts = r.ints(n, 0, length + 1).sorted().toArray();
    return cuts;
  }

  @Test
  void anyChunking_keepsTheCompactContent_andRefusesWhatContainerSizesRefuses() {
    long seed = 0x5eed_c0de_2026L;
    System.out.println("SnapshotContentRulesTest seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    int refused = 0;
    for (int round = 0; round < 3000; round++) {
      byte[] content = soup(r, 1 + r.nextInt(40));
      int maxEntries = 1 + r.nextInt(5);
      int maxNesting = 1 + r.nextInt(4);
      String why = "round " + round + ": '" + new String(content, StandardCharsets.US_ASCII) + "'";
      SnapshotContent counted =
          feed(content, cuts(r, content.length), null, maxEntries, maxNesting);
      byte[] compact = compact(content);
      assertEquals(compact.length, counted.keptLength(), why);
      assertEquals(crc(content), counted.checksum(), why);
      String expected = checkedWhole(content, maxEntries, maxNesting);
      InvalidRoutingTableException over = counted.overEntries();
      assertEquals(expected, over == null ? null : over.getMessage(), why);
      refused += expected == null ? 0 : 1;

      byte[] out = new byte[counted.keptLength()];
      feed(content, cuts(r, content.length), out, maxEntries, maxNesting);
      assertArrayEquals(compact, out, why);
    }
    // both kinds of content occur often enough to mean something
    assertEquals(true, refused > 300 && refused < 2700, "refused " + refused);
  }

  @Test
  void whitespace_isDropped_butNeverJoinsTwoWords() {
    String content = "{ \"a\" :\t[1 ,\r\n 2\n3\t4 true\r\nfalse] , \"b c\\\" d\" : null }";
    byte[] out = new byte[whole(content, 100, 8).keptLength()];
    feed(ascii(content), new int[] {1, 9, 10, 20}, out, 100, 8);
    assertEquals(
        "{\"a\":[1,2 3 4 true false],\"b c\\\" d\":null}",
        new String(out, StandardCharsets.US_ASCII));
  }

  @Test
  void entries_exactlyTheLimit_accepted_oneMore_refusedWithItsPosition() {
    assertNull(whole("[1,2,3]", 3, 8).overEntries());
    assertNull(whole("{\"a\":1,\"b\":2,\"c\":3}", 3, 8).overEntries());
    assertNull(whole("1,2,3,4,5", 1, 8).overEntries(), "no container at the top: nothing to count");
    InvalidRoutingTableException e = whole("{\"x\":[1,2,3,4]}", 3, 8).overEntries();
    assertNotNull(e);
    assertEquals(
        "$: the array at line 1, column 6 (byte offset 5) has more than 3 entries, over the limit"
            + " of 3 (ReadLimits.maxEntries); raise the limit where the table is read if it is"
            + " genuine",
        only(e));
  }

  @Test
  void position_countsLinesInAndOutOfStrings_acrossChunks() {
    // a newline outside strings, one raw in a string, one escaped in a string; then the object
    String content = "[\n\"a\nb\\\nc\",\n  {\"k\":1,\"l\":2}]";
    byte[] b = ascii(content);
    for (int cut = 0; cut <= b.length; cut++) {
      InvalidRoutingTableException e = feed(b, new int[] {cut}, null, 1, 8).overEntries();
      assertNotNull(e, "cut at " + cut);
      assertEquals(
          "$: the array at line 1, column 1 (byte offset 0) has more than 1 entries, over the limit"
              + " of 1 (ReadLimits.maxEntries); raise the limit where the table is read if it is"
              + " genuine",
          only(e),
          "cut at " + cut);
    }
    byte[] nested = ascii("[\n\"a\nb\\\nc\"\n,\n  {\"k\":1,\"l\":2}]");
    for (int cut = 0; cut <= nested.length; cut++) {
      InvalidRoutingTableException e = feed(nested, new int[] {cut}, null, 2, 8).overEntries();
      assertNull(e, "cut at " + cut);
    }
    byte[] deep = ascii("[\n\"a\nb\\\nc\",\n  {\"k\":1,\"l\":2,\"m\":3}]");
    for (int cut = 0; cut <= deep.length; cut++) {
      InvalidRoutingTableException e = feed(deep, new int[] {cut}, null, 2, 8).overEntries();
      assertNotNull(e, "cut at " + cut);
      assertEquals(
          "$: the object at line 5, column 3 (byte offset 14) has more than 2 entries, over the"
              + " limit of 2 (ReadLimits.maxEntries); raise the limit where the table is read if it"
              + " is genuine",
          only(e),
          "cut at " + cut);
    }
  }

  @Test
  void deeperThanMaxNesting_stopsCounting_asTheParserRefusesIt() {
    assertNull(whole("[[[[1,2,3]]]]", 2, 3).overEntries(), "4 deep: the parser's to refuse");
    assertNotNull(whole("[[[1,2,3]]]", 2, 3).overEntries(), "3 deep: counted");
    assertNull(whole("]  [1,2,3]", 2, 3).overEntries(), "unbalanced: the parser's to refuse");
    // closing brackets free the depth again
    assertNotNull(whole("[[[]],[[1,2,3]]]", 2, 3).overEntries());
  }

  @Test
  void stringsHideBrackets_commas_andQuotes() {
    assertNull(whole("[\"a,b,c\\\",d\",\"[{,\"]", 2, 8).overEntries());
    assertNull(whole("[\"\\\\\",\"x\"]", 2, 8).overEntries(), "an escaped backslash ends");
    assertNotNull(whole("[\"\\\\\",\"x\",1]", 2, 8).overEntries());
  }

  @Test
  void checksum_coversTheHeadersFirst16BytesOnly() {
    byte[] content = ascii("{\"a\":1}");
    byte[] other = HEADER.clone();
    other[17] = 'Z'; // bytes 16 to 19 hold the checksum itself
    SnapshotContent c = new SnapshotContent(other, null, 10, 8);
    c.accept(content, 0, content.length);
    assertEquals(crc(content), c.checksum());
    other[15] = 'Z';
    SnapshotContent d = new SnapshotContent(other, null, 10, 8);
    d.accept(content, 0, content.length);
    assertEquals(false, crc(content) == d.checksum());
  }
}
