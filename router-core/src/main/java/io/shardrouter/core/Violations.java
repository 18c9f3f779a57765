package io.shardrouter.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the violations found while checking a routing document, so that all of them are reported
 * together instead of one per attempt.
 *
 * <p><b>Thread-safety:</b> mutable; confine to one thread.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class Violations {
  private final List<Violation> list = new ArrayList<>();

  /** Records that {@code path} breaks a rule described by {@code message}. */
  public void add(String path, String message) {
    list.add(new Violation(path, message));
  }

  /**
   * Records the violation unless one is already recorded at {@code path} or below it, so that a
   * missing value is not reported again after its parse error.
   */
  public void addUnlessReported(String path, String message) {
    for (Violation v : list) {
      String p = v.path();
      if (p.equals(path) || p.startsWith(path + ".") || p.startsWith(path + "[")) {
        return;
      }
    }
    add(path, message);
  }

  public boolean isEmpty() {
    return list.isEmpty();
  }

  public int size() {
    return list.size();
  }

  public List<Violation> asList() {
    return List.copyOf(list);
  }

  /** Throws {@link InvalidRoutingTableException} listing every violation, if there is any. */
  public void throwIfAny() {
    if (!list.isEmpty()) {
      throw new InvalidRoutingTableException(list);
    }
  }
}
