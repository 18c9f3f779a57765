package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.hash.HashPartitionStrategy;
import io.shardrouter.range.TimeBucketedStrategy;
import io.shardrouter.range.TimeBuckets;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every document in docs/examples validates, so an example added later is checked without a new
 * test.
 */
class ExamplesTest {

  static List<Path> examples() throws IOException {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(Cli.EXAMPLES, "*.json")) {
      dir.forEach(files::add);
    }
    files.sort(null);
    return files;
  }

  @Test
  void examples_directory_holdsTheDocumentedExamples() throws IOException {
    List<Path> files = examples();
    assertFalse(files.isEmpty(), () -> "no examples under " + Cli.EXAMPLES.toAbsolutePath());
    assertTrue(files.contains(Cli.EXAMPLES.resolve("jump.json")), files::toString);
    assertTrue(files.contains(Cli.EXAMPLES.resolve("hash-mod.json")), files::toString);
    assertTrue(files.contains(Cli.EXAMPLES.resolve("lookup-tenants.json")), files::toString);
    assertTrue(files.contains(Cli.EXAMPLES.resolve("range-compact.json")), files::toString);
    assertTrue(files.contains(Cli.EXAMPLES.resolve("time-buckets.json")), files::toString);
  }

  @TestFactory
  Stream<DynamicTest> validate_everyExample_status0OneLineSummary() throws IOException {
    return examples().stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    file.getFileName().toString(),
                    () -> {
                      Cli.Result r = Cli.run("validate", file.toString());
                      assertEquals(ShardCtl.OK, r.status(), r::toString);
                      assertEquals("", r.err(), r::toString);
                      assertEquals(1, r.outLines().size(), r::toString);
                      RoutingTable t = RoutingDocuments.read(file);
                      String line = r.outLines().get(0);
                      assertTrue(
                          line.startsWith(
                              "valid: entity "
                                  + t.entity()
                                  + ", version "
                                  + t.version()
                                  + ", key "
                                  + t.keyType()),
                          line);
                      assertTrue(
                          line.contains(
                              t.partitionCount() + " partitions, " + t.groups().size() + " groups"),
                          line);
                      assertTrue(
                          line.contains(", fingerprint " + t.fingerprint().substring(0, 12)), line);
                    }));
  }

  @Test
  void jumpExample_1024PartitionsOverFourGroupsXxh3() {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.JUMP));
    assertEquals("jump", t.strategy().type());
    assertEquals(1024, t.partitionCount());
    assertEquals(4, t.groups().size());
    assertEquals("xxh3-64", ((HashPartitionStrategy) t.strategy()).hash().name());
    t.groups()
        .forEach(
            g -> {
              assertFalse(g.replicas().isEmpty(), g::toString);
              assertTrue(g.labels().containsKey("region"), g::toString);
            });
  }

  @Test
  void hashModExample_1000PartitionsOverFiveGroupsSeed42() {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.HASH_MOD));
    assertEquals("hash_mod", t.strategy().type());
    assertEquals(1000, t.partitionCount());
    assertEquals(5, t.groups().size());
    HashPartitionStrategy s = (HashPartitionStrategy) t.strategy();
    assertEquals("xxh3-64", s.hash().name());
    assertEquals(42, s.hash().seed());
    t.groups()
        .forEach(
            g -> {
              assertFalse(g.replicas().isEmpty(), g::toString);
              assertTrue(g.labels().containsKey("region"), g::toString);
            });
  }

  @Test
  void range001Example_isSeed001sDocument_routingAs001Defines() throws IOException {
    assertEquals(
        RangeDemo.COMPACT_DOCUMENT.strip(),
        Files.readString(Path.of(Cli.RANGE_COMPACT)).strip(),
        "range-compact.json is the compact range document of docs/format.md §6, and the demo uses the same");
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.RANGE_COMPACT));
    assertEquals("range", t.strategy().type());
    assertEquals(12, t.version());
    assertEquals("ts-01", t.route(Instant.parse("2026-03-31T23:59:59Z")).group().id());
    assertEquals("ts-02", t.route(Instant.parse("2026-04-01T00:00:00Z")).group().id());
    assertEquals(
        "ts-02", t.group("ts-02").primary().endpoint(), "a shard name is its group's endpoint");
  }

  @Test
  void timeBucketsExample_monthlyWithRetentionOverAHashOfTheBusinessKey() {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.TIME_BUCKETS));
    TimeBucketedStrategy s = (TimeBucketedStrategy) t.strategy();
    assertEquals(TimeBuckets.Unit.MONTH, s.buckets().unit());
    assertEquals("metrics_{yyyyMM}", s.buckets().template());
    assertEquals("P12M", s.buckets().retention());
    assertEquals("hash_mod", s.strategy().type());
    assertEquals("metrics_202604", s.bucketOf(Instant.parse("2026-04-01T00:00:00Z")).name());
    assertEquals(
        t.routeCanonical(
            KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING)
                .parseText("[\"plant-a\", \"dev-7\"]")),
        t.route("plant-a", "dev-7"));
  }
}
