package io.shardrouter.core;

/**
 * A byte-sum strategy with {@link BatchPartitions}, for router-core's batch tests: partition = (sum
 * of the canonical bytes, unsigned) mod P, as {@link ByteSumStrategy}; the token of a key is its
 * byte sum, {@link #load} marks it loaded, and {@link #finish} answers from the token after
 * checking it was loaded and belongs to the bytes it is given (the contract: the same key's bytes
 * in both calls). Keeps {@link BatchPartitions#prepareLong} and {@link BatchPartitions#finishLong}
 * as their defaults.
 *
 * <p>A key whose first byte is {@link #UNCOVERED} has no route ({@link NoRouteException}), one
 * whose first byte is {@link #BROKEN} fails with a plain {@link RoutingException}, one whose first
 * byte is {@link #OWN} with the strategy's own {@link OwnRefusal}, in {@link #partitionOf} and
 * {@link #prepare} alike.
 *
 * <p>{@link #calls} records the order of the batch calls: {@code p} for each {@code prepare},
 * {@code l} for each {@code load}, {@code f} for each {@code finish}. Not thread-safe: one instance
 * per test.
 */
final class BatchSumStrategy implements PartitionStrategy, BatchPartitions {
  static final byte UNCOVERED = (byte) 0xEE;
  static final byte BROKEN = (byte) 0xEF;
  static final byte OWN = (byte) 0xED;

  /** A strategy's own refusal: a subtype of its own, which its callers catch by type. */
  static final class OwnRefusal extends RoutingException {
    private static final long serialVersionUID = 1L;

    OwnRefusal(String message) {
      super(message);
    }
  }

  private static final long LOADED = 1L << 62; // a byte sum stays far below

  final StringBuilder calls = new StringBuilder();
  private final int partitions;

  BatchSumStrategy(int partitions) {
    this.partitions = partitions;
  }

  /**
   * The partition of {@code canonical}, as this strategy (and {@link ByteSumStrategy}) gives it.
   */
  static int sumPartition(byte[] canonical, int partitions) {
    return (int) (sum(canonical, 0, canonical.length) % partitions);
  }

  private static long sum(byte[] canonical, int offset, int length) {
    long sum = 0;
    for (int i = 0; i < length; i++) {
      sum += canonical[offset + i] & 0xFF;
    }
    return sum;
  }

  private static void refuse(byte[] canonical, int offset, int length) {
    if (length > 0 && canonical[offset] == UNCOVERED) {
      throw new NoRouteException("uncovered-" + length, "no partition covers a key starting 0xEE");
    }
    if (length > 0 && canonical[offset] == BROKEN) {
      throw new RoutingException("strategy broke on a key starting 0xEF");
    }
    if (length > 0 && canonical[offset] == OWN) {
      throw new OwnRefusal("strategy refused a key starting 0xED.");
    }
  }

  @Override
  public String type() {
    return "test_batch_sum";
  }

  @Override
  public int partitionCount() {
    return partitions;
  }

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    refuse(canonical, offset, length);
    return (int) (sum(canonical, offset, length) % partitions);
  }

  @Override
  public long prepare(byte[] canonical, int offset, int length) {
    calls.append('p');
    refuse(canonical, offset, length);
    return sum(canonical, offset, length);
  }

  @Override
  public long load(long token) {
    calls.append('l');
    return token | LOADED;
  }

  @Override
  public int finish(byte[] canonical, int offset, int length, long token) {
    calls.append('f');
    if ((token & LOADED) == 0) {
      throw new AssertionError("finish got token " + token + ", which load was not given");
    }
    token &= ~LOADED;
    long sum = sum(canonical, offset, length);
    if (token != sum) {
      throw new AssertionError("finish got token " + token + " for a key whose sum is " + sum);
    }
    return (int) (token % partitions);
  }

  @Override
  public Spec toSpec() {
    return Spec.object().put("type", type()).put("partitions", partitions).build();
  }
}
