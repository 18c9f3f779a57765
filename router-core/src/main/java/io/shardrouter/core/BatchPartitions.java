package io.shardrouter.core;

/**
 * An optional capability of a {@link PartitionStrategy} whose partition costs reads of memory that
 * is likely not in the caches (a directory of millions of keys), or a chain of dependent steps
 * ({@code jump}'s loop of divisions): a batch route ({@link KeyRouter#routeAll(long[], int, int,
 * Route[])} and its siblings) overlaps those reads, or those chains ({@link #loadGroup}), across
 * several keys instead of paying them one after another.
 *
 * <p>The table routes a batch in groups of up to {@value #GROUP} keys, in three passes. For each
 * key of a group it calls {@link #prepare}: compute what needs none of the strategy's large memory
 * (the key's hash, the place it will be looked up) and return it as a token. Then, in a pass of its
 * own, it calls {@link #load} with each token: <i>read</i> the place the token names (the read
 * starts the cache miss; its value goes into the token returned, so the read is kept). That pass is
 * a few instructions a key, so the processor has the whole group's misses in flight together; a
 * read in {@code prepare} would wait behind the hashing of the keys after it. Then it calls {@link
 * #finish} for each key with its token, when the lines are arriving or have arrived. A strategy
 * without this capability is routed one key after another, with the same answers.
 *
 * <p>Contract: for every key, {@code finish(key, load(prepare(key))) == partitionOf(key)} and
 * {@code finishLong(v, load(prepareLong(v))) == partitionOfLong(v)}; {@link #loadGroup} gives each
 * token what {@code load} gives it; a token is opaque to the table, which keeps it for the one
 * {@code load} and the one {@code finish} call of the same key; {@code load} throws nothing; no
 * method writes the key's bytes or allocates. The bytes given to {@code finish} are the same key's
 * bytes as those given to {@code prepare}, but not necessarily in the same array or at the same
 * offset: keep nothing of a key but its token between the calls. {@code PartitionStrategyContract}
 * (router-testing) checks the contract.
 *
 * <p><b>Thread-safety:</b> implementations are immutable. A table keeps a group's tokens, numbers
 * and encoded keys in the calling thread's {@link KeyScratch}, so a strategy must not route a batch
 * itself from inside these methods.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface BatchPartitions {

  /** How many keys the table prepares before it finishes them. */
  int GROUP = 16;

  /**
   * Starts finding the partition of the key whose canonical bytes are {@code canonical[offset,
   * offset + length)}; returns the token that {@link #load} is given for it.
   *
   * <p><b>Allocation:</b> none.
   */
  long prepare(byte[] canonical, int offset, int length);

  /**
   * Reads the memory that {@code token} (from {@link #prepare} or {@link #prepareLong}) names, and
   * returns the token to give {@link #finish} or {@link #finishLong}, holding what was read so that
   * the read is kept. By default the token as given: a strategy that reads nothing large, or reads
   * it in {@code prepare}, needs no load pass. It refuses nothing: a key the strategy refuses is
   * refused by {@code prepare}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @since 0.1
   */
  default long load(long token) {
    return token;
  }

  /**
   * The load pass of a group: replaces each of {@code tokens[0, n)} with what {@link #load} returns
   * for it. By default {@code load} of each, in a loop of its own, so that the group's reads are in
   * flight together. A strategy whose work for a key is a chain of dependent steps (jump's loop of
   * about ln P divisions, each waiting for the one before) overrides it to step several keys'
   * chains together, so the processor overlaps their latencies as it overlaps the directory's
   * misses; the answers are {@code load}'s, token for token. The table calls it with {@code n <=
   * }{@value #GROUP}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @since 0.1
   */
  default void loadGroup(long[] tokens, int n) {
    for (int j = 0; j < n; j++) {
      tokens[j] = load(tokens[j]);
    }
  }

  /**
   * The partition of the key, as {@link PartitionStrategy#partitionOf(byte[], int, int)}, given the
   * token {@link #load} returned for it.
   *
   * <p><b>Allocation:</b> none.
   */
  int finish(byte[] canonical, int offset, int length, long token);

  /**
   * Starts finding the partition of the key whose canonical form is the 8 little-endian bytes of
   * {@code value} (see {@link PartitionStrategy#partitionOfLong(long)}); returns its token. By
   * default {@link #prepare} of those bytes.
   *
   * <p><b>Allocation:</b> none.
   */
  default long prepareLong(long value) {
    KeyScratch s = KeyScratch.get();
    int n = s.putLong(value);
    return prepare(s.bytes(), 0, n);
  }

  /**
   * The partition of the key whose canonical form is the 8 little-endian bytes of {@code value},
   * given its token as {@link #load} returned it. By default {@link #finish} of those bytes.
   *
   * <p><b>Allocation:</b> none.
   */
  default int finishLong(long value, long token) {
    KeyScratch s = KeyScratch.get();
    int n = s.putLong(value);
    return finish(s.bytes(), 0, n, token);
  }
}
