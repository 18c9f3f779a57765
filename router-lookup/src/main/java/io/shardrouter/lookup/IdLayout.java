package io.shardrouter.lookup;

import java.time.Instant;
import java.util.Objects;

/**
 * The bit layout of a routable id: a positive 64-bit integer that carries its logical partition, so
 * it routes without a lookup (a stable, unique key, never an auto-increment across shards).
 *
 * <pre>
 *  63  62 ........................ P+G+S   P+G+S-1 ..... G+S   G+S-1 .... S   S-1 ..... 0
 * [ 0 | time: ms since the epoch (T bits) | partition (P bits) | generator (G bits) | sequence (S bits) ]
 * </pre>
 *
 * T + P + G + S = 63, the top bit is 0, so ids are positive and sort by time first. The default
 * layout is T = 41 (ms since 2025-01-01T00:00:00Z, until 2094), P = 12 (4,096 partitions), G = 4
 * (16 generators), S = 6 (64 ids per ms per generator before it borrows the next ms). Ids are
 * unique when every generator id is used by one process at a time: within one generator the (time,
 * sequence) pair only grows, and two generators differ in their generator bits.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable: the layout of stored ids never changes; a new layout is a new
 * strategy object in the routing document.
 *
 * @since 0.1
 */
public final class IdLayout {
  /** 2025-01-01T00:00:00Z. */
  public static final long DEFAULT_EPOCH_MILLIS = 1_735_689_600_000L;

  /** T = 41, P = 12, G = 4, S = 6, epoch 2025-01-01. */
  public static final IdLayout DEFAULT = of(12, 4, 6);

  private final int timeBits;
  private final int partitionBits;
  private final int generatorBits;
  private final int sequenceBits;
  private final long epochMillis;

  private IdLayout(int partitionBits, int generatorBits, int sequenceBits, long epochMillis) {
    this.partitionBits = partitionBits;
    this.generatorBits = generatorBits;
    this.sequenceBits = sequenceBits;
    this.timeBits = 63 - partitionBits - generatorBits - sequenceBits;
    this.epochMillis = epochMillis;
  }

  /** The layout with these bit counts (time takes the rest of 63 bits) and the default epoch. */
  public static IdLayout of(int partitionBits, int generatorBits, int sequenceBits) {
    return of(partitionBits, generatorBits, sequenceBits, DEFAULT_EPOCH_MILLIS);
  }

  /**
   * The layout with these bit counts and epoch (ms since 1970).
   *
   * @throws IllegalArgumentException when a count is out of range or time would get fewer than 30
   *     bits
   */
  public static IdLayout of(
      int partitionBits, int generatorBits, int sequenceBits, long epochMillis) {
    check("partition_bits", partitionBits, 1, 24);
    check("generator_bits", generatorBits, 0, 20);
    check("sequence_bits", sequenceBits, 1, 22);
    int time = 63 - partitionBits - generatorBits - sequenceBits;
    if (time < 30) {
      throw new IllegalArgumentException(
          "partition_bits + generator_bits + sequence_bits must leave at least 30 bits of time (12 days"
              + " of ms), got "
              + partitionBits
              + " + "
              + generatorBits
              + " + "
              + sequenceBits
              + " = "
              + (63 - time)
              + ", leaving "
              + time);
    }
    return new IdLayout(partitionBits, generatorBits, sequenceBits, epochMillis);
  }

  private static void check(String name, int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          name + " must be in [" + min + ", " + max + "], got " + value);
    }
  }

  public int timeBits() {
    return timeBits;
  }

  public int partitionBits() {
    return partitionBits;
  }

  public int generatorBits() {
    return generatorBits;
  }

  public int sequenceBits() {
    return sequenceBits;
  }

  public long epochMillis() {
    return epochMillis;
  }

  /** The lowest bit of the partition field. */
  public int partitionShift() {
    return generatorBits + sequenceBits;
  }

  /** The largest partition count the layout can carry: 2^P. */
  public int maxPartitions() {
    return 1 << partitionBits;
  }

  /** The id of these fields; each must fit its bits (the generator checks them). */
  long compose(long time, int partition, int generator, long sequence) {
    return time << (partitionBits + generatorBits + sequenceBits)
        | (long) partition << partitionShift()
        | (long) generator << sequenceBits
        | sequence;
  }

  /**
   * The partition field of {@code id}.
   *
   * <p><b>Allocation:</b> none.
   */
  public int partitionOf(long id) {
    return (int) (id >>> partitionShift()) & ((1 << partitionBits) - 1);
  }

  /** The generator field of {@code id}. */
  public int generatorOf(long id) {
    return (int) (id >>> sequenceBits) & ((1 << generatorBits) - 1);
  }

  /** The sequence field of {@code id}. */
  public long sequenceOf(long id) {
    return id & ((1L << sequenceBits) - 1);
  }

  /**
   * When {@code id} was issued (its time field plus the epoch); a borrowing generator may be a few
   * ms ahead of its clock.
   */
  public Instant timeOf(long id) {
    return Instant.ofEpochMilli(
        (id >>> (partitionBits + generatorBits + sequenceBits)) + epochMillis);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IdLayout l
        && l.partitionBits == partitionBits
        && l.generatorBits == generatorBits
        && l.sequenceBits == sequenceBits
        && l.epochMillis == epochMillis;
  }

  @Override
  public int hashCode() {
    return Objects.hash(partitionBits, generatorBits, sequenceBits, epochMillis);
  }

  @Override
  public String toString() {
    return "IdLayout{time="
        + timeBits
        + ", partition="
        + partitionBits
        + ", generator="
        + generatorBits
        + ", sequence="
        + sequenceBits
        + ", epoch="
        + Instant.ofEpochMilli(epochMillis)
        + "}";
  }
}
