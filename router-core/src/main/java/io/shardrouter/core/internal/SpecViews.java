package io.shardrouter.core.internal;

import io.shardrouter.core.Spec;
import java.util.List;
import java.util.Map;

/**
 * Makes {@link Spec} objects and arrays that are views of a map or list instead of copies: for
 * containers too large to copy, such as the {@code entries} of a lookup directory with millions of
 * keys, read from a document's bytes or written from the directory while they are walked.
 *
 * <p>The caller promises what {@link Spec} promises: the view is read-only (every mutator throws
 * {@link UnsupportedOperationException}, as those of {@link java.util.AbstractMap} and {@link
 * java.util.AbstractList} do unless overridden), its content never changes, its entries are never
 * null, and an object's names are unique. Walking a view may be linear ({@link Map#get} included):
 * code that reads such a value walks it once.
 *
 * <p><b>Thread-safety:</b> the views are as thread-safe as the map or list they wrap.
 *
 * <p><b>Stability:</b> internal.
 */
public final class SpecViews {
  /** Builds the views; installed by {@link Spec} when it is initialized. */
  public interface Factory {
    /** An object value over {@code fields}, not copied. */
    Spec object(Map<String, Spec> fields);

    /** An array value over {@code elements}, not copied. */
    Spec array(List<Spec> elements);
  }

  private static volatile Factory factory;

  private SpecViews() {}

  /**
   * Called once, by {@link Spec}'s initializer; throws {@link IllegalStateException} on a second
   * call.
   */
  public static synchronized void install(Factory f) {
    if (factory != null) {
      throw new IllegalStateException("SpecViews is installed by Spec only, once");
    }
    factory = f;
  }

  /** An object value that is a view of {@code fields} (see the class comment). */
  public static Spec object(Map<String, Spec> fields) {
    return factory().object(fields);
  }

  /** An array value that is a view of {@code elements} (see the class comment). */
  public static Spec array(List<Spec> elements) {
    return factory().array(elements);
  }

  private static Factory factory() {
    Spec.nullValue(); // Spec's initializer installs the factory, and has run when this returns
    return factory;
  }
}
