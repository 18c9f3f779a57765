package io.shardrouter.lookup;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Uniqueness claims decided on exactly one partition ({@code docs/lookup.md}): "not found in the
 * index" is no lock, since two registrations can both check before either writes; the value must be
 * claimed atomically at the one place its normal form routes to, and the claim must survive a
 * crash.
 *
 * <p>The protocol, driven by DAO code with its store's atomic insert ({@link ClaimStore}):
 *
 * <ol>
 *   <li>{@link #claim} normalizes the value, routes the normal form through the claims entity's
 *       router, and inserts a {@link ClaimRecord.State#PENDING} record with a fresh token and an
 *       expiry. The insert is atomic on that one partition, so of two registrations exactly one
 *       wins; the other gets {@link ClaimResult.Taken}. A pending record whose expiry has passed
 *       (its registration crashed) is taken over with a conditional replace, again by exactly one.
 *   <li>The winner writes its primary row (anywhere: it is routed by its own key).
 *   <li>{@link #commit} replaces the pending record by a {@link ClaimRecord.State#COMMITTED} one,
 *       on condition that it is still this claim's (same token). If the claim expired and was taken
 *       over, commit throws {@link ClaimLostException}: undo the primary row. Choose the expiry
 *       well above the time step 2 takes.
 *   <li>{@link #release} deletes the claim: after a failed step 2, or when the value is given up
 *       (the account is deleted or changes its e-mail: claim the new value first, release the old
 *       one after).
 * </ol>
 *
 * <p>The claim records live with their partition: a migration that moves a partition moves its
 * claim records too. A new routing version that sends a value to another partition makes a claim in
 * flight fail on commit ({@link ClaimLostException}), never succeed in two places.
 *
 * <p><b>Thread-safety:</b> immutable; safe for any number of threads (no locks: every step is one
 * atomic store operation).
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class Claims {
  private static final int MAX_ATTEMPTS = 16;

  private final Router router;
  private final Normalizer normalizer;
  private final ClaimStore store;
  private final long pendingMillis;
  private final LongSupplier clock;
  private final Supplier<String> tokens;

  private Claims(
      Router router,
      Normalizer normalizer,
      ClaimStore store,
      long pendingMillis,
      LongSupplier clock,
      Supplier<String> tokens) {
    this.router = router;
    this.normalizer = normalizer;
    this.store = store;
    this.pendingMillis = pendingMillis;
    this.clock = clock;
    this.tokens = tokens;
  }

  /**
   * Claims of values normalized by {@code normalizer}, routed by {@code router} (string keys), kept
   * in {@code store}, on the system clock.
   */
  public static Claims of(
      Router router, Normalizer normalizer, ClaimStore store, Duration pendingExpiry) {
    return of(router, normalizer, store, pendingExpiry, System::currentTimeMillis);
  }

  /**
   * As {@link #of(Router, Normalizer, ClaimStore, Duration)} with {@code clockMillis} as the clock
   * (ms since the epoch). Every process claiming the same values must use clocks that agree within
   * a small fraction of {@code pendingExpiry}.
   *
   * @throws IllegalArgumentException when the router does not route string keys or the expiry is
   *     not positive
   */
  public static Claims of(
      Router router,
      Normalizer normalizer,
      ClaimStore store,
      Duration pendingExpiry,
      LongSupplier clockMillis) {
    Objects.requireNonNull(router, "router");
    Objects.requireNonNull(normalizer, "normalizer");
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(clockMillis, "clock");
    if (!router.table().keyType().equals(KeyType.STRING)) {
      throw new IllegalArgumentException(
          "claims route the normal forms of values, which are strings, but entity '"
              + router.table().entity()
              + "' has keys of type "
              + router.table().keyType()
              + "; give the claims an entity with {\"type\": \"string\"} keys");
    }
    if (pendingExpiry == null || pendingExpiry.isNegative() || pendingExpiry.isZero()) {
      throw new IllegalArgumentException(
          "pendingExpiry must be a positive duration, well above the time a registration takes, got "
              + pendingExpiry);
    }
    return new Claims(
        router,
        normalizer,
        store,
        pendingExpiry.toMillis(),
        clockMillis,
        () -> UUID.randomUUID().toString());
  }

  /**
   * These claims with {@code tokens} making each claim's token instead of random UUIDs: for tests
   * that must replay a schedule (the model checker of {@code ClaimsLincheckTest} cannot run {@code
   * SecureRandom}). Tokens must never repeat.
   */
  Claims withTokens(Supplier<String> tokens) {
    return new Claims(router, normalizer, store, pendingMillis, clock, tokens);
  }

  /**
   * The normal form of {@code value} and the route of its claim. Refuses a normalizer that is not a
   * function.
   */
  public NormalizedValue locate(String value) {
    return NormalizedValue.of(value, normalizer, router, "the claim of '" + value + "'");
  }

  /**
   * Step 1: claims {@code value} for {@code owner}, pending until {@link #commit}.
   *
   * @return {@link ClaimResult.Granted} with the claim, or {@link ClaimResult.Taken} with the
   *     holder's record
   * @throws IllegalStateException when the normalizer is not a function, or the store's record kept
   *     changing during the attempt (its operations are not atomic)
   * @throws IllegalArgumentException when the value has no normal form
   */
  public ClaimResult claim(String value, String owner) {
    Objects.requireNonNull(owner, "owner");
    NormalizedValue v = locate(value);
    for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      long now = clock.getAsLong();
      ClaimRecord mine =
          new ClaimRecord(
              v.normalized(),
              owner,
              tokens.get(),
              ClaimRecord.State.PENDING,
              now > Long.MAX_VALUE - 1 - pendingMillis ? Long.MAX_VALUE - 1 : now + pendingMillis);
      if (store.insertIfAbsent(v.route(), mine)) {
        return new ClaimResult.Granted(new Claim(v, mine, false));
      }
      ClaimRecord held = store.find(v.route(), v.normalized());
      if (held == null) {
        continue; // released between our insert and our read: try again
      }
      if (!held.expiredAt(now)) {
        return new ClaimResult.Taken(held);
      }
      if (store.replace(
          v.route(), held, mine)) { // a crashed registration's claim: exactly one taker wins
        return new ClaimResult.Granted(new Claim(v, mine, true));
      }
    }
    throw new IllegalStateException(
        "the claim of '"
            + v.normalized()
            + "' on partition "
            + v.route().partition()
            + " changed "
            + MAX_ATTEMPTS
            + " times while it was being decided; check that the ClaimStore's operations are atomic");
  }

  /**
   * Step 3: commits a granted claim after the primary row is written. Committing a committed claim
   * returns it unchanged.
   *
   * @throws ClaimLostException when the claim is no longer this registration's: undo the primary
   *     row
   */
  public Claim commit(Claim claim) {
    Objects.requireNonNull(claim, "claim");
    if (claim.record().state() == ClaimRecord.State.COMMITTED) {
      return claim;
    }
    Route route = currentRoute(claim, "commit");
    ClaimRecord committed = claim.record().committed();
    if (!store.replace(route, claim.record(), committed)) {
      ClaimRecord held = store.find(route, claim.record().value());
      throw new ClaimLostException(
          "the pending claim of '"
              + claim.record().value()
              + "' for owner '"
              + claim.record().owner()
              + "' is no longer stored: "
              + (held == null
                  ? "it was released"
                  : "it is now held for owner '"
                      + held.owner()
                      + "' ("
                      + held.state().name().toLowerCase(java.util.Locale.ROOT)
                      + ")")
              + "; it expired before this commit and another"
              + " registration took it over: undo what was written under it and claim again");
    }
    return new Claim(
        new NormalizedValue(claim.value().raw(), claim.value().normalized(), route),
        committed,
        claim.recovered());
  }

  /**
   * Step 4: releases a claim this process holds (pending or committed). Returns false when it was
   * no longer stored as this claim (expired and taken over, or released already).
   */
  public boolean release(Claim claim) {
    Objects.requireNonNull(claim, "claim");
    return store.delete(currentRoute(claim, "release"), claim.record());
  }

  /**
   * Releases the claim of {@code value} held for {@code owner}, without its handle (e.g. when an
   * account is deleted long after it registered). Returns false when nothing is claimed.
   *
   * @throws ClaimLostException when the value is claimed for another owner
   */
  public boolean release(String value, String owner) {
    NormalizedValue v = locate(value);
    ClaimRecord held = store.find(v.route(), v.normalized());
    if (held == null) {
      return false;
    }
    if (!held.owner().equals(owner)) {
      throw new ClaimLostException(
          "'"
              + v.normalized()
              + "' is claimed for owner '"
              + held.owner()
              + "', not '"
              + owner
              + "'; only its owner releases a claim");
    }
    return store.delete(v.route(), held);
  }

  /** The record of the claim of {@code value}, or null when it is free. */
  public @Nullable ClaimRecord holderOf(String value) {
    NormalizedValue v = locate(value);
    return store.find(v.route(), v.normalized());
  }

  private Route currentRoute(Claim claim, String step) {
    Route now = router.route(claim.record().value());
    if (now.partition() != claim.route().partition()) {
      throw new ClaimLostException(
          "routing version "
              + now.version()
              + " moved the claim of '"
              + claim.record().value()
              + "' from partition "
              + claim.route().partition()
              + " (version "
              + claim.route().version()
              + ") to partition "
              + now.partition()
              + " before its "
              + step
              + "; claim again under the new version");
    }
    return now;
  }

  @Override
  public String toString() {
    return "Claims{"
        + router.table().entity()
        + ", "
        + normalizer.name()
        + ", pending "
        + pendingMillis
        + " ms}";
  }
}
