package io.shardrouter.lookup;

import io.shardrouter.core.CanonicalBytes;
import java.text.Normalizer.Form;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** The rules behind {@link Normalizer}'s static methods. */
final class Normalizers {
  private static final Normalizer IDENTITY = of("identity", v -> v);
  private static final Normalizer NFKC =
      of("nfkc-v1", v -> java.text.Normalizer.normalize(v, Form.NFKC));
  private static final Normalizer CASE_FOLD =
      of("case-fold-v1", v -> v.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT));
  private static final Normalizer TRIM = of("trim-v1", String::strip);
  private static final Normalizer EMAIL = of("email-v1", Normalizers::email);

  private Normalizers() {}

  /** Leaves values as they are. */
  static Normalizer identity() {
    return IDENTITY;
  }

  /** Unicode NFKC. */
  static Normalizer nfkc() {
    return NFKC;
  }

  /** Locale-independent case folding (upper, then lower, in {@link Locale#ROOT}). */
  static Normalizer caseFold() {
    return CASE_FOLD;
  }

  /** Leading and trailing white space removed. */
  static Normalizer trim() {
    return TRIM;
  }

  /** E-mail addresses: NFKC, trim, case fold, and exactly one '@' with text on both sides. */
  static Normalizer email() {
    return EMAIL;
  }

  /** The rules applied in order, named {@code name}. */
  static Normalizer chain(String name, Normalizer... rules) {
    List<Normalizer> list = new ArrayList<>(List.of(rules));
    return of(
        name,
        v -> {
          String out = v;
          for (Normalizer n : list) {
            out = n.normalize(out);
          }
          return out;
        });
  }

  /** A normalizer named {@code name} applying {@code rule}. */
  static Normalizer of(String name, java.util.function.UnaryOperator<String> rule) {
    Objects.requireNonNull(rule, "rule");
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          "a normalizer needs a name such as 'email-v1', got "
              + (name == null ? "null" : "'" + name + "'"));
    }
    return new Normalizer() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String normalize(String value) {
        if (value == null) {
          throw new IllegalArgumentException(
              "normalizer '" + name + "' got null; give the value to normalize");
        }
        if (!CanonicalBytes.isWellFormed(value)) {
          throw new IllegalArgumentException(
              "normalizer '"
                  + name
                  + "' got text with a lone surrogate, which has no UTF-8 form; fix the input");
        }
        String out = rule.apply(value);
        if (out == null) {
          throw new IllegalStateException(
              "normalizer '"
                  + name
                  + "' returned null for a value; it must return the normal form");
        }
        return out;
      }

      @Override
      public String toString() {
        return name;
      }
    };
  }

  private static String email(String value) {
    String v = CASE_FOLD.normalize(TRIM.normalize(NFKC.normalize(value)));
    int at = v.indexOf('@');
    if (at <= 0 || at != v.lastIndexOf('@') || at == v.length() - 1) {
      throw new IllegalArgumentException(
          "'" + value + "' is no e-mail address: it needs exactly one '@' with text on both sides");
    }
    return v;
  }
}
