package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A routing document read from a file: the file's size is checked against the limit before any byte
 * is read (a file of exactly the limit is read, one byte more refused with the file named), and
 * {@link RoutingDocuments#read(Path)} and {@link RoutingDocuments#read(String)} read with the
 * document readers of the class path.
 */
class RoutingDocumentsFileTest {
  private static final String ONE_GROUP = "{\"test_one_group\": \"g7\", \"routing_version\": 3}";

  @Test
  void readFile_atTheLimitRead_overItRefused(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("orders.json");
    byte[] bytes = ONE_GROUP.getBytes(StandardCharsets.UTF_8);
    Files.write(file, bytes);
    assertArrayEquals(bytes, RoutingDocuments.readFile(file, bytes.length));
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class,
            () -> RoutingDocuments.readFile(file, bytes.length - 1));
    assertEquals(
        List.of(
            new Violation(
                "$",
                "file "
                    + file
                    + " is "
                    + bytes.length
                    + " bytes, over the limit of "
                    + (bytes.length - 1)
                    + "; ship large tables as a binary snapshot or raise the limit")),
        e.violations());
  }

  @Test
  void readFile_missing_namesTheFile(@TempDir Path dir) {
    Path file = dir.resolve("absent.json");
    UncheckedIOException e =
        assertThrows(UncheckedIOException.class, () -> RoutingDocuments.readFile(file, 100));
    assertTrue(e.getMessage().startsWith("cannot read routing table file " + file), e.getMessage());
  }

  @Test
  void readPathAndString_withTheClassPathsReaders(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("one.json");
    Files.writeString(file, ONE_GROUP);
    RoutingTable fromFile = RoutingDocuments.read(file);
    RoutingTable fromText = RoutingDocuments.read(ONE_GROUP);
    assertEquals(3, fromFile.version());
    assertEquals("g7", fromFile.groupOf(0).id());
    assertEquals(fromFile.fingerprint(), fromText.fingerprint());
  }
}
