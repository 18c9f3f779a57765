package io.shardrouter.migrate.internal.simulation;

import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStateStore;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A state store in memory that can be told to crash on the next save, before or after the state is
 * kept: the simulation's way to kill the coordinator inside a unit of work.
 *
 * <p><b>Stability:</b> internal.
 */
public final class MemoryStateStore implements MigrationStateStore {
  /** Thrown by an injected crash. */
  public static final class Crash extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Crash(String where) {
      super("injected coordinator crash " + where, null, false, false);
    }
  }

  /** When the next save crashes. */
  public enum CrashPoint {
    /** It does not. */
    NONE,
    /** Before the state is kept (the unit's effects happened, its progress is lost). */
    BEFORE_SAVE,
    /** After the state is kept (the coordinator dies before it goes on). */
    AFTER_SAVE
  }

  private final Map<String, MigrationState> states = new HashMap<>();
  private CrashPoint next = CrashPoint.NONE;

  /** Makes the next save crash at {@code point}. */
  public void crashNext(CrashPoint point) {
    this.next = point;
  }

  @Override
  public @Nullable MigrationState load(String migrationId) {
    return states.get(migrationId);
  }

  @Override
  public void save(MigrationState state) {
    CrashPoint p = next;
    next = CrashPoint.NONE;
    if (p == CrashPoint.BEFORE_SAVE) {
      throw new Crash("before saving " + state.phase());
    }
    states.put(state.migrationId(), state);
    if (p == CrashPoint.AFTER_SAVE) {
      throw new Crash("after saving " + state.phase());
    }
  }
}
