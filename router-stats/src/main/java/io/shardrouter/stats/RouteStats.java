package io.shardrouter.stats;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingListener;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.internal.ThreadCounters;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Opt-in statistics of the routes of one router: the caller routes as usual and then records the
 * route, so a router without statistics runs exactly the route path it always ran.
 *
 * <pre>{@code
 * RouteStats stats = RouteStats.builder().build(router);   // follows the router's updates
 * Route r = router.route(orderId);
 * stats.record(r, orderId, Op.WRITE);
 * ...
 * stats.tick();                                // every resolution (10 s by default), e.g. a scheduler
 * StatsSnapshot last = stats.snapshot(Window.LAST_MINUTE);
 * }</pre>
 *
 * <p>Each record adds one to a per-partition counter that the calling thread owns ({@link Op}:
 * reads, writes, unspecified; a plain add to the thread's own cells, no atomic instruction and no
 * shared cache line), and one route in {@link Builder#sampleEvery} (per partition and thread)
 * offers its key to one of a few Space-Saving sketches, picked by the thread ({@link HotKeys}
 * states the error bounds). Windows come from {@link #tick}: it marks the counters and drains the
 * sketches, and a windowed snapshot is the difference from the newest mark at least the window's
 * span old (the counts since the start while the window fills; {@link StatsSnapshot#spanMillis}
 * says how much time is covered).
 *
 * <p>When the router swaps in a table with another partition count, the statistics start over
 * (their partitions would no longer mean the same); a table with the same partition count keeps
 * them.
 *
 * <p><b>Thread-safety:</b> {@code record} from any number of threads, without locks; a sample that
 * finds its sketch busy is dropped and counted ({@link #droppedSamples}). {@code tick} and {@code
 * snapshot} serialise among themselves.
 *
 * <p><b>Allocation:</b> none on {@code record}.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RouteStats implements RoutingListener {
  private final int sampleMask;
  private final int sampleEvery;
  private final int slots;
  private final long resolutionNanos;
  private final LongSupplier clock;
  private final String entity;
  private volatile boolean sampling = true;
  private volatile State state;
  private volatile long version;

  private RouteStats(Builder b, RoutingTable table) {
    this.sampleEvery = b.sampleEvery;
    this.sampleMask = b.sampleEvery - 1;
    this.slots = b.slots;
    this.resolutionNanos = b.resolution.toNanos();
    this.clock = b.clock;
    this.entity = table.entity();
    this.version = table.version();
    this.state = new State(table.partitionCount(), slots, clock.getAsLong());
  }

  /** A builder with the defaults: sample 1 in 256, 64 hot key slots, 10 s resolution. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Records {@code route}, taken for the {@code String} {@code key}, as {@code op}.
   * <b>Allocation:</b> none.
   */
  public void record(Route route, String key, Op op) {
    State s = state;
    int p = route.partition();
    if (p < s.partitions && (s.counters.add(p, op.ordinal()) & sampleMask) == 0 && key != null) {
      offer(s, key, 0);
    }
  }

  /**
   * Records {@code route}, taken for the {@code long} {@code key}, as {@code op}.
   * <b>Allocation:</b> none.
   */
  public void record(Route route, long key, Op op) {
    State s = state;
    int p = route.partition();
    if (p < s.partitions && (s.counters.add(p, op.ordinal()) & sampleMask) == 0) {
      offer(s, null, key);
    }
  }

  /** Records {@code route} as {@code op}, without a key. <b>Allocation:</b> none. */
  public void record(Route route, Op op) {
    State s = state;
    int p = route.partition();
    if (p < s.partitions) {
      s.counters.add(p, op.ordinal());
    }
  }

  private void offer(State s, @Nullable String ref, long num) {
    if (!sampling) {
      return;
    }
    long id = Thread.currentThread().getId();
    SpaceSaving sk = s.sketches[(int) (id ^ (id >>> 16)) & (s.sketches.length - 1)];
    if (sk.tryAcquire()) {
      try {
        sk.offer(ref, num);
      } finally {
        sk.release();
      }
    } else {
      s.dropped.getAndIncrement();
    }
  }

  /** Turns hot key sampling on or off; the counters always count. */
  public void sampling(boolean on) {
    sampling = on;
  }

  /** Whether hot keys are being sampled. */
  public boolean sampling() {
    return sampling;
  }

  /** One route in this many is offered to the hot key sketch. */
  public int sampleEvery() {
    return sampleEvery;
  }

  /** Samples dropped because their sketch was busy, since the statistics (re)started. */
  public long droppedSamples() {
    return state.dropped.get();
  }

  /**
   * The routes recorded per partition since the statistics (re)started, {@code [partition]}: a
   * cheap read of the counters alone, for metrics; {@link #snapshot} has the rest.
   */
  public long[] loads() {
    State s = state;
    long[] sums = s.counters.sums();
    long[] out = new long[s.partitions];
    for (int p = 0; p < out.length; p++) {
      out[p] = sums[3 * p] + sums[3 * p + 1] + sums[3 * p + 2];
    }
    return out;
  }

  /** The entity whose routes are counted. */
  public String entity() {
    return entity;
  }

  /** Restarts the statistics when the partition count changes; otherwise notes the version. */
  @Override
  public void onUpdate(RoutingTable previous, RoutingTable current) {
    version = current.version();
    if (current.partitionCount() != state.partitions) {
      synchronized (this) {
        state = new State(current.partitionCount(), slots, clock.getAsLong());
      }
    }
  }

  /**
   * Marks the counters and drains the sketches into the windows; call it every resolution (a
   * scheduled task does). Ticks closer together than the resolution are ignored.
   */
  public synchronized void tick() {
    State s = state;
    long now = clock.getAsLong();
    Mark last = s.marks.peekLast();
    long since = last == null ? s.startNanos : last.nanos;
    if (now - since < resolutionNanos) {
      return;
    }
    s.counters.release(); // slots of ended threads go to the next threads
    HotKeys drained = HotKeys.empty(slots);
    for (SpaceSaving sk : s.sketches) {
      drained = drained.merge(sk.drain(true));
    }
    s.sinceStart = s.sinceStart.merge(drained);
    s.marks.addLast(new Mark(now, s.counters.sums(), drained));
    long keep = Objects.requireNonNull(Window.LAST_TEN_MINUTES.span(), "span").toNanos();
    while (s.marks.size() > 1) {
      Iterator<Mark> it = s.marks.iterator();
      it.next();
      if (now - it.next().nanos >= keep) {
        s.marks.removeFirst(); // the next mark is old enough to be the base of every window
      } else {
        break;
      }
    }
  }

  /** The statistics of {@code window}, now. */
  public synchronized StatsSnapshot snapshot(Window window) {
    State s = state;
    long now = clock.getAsLong();
    long[] sums = s.counters.sums();
    HotKeys live = HotKeys.empty(slots);
    for (SpaceSaving sk : s.sketches) {
      live = live.merge(sk.drain(false));
    }
    long[] base = null;
    long baseNanos = s.startNanos;
    HotKeys keys;
    Duration span = window.span(); // null exactly for SINCE_START
    if (span == null) {
      keys = s.sinceStart.merge(live);
    } else {
      long edge = now - span.toNanos();
      for (Mark m : s.marks) {
        if (m.nanos <= edge) {
          base = m.sums;
          baseNanos = m.nanos;
        }
      }
      keys = live;
      for (Mark m : s.marks) {
        if (m.nanos > baseNanos) {
          keys = keys.merge(m.keys);
        }
      }
    }
    int n = s.partitions;
    long[][] c = new long[3][n];
    for (int p = 0; p < n; p++) {
      for (int o = 0; o < 3; o++) {
        c[o][p] = sums[3 * p + o] - (base == null ? 0 : base[3 * p + o]);
      }
    }
    return new StatsSnapshot(
        entity,
        version,
        window,
        Duration.ofNanos(now - baseNanos).toMillis(),
        1,
        sampleEvery,
        c[0],
        c[1],
        c[2],
        keys);
  }

  @Override
  public String toString() {
    return "RouteStats{"
        + entity
        + ", "
        + state.partitions
        + " partitions, 1 in "
        + sampleEvery
        + "}";
  }

  /** Hot key sketches, a power of two; a sample goes to the one its thread id picks. */
  private static final int SKETCHES =
      Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors()) * 2 - 1) * 2;

  private record Mark(long nanos, long[] sums, HotKeys keys) {}

  private static final class State {
    final int partitions;
    final ThreadCounters counters;
    final SpaceSaving[] sketches;
    final long startNanos;
    final ArrayDeque<Mark> marks = new ArrayDeque<>();
    final java.util.concurrent.atomic.AtomicLong dropped =
        new java.util.concurrent.atomic.AtomicLong();
    HotKeys sinceStart;

    State(int partitions, int slots, long startNanos) {
      this.partitions = partitions;
      this.counters = new ThreadCounters(partitions);
      this.sketches = new SpaceSaving[SKETCHES];
      for (int i = 0; i < sketches.length; i++) {
        sketches[i] = new SpaceSaving(slots);
      }
      this.startNanos = startNanos;
      this.sinceStart = HotKeys.empty(slots);
    }
  }

  /**
   * Configures {@link RouteStats}.
   *
   * <p><b>Thread-safety:</b> mutable; one thread.
   *
   * @since 0.1
   */
  public static final class Builder {
    private int sampleEvery = 256;
    private int slots = 64;
    private Duration resolution = Duration.ofSeconds(10);
    private LongSupplier clock = System::nanoTime;

    private Builder() {}

    /** Offer one route in {@code n} (a power of two, 1 to 65,536) to the hot key sketch. */
    public Builder sampleEvery(int n) {
      if (n < 1 || n > 1 << 16 || Integer.bitCount(n) != 1) {
        throw new IllegalArgumentException(
            "sampleEvery must be a power of two in [1, 65536], got " + n);
      }
      this.sampleEvery = n;
      return this;
    }

    /** Hot key slots per sketch (1 to 4,096); a listed key's error is at most samples / slots. */
    public Builder hotKeySlots(int slots) {
      if (slots < 1 || slots > 4096) {
        throw new IllegalArgumentException("hotKeySlots must be in [1, 4096], got " + slots);
      }
      this.slots = slots;
      return this;
    }

    /** The time between window marks ({@link RouteStats#tick}), 1 s to 1 min. */
    public Builder resolution(Duration resolution) {
      Objects.requireNonNull(resolution, "resolution");
      if (resolution.compareTo(Duration.ofSeconds(1)) < 0
          || resolution.compareTo(Duration.ofMinutes(1)) > 0) {
        throw new IllegalArgumentException(
            "resolution must be between 1 s and 1 min, got " + resolution);
      }
      this.resolution = resolution;
      return this;
    }

    /** The clock in nanoseconds (tests pass a fake); {@code System::nanoTime} by default. */
    public Builder clock(LongSupplier nanos) {
      this.clock = Objects.requireNonNull(nanos, "clock");
      return this;
    }

    /** Statistics for the routes of {@code router}, following its updates. */
    public RouteStats build(Router router) {
      RoutingTable first = router.table();
      RouteStats s = new RouteStats(this, first);
      router.addListener(s);
      s.onUpdate(first, router.table()); // an update between the two lines above is not missed
      return s;
    }

    /** Statistics for routes through {@code table} only (it follows no router). */
    public RouteStats build(RoutingTable table) {
      return new RouteStats(this, Objects.requireNonNull(table, "table"));
    }
  }

  /**
   * What a recorded route was for, as far as the caller says: reads and writes are counted apart,
   * and a route recorded without saying is counted as {@link #ANY}.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @since 0.1
   */
  public enum Op {
    /** The route served a read. */
    READ,
    /** The route served a write. */
    WRITE,
    /** The caller did not say. */
    ANY;

    /** The lowercase name used in JSON and in messages. */
    public String label() {
      return switch (this) {
        case READ -> "reads";
        case WRITE -> "writes";
        case ANY -> "unspecified";
      };
    }
  }

  /**
   * A span of recent time a {@link StatsSnapshot} covers: the last minute, the last ten minutes, or
   * everything since the statistics started.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @since 0.1
   */
  public enum Window {
    /** The last 60 seconds, to the resolution of {@link RouteStats#tick}. */
    LAST_MINUTE(Duration.ofMinutes(1)),
    /** The last 10 minutes, to the resolution of {@link RouteStats#tick}. */
    LAST_TEN_MINUTES(Duration.ofMinutes(10)),
    /** Everything recorded since the statistics were created (or since they last resized). */
    SINCE_START(null);

    private final @Nullable Duration span;

    Window(@Nullable Duration span) {
      this.span = span;
    }

    /** The span, or null for {@link #SINCE_START}. */
    public @Nullable Duration span() {
      return span;
    }

    /**
     * The name used in JSON: {@code last_minute}, {@code last_ten_minutes}, {@code since_start}.
     */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The window named {@code label}; {@code IllegalArgumentException} naming the known ones. */
    public static Window ofLabel(String label) {
      for (Window w : values()) {
        if (w.label().equals(label)) {
          return w;
        }
      }
      throw new IllegalArgumentException(
          "unknown window '" + label + "'; known: last_minute, last_ten_minutes, since_start");
    }
  }
}
