package io.shardrouter.core.metadata;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.Violations;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/**
 * The {@link DocumentReader}s on the class path, loaded once, and the choice of one for a document.
 */
final class DocumentReaders {
  private static volatile @Nullable List<DocumentReader> readers;

  private DocumentReaders() {}

  /** The document readers on the class path of this library, loaded once. */
  static List<DocumentReader> all() {
    List<DocumentReader> r = readers;
    if (r == null) {
      List<DocumentReader> found = new ArrayList<>();
      ServiceLoader.load(DocumentReader.class, RoutingDocuments.class.getClassLoader())
          .forEach(found::add);
      r = List.copyOf(found);
      readers = r;
    }
    return r;
  }

  /**
   * The one reader that accepts {@code root}; null when none does; reports several at {@code $}.
   */
  static @Nullable DocumentReader readerOf(Spec root, Violations v) {
    List<DocumentReader> accepting = new ArrayList<>();
    for (DocumentReader r : all()) {
      if (r.accepts(root)) {
        accepting.add(r);
      }
    }
    if (accepting.size() > 1) {
      List<String> names = new ArrayList<>();
      accepting.forEach(r -> names.add(r.name() + " (" + r.getClass().getName() + ")"));
      v.add(
          "$",
          "the document has no \"format\" and the shape of several document readers "
              + names
              + "; remove all but one from the class path, or write the document in format "
              + RoutingTable.FORMAT);
      return null;
    }
    return accepting.isEmpty() ? null : accepting.get(0);
  }

  static String shapesHint() {
    if (all().isEmpty()) {
      return "";
    }
    List<String> shapes = new ArrayList<>();
    all().forEach(r -> shapes.add(r.name() + ": " + r.shape()));
    return "; documents without \"format\" are read when they have one of these shapes: " + shapes;
  }
}
