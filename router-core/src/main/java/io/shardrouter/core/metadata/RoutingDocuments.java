package io.shardrouter.core.metadata;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violation;
import io.shardrouter.core.Violations;
import io.shardrouter.core.internal.StrictUtf8;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes routing tables: the JSON routing document (format 1, {@code docs/format.md}) and
 * its binary snapshot (the document LZ4-compressed in a checksummed frame, format.md §4). Every
 * reader takes either form, told apart by the snapshot's magic bytes, so a service, a file and
 * {@code shardctl} load a table the same way whatever form it was shipped in.
 *
 * <p>Reading is strict: the input size, nesting depth and string lengths are bounded before any
 * tree is built; duplicate and unknown fields are refused with their JSON path; no polymorphic
 * typing is used; and every violation found is reported together in one {@link
 * InvalidRoutingTableException}, as is a snapshot that is not exactly what its writer wrote.
 * Writing is deterministic: fields in a fixed order, so the same table always gives the same bytes.
 *
 * <p>A document without a {@code format} field is handed to the document reader on the class path
 * that recognizes its shape, such as router-range's reader of the compact range document (format.md
 * §6.3); with none, it is refused like any document without a format.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable (document format 1 and snapshot format 1 are pinned by golden files).
 *
 * @since 0.1
 */
public final class RoutingDocuments {
  /** The deepest nesting accepted (composite strategies nest). */
  public static final int MAX_NESTING = 32;

  private static final Set<String> TOP_FIELDS =
      Set.of(
          "format",
          "routing_version",
          "entity",
          "key",
          "strategy",
          "groups",
          "placement",
          "extensions");
  private static final ObjectWriter WRITER =
      new ObjectMapper()
          .writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

  private RoutingDocuments() {}

  /** Reads the text of a document with the strategies on the class path and the default limits. */
  public static RoutingTable read(String json) {
    return readDocument(
        json.getBytes(StandardCharsets.UTF_8),
        StrategyRegistry.defaultRegistry(),
        ReadLimits.defaults());
  }

  /**
   * The {@link Spec} written as the JSON text {@code json}, read as strictly as a routing document:
   * one value, no comments, no repeated names, at most {@value #MAX_NESTING} levels deep and 64
   * MiB. Integers of any size stay integers; a number with a fraction or an exponent is a decimal.
   * For strategy parameters kept as text (a configuration file, a test); {@code
   * parseSpec(v.toString())} equals {@code v}.
   *
   * @throws IllegalArgumentException naming the line and column of the first problem, or the limit
   */
  public static Spec parseSpec(String json) {
    Objects.requireNonNull(json, "json");
    if (!CanonicalBytes.isWellFormed(json)) {
      throw new IllegalArgumentException(
          "the JSON text has a lone surrogate, which has no UTF-8 form; fix the text's encoding");
    }
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    int maxBytes = ReadLimits.DEFAULT_MAX_DOCUMENT_BYTES; // a document's default limits
    if (bytes.length > maxBytes) {
      throw new IllegalArgumentException(
          "the JSON text is " + bytes.length + " bytes, over the limit of " + maxBytes);
    }
    try {
      ContainerSizes.check(bytes, ReadLimits.DEFAULT_MAX_ENTRIES, MAX_NESTING);
      return SpecJson.fromJson(StrictJson.parse(bytes, maxBytes, MAX_NESTING, Set.of()));
    } catch (InvalidRoutingTableException e) {
      throw new IllegalArgumentException("not one JSON value: " + e.violations().get(0), e);
    }
  }

  /**
   * Reads a document or a snapshot with the strategies on the class path and the default limits.
   */
  public static RoutingTable read(byte[] bytes) {
    return read(bytes, StrategyRegistry.defaultRegistry(), ReadLimits.defaults());
  }

  /**
   * Reads a file that holds a document or a snapshot, with the strategies on the class path and the
   * default limits.
   *
   * @throws UncheckedIOException when the file cannot be read, naming it
   */
  public static RoutingTable read(Path file) {
    return read(file, StrategyRegistry.defaultRegistry(), ReadLimits.defaults());
  }

  /**
   * Reads a file that holds a document or a snapshot within {@code limits}, building strategies
   * from {@code registry}.
   *
   * @throws InvalidRoutingTableException when the file is over one of {@code limits}, or its
   *     content is refused as {@link #read(byte[], StrategyRegistry, ReadLimits)} refuses it
   * @throws UncheckedIOException when the file cannot be read, naming it
   */
  public static RoutingTable read(Path file, StrategyRegistry registry, ReadLimits limits) {
    return read(readBounded(file, limits), registry, limits);
  }

