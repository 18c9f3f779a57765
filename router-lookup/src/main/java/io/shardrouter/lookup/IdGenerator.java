package io.shardrouter.lookup;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Issues routable ids ({@link IdLayout}) for a chosen partition: {@code next(partition)}. The
 * caller picks the partition, typically the partition of the row's parent (an order gets its
 * customer's partition, so the two live together and the order id routes there without a lookup).
 *
 * <p>Uniqueness. The generator keeps one 64-bit state, the (time, sequence) pair of the last id,
 * and moves it forward with a compare-and-set: the next id's pair is the larger of "last + 1" and
 * "now, sequence 0". So ids of one generator strictly increase, from any number of threads, and
 * never repeat. Ids of different generators differ in their generator bits: give every process its
 * own generator id (a lease from configuration or a coordination service), never two at once.
 *
 * <p>A clock that moves backwards (NTP step, VM migration) never produces a duplicate: the
 * generator keeps counting on from its last pair, borrowing milliseconds ahead of the clock (64 ids
 * per borrowed ms with the default layout). It borrows at most {@code maxBorrowMillis} (default
 * 1,000) ahead; beyond that {@code next} waits, sleeping, until the clock catches up, rather than
 * running further ahead. {@link #borrowedMillis()} tells how far ahead it is, for monitoring.
 * Across restarts, pass the last id issued before the restart to {@link Builder#resumeAfter} (or
 * start only after the clock has passed it), since a restarted generator no longer remembers its
 * pair.
 *
 * <p><b>Thread-safety:</b> safe for any number of threads; no locks.
 *
 * <p><b>Stability:</b> evolving.
 *
 * <p><b>Allocation:</b> none on {@link #next(int)}.
 *
 * @since 0.1
 */
public final class IdGenerator {
  /** Milliseconds a generator may run ahead of its clock before it waits: {@value}. */
  public static final long DEFAULT_MAX_BORROW_MILLIS = 1_000;

  /** Waits; {@link Thread#sleep} by default, replaceable in tests. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(long millis) throws InterruptedException;
  }

  private final IdLayout layout;
  private final int generator;
  private final int partitions;
  private final LongSupplier clock;
  private final long maxBorrowMillis;
  private final Sleeper sleeper;
  private final long sequenceMask;
  private final long maxTime;
  private final AtomicLong
      state; // (time since epoch) << sequenceBits | sequence, of the last id issued

  private IdGenerator(
      IdLayout layout,
      int generator,
      int partitions,
      LongSupplier clock,
      long maxBorrowMillis,
      Sleeper sleeper,
      long initialState) {
    this.layout = layout;
    this.generator = generator;
    this.partitions = partitions;
    this.clock = clock;
    this.maxBorrowMillis = maxBorrowMillis;
    this.sleeper = sleeper;
    this.sequenceMask = (1L << layout.sequenceBits()) - 1;
    this.maxTime = (1L << layout.timeBits()) - 1;
    this.state = new AtomicLong(initialState);
  }

  /**
   * A generator with id {@code generator} for a table of {@code partitions} partitions, on the
   * system clock.
   */
  public static IdGenerator create(IdLayout layout, int generator, int partitions) {
    return builder(layout, generator, partitions).build();
  }

  /** A builder, to set the clock, the borrowing limit or the last id issued before a restart. */
  public static Builder builder(IdLayout layout, int generator, int partitions) {
    return new Builder(layout, generator, partitions);
  }

  public IdLayout layout() {
    return layout;
  }

  public int generatorId() {
    return generator;
  }

  /**
   * The next id for {@code partition}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws IllegalArgumentException when {@code partition} is outside [0, partitions)
   * @throws IllegalStateException when the layout's time bits are used up, the clock is before the
   *     epoch, or the thread is interrupted while waiting for a clock that went back
   */
  public long next(int partition) {
    if (partition < 0 || partition >= partitions) {
      throw new IllegalArgumentException(
          "partition "
              + partition
              + " is outside [0, "
              + partitions
              + ") of the table this generator"
              + " issues ids for; route the parent key first and pass its partition");
    }
    int bits = layout.sequenceBits();
    while (true) {
      long last = state.get();
      long now = clock.getAsLong() - layout.epochMillis();
      if (now < 0) {
        throw new IllegalStateException(
            "the clock reads "
                + (now + layout.epochMillis())
                + " ms, before the id epoch "
                + layout.epochMillis()
                + "; fix the clock or the layout's epoch");
      }
      long candidate = Math.max(last + 1, Math.min(now, maxTime + 1) << bits);
      long time = candidate >>> bits;
      if (time > maxTime) {
        throw new IllegalStateException(
            "id time bits are used up: "
                + layout.timeBits()
                + " bits of ms from the epoch end at "
                + layout.timeOf(maxTime << (63 - layout.timeBits()))
                + "; move to a layout with a later epoch");
      }
      long ahead = time - now;
      if (ahead > maxBorrowMillis) {
        waitFor(ahead - maxBorrowMillis);
        continue;
      }
      if (state.compareAndSet(last, candidate)) {
        return layout.compose(time, partition, generator, candidate & sequenceMask);
      }
    }
  }

  /** How many ms the last id's time is ahead of the clock now (0 when the clock is ahead). */
  public long borrowedMillis() {
    long ahead =
        (state.get() >>> layout.sequenceBits()) - (clock.getAsLong() - layout.epochMillis());
    return Math.max(0, ahead);
  }

  private void waitFor(long millis) {
    try {
      sleeper.sleep(Math.max(1, millis));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          "interrupted while waiting "
              + millis
              + " ms for the clock to catch up with the last id issued",
          e);
    }
  }

  @Override
  public String toString() {
    return "IdGenerator{generator="
        + generator
        + ", partitions="
        + partitions
        + ", "
        + layout
        + "}";
  }

  /**
   * Configures an {@link IdGenerator}.
   *
   * <p><b>Thread-safety:</b> mutable; not thread-safe.
   */
  public static final class Builder {
    private final IdLayout layout;
    private final int generator;
    private final int partitions;
    private LongSupplier clock = System::currentTimeMillis;
    private long maxBorrowMillis = DEFAULT_MAX_BORROW_MILLIS;
    private Sleeper sleeper = millis -> TimeUnit.MILLISECONDS.sleep(millis);
    private long lastId = -1;

    private Builder(IdLayout layout, int generator, int partitions) {
      this.layout = Objects.requireNonNull(layout, "layout");
      this.generator = generator;
      this.partitions = partitions;
    }

    /** The clock, in ms since 1970. */
    public Builder clock(LongSupplier clockMillis) {
      this.clock = Objects.requireNonNull(clockMillis, "clock");
      return this;
    }

    /** How far ahead of the clock the generator may run before it waits (at least 0). */
    public Builder maxBorrowMillis(long millis) {
      if (millis < 0) {
        throw new IllegalArgumentException("maxBorrowMillis must be >= 0, got " + millis);
      }
      this.maxBorrowMillis = millis;
      return this;
    }

    /** How the generator waits for the clock. */
    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    /** The last id this generator id issued before a restart: every new id is greater. */
    public Builder resumeAfter(long lastId) {
      this.lastId = lastId;
      return this;
    }

    /**
     * Builds the generator.
     *
     * @throws IllegalArgumentException when the generator id or partition count does not fit the
     *     layout, or {@code resumeAfter} names an id of another generator
     */
    public IdGenerator build() {
      if (generator < 0 || generator >= 1 << layout.generatorBits()) {
        throw new IllegalArgumentException(
            "generator id must be in [0, "
                + (1 << layout.generatorBits())
                + ") for "
                + layout.generatorBits()
                + " generator bits, got "
                + generator
                + "; give every process its own id in range");
      }
      if (partitions < 1 || partitions > layout.maxPartitions()) {
        throw new IllegalArgumentException(
            "a table of "
                + partitions
                + " partitions does not fit "
                + layout.partitionBits()
                + " partition bits (at most "
                + layout.maxPartitions()
                + "); use a layout with more partition bits");
      }
      long initial = 0;
      if (lastId >= 0) {
        if (layout.generatorOf(lastId) != generator) {
          throw new IllegalArgumentException(
              "resumeAfter("
                  + lastId
                  + ") is an id of generator "
                  + layout.generatorOf(lastId)
                  + ", not "
                  + generator);
        }
        initial =
            (lastId >>> (layout.partitionBits() + layout.generatorBits() + layout.sequenceBits()))
                    << layout.sequenceBits()
                | layout.sequenceOf(lastId);
      }
      return new IdGenerator(
          layout, generator, partitions, clock, maxBorrowMillis, sleeper, initial);
    }
  }
}
