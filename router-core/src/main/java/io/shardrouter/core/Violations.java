package io.shardrouter.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
  /**
   * The most violations kept per kind: per path with its array indices removed ({@code
   * placement[7]} and {@code placement[9]} are one kind, {@code placement[]}); the others are
   * counted and reported as one "and N more" violation.
   */
  public static final int MAX_PER_KIND = 20;

  private final List<Violation> list = new ArrayList<>();
  private final Map<String, Integer> perKind = new LinkedHashMap<>();
  private int total;

  /**
   * Records that {@code path} breaks a rule described by {@code message}; beyond {@link
   * #MAX_PER_KIND} of one kind, only counts it.
   */
  public void add(String path, String message) {
    total++;
    int n = perKind.merge(kindOf(path), 1, Integer::sum);
    if (n <= MAX_PER_KIND) {
      list.add(new Violation(path, message));
    }
  }

  /**
   * The path of the member {@code name} of the object at {@code path} ({@code docs/format.md}
   * §1.8): {@code path.name} when the name is plain (one or more of {@code A-Z a-z 0-9 _ -}), else
   * {@code path["name"]}, the name as a JSON string in brackets, so that a name holding {@code .},
   * {@code [}, {@code ]}, a quote, a space or nothing at all cannot be read as more than one step:
   * {@code routing_versio.} at the top level is {@code ["routing_versio."]}, label {@code a.b} of
   * group 0 is {@code groups[0].labels["a.b"]}. An empty {@code path} is the document's root, whose
   * plain members are written bare ({@code routing_version}).
   *
   * <p>Every path that names a member read from the input is built here.
   *
   * @since 0.1
   */
  public static String member(String path, String name) {
    boolean plain = !name.isEmpty();
    for (int i = 0; plain && i < name.length(); i++) {
      char c = name.charAt(i);
      plain =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '_'
              || c == '-';
    }
    if (plain) {
      return path.isEmpty() ? name : path + "." + name;
    }
    return path + "[" + Printable.quoted(name) + "]";
  }

  /**
   * {@code path} with the digits of its array indices removed: {@code a[3].b[12]} is {@code
   * a[].b[]}. A quoted member name ({@code a["x[1]"]}) is kept whole.
   */
  static String kindOf(String path) {
    if (path.indexOf('[') < 0) {
      return path;
    }
    StringBuilder b = new StringBuilder(path.length());
    boolean inIndex = false;
    boolean inQuotes = false;
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (inQuotes) {
        b.append(c);
        if (c == '\\' && i + 1 < path.length()) {
          b.append(path.charAt(++i));
        } else if (c == '"') {
          inQuotes = false;
        }
        continue;
      }
      if (c == '[') {
        inIndex = true;
      } else if (c == ']') {
        inIndex = false;
      } else if (inIndex && c == '"') {
        inQuotes = true;
      } else if (inIndex && c >= '0' && c <= '9') {
        continue;
      }
      b.append(c);
    }
    return b.toString();
  }

  /** The kept violations, then one "and N more" per kind that had more than the cap. */
  private List<Violation> reported() {
    if (total == list.size()) {
      return list;
    }
    List<Violation> out = new ArrayList<>(list);
    for (Map.Entry<String, Integer> e : perKind.entrySet()) {
      if (e.getValue() > MAX_PER_KIND) {
        out.add(
            new Violation(
                e.getKey(),
                "and "
                    + (e.getValue() - MAX_PER_KIND)
                    + " more violations at "
                    + e.getKey()
                    + " (only the first "
                    + MAX_PER_KIND
                    + " of each kind are listed)"));
      }
    }
    return out;
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

  /** How many violations are kept to be listed (at most {@link #MAX_PER_KIND} of a kind). */
  int kept() {
    return list.size();
  }

  /** The kept violations from the {@code from}th on, in the order they were added. */
  List<Violation> keptSince(int from) {
    return List.copyOf(list.subList(from, list.size()));
  }

  public boolean isEmpty() {
    return total == 0;
  }

  /** How many violations were added, those only counted included. */
  public int size() {
    return total;
  }

  /** The violations, at most {@link #MAX_PER_KIND} of a kind, then the "and N more" lines. */
  public List<Violation> asList() {
    return List.copyOf(reported());
  }

  /** Throws {@link InvalidRoutingTableException} listing every violation, if there is any. */
  public void throwIfAny() {
    if (total != 0) {
      throw new InvalidRoutingTableException(reported());
    }
  }
}