  /**
   * The bytes of {@code file}, read only when they fit {@code limits} (the larger of a document's
   * bytes and a snapshot's content) and this process's heap budget for a table's bytes: a file over
   * either is refused before it is read, and a file that grows while it is read is refused when the
   * read passes the limit, so no file makes the reader hold more than the limit.
   *
   * @throws InvalidRoutingTableException at {@code $}, naming the file, its size and the limit
   * @throws UncheckedIOException when the file cannot be read (its cause, such as {@link
   *     java.nio.file.NoSuchFileException}, says why)
   */
  static byte[] readBounded(Path file, ReadLimits limits) {
    long max = Math.max(limits.maxDocumentBytes(), limits.maxSnapshotContentBytes());
    long budget = Snapshots.contentBudget();
    if (budget < max) {
      long size = size(file);
      if (size <= max && size > budget) {
        throw new InvalidRoutingTableException(
            new Violation(
                "$",
                "file "
                    + file
                    + " is "
                    + size
                    + " bytes, over this process's heap budget for a routing table's bytes of "
                    + budget
                    + " (1/"
                    + Snapshots.HEAP_SHARE
                    + " of its "
                    + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB heap); refused before it is read: give the process more heap (-Xmx)"
                    + " if the table is really that large"));
      }
    }
    return readFile(file, max);
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read routing table file " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads a document or a snapshot, told apart by the snapshot's magic bytes, within {@code limits}
   * (its bytes or a snapshot's declared content, the entries of each array and object, the
   * partitions), building strategies from {@code registry}.
   *
   * @throws InvalidRoutingTableException listing every violation with its JSON path; with one
   *     violation at {@code $} when the bytes are not strict UTF-8 JSON with an object at the top;
   *     with one naming the limit when they are over one of {@code limits} (found before anything
   *     that grows with them is built; at {@code $}, or at {@code placement} for the partitions);
   *     with one at {@code snapshot} when a snapshot is not intact
   */
  public static RoutingTable read(byte[] bytes, StrategyRegistry registry, ReadLimits limits) {
    if (Snapshots.isSnapshot(bytes)) {
      return Snapshots.read(bytes, registry, limits);
    }
    InvalidRoutingTableException damaged = Snapshots.damagedMagic(bytes);
    if (damaged != null) {
      throw damaged;
    }
    return readDocument(bytes, registry, limits);
  }

  /** True when {@code bytes} start with the snapshot's magic bytes rather than a JSON document. */
  public static boolean isSnapshot(byte[] bytes) {
    return Snapshots.isSnapshot(bytes);
  }

  /** Reads {@code json}, a document and never a snapshot, within {@code limits}. */
  static RoutingTable readDocument(byte[] json, StrategyRegistry registry, ReadLimits limits) {
    return readDocument(json, registry, limits, false);
  }

