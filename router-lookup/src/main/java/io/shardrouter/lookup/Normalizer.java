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
 * <p><b>Thread-safety:</b> implementations must be stateless or immutable.
 *
 * <p><b>Stability:</b> stable SPI.
 *
 * @since 0.1
 */
public interface Normalizer {

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
