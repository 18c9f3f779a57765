package io.shardrouter.testing.concurrent;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jetbrains.lincheck.Lincheck;

/**
 * Helpers of the controlled concurrency tests (docs/testing.md §4), which run a scenario of a few
 * threads under Lincheck's model checker: {@link #check} expects every explored schedule to pass,
 * {@link #failure} expects one to fail (a broken twin) and returns the interleaving Lincheck
 * prints. A consumer needs {@code org.jetbrains.lincheck:lincheck} on its test class path.
 */
public final class Interleavings {
  /** Schedules explored per scenario: small scenarios fail on a broken twin within a few dozen. */
  public static final int INVOCATIONS = 250;

  private Interleavings() {}

  /** Runs {@code scenario} under the model checker; throws Lincheck's report on a failure. */
  public static void check(Runnable scenario) {
    Lincheck.runConcurrentTest(INVOCATIONS, scenario);
  }

  /**
   * Runs {@code scenario}, which must fail in some schedule; returns Lincheck's report up to its
   * detailed trace (the error and the interleaving that led to it), also printed.
   */
  public static String failure(Runnable scenario) {
    AssertionError e = assertThrows(AssertionError.class, () -> check(scenario));
    String report = e.getMessage();
    int cut = report.indexOf("Detailed trace:");
    report = cut < 0 ? report : report.substring(0, cut);
    System.out.println(report);
    return report;
  }

  /** Starts {@code threads} and waits for all of them: the body of a scenario. */
  public static void runAll(Thread... threads) {
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
