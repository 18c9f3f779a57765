package io.shardrouter.core.metadata;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads a routing document of another shape than format 1, such as the compact range document
 * ({@code routing_version}, {@code entity}, {@code ranges}; {@code docs/format.md} §6). {@code
 * RoutingDocuments.read} hands a document that has no {@code format} field to the one reader on the
 * class path whose {@link #accepts} says the shape is its own; a document with {@code format} is
 * always read as that format. Readers are found through {@link java.util.ServiceLoader}: list the
 * class in {@code META-INF/services/io.shardrouter.core.metadata.DocumentReader}, or {@code
 * provides io.shardrouter.core.metadata.DocumentReader with ...} on the module path.
 *
 * <p>The reader gets the parsed document, as a {@link Spec}, after the checks that apply to every
 * document: the size, nesting and string limits, duplicate fields and well-formed text. It reports
 * every violation with its JSON path, as format 1 does, and returns the table in the same terms as
 * a format-1 document: written back, the table is a format-1 document.
 *
 * <p><b>Thread-safety:</b> implementations must be stateless.
 *
 * <p>A document shape is part of the format, which every implementation of the spec reads alike
 * (docs/format.md §6): a reader of a shape of your own makes documents that only your processes
 * read. {@link #readKeyType} and {@link #readGroups} read the parts that a shape writes as format 1
 * does.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface DocumentReader {

  /** A short name for messages, e.g. {@code compact-range}. */
  String name();

  /**
   * How a document of this shape is recognized, for messages, e.g. {@code top-level "ranges" and no
   * "format"}.
   */
  String shape();

  /**
   * True when {@code root}, an object without a {@code format} field, has this reader's shape,
   * judged by its fields.
   */
  boolean accepts(Spec root);

  /**
   * Reads the table, reporting every broken rule to {@code violations} with its JSON path; returns
   * null when any was reported. Strategies, where the shape names them, are built from {@code
   * registry}.
   */
  RoutingTable read(Spec root, StrategyRegistry registry, Violations violations);

  /**
   * The key type of a {@code key} object written as in format 1 ({@code {"type": "string"}}, {@code
   * {"type": "composite", "parts": ["string", "long"]}}; docs/format.md §1.3), reporting problems
   * at paths under {@code key}; null when it is invalid (reported) or {@code key} is null (absent,
   * not reported).
   */
  static @Nullable KeyType readKeyType(@Nullable Spec key, Violations violations) {
    return key == null ? null : KeyTypeJson.read(SpecJson.toJson(key), violations);
  }

  /**
   * The replica groups of a {@code groups} array written as in format 1 (docs/format.md §1.5),
   * reporting problems at paths under {@code groups}; no groups when {@code groups} is null.
   */
  static List<ReplicaGroup> readGroups(@Nullable Spec groups, Violations violations) {
    return GroupsJson.read(groups == null ? null : SpecJson.toJson(groups), violations);
  }
}
