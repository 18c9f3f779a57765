package io.shardrouter.lookup;

/**
 * Turns a value into the one form its uniqueness claim and its index entry are filed under, so that
 * {@code Ann@Example.com} and {@code ann@example.com} compete for one claim on one partition (seed
 * 000: the claim is decided at "the unique location found by the normalized e-mail").
 *
 * <p>A normalizer must be a pure function: the same input always gives the same output, and an
 * output normalized again gives itself. {@link Claims} and {@link IndexTable} check both on every
 * call and refuse a normalizer that breaks either, since a claim filed under two forms is no claim.
 * Its {@link #name()} is part of what is stored: changing the rules of a name re-files every value,
 * so a changed rule gets a new name (like a hash, see {@code docs/lookup.md}).
 *
 * <p>The built-in rules are named and pinned by their name ({@code -v1}):
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
 * <p><b>Thread-safety:</b> implementations must be stateless or immutable.
 *
 * <p><b>Stability:</b> stable SPI.
 *
 * @since 0.1
 */
public interface Normalizer {
  /** Leaves values as they are. */
  static Normalizer identity() {
    return Normalizers.identity();
  }

  /** Unicode NFKC ({@code nfkc-v1}). */
  static Normalizer nfkc() {
    return Normalizers.nfkc();
  }

  /**
   * Locale-independent case folding, upper then lower in {@code Locale.ROOT} ({@code
   * case-fold-v1}).
   */
  static Normalizer caseFold() {
    return Normalizers.caseFold();
  }

  /** Leading and trailing white space removed ({@code trim-v1}). */
  static Normalizer trim() {
    return Normalizers.trim();
  }

  /**
   * E-mail addresses: NFKC, trim, case fold, and exactly one '@' with text on both sides ({@code
   * email-v1}).
   */
  static Normalizer email() {
    return Normalizers.email();
  }

  /** The rules applied in order, named {@code name}. */
  static Normalizer chain(String name, Normalizer... rules) {
    return Normalizers.chain(name, rules);
  }

  /**
   * A normalizer named {@code name} applying {@code rule}; it refuses null and text with a lone
   * surrogate before the rule sees them, and a rule that returns null.
   *
   * @throws IllegalArgumentException when {@code name} is null or blank
   */
  static Normalizer of(String name, java.util.function.UnaryOperator<String> rule) {
    return Normalizers.of(name, rule);
  }

  /** The name of the rules, e.g. {@code email-v1}. */
  String name();

  /**
   * The normal form of {@code value}.
   *
   * @throws IllegalArgumentException when the value has no normal form (e.g. an e-mail address
   *     without '@')
   */
  String normalize(String value);
}