  /**
   * As {@link #readDocument(byte[], StrategyRegistry, ReadLimits)}; {@code entriesChecked} when the
   * caller has already refused a container over {@code limits.maxEntries()} (a snapshot's content,
   * counted while it was decompressed), so the pass over the bytes that does it is not repeated.
   */
  static RoutingTable readDocument(
      byte[] json, StrategyRegistry registry, ReadLimits limits, boolean entriesChecked) {
    int maxBytes = limits.maxDocumentBytes();
    if (json.length > maxBytes) {
      throw new InvalidRoutingTableException(
          new Violation(
              "$",
              "document is "
                  + json.length
                  + " bytes, over the limit of "
                  + maxBytes
                  + "; ship large tables as a binary snapshot or raise the limit"));
    }
    int badByte = StrictUtf8.firstInvalid(json);
    if (badByte >= 0) {
      throw new InvalidRoutingTableException(
          new Violation("$", StrictUtf8.describe(json, badByte)));
    }
    if (!entriesChecked) {
      ContainerSizes.check(json, limits.maxEntries(), MAX_NESTING);
    }
    JsonNode root = StrictJson.parse(json, maxBytes, MAX_NESTING, registry.bulkParameters());
    if (!root.isObject()) {
      throw new InvalidRoutingTableException(
          new Violation(
              "$",
              "must be a JSON object, got "
                  + root.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
    }
    Violations v = new Violations();
    RoutingTable.Builder b = RoutingTable.builder();
    int beforeText = v.size();
    wellFormedText(root, "", v);
    if (v.size() > beforeText) {
      v.throwIfAny(); // later checks would only repeat the same strings' problems
    }
    if (!root.has("format")) {
      Spec rootSpec = spec(root, "$", v);
      if (rootSpec == null) {
        throw new InvalidRoutingTableException(v.asList()); // spec reported why
      }
      DocumentReader reader = DocumentReaders.readerOf(rootSpec, v);
      if (reader != null) {
        RoutingTable t = reader.read(rootSpec, registry, v);
        v.throwIfAny();
        if (t == null) {
          v.add(
              "$",
              "document reader '"
                  + reader.name()
                  + "' ("
                  + reader.getClass().getName()
                  + ") read no table and reported no reason; this is a bug in that reader");
          v.throwIfAny();
        }
        if (t.partitionCount() > limits.maxPartitions()) {
          throw new InvalidRoutingTableException(
              new Violation(
                  "$",
                  "the "
                      + reader.name()
                      + " document has "
                      + t.partitionCount()
                      + " partitions, over the limit of "
                      + limits.maxPartitions()
                      + " (ReadLimits.maxPartitions); raise the limit where the table is read if"
                      + " it is genuine"));
        }
        return t;
      }
      v.throwIfAny();
    }
    JsonFields.unknownFields(root, "", TOP_FIELDS, v);

    JsonNode format = root.get("format");
    if (format == null) {
      v.add(
          "format",
          "missing; this library reads format "
              + RoutingTable.FORMAT
              + DocumentReaders.shapesHint());
    } else if (!format.isIntegralNumber()
        || !format.canConvertToLong()
        || format.asLong() != RoutingTable.FORMAT) {
      v.add(
          "format",
          "unsupported format " + format + "; this library reads format " + RoutingTable.FORMAT);
    }
    JsonNode version = root.get("routing_version");
    if (version != null) {
      if (!version.isIntegralNumber() || !version.canConvertToLong() || version.asLong() < 0) {
        v.add("routing_version", "must be an integer >= 0, got " + version);
      } else {
        b.version(version.asLong());
      }
    }
    JsonNode entity = root.get("entity");
    if (entity != null) {
      if (!entity.isTextual()) {
        v.add("entity", "must be a string, got " + entity);
      } else {
        b.entity(entity.textValue());
      }
    }
    KeyType keyType = KeyTypeJson.read(root.get("key"), v);
    if (keyType != null) {
      b.keyType(keyType);
    }
    JsonNode strategyNode = root.get("strategy");
    if (strategyNode != null) {
      // Strategies whose parameters hold keys read them in the entity's key type.
      Spec strategySpec = spec(strategyNode, "strategy", v);
      PartitionStrategy strategy =
          strategySpec == null ? null : registry.create(strategySpec, "strategy", v, keyType);
      if (strategy != null) {
        b.strategy(strategy);
      }
    }
    int beforeGroups = v.size();
    List<ReplicaGroup> groups = GroupsJson.read(root.get("groups"), v);
    b.groups(groups);
    boolean groupsOk = v.size() == beforeGroups;
    JsonNode placement = root.get("placement");
    if (placement != null) {
      if (!placement.isArray()) {
        v.add(
            "placement",
            "must be an array of group ids, one per partition, got " + placement.getNodeType());
      } else if (placement.size() > limits.maxPartitions()) {
        throw new InvalidRoutingTableException(
            new Violation(
                "placement",
                "has "
                    + placement.size()
                    + " entries, one per partition, over the limit of "
                    + limits.maxPartitions()
                    + " partitions (ReadLimits.maxPartitions); raise the limit where the table is"
                    + " read if it is genuine (docs/format.md §3.4 gives the memory per"
                    + " partition)"));
      } else {
        List<String> ids = new ArrayList<>(placement.size());
        for (int i = 0; i < placement.size(); i++) {
          JsonNode id = placement.get(i);
          if (!id.isTextual()) {
            v.add("placement[" + i + "]", "must be a group id string, got " + id);
          }
          ids.add(id.isTextual() ? id.textValue() : null);
        }
        if (groupsOk) {
          b.placement(ids);
        }
      }
    }
    readExtensions(root.get("extensions"), b, v);
    b.checkHeader(v);
    if (groupsOk) {
      b.checkGroupsAndPlacement(v);
    }
    v.throwIfAny();
    return b.build();
  }

  /**
   * The {@link Spec} of {@code node}, found at {@code path}; null, reported there, when it holds a
   * number no spec holds (one out of the range of a {@code double}, such as {@code 1e400}).
   */
  private static @Nullable Spec spec(JsonNode node, String path, Violations v) {
    try {
      return SpecJson.fromJson(node);
    } catch (IllegalArgumentException e) {
      v.add(path, Objects.requireNonNullElse(e.getMessage(), e.toString()));
      return null;
    }
  }

  /**
   * Reads the optional {@code extensions} object: named values that core carries without reading
   * ({@code docs/format.md} §1.10).
   */
  private static void readExtensions(JsonNode extensions, RoutingTable.Builder b, Violations v) {
    if (extensions == null) {
      return;
    }
    if (!extensions.isObject()) {
      v.add("extensions", "must be an object of named extensions, got " + extensions.getNodeType());
      return;
    }
    Iterator<Map.Entry<String, JsonNode>> it = extensions.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      try {
        b.extension(e.getKey(), SpecJson.fromJson(e.getValue()));
      } catch (IllegalArgumentException bad) {
        v.add(
            Violations.member("extensions", e.getKey()),
            Objects.requireNonNullElse(bad.getMessage(), bad.toString()));
      }
    }
  }

  /**
   * The document of {@code table}, indented, fields in the fixed order of format 1: the text of
   * {@link RoutingTable#toSpec()}, with the strategy's {@link PartitionStrategy#toSpec()} written
   * field by field as it is walked (a directory of millions of entries is never held twice).
   */
  public static String write(RoutingTable table) {
    try {
      return WRITER.writeValueAsString(RoutingTableJson.streamedDocument(table.toSpec())) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write routing table " + table + ": " + e, e);
    }
  }

  /**
   * The snapshot of {@code table}: its compact document, LZ4-compressed, in a frame of magic bytes,
   * format, lengths and a CRC-32C; {@link #read(byte[])} reads it back to an equal table.
   */
  public static byte[] writeSnapshot(RoutingTable table) {
    return Snapshots.write(table);
  }

  /** The document of {@code table} as compact UTF-8 bytes. */
  public static byte[] writeCompact(RoutingTable table) {
    try {
      return new ObjectMapper()
          .writeValueAsBytes(RoutingTableJson.streamedDocument(table.toSpec()));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write routing table " + table + ": " + e, e);
    }
  }

  static byte[] readFile(Path file, long maxBytes) {
    try {
      long size = Files.size(file);
      if (size > maxBytes) {
        throw new InvalidRoutingTableException(
            new Violation(
                "$",
                "file "
                    + file
                    + " is "
                    + size
                    + " bytes, over the limit of "
                    + maxBytes
                    + "; ship large tables as a binary snapshot or raise the limit"));
      }
      int cap = (int) Math.min(maxBytes, Integer.MAX_VALUE - 16);
      byte[] bytes;
      try (InputStream in = Files.newInputStream(file)) {
        bytes = in.readNBytes(cap + 1);
      }
      if (bytes.length > cap) {
        throw new InvalidRoutingTableException(
            new Violation(
                "$",
                "file "
                    + file
                    + " was "
                    + size
                    + " bytes but read past the limit of "
                    + maxBytes
                    + " (it grew while it was read); read stopped there: write the file whole"
                    + " and then rename it into place, as RoutingFilePublisher does"));
      }
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read routing table file " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reports every field name or string value with a lone surrogate: such text has no UTF-8 form.
   * Lazily read containers were checked while they were read (see {@link DocumentTree}).
   */
  private static void wellFormedText(JsonNode node, String path, Violations v) {
    if (node instanceof LazyObjectNode || node instanceof LazyArrayNode) {
      return;
    }
    if (node.isTextual()) {
      if (!CanonicalBytes.isWellFormed(node.textValue())) {
        v.add(
            path.isEmpty() ? "$" : path,
            "string has a lone surrogate (an unpaired \\uD800-\\uDFFF escape) and so no UTF-8 form");
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        wellFormedText(node.get(i), path + "[" + i + "]", v);
      }
    } else if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> it = node.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        String child = Violations.member(path, e.getKey());
        if (!CanonicalBytes.isWellFormed(e.getKey())) {
          v.add(
              path.isEmpty() ? "$" : path, "field name has a lone surrogate and so no UTF-8 form");
        }
        wellFormedText(e.getValue(), child, v);
      }
    }
  }
}
