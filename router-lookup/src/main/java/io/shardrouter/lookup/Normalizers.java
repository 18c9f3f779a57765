package io.shardrouter.lookup;

import io.shardrouter.core.internal.Utf8;
import java.text.Normalizer.Form;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Named, explicit normalization rules for claims and index entries. Each rule is pinned by its name
 * ({@code -v1}); a rule that must change gets a new name.
 *
 * <ul>
 *   <li>{@link #nfkc()} {@code nfkc-v1}: Unicode NFKC ({@link java.text.Normalizer}), so
 *       compatibility forms (full-width {@code Ａ}, the ligature {@code ﬁ}) and composed/decomposed
 *       accents meet.
 *   <li>{@link #caseFold()} {@code case-fold-v1}: {@code toUpperCase(Locale.ROOT)} then {@code
 *       toLowerCase(Locale.ROOT)}: locale-independent, and {@code ß}/{@code SS}/{@code ss} meet, as
 *       do words spelled with {@code σ} or {@code ς} (Java's final-sigma rule picks one spelling).
 *       It is close to, not the same as, Unicode full case folding.
 *   <li>{@link #trim()} {@code trim-v1}: leading and trailing white space removed ({@link
 *       String#strip()}).
 *   <li>{@link #email()} {@code email-v1}: NFKC, trim, case fold, then exactly one {@code @} with
 *       text on both sides, else refused. The whole address is folded: mailboxes are treated as
 *       case-insensitive, as nearly all providers do. Provider rules (dots and {@code +tags} of
 *       some providers) are not applied; add them with {@link #chain} under a name of your own.
 * </ul>
 *
 * <p><b>Thread-safety:</b> every normalizer here is stateless.
 *
 * <p><b>Stability:</b> stable: a name's output never changes.
 *
 * @since 0.1
 */
public final class Normalizers {
  private static final Normalizer IDENTITY = of("identity", v -> v);
  private static final Normalizer NFKC =
      of("nfkc-v1", v -> java.text.Normalizer.normalize(v, Form.NFKC));
  private static final Normalizer CASE_FOLD =
      of("case-fold-v1", v -> v.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT));
  private static final Normalizer TRIM = of("trim-v1", String::strip);
  private static final Normalizer EMAIL = of("email-v1", Normalizers::email);

  private Normalizers() {}

  /** Leaves values as they are. */
  public static Normalizer identity() {
    return IDENTITY;
  }

  /** Unicode NFKC. */
  public static Normalizer nfkc() {
    return NFKC;
  }

  /** Locale-independent case folding (upper, then lower, in {@link Locale#ROOT}). */
  public static Normalizer caseFold() {
    return CASE_FOLD;
  }

  /** Leading and trailing white space removed. */
  public static Normalizer trim() {
    return TRIM;
  }

  /** E-mail addresses: NFKC, trim, case fold, and exactly one '@' with text on both sides. */
  public static Normalizer email() {
    return EMAIL;
  }

  /** The rules applied in order, named {@code name}. */
  public static Normalizer chain(String name, Normalizer... rules) {
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
  public static Normalizer of(String name, java.util.function.UnaryOperator<String> rule) {
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
        if (!Utf8.isWellFormed(value)) {
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
